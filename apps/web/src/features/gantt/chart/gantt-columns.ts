import { ganttTaskCodes } from '@cimiento/domain';

/**
 * The Gantt grid's default sizes (issue 12, "Cramped view"): the Código column as wide as its
 * longest code, so deep EDC codes are not cut; the divider at half the area, on a column's edge,
 * Nombre taking what the other columns that fit leave. A width the user chose (a resized column, a
 * dragged divider) wins.
 *
 * issue 32: MS Project's layout. The outline's indentation and its ▸/▾ are in Nombre (SVAR's tree
 * column, id 'text'); Código (id 'code') is flat, each task's code unique in the project
 * ('ELA.1.1.ACT3'), so a deep code needs no room for the tree.
 */

/**
 * A flat cell's room around its text: the cell's padding (6 px a side: issue 32's compact cells,
 * gantt-chart.css) and its 1 px border, and six pixels spare for a font that rounds differently.
 */
export const CODE_CELL_ROOM = 19;
/** never narrower than its header, never wider than this: a longer code is cut (its tooltip has it) */
export const CODE_COLUMN_MIN = 90;
export const CODE_COLUMN_MAX = 320;

/** The grid's own font (gantt-chart.css gives the grid the app's Roboto, 13 px: issue 32's compact cells). */
export const GRID_FONT = '13px Roboto, Arial, Helvetica, sans-serif';

/** The grid's right border, inside its width. */
const GRID_BORDER = 1;

/** SVAR's divider between grid and chart, taken from the grid's half: the chart keeps the larger one. */
const DIVIDER = 4;

/**
 * How far a code may pass the sum of its characters' widths (a kerning pair that widens) and still
 * count as measured: well inside CODE_CELL_ROOM's six spare pixels.
 */
const KERNING_SPARE = 0.5;

/** The codes the Código column shows: each task's, unique in the project (issue 32). */
export function shownCodes(
  tasks: readonly { id: number; code: string; parentId?: number; sourceKey?: string }[],
): Iterable<string> {
  return ganttTaskCodes(tasks).values();
}

/**
 * The Código column's default width: the widest code and its cell's room, between
 * CODE_COLUMN_MIN and CODE_COLUMN_MAX. `measure` gives a text's width in pixels in the grid's font.
 */
export function codeColumnWidth(
  codes: Iterable<string>,
  measure: (text: string) => number,
  max = CODE_COLUMN_MAX,
): number {
  let widest = CODE_COLUMN_MIN;
  // a code is as wide as its characters side by side, kerning aside (it narrows a pair, seldom widens
  // it): the codes are measured from the one whose characters are widest down, until none can win.
  // issue 37: the characters are a few dozen, measured once each; a bound by the widest character
  // left codes of one length to be measured one by one, 10,000 of them at 10,000 tasks.
  const characterWidths = new Map<string, number>();
  const boundOf = (code: string) => {
    let bound = 0;
    for (const character of code) {
      let width = characterWidths.get(character);
      if (width === undefined) {
        width = measure(character);
        characterWidths.set(character, width);
      }
      bound += width;
    }
    return bound;
  };
  const candidates = [...new Set(codes)].filter((code) => code !== '').map((code) => ({ code, bound: boundOf(code) }));
  candidates.sort((left, right) => right.bound - left.bound);
  for (const { code, bound } of candidates) {
    if (CODE_CELL_ROOM + bound <= widest + KERNING_SPARE) break;
    widest = Math.max(widest, CODE_CELL_ROOM + measure(code));
    if (widest >= max) return max;
  }
  return Math.ceil(widest);
}

/** Nombre's default width: what the grid's share leaves it, within these bounds. */
export const NAME_COLUMN_MIN = 110;
export const NAME_COLUMN_MAX = 320;

export type GridLayout = { gridWidth: number; nameWidth: number };

/**
 * The grid's default layout when the user has not resized Nombre: the divider at `share` of the
 * area, and Nombre as wide as the share leaves once the columns before it (Id when shown, Código)
 * and those after it that fit (Duración, Inicio, Fin…, in order, while Nombre keeps
 * NAME_COLUMN_MIN) are placed, so the divider falls on a column's edge. Nombre never grows past
 * NAME_COLUMN_MAX (the grid then ends at its edge, short of the share); when even Código and the
 * least Nombre do not fit, Nombre is cut at the share.
 */
export function defaultGridLayout(
  areaWidth: number,
  before: readonly number[],
  after: readonly number[],
  share = 0.5,
): GridLayout {
  const limit = Math.floor(areaWidth * share) - DIVIDER;
  let used = GRID_BORDER + before.reduce((sum, width) => sum + width, 0);
  for (const width of after) {
    if (used + width + NAME_COLUMN_MIN > limit) break;
    used += width;
  }
  const nameWidth = Math.max(NAME_COLUMN_MIN, Math.min(limit - used, NAME_COLUMN_MAX));
  return { gridWidth: Math.min(limit, used + nameWidth), nameWidth };
}

/**
 * The divider's default place once the user chose the columns' widths: after the leading columns
 * that fit in `share` of the area, on a column's edge; at least the first `required` columns (Id
 * when shown, Código and Nombre), cut at `share` when even those do not fit.
 */
