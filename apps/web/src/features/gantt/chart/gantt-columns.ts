import { ganttTaskCodes } from '@cimiento/domain';

/**
 * The Gantt grid's default sizes (issue 12, "Cramped view"): the Código column as wide as its
 * longest code at that code's depth in the tree, so deep EDC codes ('AAP.1.1.AP.1.1' five levels
 * down) are not cut; the divider at half the area, on a column's edge, Nombre taking what the
 * other columns that fit leave. A width the user chose (a resized column, a dragged divider) wins.
 */

/**
 * SVAR's tree cell in the Willow themes: 3 px of padding and the toggle (a 20 px icon with 5 px
 * margins) before the text, TREE_INDENT more per level, the cell's padding (6 px: issue 32's compact
 * cells, gantt-chart.css) and a 1 px border after it. Six pixels spare for a font that rounds
 * differently.
 */
export const CODE_CELL_START = 33;
/** issue 32: 12 px a level (SVAR's 20, narrowed in gantt-chart.css) */
export const TREE_INDENT = 12;
export const CODE_CELL_END = 13;
/** never narrower than its header, never wider than this: a longer code is cut (its tooltip has it) */
export const CODE_COLUMN_MIN = 90;
export const CODE_COLUMN_MAX = 320;

/** The grid's own font (gantt-chart.css gives the grid the app's Roboto, 13 px: issue 32's compact cells). */
export const GRID_FONT = '13px Roboto, Arial, Helvetica, sans-serif';

/** The grid's right border, inside its width. */
const GRID_BORDER = 1;

/** SVAR's divider between grid and chart, taken from the grid's half: the chart keeps the larger one. */
const DIVIDER = 4;

/** wider than any character of the grid's font ('W' is about 12 px): a bound that spares measuring */
const WIDEST_CHARACTER = 14;

export type CodeEntry = { code: string; depth: number };

/**
 * How deep each task sits in the chart's tree: 0 for a task without a parent (or whose parent is
 * not in the list, which the chart shows at the top level too).
 */
export function taskDepths(tasks: readonly { id: number; parentId?: number }[]): Map<number, number> {
  const parents = new Map<number, number | undefined>(tasks.map((task) => [task.id, task.parentId]));
  const depths = new Map<number, number>();
  const depthOf = (id: number): number => {
    const known = depths.get(id);
    if (known !== undefined) return known;
    // walk up to a task whose depth is known (or the top), then fill the path in on the way back
    const path: number[] = [];
    let current: number | undefined = id;
    let base = -1;
    while (current !== undefined && parents.has(current)) {
      const cached = depths.get(current);
      if (cached !== undefined) {
        base = cached;
        break;
      }
      if (path.includes(current)) break; // a cycle: the store never makes one, but never loop
      path.push(current);
      current = parents.get(current);
    }
    for (let index = path.length - 1; index >= 0; index -= 1) {
      base += 1;
      depths.set(path[index] as number, base);
    }
    return depths.get(id) ?? 0;
  };
  for (const task of tasks) depthOf(task.id);
  return depths;
}

/** Each task's code (issue 32: unique in the project) with its depth, as the Código column lays it out. */
export function codeEntries(
  tasks: readonly { id: number; code: string; parentId?: number; sourceKey?: string }[],
): CodeEntry[] {
  const depths = taskDepths(tasks);
  const codes = ganttTaskCodes(tasks);
  return tasks.map((task) => ({ code: codes.get(task.id) ?? task.code, depth: depths.get(task.id) ?? 0 }));
}

/**
 * The Código column's default width: the widest code plus its indentation, between
 * CODE_COLUMN_MIN and CODE_COLUMN_MAX. `measure` gives a text's width in pixels in the grid's font.
 */
export function codeColumnWidth(
  entries: Iterable<CodeEntry>,
  measure: (text: string) => number,
  max = CODE_COLUMN_MAX,
): number {
  let widest = CODE_COLUMN_MIN;
  // the text's width can only add to the indentation, and never passes its length in the widest
  // character: the codes are measured from the one that could be widest down, until none can win
  // (issue 18: a few measured instead of thousands, at 10,000 tasks)
  const candidates: { code: string; indent: number; bound: number }[] = [];
  for (const { code, depth } of entries) {
    if (code === '') continue;
    const indent = CODE_CELL_START + depth * TREE_INDENT + CODE_CELL_END;
    candidates.push({ code, indent, bound: indent + code.length * WIDEST_CHARACTER });
  }
  candidates.sort((left, right) => right.bound - left.bound);
  for (const { code, indent, bound } of candidates) {
    if (bound <= widest) break;
    widest = Math.max(widest, indent + measure(code));
    if (widest >= max) return max;
  }
  return Math.ceil(widest);
}

/**
 * Código's default width in a grid of `areaWidth` (issue 32, room to work): its measured width
 * (`codeWidth`, codeColumnWidth's) unless the columns that must show beside it (`others`: Id when
 * shown, Duración, Inicio, Fin) and Nombre at NAME_COLUMN_MIN would not fit in `share` of the area;
 * then what they leave it, never under CODE_COLUMN_MIN. Unique codes ('ELA.2.26.ACT12') deep in the
 * tree are long: a cut one shows its end, the part that tells it apart (gantt-chart.css), and its
 * tooltip has it whole.
 */
export function fittedCodeWidth(areaWidth: number, codeWidth: number, others: readonly number[], share = 0.5): number {
  const limit = Math.floor(areaWidth * share) - DIVIDER;
  const room = limit - GRID_BORDER - NAME_COLUMN_MIN - others.reduce((sum, width) => sum + width, 0);
  return Math.min(codeWidth, Math.max(CODE_COLUMN_MIN, room));
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
 * baseline's start and finish and 'Δ Fin' (only while a baseline is chosen), the actual dates and
 * the progress. Their default widths; a width the user chose wins, as for the others.
 */
export const trackingColumnIds = [
  'baseStartIso',
  'baseEndIso',
  'finishVariance',
  'actualStart',
  'actualFinish',
  'progress',
] as const;
export type TrackingColumnId = (typeof trackingColumnIds)[number];

export const trackingColumnWidths: Record<TrackingColumnId, number> = {
  baseStartIso: 96,
  baseEndIso: 92,
  finishVariance: 76,
  actualStart: 106,
  actualFinish: 96,
  progress: 96,
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
  text: 'gantt.code',
  name: 'gantt.name',
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
} as const satisfies Record<TrackingColumnId, string>;

export type ColumnHeaderKey =
  | (typeof baseColumnHeaders)[keyof typeof baseColumnHeaders]
  | (typeof trackingColumnHeaders)[TrackingColumnId]
  | 'gantt.predecessors';

export function chooserColumns(tracking: readonly TrackingColumnId[]): { id: string; header: ColumnHeaderKey }[] {
  return [
    ...(Object.keys(baseColumnHeaders) as (keyof typeof baseColumnHeaders)[]).map((id) => ({
      id,
      header: baseColumnHeaders[id],
    })),
    ...tracking.map((id) => ({ id, header: trackingColumnHeaders[id] })),
    { id: 'predecessors', header: 'gantt.predecessors' },
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
