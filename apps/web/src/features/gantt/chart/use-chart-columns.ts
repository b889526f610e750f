import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { GanttEditorState } from '../editor/gantt-editor-store';
import {
  ActualFinishCell,
  ActualStartCell,
  RemainingCell,
  BaselineFinishCell,
  BaselineStartCell,
  CodeCell,
  DurationCell,
  FinishCell,
  FinishVarianceCell,
  IdCell,
  LevelingDelayCell,
  NameCell,
  PredecessorsCell,
  ProgressCell,
  ResourcesCell,
  StartCell,
} from './gantt-cells';
import { sameDirectoryInputs } from './gantt-chart-data';
import {
  codeColumnWidth,
  createTextMeasurer,
  defaultGridLayout,
  defaultGridWidth,
  GRID_FONT,
  NAME_COLUMN_MIN,
  shownCodes,
  shownTrackingColumns,
  trackingColumnHeaders,
  trackingColumnWidths,
} from './gantt-columns';
import type { TrackingColumnId } from './gantt-columns';
import type { GanttViewPrefs } from './gantt-view-store';

/** The grid's and the chart's least widths: the divider stays between them. */
export const MIN_GRID = 120;
export const MIN_CHART = 160;

/**
 * The columns' widths until the user resizes one; Código's is sized to its codes, Nombre's to what
 * half the area leaves (gantt-columns.ts).
 */
const defaultColumnWidths = {
  taskId: 40,
  workDays: 76,
  startIso: 78,
  endIso: 78,
  predecessors: 130,
  // issue 35
  resourceText: 170,
  levelingDelay: 104,
} as const;
const columnsAfterName = ['workDays', 'startIso', 'endIso', 'predecessors'] as const;

/** issue 15: the tracking columns' headers, cells and alignment (after Fin, before Predecesoras). */
const trackingColumns = {
  baseStartIso: { header: trackingColumnHeaders.baseStartIso, cell: BaselineStartCell, align: 'center' },
  baseEndIso: { header: trackingColumnHeaders.baseEndIso, cell: BaselineFinishCell, align: 'center' },
  finishVariance: { header: trackingColumnHeaders.finishVariance, cell: FinishVarianceCell, align: 'right' },
  actualStart: { header: trackingColumnHeaders.actualStart, cell: ActualStartCell, align: 'center' },
  actualFinish: { header: trackingColumnHeaders.actualFinish, cell: ActualFinishCell, align: 'center' },
  progress: { header: trackingColumnHeaders.progress, cell: ProgressCell, align: 'right' },
  remainingDays: { header: trackingColumnHeaders.remainingDays, cell: RemainingCell, align: 'right' },
} as const satisfies Record<
  TrackingColumnId,
  { header: string; cell: (props: { row: unknown }) => ReactElement; align: 'center' | 'right' }
>;

type ChartColumnsInput = {
  tasks: GanttEditorState['tasks'];
  hasBaseline: boolean;
  /** the chart area's width, once known (null before the chart first draws) */
  areaWidth: number | null;
  prefs: GanttViewPrefs;
  setPrefs: (change: Partial<GanttViewPrefs>) => void;
  t: TFunction;
};

/**
 * The grid's columns as the chart takes them, and the divider's place: each column as wide as the
 * user left it, else its default (Código as wide as its longest code, Nombre what half the
 * area leaves); the tracking columns the user asked for. `keepResizedColumns` remembers the columns
 * the user resized (only those: the others keep following their defaults).
 */
