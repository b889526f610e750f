import { beforeEach, describe, expect, it } from 'vitest';
import { useNoticesStore } from './notices-store';

describe('notices store', () => {
  beforeEach(() => {
    useNoticesStore.setState({ message: null, error: null, redirect: null, loading: false, sequence: 0 });
  });

  it('setting an error clears the shown message', () => {
    useNoticesStore.getState().setMessage('Usuario actualizado');
    useNoticesStore.getState().setError('No puedes quitar al último administrador');
    const state = useNoticesStore.getState();
    expect(state.message).toBeNull();
    expect(state.error).toBe('No puedes quitar al último administrador');
  });

  it('setting a message clears the shown error', () => {
    useNoticesStore.getState().setError('Error interno');
    useNoticesStore.getState().setMessage('Usuarios cargados');
    const state = useNoticesStore.getState();
    expect(state.error).toBeNull();
    expect(state.message).toBe('Usuarios cargados');
  });

  it('counts every notice, so the same text twice is still a new notice', () => {
    const { setMessage } = useNoticesStore.getState();
    setMessage('Usuario actualizado');
    const first = useNoticesStore.getState().sequence;
    setMessage('Usuario actualizado');
    expect(useNoticesStore.getState().sequence).toBe(first + 1);
  });

  it('clearing one kind leaves the other untouched', () => {
    useNoticesStore.getState().setError('falló');
    useNoticesStore.getState().clearMessage();
    expect(useNoticesStore.getState().error).toBe('falló');
  });

  it('a redirect is kept until it is followed and cleared', () => {
    useNoticesStore.getState().setRedirect('/projects/7/edp');
    expect(useNoticesStore.getState().redirect).toBe('/projects/7/edp');
    useNoticesStore.getState().clearRedirect();
    expect(useNoticesStore.getState().redirect).toBeNull();
  });
});
