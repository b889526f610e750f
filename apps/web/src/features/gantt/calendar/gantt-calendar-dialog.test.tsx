import type { ProjectCalendar } from '@cimiento/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/test-utils';
import { isoOfTypedDate } from '@cimiento/domain';
import { GanttCalendarDialog } from './gantt-calendar-dialog';

const monFri: ProjectCalendar = {
  workingWeekdays: [1, 2, 3, 4, 5],
  chileHolidays: true,
  exceptions: [{ date: '2026-06-07', name: 'Feriado regional', working: false }],
};

function renderDialog(options: { calendar?: ProjectCalendar; hasHolidayList?: boolean; refuse?: string } = {}) {
  const onApply = vi.fn((_calendar: ProjectCalendar) =>
    options.refuse === undefined ? { ok: true as const } : { ok: false as const, error: options.refuse },
  );
  const onClose = vi.fn();
  renderWithApp(
    <GanttCalendarDialog
      isOpen
      calendar={options.calendar ?? monFri}
      hasHolidayList={options.hasHolidayList ?? true}
      onApply={onApply}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Calendario del proyecto' });
  return { dialog, onApply, onClose };
}

const checkbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole<HTMLInputElement>('checkbox', { name });

async function addException(dialog: HTMLElement, date: string, name: string, kind?: 'Laborable') {
  const dateField = within(dialog).getByRole('textbox', { name: 'Fecha' });
  await userEvent.clear(dateField);
  await userEvent.type(dateField, date);
  const nameField = within(dialog).getByRole('textbox', { name: 'Nombre' });
  await userEvent.clear(nameField);
  if (name !== '') await userEvent.type(nameField, name);
  if (kind) {
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: kind }));
  }
  await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar excepción' }));
}

/** The exceptions table's body rows as text cells (date, name, kind). */
function exceptionRows(dialog: HTMLElement): string[][] {
  const table = within(dialog).getByRole('table', { name: 'Excepciones' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('isoOfTypedDate', () => {
  it('reads dd-mm-aaaa (also with / or .) and refuses dates that do not exist', () => {
    expect(isoOfTypedDate('07-06-2026')).toBe('2026-06-07');
    expect(isoOfTypedDate(' 7/6/2026 ')).toBe('2026-06-07');
    expect(isoOfTypedDate('29.02.2028')).toBe('2028-02-29');
    expect(isoOfTypedDate('29-02-2026')).toBeNull();
    expect(isoOfTypedDate('2026-06-07')).toBeNull();
    expect(isoOfTypedDate('')).toBeNull();
  });
});

describe('GanttCalendarDialog (issue 14)', () => {
  it('shows the draft’s calendar: seven weekdays from Monday, the holidays switch and the exceptions as dd-mm-yyyy', () => {
    const { dialog } = renderDialog();
    const labels = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']);
    expect(
      within(dialog)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.checked),
    ).toEqual([true, true, true, true, true, false, false]);
    expect(within(dialog).getByRole<HTMLInputElement>('switch', { name: 'Feriados nacionales de Chile' }).checked).toBe(
      true,
    );
    expect(exceptionRows(dialog)).toEqual([['07-06-2026', 'Feriado regional', 'No laborable']]);
  });

  it('applies weekdays, holidays and exceptions (sorted by date) and closes', async () => {
    const { dialog, onApply, onClose } = renderDialog();
    await userEvent.click(checkbox(dialog, 'Sábado'));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Feriados nacionales de Chile' }));
    await addException(dialog, '10-08-2026', 'Paralización de faena');
    await addException(dialog, '07-03-2026', 'Sábado de recuperación', 'Laborable');
    expect(exceptionRows(dialog)).toEqual([
      ['07-03-2026', 'Sábado de recuperación', 'Laborable'],
      ['07-06-2026', 'Feriado regional', 'No laborable'],
      ['10-08-2026', 'Paralización de faena', 'No laborable'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      chileHolidays: false,
      exceptions: [
        { date: '2026-03-07', name: 'Sábado de recuperación', working: true },
        { date: '2026-06-07', name: 'Feriado regional', working: false },
        { date: '2026-08-10', name: 'Paralización de faena', working: false },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('removes an exception', async () => {
    const { dialog, onApply } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar la excepción del 07-06-2026' }));
    expect(within(dialog).getByText('El proyecto no tiene excepciones.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ workingWeekdays: [1, 2, 3, 4, 5], chileHolidays: true, exceptions: [] });
  });

  it('refuses a second exception on the same date, and a date that is not one, saying why', async () => {
    const { dialog } = renderDialog();
    await addException(dialog, '7-6-2026', 'Otra cosa');
    expect(
      within(dialog).getByText(
        'Ya hay una excepción el 07-06-2026 (Feriado regional): quítala primero o elige otra fecha.',
      ),
    ).toBeTruthy();
    await addException(dialog, '31-02-2026', 'Nada');
    expect(within(dialog).getByText('Fecha: escribe una fecha válida como dd-mm-aaaa.')).toBeTruthy();
    expect(exceptionRows(dialog)).toEqual([['07-06-2026', 'Feriado regional', 'No laborable']]);
  });

  it('does not drop an exception typed but not added: Aplicar says so', async () => {
    const { dialog, onApply } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Fecha' }), '18-09-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(
      within(dialog).getByText(
        'La excepción del 18-09-2026 no está agregada: pulsa «Agregar excepción» o borra la fecha antes de aplicar.',
      ),
    ).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar excepción' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({
      ...monFri,
      exceptions: [...monFri.exceptions, { date: '2026-09-18', name: '', working: false }],
    });
  });

  it('asks for at least one working weekday: the message shows and Aplicar waits', async () => {
    const { dialog, onApply } = renderDialog({ calendar: { ...monFri, workingWeekdays: [1] } });
    await userEvent.click(checkbox(dialog, 'Lunes'));
    expect(within(dialog).getByText('Marca al menos un día hábil de la semana.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Aplicar' }).disabled).toBe(true);
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(checkbox(dialog, 'Domingo'));
    expect(within(dialog).queryByText('Marca al menos un día hábil de la semana.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ ...monFri, workingWeekdays: [0] });
  });

  it('says the holidays come with the save when the server sent none, and keeps a refusal on screen', async () => {
    const { dialog, onClose } = renderDialog({
      calendar: { ...monFri, chileHolidays: false },
      hasHolidayList: false,
      refuse: 'Hay un ciclo entre las tareas 3 y 4',
    });
    const pending =
      'Los feriados nacionales de Chile se aplicarán al grabar: hasta entonces, las fechas del Gantt no los consideran.';
    expect(within(dialog).queryByText(pending)).toBeNull();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Feriados nacionales de Chile' }));
    expect(within(dialog).getByText(pending)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(within(dialog).getByText('Hay un ciclo entre las tareas 3 y 4')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
