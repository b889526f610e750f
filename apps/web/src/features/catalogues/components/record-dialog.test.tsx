import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { RecordDialog } from './record-dialog';

function renderDialog(initial = { code: '', name: '', priority: 1 }) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <RecordDialog title="Sistema" initial={initial} isSaving={false} onClose={onClose} onSubmit={onSubmit} />,
  );
  return { onSubmit, onClose };
}

describe('RecordDialog', () => {
  it('marks code, priority and name required, shows empty ones in the error state and filled ones in the success state', async () => {
    renderDialog();
    const code = await screen.findByRole('textbox', { name: 'Código' });
    const name = screen.getByRole('textbox', { name: 'Nombre' });
    const priority = screen.getByRole('spinbutton', { name: 'Prioridad' });
    for (const field of [code, name, priority]) expect(field.hasAttribute('required')).toBe(true);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(priority.getAttribute('data-validation')).toBe('success');
    expect(screen.getAllByText('Obligatorio')).toHaveLength(2);

    await userEvent.type(code, 'AP');
    await waitFor(() => expect(code.getAttribute('data-validation')).toBe('success'));
    expect(code.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getAllByTitle('Completo').length).toBeGreaterThanOrEqual(2);
  });

  it('shows priority 0 or an empty priority in the error state', async () => {
    renderDialog({ code: 'AP', name: 'Agua potable', priority: 1 });
    const priority = await screen.findByRole('spinbutton', { name: 'Prioridad' });
    await userEvent.clear(priority);
    await waitFor(() => expect(priority.getAttribute('aria-invalid')).toBe('true'));
    await userEvent.type(priority, '0');
    expect(priority.getAttribute('data-validation')).toBe('error');
    expect(screen.getByText('Debe ser 1 o más')).toBeTruthy();
  });

  it('opens with a copy of the record and sends the edited values (the display alone does not block saving)', async () => {
    const { onSubmit } = renderDialog({ code: 'AP', name: 'Agua potable', priority: 2 });
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    expect((name as HTMLInputElement).value).toBe('Agua potable');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Código' }));
    await userEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: '', name: 'Agua potable', priority: 2 }));
  });

  it('has no duration field unless the record has a duration (systems have none)', async () => {
    renderDialog({ code: 'AP', name: 'Agua potable', priority: 1 });
    await screen.findByRole('textbox', { name: 'Nombre' });
    expect(screen.queryByRole('spinbutton', { name: 'Duración (días hábiles)' })).toBeNull();
  });

  it("closes on 'Cerrar', on the close icon and on Escape", async () => {
    const { onClose } = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar ventana' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
