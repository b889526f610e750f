import type { HistoryEntry } from '@cimiento/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveStore } from '@/lib/live/live-store';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { buildSession, createTestQueryClient, renderWithApp } from '@/testing/test-utils';
import { LiveChangeBanner } from './live-change-banner';
import type { RouteHandle } from './route-handle';

function change(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 12,
    projectId: 'p-1',
    projectName: 'Hospital de Talca',
    userId: 'user-2',
    userName: 'Carla Planificadora',
    functionName: 'saveGantt',
    area: 'gantt',
    summary: 'Gantt: 5 tareas cambiadas',
    at: new Date().toISOString(),
    ...overrides,
  };
}

function renderAt(path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['loadProject', 'p-1'], { project: { id: 'p-1' } });
  queryClient.setQueryData(['loadGantt', 'p-1'], { tasks: [] });
  queryClient.setQueryData(['loadObjects', 'sistemas'], []);
  const handle: RouteHandle = path.startsWith('/projects/')
    ? { titleKey: 'projectGantt', isProjectRoute: true }
    : { titleKey: 'home' };
  const routePath = path.startsWith('/projects/') ? '/projects/:id/*' : path;
  return renderWithApp(<LiveChangeBanner />, { path, routePath, handle, session: buildSession(), queryClient });
}

describe('LiveChangeBanner', () => {
  beforeEach(() => useLiveStore.getState().reset());
  afterEach(() => {
    useLiveStore.getState().reset();
    useUnsavedWorkStore.setState({ works: {}, pendingLeave: null, isLeaveAllowed: false });
  });

  it("tells who saved what on the open project, with 'Recargar', as soon as it is heard", async () => {
    renderAt('/projects/p-1/gantt');
    expect(screen.queryByTestId('live-change-banner')).toBeNull();
    act(() => useLiveStore.getState().receiveChange(change()));
    const banner = await screen.findByTestId('live-change-banner');
    expect(banner.textContent).toContain('Carla Planificadora grabó el Gantt hace unos segundos');
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(banner.textContent).not.toContain('cambios sin grabar');
  });

  it("uses the saving function's verb and keeps moving the relative time", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      renderAt('/projects/p-1');
      act(() => useLiveStore.getState().receiveChange(change({ functionName: 'saveEdp', area: 'edp' })));
      expect(screen.getByTestId('live-change-banner').textContent).toContain(
        'Carla Planificadora grabó el EDP hace unos segundos',
      );
      act(() => vi.advanceTimersByTime(5 * 60_000));
      expect(screen.getByTestId('live-change-banner').textContent).toContain('grabó el EDP hace 5 minutos');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing for another project, or for a change heard before the project was opened', () => {
    useLiveStore.getState().receiveChange(change({ id: 3 }));
    renderAt('/projects/p-1/gantt');
    expect(screen.queryByTestId('live-change-banner')).toBeNull();
    act(() => useLiveStore.getState().receiveChange(change({ id: 4, projectId: 'p-2' })));
    expect(screen.queryByTestId('live-change-banner')).toBeNull();
  });

  it('shows nothing off the project routes', () => {
    renderAt('/home');
    act(() => useLiveStore.getState().receiveChange(change()));
    expect(screen.queryByTestId('live-change-banner')).toBeNull();
  });

  it('closes when dismissed, and comes back for a newer save', async () => {
    renderAt('/projects/p-1/gantt');
    act(() => useLiveStore.getState().receiveChange(change({ id: 5 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByTestId('live-change-banner')).toBeNull();
    act(() => useLiveStore.getState().receiveChange(change({ id: 6, userName: 'Pedro Jefe' })));
    expect((await screen.findByTestId('live-change-banner')).textContent).toContain('Pedro Jefe grabó el Gantt');
  });

  it("with unsaved edits on screen says so, and 'Recargar' keeps them as a draft (never discards them) before drawing the screen again", async () => {
    const keepDraft = vi.fn();
    const discardDraft = vi.fn();
    useUnsavedWorkStore.getState().register('gantt-screen', { screen: 'el Gantt', keepDraft, discardDraft });
    const { queryClient } = renderAt('/projects/p-1/gantt');
    act(() => useLiveStore.getState().receiveChange(change()));
    const banner = await screen.findByTestId('live-change-banner');
    expect(banner.textContent).toContain('Tienes cambios sin grabar: el Gantt');

    await userEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(keepDraft).toHaveBeenCalledTimes(1);
    expect(discardDraft).not.toHaveBeenCalled();
    expect(useLiveStore.getState().reloadGeneration).toBe(1);
    // the project's answers are asked for again; others stay
    expect(queryClient.getQueryData(['loadProject', 'p-1'])).toBeUndefined();
    expect(queryClient.getQueryData(['loadGantt', 'p-1'])).toBeUndefined();
    expect(queryClient.getQueryData(['loadObjects', 'sistemas'])).toEqual([]);
    expect(screen.queryByTestId('live-change-banner')).toBeNull();
  });
});