export function defaultGridWidth(areaWidth: number, columnWidths: readonly number[], required = 2, share = 0.5) {
  const limit = Math.floor(areaWidth * share) - DIVIDER;
  let width = GRID_BORDER;
  for (const [index, column] of columnWidths.entries()) {
    if (width + column > limit) return index < required ? limit : width;
    width += column;
  }
  return width;
}

/**
 * A text measurer in the grid's font: the canvas's measureText, remembered per text (a rebuild
 * after an edit measures only new codes). Where there is no canvas (tests), an estimate.
 */
export function createTextMeasurer(font = GRID_FONT): (text: string) => number {
  const cache = new Map<string, number>();
  let context: CanvasRenderingContext2D | null | undefined;
  return (text) => {
    const cached = cache.get(text);
    if (cached !== undefined) return cached;
    if (context === undefined) {
      try {
        context = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
      } catch {
        context = null;
      }
      if (context) context.font = font;
    }
    const width = context ? context.measureText(text).width : text.length * 8.5;
    cache.set(text, width);
    return width;
  };
}

/**
 * The tracking columns (issue 15), after Fin, shown with 'Seguimiento' in the view controls: the
 * baseline's start and finish and 'Δ Fin' (only while a baseline is chosen), the actual dates, the
 * progress and (issue 34) 'Restante', the working days left (MS Project's Remaining Duration). Their default widths; a width the user chose wins, as for the others.
 */
export const trackingColumnIds = [
  'baseStartIso',
  'baseEndIso',
  'finishVariance',
  'actualStart',
  'actualFinish',
  'progress',
  'remainingDays',
] as const;
export type TrackingColumnId = (typeof trackingColumnIds)[number];

export const trackingColumnWidths: Record<TrackingColumnId, number> = {
  baseStartIso: 96,
  baseEndIso: 92,
  finishVariance: 76,
  actualStart: 106,
  actualFinish: 96,
  progress: 96,
  remainingDays: 84,
};

const baselineColumnIds: ReadonlySet<TrackingColumnId> = new Set(['baseStartIso', 'baseEndIso', 'finishVariance']);

/** The tracking columns shown: none unless `showTracking`; the baseline's only with one chosen. */
export function shownTrackingColumns(showTracking: boolean, hasBaseline: boolean): TrackingColumnId[] {
  if (!showTracking) return [];
  return trackingColumnIds.filter((id) => hasBaseline || !baselineColumnIds.has(id));
}

/**
 * 'Δ Fin' as a planner reads it: '+3' (three working days late), '−2' (two ahead, with a true minus
 * sign), '0' (on time); '' without a baseline.
 */
export function formatFinishVariance(days: number | undefined): string {
  if (days === undefined) return '';
  if (days > 0) return `+${days}`;
  if (days < 0) return `\u2212${-days}`;
  return '0';
}

/**
 * issue 32: the grid's columns as the column chooser lists them, in the grid's order, with the
 * translation key of each header: Id, Código, Nombre, Duración, Inicio, Fin, the tracking columns
 * shown ('Seguimiento'), Predecesoras.
 */
export const baseColumnHeaders = {
  taskId: 'gantt.id',
  code: 'gantt.code',
  text: 'gantt.name',
  workDays: 'gantt.duration',
  startIso: 'gantt.start',
  endIso: 'gantt.finish',
} as const;

export const trackingColumnHeaders = {
  baseStartIso: 'gantt.tracking.baselineStart',
  baseEndIso: 'gantt.tracking.baselineFinish',
  finishVariance: 'gantt.tracking.finishVariance',
  actualStart: 'gantt.tracking.actualStart',
  actualFinish: 'gantt.tracking.actualFinish',
  progress: 'gantt.tracking.progress',
  remainingDays: 'gantt.tracking.remaining',
} as const satisfies Record<TrackingColumnId, string>;

export type ColumnHeaderKey =
  | (typeof baseColumnHeaders)[keyof typeof baseColumnHeaders]
  | (typeof trackingColumnHeaders)[TrackingColumnId]
  | 'gantt.predecessors'
  | 'gantt.resources'
  | 'gantt.levelingDelay';

/**
 * issue 35: after Predecesoras, 'Recursos' and, while some task is levelled, 'Redistribución' (the
 * working days 'Redistribuir recursos' added to its start).
 */
export function chooserColumns(
  tracking: readonly TrackingColumnId[],
  hasLeveling = false,
): { id: string; header: ColumnHeaderKey }[] {
  return [
    ...(Object.keys(baseColumnHeaders) as (keyof typeof baseColumnHeaders)[]).map((id) => ({
      id,
      header: baseColumnHeaders[id],
    })),
    ...tracking.map((id) => ({ id, header: trackingColumnHeaders[id] })),
    { id: 'predecessors', header: 'gantt.predecessors' },
    { id: 'resourceText', header: 'gantt.resources' },
    ...(hasLeveling ? [{ id: 'levelingDelay', header: 'gantt.levelingDelay' as const }] : []),
  ];
}

/**
 * The hidden columns after the user turned `id` on or off in the chooser: one column at least
 * always shows (the last one shown cannot be hidden).
 */
export function toggleHiddenColumn(hidden: readonly string[], id: string, available: readonly string[]): string[] {
  if (hidden.includes(id)) return hidden.filter((other) => other !== id);
  const shownAfter = available.filter((other) => other !== id && !hidden.includes(other));
  return shownAfter.length === 0 ? [...hidden] : [...hidden, id];
}
