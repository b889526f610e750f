import { useCallback } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '@/lib/auth';
import type { GanttZoom, GanttZoomLevel } from './gantt-zoom';
import { DEFAULT_ZOOM, isZoomLevel } from './gantt-zoom';

/**
 * How each user likes the Gantt laid out (issue 12), kept in this browser: the zoom level, the
 * grid's width (the divider between grid and chart), the grid's column widths, the columns the user
 * hid (issue 32: the column chooser; 'Id' shows by default) and whether the tracking columns
 * (issue 15) show. Not the project's data: nothing here is saved on the server. Kept per user,
 * so another user signing in on the same browser starts from the defaults.
 */
export type GanttViewPrefs = {
  zoom: GanttZoomLevel;
  /** null: the default, a share of the screen */
  gridWidth: number | null;
  columnWidths: Record<string, number>;
  /** issue 32: the grid's columns the user hid with the column chooser (ids) */
  hiddenColumns: string[];
  /** issue 15: the tracking columns (baseline, 'Δ Fin', actual dates, progress) */
  showTracking: boolean;
};

export const defaultGanttViewPrefs: GanttViewPrefs = {
  zoom: DEFAULT_ZOOM.level,
  gridWidth: null,
  columnWidths: {},
  hiddenColumns: [],
  showTracking: false,
};

type GanttViewState = {
  byUser: Record<string, GanttViewPrefs>;
  update: (userId: string, change: Partial<GanttViewPrefs>) => void;
  /** not kept: the cell width 'Ajustar a la pantalla' chose for this project, for its level */
  fitted: GanttZoom | null;
  /** grows on every 'Ajustar a la pantalla': the chart, which knows its width, does the fitting */
  fitRequest: number;
  setFitted: (fitted: GanttZoom | null) => void;
  requestFit: () => void;
};

export const GANTT_VIEW_STORAGE_KEY = 'cimiento-gantt-view';

/**
 * issue 32, MS Project's layout: the outline moved from Código to Nombre, which took SVAR's tree
 * column id ('text'); Código became 'code'. Version 1 kept Código's width and hiding under 'text'
 * and Nombre's under 'name': read back under the new ids, so nobody's layout is lost.
 */
const RENAMED_IN_VERSION_2: Record<string, string> = { text: 'code', name: 'text' };

export function renameColumnIds(prefs: unknown): unknown {
  if (!prefs || typeof prefs !== 'object') return prefs;
  const { columnWidths, hiddenColumns } = prefs as { columnWidths?: unknown; hiddenColumns?: unknown };
  const renamed: Record<string, unknown> = { ...(prefs as Record<string, unknown>) };
  if (columnWidths && typeof columnWidths === 'object') {
    renamed.columnWidths = Object.fromEntries(
      Object.entries(columnWidths).map(([id, width]) => [RENAMED_IN_VERSION_2[id] ?? id, width]),
    );
  }
  if (Array.isArray(hiddenColumns)) {
    renamed.hiddenColumns = hiddenColumns.map((id: unknown) =>
      typeof id === 'string' ? (RENAMED_IN_VERSION_2[id] ?? id) : id,
    );
  }
  return renamed;
}

/** A stored value read back defensively: anything unexpected falls back to the default. */
function sanitize(prefs: Partial<GanttViewPrefs> | undefined): GanttViewPrefs {
  const widths: Record<string, number> = {};
  for (const [id, width] of Object.entries(prefs?.columnWidths ?? {})) {
    if (typeof width === 'number' && Number.isFinite(width) && width >= 30 && width <= 1000) widths[id] = width;
  }
  const gridWidth = prefs?.gridWidth;
  return {
    zoom: isZoomLevel(prefs?.zoom) ? prefs.zoom : defaultGanttViewPrefs.zoom,
    gridWidth: typeof gridWidth === 'number' && Number.isFinite(gridWidth) && gridWidth >= 0 ? gridWidth : null,
    columnWidths: widths,
    hiddenColumns: Array.isArray(prefs?.hiddenColumns)
      ? [...new Set(prefs.hiddenColumns.filter((id): id is string => typeof id === 'string' && id.length <= 40))]
      : [],
    showTracking: prefs?.showTracking === true,
  };
}

export const useGanttViewStore = create<GanttViewState>()(
  persist(
    (set) => ({
      byUser: {},
      update: (userId, change) =>
        set((state) => ({
          byUser: { ...state.byUser, [userId]: sanitize({ ...state.byUser[userId], ...change }) },
        })),
      fitted: null,
      fitRequest: 0,
      setFitted: (fitted) => set({ fitted }),
      requestFit: () => set((state) => ({ fitRequest: state.fitRequest + 1 })),
    }),
    {
      name: GANTT_VIEW_STORAGE_KEY,
      version: 2,
      storage: createJSONStorage(() => localStorage),
      migrate: (persisted, version) => {
        const stored = (persisted as { byUser?: unknown } | undefined)?.byUser;
        if (version >= 2 || !stored || typeof stored !== 'object') return persisted;
        const byUser = Object.fromEntries(
          Object.entries(stored).map(([userId, prefs]) => [userId, renameColumnIds(prefs)]),
        );
        return { ...(persisted as object), byUser };
      },
      partialize: (state) => ({ byUser: state.byUser }),
      merge: (persisted, current) => {
        const byUser: Record<string, GanttViewPrefs> = {};
        const stored = (persisted as { byUser?: unknown } | undefined)?.byUser;
        if (stored && typeof stored === 'object') {
          for (const [userId, prefs] of Object.entries(stored)) {
            byUser[userId] = sanitize(prefs as Partial<GanttViewPrefs> | undefined);
          }
        }
        return { ...current, byUser };
      },
    },
  ),
);

/** The signed-in user's Gantt layout, and a setter (a change while signed out is not kept). */
export function useGanttViewPrefs(): [GanttViewPrefs, (change: Partial<GanttViewPrefs>) => void] {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const stored = useGanttViewStore((state) => state.byUser[userId]);
  const update = useGanttViewStore((state) => state.update);
  const set = useCallback(
    (change: Partial<GanttViewPrefs>) => {
      if (userId !== '') update(userId, change);
    },
    [userId, update],
  );
  return [stored ?? defaultGanttViewPrefs, set];
}
