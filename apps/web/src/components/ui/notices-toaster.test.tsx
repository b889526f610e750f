import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNoticesStore } from '@/lib/stores/notices-store';
import { buildSession, renderWithApp } from '@/testing/test-utils';

describe('NoticesToaster', () => {
  beforeEach(() => {
    useNoticesStore.setState({ message: null, error: null, sequence: 0 });
  });

  it("titles a success 'Mensaje de Cimiento' and an error 'Error en Cimiento', one replacing the other", async () => {
    renderWithApp(<div />, { session: buildSession() });

    act(() => useNoticesStore.getState().setMessage('Usuario actualizado'));
    const success = await screen.findByRole('status');
    expect(success.textContent).toContain('Mensaje de Cimiento');
    expect(success.textContent).toContain('Usuario actualizado');

    act(() => useNoticesStore.getState().setError('No puedes quitar al último administrador'));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('Error en Cimiento');
    expect(error.textContent).toContain('No puedes quitar al último administrador');
    await waitFor(() => expect(screen.queryByText('Usuario actualizado')).toBeNull());
  });
});