export function useChartColumns({ tasks, hasBaseline, areaWidth, prefs, setPrefs, t }: ChartColumnsInput) {
  // the Código column as wide as its longest code (issue 12), unless the user resized it
  const [measureText, setMeasureText] = useState(createTextMeasurer);
  // a canvas measures in a fallback font until the grid's font has loaded, narrower than Roboto: the
  // column would cut the longest code by a few pixels. Measured again (a new measurer, a new cache)
  // once the font is in.
  useEffect(() => {
    if (typeof document === 'undefined' || !('fonts' in document)) return;
    if (document.fonts.check(GRID_FONT)) return;
    let isCurrent = true;
    document.fonts
      .load(GRID_FONT)
      .then(() => {
        if (isCurrent) setMeasureText(() => createTextMeasurer());
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  // issue 18: an edit of dates or links keeps the codes and the tree: the width too
  const codeWidthOf = useRef<{ tasks: typeof tasks; measure: (text: string) => number; width: number } | null>(null);
  const codeWidth = useMemo(() => {
    const last = codeWidthOf.current;
    if (last && last.measure === measureText && sameDirectoryInputs(last.tasks, tasks)) return last.width;
    const width = codeColumnWidth(shownCodes(tasks), measureText);
    codeWidthOf.current = { tasks, measure: measureText, width };
    return width;
  }, [tasks, measureText]);
  const { hiddenColumns, showTracking, columnWidths } = prefs;
  // issue 35: 'Redistribución' while some task is levelled
  const hasLeveling = useMemo(() => tasks.some((task) => task.levelingDelay !== undefined), [tasks]);
  // issue 15: the tracking columns the user asked for ('Seguimiento'), the baseline's with one chosen
  const tracking = useMemo(() => shownTrackingColumns(showTracking, hasBaseline), [showTracking, hasBaseline]);
  // issue 32: the columns the user hid with the column chooser (one at least stays)
  const hidden = useMemo(() => new Set(hiddenColumns), [hiddenColumns]);
  const isShown = useCallback((id: string) => !hidden.has(id), [hidden]);
  // the divider's default place and Nombre's default width, from the area's width
  const layout = useMemo(() => {
    const width = areaWidth ?? 1000;
    const widthOf = (id: string, fallback: number) => (isShown(id) ? [columnWidths[id] ?? fallback] : []);
    const before = [...widthOf('taskId', defaultColumnWidths.taskId), ...widthOf('code', codeWidth)];
    const after = [
      ...columnsAfterName.slice(0, 3).flatMap((id) => widthOf(id, defaultColumnWidths[id])),
      ...tracking.flatMap((id) => widthOf(id, trackingColumnWidths[id])),
      ...widthOf('predecessors', defaultColumnWidths.predecessors),
      ...widthOf('resourceText', defaultColumnWidths.resourceText),
      ...(hasLeveling ? widthOf('levelingDelay', defaultColumnWidths.levelingDelay) : []),
    ];
    // issue 32: Nombre is SVAR's tree column, id 'text' (MS Project's layout: the outline in the name)
    const name = columnWidths.text;
    if (!isShown('text'))
      return { nameWidth: name ?? NAME_COLUMN_MIN, gridWidth: defaultGridWidth(width, [...before, ...after], 1) };
    if (name === undefined) return defaultGridLayout(width, before, after);
    return { nameWidth: name, gridWidth: defaultGridWidth(width, [...before, name, ...after], before.length + 1) };
  }, [areaWidth, isShown, columnWidths, codeWidth, tracking, hasLeveling]);
  const columns = useMemo(() => {
    const width = (id: string, fallback: number) => columnWidths[id] ?? fallback;
    const all = [
      {
        id: 'taskId',
        header: t('gantt.id'),
        width: width('taskId', defaultColumnWidths.taskId),
        align: 'right' as const,
        cell: IdCell,
        resize: true,
      },
      { id: 'code', header: t('gantt.code'), width: width('code', codeWidth), cell: CodeCell, resize: true },
      {
        id: 'text',
        header: t('gantt.name'),
        width: layout.nameWidth,
        cell: NameCell,
        resize: true,
      },
      {
        id: 'workDays',
        header: t('gantt.duration'),
        width: width('workDays', defaultColumnWidths.workDays),
        align: 'right' as const,
        cell: DurationCell,
        resize: true,
      },
      {
        id: 'startIso',
        header: t('gantt.start'),
        width: width('startIso', defaultColumnWidths.startIso),
        align: 'center' as const,
        cell: StartCell,
        resize: true,
      },
      {
        id: 'endIso',
        header: t('gantt.finish'),
        width: width('endIso', defaultColumnWidths.endIso),
        align: 'center' as const,
        cell: FinishCell,
        resize: true,
      },
      ...tracking.map((id) => ({
        id,
        header: t(trackingColumns[id].header),
        width: width(id, trackingColumnWidths[id]),
        align: trackingColumns[id].align,
        cell: trackingColumns[id].cell,
        resize: true,
      })),
      {
        id: 'predecessors',
        header: t('gantt.predecessors'),
        width: width('predecessors', defaultColumnWidths.predecessors),
        cell: PredecessorsCell,
        resize: true,
      },
      {
        id: 'resourceText',
        header: t('gantt.resources'),
        width: width('resourceText', defaultColumnWidths.resourceText),
        cell: ResourcesCell,
        resize: true,
      },
      ...(hasLeveling
        ? [
            {
              id: 'levelingDelay',
              header: t('gantt.levelingDelay'),
              width: width('levelingDelay', defaultColumnWidths.levelingDelay),
              align: 'right' as const,
              cell: LevelingDelayCell,
              resize: true,
            },
          ]
        : []),
    ];
    return all.map((column) => ({ ...column, hidden: !isShown(column.id) }));
  }, [t, isShown, columnWidths, codeWidth, layout.nameWidth, tracking, hasLeveling]);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const columnWidthsRef = useRef(columnWidths);
  columnWidthsRef.current = columnWidths;

  // the divider where the user left it; else on a column's edge, the chart keeping half the area
  const gridWidth = useMemo(() => {
    const width = areaWidth ?? 1000;
    const wanted = prefs.gridWidth ?? layout.gridWidth;
    return Math.round(Math.max(MIN_GRID, Math.min(wanted, width - MIN_CHART)));
  }, [areaWidth, prefs.gridWidth, layout.gridWidth]);
  const gridWidthRef = useRef(gridWidth);
  gridWidthRef.current = gridWidth;
  // issue 32: the default split, where a double click on the divider puts it back
  const defaultGridWidthRef = useRef(0);
  defaultGridWidthRef.current = Math.round(
    Math.max(MIN_GRID, Math.min(layout.gridWidth, (areaWidth ?? 1000) - MIN_CHART)),
  );

  // a column resized: its width is kept for the next rebuild and the next visit. Only the
  // resized one: the others keep following their defaults (Código its codes)
  const keepResizedColumns = useCallback(
    (resized: readonly { id?: unknown; width?: unknown }[]) => {
      const changed: Record<string, number> = {};
      for (const column of resized) {
        if (typeof column.id !== 'string' || typeof column.width !== 'number') continue;
        const width = Math.round(column.width);
        const before = columnsRef.current.find((candidate) => candidate.id === column.id)?.width;
        if (before === undefined || Math.abs(before - width) >= 1) changed[column.id] = width;
      }
      if (Object.keys(changed).length > 0) setPrefs({ columnWidths: { ...columnWidthsRef.current, ...changed } });
    },
    [setPrefs],
  );

  return { columns, gridWidth, gridWidthRef, defaultGridWidthRef, keepResizedColumns };
}
