import {
  addGanttLink,
  dayNumber,
  formatIsoDate,
  ganttTaskDirectory,
  moveGanttTask,
  removeGanttLink,
  resizeGanttTask,
  setGanttProgress,
} from '@cimiento/domain';
import type { GanttEdit, LinkType, PlannerLinkLabels } from '@cimiento/domain';
import { Locale } from '@svar-ui/react-core';
import { ContextMenu, Gantt, Willow, WillowDark } from '@svar-ui/react-gantt';
import { lighten, rgbToHex, useTheme } from '@mui/material/styles';
import type { IApi } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyMessage } from '@/stores/notices-store';
import { useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import { useGanttViewPrefs, useGanttViewStore } from './gantt-view-store';
import type { ChartData } from './gantt-chart-data';
import {
  buildChartData,
  chartPlacer,
  isoOfLocal,
  linkTypeOfSvar,
  localDate,
  parseLinkId,
  readBarChange,
  sameDirectoryInputs,
} from './gantt-chart-data';
import type { SvarLinkType } from './gantt-chart-data';
import { applyChartPatch, chartPatch } from './gantt-chart-patch';
import type { GanttKeyCommand } from './gantt-keyboard';
import { rowAfterMove } from './gantt-keyboard';
import {
  codeColumnWidth,
  codeEntries,
  createTextMeasurer,
  defaultGridLayout,
  defaultGridWidth,
  shownTrackingColumns,
  trackingColumnWidths,
} from './gantt-columns';
import type { TrackingColumnId } from './gantt-columns';
import { ganttLocale } from './gantt-locale';
import { defaultZoom, fitZoom, zoomScales } from './gantt-zoom';
import {
  ActualFinishCell,
  ActualStartCell,
  BaselineFinishCell,
  BaselineStartCell,
  CodeCell,
  DurationCell,
  FinishCell,
  FinishVarianceCell,
  IdCell,
  NameCell,
  PredecessorsCell,
  ProgressCell,
  StartCell,
  TaskBar,
} from './gantt-cells';
import type { LinkMenuTarget } from './gantt-link-menu';
import { GanttLinkMenu } from './gantt-link-menu';
import { useGanttKeyboard } from './use-gantt-keyboard';
import { useChartGridAria } from './use-chart-grid-aria';
import { useLinkDrawing } from './use-link-drawing';
import './gantt-chart.css';

export type GanttMenuAction = 'add' | 'edit' | 'delete' | 'indent' | 'outdent';

type GanttChartProps = {
  onMenuAction: (action: GanttMenuAction) => void;
  onRequestDelete: (id: number) => void;
};

/**
 * What the screen may ask of the chart: focus back on the grid (after the editor or a dialog), and
 * the chart's API once it is ready (the PNG export reads its scroll and scale from it).
 */
export type GanttChartHandle = { focusGrid: () => void; api: () => IApi | null };

/** Actions the chart would carry out on its own data; the screen's store does them instead. */
const blockedActions = [
  'add-task',
  'copy-task',
  'cut-task',
  'paste-task',
  'move-task',
  'indent-task',
  'convert-task',
  'split-task',
  'update-link',
] as const;

const MIN_GRID = 120;
const MIN_CHART = 160;

/**
 * The columns' widths until the user resizes one; Código's is sized to its codes, Nombre's to what
 * half the area leaves (gantt-columns.ts).
 */
const defaultColumnWidths = {
  taskId: 56,
  workDays: 96,
  startIso: 92,
  endIso: 92,
  predecessors: 150,
} as const;
const columnsAfterName = ['workDays', 'startIso', 'endIso', 'predecessors'] as const;

/** issue 15: the tracking columns' headers, cells and alignment (after Fin, before Predecesoras). */
const trackingColumns = {
  baseStartIso: { header: 'gantt.tracking.baselineStart', cell: BaselineStartCell, align: 'center' },
  baseEndIso: { header: 'gantt.tracking.baselineFinish', cell: BaselineFinishCell, align: 'center' },
  finishVariance: { header: 'gantt.tracking.finishVariance', cell: FinishVarianceCell, align: 'right' },
  actualStart: { header: 'gantt.tracking.actualStart', cell: ActualStartCell, align: 'center' },
  actualFinish: { header: 'gantt.tracking.actualFinish', cell: ActualFinishCell, align: 'center' },
  progress: { header: 'gantt.tracking.progress', cell: ProgressCell, align: 'right' },
} as const satisfies Record<
  TrackingColumnId,
  { header: string; cell: (props: { row: unknown }) => ReactElement; align: 'center' | 'right' }
>;

/** A link id as SVAR writes it on the line (':from_to'). */
function linkOfElement(element: Element | null): { from: number; to: number } | null {
  const raw = element?.closest('[data-link-id]')?.getAttribute('data-link-id');
  return raw ? parseLinkId(raw.replace(/^:/, '')) : null;
}

/**
 * SVAR React Gantt (free edition) drawing the store's schedule. The store is the only truth:
 * every edit the chart reports (a bar moved, stretched, its progress dragged, a link drawn or
 * deleted) is turned into the domain's edit, the engine recomputes, and the chart gets the new
 * tasks; the chart's own change is refused. Rows are toggled by the chart itself and remembered.
 * Around SVAR (issue 12): drag-to-link, link selection with Delete and a context menu, the
 * keyboard, the zoom, the divider and the columns the user resized, remembered per user.
 */
export const GanttChart = forwardRef<GanttChartHandle, GanttChartProps>(function GanttChart(
  { onMenuAction, onRequestDelete },
  ref,
) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const store = useGanttEditorStore();
  const tasks = useGanttEditor((state) => state.tasks);
  const scheduled = useGanttEditor((state) => state.scheduled);
  const closed = useGanttEditor((state) => state.closed);
  const search = useGanttEditor((state) => state.search);
  const revision = useGanttEditor((state) => state.revision);
  const selectedId = useGanttEditor((state) => state.selectedId);
  const calendar = useGanttEditor((state) => state.calendar);
  const baseline = useGanttEditor((state) => state.baseline);
  const hasBaseline = useGanttEditor((state) => state.baselineId !== null);
  const lateOnly = useGanttEditor((state) => state.lateOnly);
  const cutoff = useGanttEditor((state) => state.cutoff);
  const [prefs, setPrefs] = useGanttViewPrefs();
  const fitted = useGanttViewStore((state) => state.fitted);
  const fitRequest = useGanttViewStore((state) => state.fitRequest);
  const setFitted = useGanttViewStore((state) => state.setFitted);
  const [api, setApi] = useState<IApi | null>(null);
  const apiRef = useRef<IApi | null>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [areaWidth, setAreaWidth] = useState<number | null>(null);
  const [linkMenu, setLinkMenu] = useState<LinkMenuTarget | null>(null);
  const isDark = theme.palette.mode === 'dark';
  const Theme = isDark ? WillowDark : Willow;
  const focusColor = isDark ? theme.palette.info.light : theme.palette.primary.main;

  const labels = useMemo<PlannerLinkLabels>(
    () => ({
      types: {
        FS: t('gantt.linkShort.FS'),
        SS: t('gantt.linkShort.SS'),
        FF: t('gantt.linkShort.FF'),
        SF: t('gantt.linkShort.SF'),
      },
      day: t('gantt.dayShort'),
    }),
    [t],
  );

  // issue 18: each build starts from the one before, keeping every chart task whose inputs did not change
  const lastBuild = useRef<ChartData | undefined>(undefined);
  const data = useMemo(() => {
    const built = buildChartData(
      tasks,
      scheduled,
      closed,
      search,
      labels,
      { baseline, calendar, lateOnly },
      lastBuild.current,
    );
    lastBuild.current = built;
    return built;
    // revision: a refused edit still redraws, to put a dragged bar back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tasks, scheduled, closed, search, revision, labels, baseline, calendar, lateOnly]);
  const dataRef = useRef<ChartData>(data);
  dataRef.current = data;
  // issue 18: what the chart shows (`shown`), and the lists it was last handed. A new build with the
  // same rows is patched into SVAR's store (gantt-chart-patch.ts) after the render, and the
  // chart keeps its lists; other rows (a task added or deleted, a search, 'Atrasadas') hand it the
  // new lists, which it parses and lays out whole.
  const shown = useRef<ChartData | null>(null);
  const chartLists = useRef<{ tasks: ChartData['tasks']; links: ChartData['links'] } | null>(null);
  const { patch, lists } = useMemo(() => {
    const next = shown.current && apiRef.current ? chartPatch(shown.current, data) : null;
    if (!next || !chartLists.current) chartLists.current = { tasks: data.tasks, links: data.links };
    return { patch: next, lists: chartLists.current };
  }, [data]);
  useLayoutEffect(() => {
    const ganttApi = apiRef.current;
    if (patch && ganttApi) applyChartPatch(ganttApi.getStores().data, patch);
    shown.current = data;
  }, [data, patch]);
  const { tasks: chartTasks, links: chartLinks } = lists;
  // the chart re-initialises whenever a prop changes identity: keep every prop stable. The
  // selection goes to the chart through its API (below); this only carries it across rebuilds.
  const selected = useMemo(() => {
    const id = store.getState().selectedId;
    return id !== null && dataRef.current.byId.has(id) ? [id] : [];
    // chartTasks: only when the chart is handed new lists (a patch keeps its selection)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chartTasks, store]);
  const handlersRef = useRef({ onMenuAction, onRequestDelete });
  handlersRef.current = { onMenuAction, onRequestDelete };

  // the chart area's width, once, before the chart first draws: the grid's default share of it
  useLayoutEffect(() => {
    setAreaWidth(wrapperRef.current?.clientWidth ?? 1000);
  }, []);

  // the Código column as wide as its deepest, longest code (issue 12), unless the user resized it
  const [measureText] = useState(createTextMeasurer);
  // issue 18: an edit of dates or links keeps the codes and the tree: the width too
  const codeWidthOf = useRef<{ tasks: typeof tasks; width: number } | null>(null);
  const codeWidth = useMemo(() => {
    const last = codeWidthOf.current;
    if (last && sameDirectoryInputs(last.tasks, tasks)) return last.width;
    const width = codeColumnWidth(codeEntries(tasks), measureText);
    codeWidthOf.current = { tasks, width };
    return width;
  }, [tasks, measureText]);
  const { showId, showTracking, columnWidths } = prefs;
  // issue 15: the tracking columns the user asked for ('Seguimiento'), the baseline's with one chosen
  const tracking = useMemo(() => shownTrackingColumns(showTracking, hasBaseline), [showTracking, hasBaseline]);
  // the divider's default place and Nombre's default width, from the area's width
  const layout = useMemo(() => {
    const width = areaWidth ?? 1000;
    const before = [
      ...(showId ? [columnWidths.taskId ?? defaultColumnWidths.taskId] : []),
      columnWidths.text ?? codeWidth,
    ];
    const after = [
      ...columnsAfterName.slice(0, 3).map((id) => columnWidths[id] ?? defaultColumnWidths[id]),
      ...tracking.map((id) => columnWidths[id] ?? trackingColumnWidths[id]),
      columnWidths.predecessors ?? defaultColumnWidths.predecessors,
    ];
    const name = columnWidths.name;
    if (name === undefined) return defaultGridLayout(width, before, after);
    return { nameWidth: name, gridWidth: defaultGridWidth(width, [...before, name, ...after], before.length + 1) };
  }, [areaWidth, showId, columnWidths, codeWidth, tracking]);
  const columns = useMemo(() => {
    const width = (id: string, fallback: number) => columnWidths[id] ?? fallback;
    return [
      {
        id: 'taskId',
        header: t('gantt.id'),
        width: width('taskId', defaultColumnWidths.taskId),
        align: 'right' as const,
        cell: IdCell,
        hidden: !showId,
        resize: true,
      },
      { id: 'text', header: t('gantt.code'), width: width('text', codeWidth), cell: CodeCell, resize: true },
      {
        id: 'name',
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
      },
    ];
  }, [t, showId, columnWidths, codeWidth, layout.nameWidth, tracking]);
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

  // the zoom: a level's usual cells, or those 'Ajustar a la pantalla' chose for it
  const zoom = fitted && fitted.level === prefs.zoom ? fitted : defaultZoom(prefs.zoom);
  const scales = useMemo(() => {
    const long = new Intl.DateTimeFormat(i18n.language, { month: 'long' });
    const short = new Intl.DateTimeFormat(i18n.language, { month: 'short' });
    return zoomScales(zoom.level, {
      month: (date) => long.format(date),
      monthShort: (date) => short.format(date).replace('.', ''),
      quarter: (quarter) => t('gantt.quarterShort', { quarter }),
    });
  }, [zoom.level, i18n.language, t]);
  // weekends and holidays shaded where days show, in SVAR's own class (its column in the chart
  // and its cell in the time scale)
  const highlightTime = useMemo(
    () =>
      zoom.level === 'day'
        ? (date: Date, unit: string) =>
            unit === 'day' && !calendar.isWorkingDay(dayNumber(isoOfLocal(date))) ? 'wx-weekend' : ''
        : undefined,
    [zoom.level, calendar],
  );

  const report = useCallback((result: GanttEdit) => {
    if (!result.ok) notifyError(result.error);
  }, []);

  const linkLabel = useCallback(
    (from: number, to: number, type: LinkType) => {
      const directory = ganttTaskDirectory(store.getState().tasks);
      const name = (id: number) => directory.byId.get(id)?.label ?? `#${id}`;
      return `${name(from)} → ${name(to)} (${labels.types[type]})`;
    },
    [store, labels],
  );

  const linkOf = useCallback(
    (from: number, to: number) =>
      store
        .getState()
        .tasks.find((task) => task.id === to)
        ?.predecessors.find((link) => link.predecessorId === from),
    [store],
  );

  const linkTypeOf = useCallback(
    (from: number, to: number): LinkType | null => linkOf(from, to)?.type ?? null,
    [linkOf],
  );

  const addLink = useCallback(
    (from: number, to: number, type: LinkType) => {
      const result = store.getState().apply((list) => addGanttLink(list, from, to, type));
      report(result);
    },
    [store, report],
  );

  /** Clears SVAR's own link selection: its outside-click handler listens on the document. */
  const clearLinkSelection = useCallback(() => {
    wrapperRef.current?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, []);

  const removeLink = useCallback(
    (from: number, to: number) => {
      const type = linkTypeOf(from, to);
      const result = store.getState().apply((list) => removeGanttLink(list, from, to));
      if (!result.ok) {
        notifyError(result.error);
        return;
      }
      notifyMessage(t('gantt.linkRemoved', { link: linkLabel(from, to, type ?? 'FS') }));
    },
    [store, t, linkLabel, linkTypeOf],
  );

  const changeLinkType = useCallback(
    (from: number, to: number, type: LinkType) => {
      const lag =
        store
          .getState()
          .tasks.find((task) => task.id === to)
          ?.predecessors.find((link) => link.predecessorId === from)?.lag ?? 0;
      report(store.getState().apply((list) => addGanttLink(list, from, to, type, lag)));
    },
    [store, report],
  );

  const linkDraft = useLinkDrawing(wrapperRef, addLink, t('gantt.linkHint'));

  const selectRow = useCallback((id: number | null) => {
    if (id !== null) apiRef.current?.exec('select-task', { id, show: true });
  }, []);

  const moveDivider = useCallback(
    (delta: number) => {
      const width = wrapperRef.current?.clientWidth ?? 1000;
      const next = Math.round(Math.max(MIN_GRID, Math.min(gridWidthRef.current + delta, width - MIN_CHART)));
      apiRef.current?.exec('resize-grid', { width: next });
      setPrefs({ gridWidth: next });
    },
    [setPrefs],
  );

  const runCommand = useCallback(
    (command: GanttKeyCommand) => {
      const ganttApi = apiRef.current;
      const state = store.getState();
      const id = state.selectedId;
      const selectedLink = linkOfElement(wrapperRef.current?.querySelector('.wx-line-selected') ?? null);
      switch (command) {
        case 'up':
        case 'down':
        case 'pageUp':
        case 'pageDown':
        case 'first':
        case 'last': {
          if (!ganttApi) return;
          const { _tasks: rows, cellHeight } = ganttApi.getState() as {
            _tasks: { id: number }[];
            cellHeight: number;
          };
          const chart = wrapperRef.current?.querySelector('.wx-chart');
          const page = Math.max(1, Math.floor((chart?.clientHeight ?? 320) / (cellHeight || 32)));
          selectRow(
            rowAfterMove(
              rows.map((row) => row.id),
              id,
              command,
              page,
            ),
          );
          return;
        }
        case 'collapse':
        case 'expand': {
          if (!ganttApi || id === null) return;
          const task = ganttApi.getTask(id) as { open?: boolean; data?: { id: number }[]; parent?: number } | undefined;
          if (!task) return;
          const hasChildren = (task.data?.length ?? 0) > 0;
          if (command === 'collapse') {
            if (hasChildren && task.open) ganttApi.exec('open-task', { id, mode: false });
            else if (task.parent) selectRow(task.parent);
          } else if (hasChildren && !task.open) ganttApi.exec('open-task', { id, mode: true });
          else if (hasChildren) selectRow(task.data?.[0]?.id ?? null);
          return;
        }
        case 'edit':
        case 'add':
        case 'indent':
        case 'outdent':
          handlersRef.current.onMenuAction(command);
          return;
        case 'delete':
          if (selectedLink) {
            removeLink(selectedLink.from, selectedLink.to);
            clearLinkSelection();
          } else handlersRef.current.onMenuAction('delete');
          return;
        case 'cancel':
          if (selectedLink) clearLinkSelection();
          else if (state.editingId !== null) state.setEditing(null);
          return;
        default:
      }
    },
    [store, selectRow, removeLink, clearLinkSelection],
  );

  const { isKeyboardFocus, focusGrid } = useGanttKeyboard(wrapperRef, { run: runCommand, moveDivider });
  useChartGridAria(wrapperRef);
  useImperativeHandle(ref, () => ({ focusGrid, api: () => apiRef.current }), [focusGrid]);

  // a selection made outside the chart (keyboard, a new task) is shown and scrolled into view
  const shownSelection = useRef<number | null>(null);
  useEffect(() => {
    if (!api || selectedId === null || shownSelection.current === selectedId) return;
    shownSelection.current = selectedId;
    if (dataRef.current.byId.has(selectedId)) api.exec('select-task', { id: selectedId, show: true });
  }, [api, selectedId, data]);
  useEffect(() => {
    if (selectedId === null) shownSelection.current = null;
  }, [selectedId]);

  // the grid keeps the keyboard focus when a rebuild drops the element that had it
  const hadFocus = useRef(false);
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const focusin = () => (hadFocus.current = true);
    const focusout = (event: FocusEvent) => {
      if (event.relatedTarget !== null && !wrapper.contains(event.relatedTarget as Node)) hadFocus.current = false;
    };
    const pointerdown = (event: PointerEvent) => {
      if (!wrapper.contains(event.target as Node)) hadFocus.current = false;
    };
    wrapper.addEventListener('focusin', focusin);
    wrapper.addEventListener('focusout', focusout);
    document.addEventListener('pointerdown', pointerdown, true);
    return () => {
      wrapper.removeEventListener('focusin', focusin);
      wrapper.removeEventListener('focusout', focusout);
      document.removeEventListener('pointerdown', pointerdown, true);
    };
  }, []);
  useEffect(() => {
    if (!hadFocus.current) return;
    const active = document.activeElement;
    if (active === null || active === document.body) {
      wrapperRef.current?.querySelector<HTMLElement>('.wx-layout')?.focus({ preventScroll: true });
    }
  }, [data]);

  // SVAR widens its time scale to the chart only when the chart is resized; a rebuild (any edit,
  // a zoom) recomputes the scale from the tasks alone, and the timeline stopped short of the
  // chart's right edge. Each rebuild is followed by the resize SVAR would have had.
  useEffect(() => {
    const ganttApi = apiRef.current;
    if (!ganttApi) return;
    const state = ganttApi.getState() as { _chartWidth?: number; _chartHeight?: number; _scrollSize?: number };
    if (state._chartWidth === undefined) return;
    ganttApi.exec('resize-chart', {
      width: state._chartWidth,
      height: state._chartHeight ?? 0,
      scrollSize: state._scrollSize ?? 0,
    });
  }, [api, data, scales, columns, zoom.cellWidth, gridWidth, highlightTime, selected]);

  // 'Ajustar a la pantalla': the whole project in the chart's current width
  const lastFit = useRef(fitRequest);
  useEffect(() => {
    if (fitRequest === lastFit.current) return;
    lastFit.current = fitRequest;
    const chart = wrapperRef.current?.querySelector('.wx-chart');
    const { projectStart, projectFinish } = store.getState();
    if (!chart || projectStart === '') return;
    // the width SVAR fills its scale to (the chart's own, since the grid's border is inside it)
    const { _chartWidth: chartWidth } = (apiRef.current?.getState() ?? {}) as { _chartWidth?: number };
    const fit = fitZoom(projectStart, projectFinish, chartWidth ?? chart.clientWidth);
    // a hair wider: SVAR adds a whole cell while its scale is narrower than the chart
    setFitted({ level: fit.level, cellWidth: fit.cellWidth + 1e-6 });
    setPrefs({ zoom: fit.level });
  }, [fitRequest, store, setFitted, setPrefs]);
  useEffect(() => () => setFitted(null), [setFitted]);

  // the divider: SVAR's own, made reachable and movable from the keyboard, its place remembered;
  // the grid (SVAR's focusable layout) says which keys it takes
  const pendingGridWidth = useRef<number | null>(null);
  useEffect(() => {
    const layout = wrapperRef.current?.querySelector<HTMLElement>('.wx-layout');
    layout?.setAttribute('role', 'group');
    layout?.setAttribute('aria-label', t('gantt.gridLabel'));
    const divider = wrapperRef.current?.querySelector<HTMLElement>('.wx-resizer');
    if (!divider) return;
    divider.setAttribute('role', 'separator');
    divider.setAttribute('tabindex', '0');
    divider.setAttribute('aria-orientation', 'vertical');
    divider.setAttribute('aria-label', t('gantt.divider'));
    divider.setAttribute('aria-valuemin', String(MIN_GRID));
    divider.setAttribute('aria-valuemax', String((wrapperRef.current?.clientWidth ?? 1000) - MIN_CHART));
    divider.setAttribute('aria-valuenow', String(gridWidth));
    divider.setAttribute('title', t('gantt.dividerHint'));
  });

  const init = useCallback(
    (ganttApi: IApi) => {
      apiRef.current = ganttApi;
      setApi(ganttApi);
      ganttApi.intercept('update-task', (event) => {
        if (event.inProgress) return true;
        const before = dataRef.current.byId.get(Number(event.id));
        if (!before) return false;
        const change = readBarChange(before, event.task, typeof event.diff === 'number' ? event.diff : 0);
        const id = before.id;
        const { apply, redraw, scheduled } = store.getState();
        switch (change.kind) {
          case 'move':
            // the new start is the task's "no earlier than"; a summary's leaves shift from where they show
            report(apply((list, cal) => moveGanttTask(list, id, change.start, cal, before.startIso, scheduled)));
            break;
          case 'resize':
            report(apply((list, cal) => resizeGanttTask(list, id, change.start, change.lastDay, cal)));
            break;
          case 'progress':
            report(apply((list) => setGanttProgress(list, id, change.progress)));
            break;
          case 'none':
            redraw();
        }
        return false;
      });
      ganttApi.intercept('add-link', (event) => {
        const { source, target, type } = event.link;
        if (source === undefined || target === undefined) return false;
        addLink(Number(source), Number(target), linkTypeOfSvar[(type ?? 'e2s') as SvarLinkType] ?? 'FS');
        return false;
      });
      ganttApi.intercept('delete-link', (event) => {
        const link = parseLinkId(event.id);
        if (link) removeLink(link.from, link.to);
        return false;
      });
      ganttApi.intercept('delete-task', (event) => {
        handlersRef.current.onRequestDelete(Number(event.id));
        return false;
      });
      ganttApi.intercept('show-editor', (event) => {
        const id = Number(event.id);
        if (Number.isFinite(id) && id > 0) store.getState().setEditing(id);
        return false;
      });
      for (const action of blockedActions) ganttApi.intercept(action, () => false);
      ganttApi.on('select-task', (event) => {
        const id = Number(event.id);
        store.getState().select(Number.isFinite(id) ? id : null);
      });
      ganttApi.on('open-task', (event) => {
        const id = Number(event.id);
        store.getState().setOpen(id, event.mode);
        // the chart toggled the row itself: what it shows has that row open or closed now, so the
        // next patch ('Expandir todo' after this row was closed) sees the difference
        const now = shown.current;
        if (now?.byId.get(id)?.open !== undefined) {
          const tasks = now.tasks.map((task) => (task.id === id ? { ...task, open: event.mode } : task));
          shown.current = { ...now, tasks };
        }
      });
      // the divider dragged: remembered when the pointer lets go (a rebuild would reset it)
      ganttApi.on('resize-grid', (event) => {
        pendingGridWidth.current = Math.round(event.width);
        wrapperRef.current
          ?.querySelector('.wx-resizer')
          ?.setAttribute('aria-valuenow', String(pendingGridWidth.current));
      });
      // a column resized: its width is kept for the next rebuild and the next visit. Only the
      // resized one: the others keep following their defaults (Código its codes)
      ganttApi.on('set-columns', (event) => {
        const changed: Record<string, number> = {};
        for (const column of event.columns) {
          if (typeof column.id !== 'string' || typeof column.width !== 'number') continue;
          const width = Math.round(column.width);
          const before = columnsRef.current.find((candidate) => candidate.id === column.id)?.width;
          if (before === undefined || Math.abs(before - width) >= 1) changed[column.id] = width;
        }
        if (Object.keys(changed).length > 0) setPrefs({ columnWidths: { ...columnWidthsRef.current, ...changed } });
      });
    },
    [store, report, addLink, removeLink, setPrefs],
  );

  useEffect(() => {
    const commit = () => {
      if (pendingGridWidth.current === null) return;
      const width = pendingGridWidth.current;
      pendingGridWidth.current = null;
      setPrefs({ gridWidth: width });
    };
    window.addEventListener('mouseup', commit);
    return () => window.removeEventListener('mouseup', commit);
  }, [setPrefs]);

  // right-click on a link: its menu (SVAR's menu is for tasks)
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const contextmenu = (event: MouseEvent) => {
      const line = (event.target as Element).closest?.('g[data-link-id]');
      const link = linkOfElement(line ?? null);
      if (!line || !link) return;
      event.preventDefault();
      event.stopPropagation();
      // select it as a click would, so the menu's link is the highlighted one
      line.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const found = linkOf(link.from, link.to);
      const type = found?.type ?? 'FS';
      setLinkMenu({
        x: event.clientX,
        y: event.clientY,
        ...link,
        type,
        label: linkLabel(link.from, link.to, type),
        isGenerated: found?.generated === true,
      });
    };
    wrapper.addEventListener('contextmenu', contextmenu, true);
    return () => wrapper.removeEventListener('contextmenu', contextmenu, true);
  }, [linkLabel, linkOf]);

  const menuOptions = useMemo(
    () => [
      { id: 'cim-add', text: t('gantt.add') },
      { id: 'cim-edit', text: t('gantt.edit') },
      { id: 'cim-indent', text: t('gantt.indent') },
      { id: 'cim-outdent', text: t('gantt.outdent') },
      { id: 'cim-delete', text: t('gantt.delete') },
    ],
    [t],
  );

  // issue 15: the cut-off line, at the start of the cut-off day (P6's data date), placed as SVAR
  // places bars and again whenever its scale changes (zoom, fit, a rebuild). The free edition has
  // no markers: the chart's area draws it (gantt-chart.css) from these values.
  const [cutoffX, setCutoffX] = useState<number | null>(null);
  useEffect(() => {
    if (!api || cutoff === null) {
      setCutoffX(null);
      return;
    }
    const update = () => {
      const place = chartPlacer(api.getState() as Parameters<typeof chartPlacer>[0]);
      setCutoffX(place ? place.x(localDate(cutoff)) : null);
    };
    type Reactive = Record<string, { subscribe: (callback: () => void) => () => void } | undefined>;
    const reactive = api.getReactiveState() as unknown as Reactive;
    const stops = [reactive._scales?.subscribe(update), reactive.cellWidth?.subscribe(update)];
    update();
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [api, cutoff]);
  const cutoffLabel = cutoff === null ? '' : t('gantt.tracking.cutoffLine', { date: formatIsoDate(cutoff) });

  // the focus colour; in dark mode the app's own surfaces, for WillowDark's greys (gantt-chart.css).
  // The divider is a solid hex: SVAR draws the chart's cell lines from the '#' in its border colour
  const chartStyle = useMemo(() => {
    const { background, action } = theme.palette;
    return {
      '--cim-focus': focusColor,
      // the cut-off's label: white on it reads 5.6:1 (on the former #e65100, 3.79:1)
      '--cim-cutoff': isDark ? '#ffb74d' : '#bf360c',
      '--cim-cutoff-text': isDark ? '#000000de' : '#ffffff',
      '--cim-late': isDark ? theme.palette.error.light : theme.palette.error.main,
      ...(cutoffX !== null && {
        '--cim-cutoff-x': `${cutoffX}px`,
        '--cim-cutoff-label': JSON.stringify(cutoffLabel),
      }),
      ...(isDark && {
        '--cim-paper': background.paper,
        '--cim-paper-alt': rgbToHex(lighten(background.paper, 0.05)),
        '--cim-divider': rgbToHex(lighten(background.paper, 0.12)),
        '--cim-hover': action.hover,
        '--cim-selected': rgbToHex(lighten(background.paper, 0.15)),
      }),
    } as CSSProperties;
  }, [theme.palette, isDark, focusColor, cutoffX, cutoffLabel]);

  const criticalLinkRules = useMemo(() => {
    if (data.criticalLinks.length === 0) return '';
    // the chart writes a string id as ':id'
    const selectors = data.criticalLinks.map((id) => `.cim-gantt g[data-link-id=":${id}"] > .wx-line-draw`);
    return `${selectors.join(',\n')} { stroke: var(--cim-critical, #d32f2f); stroke-width: 2.5; }`;
  }, [data.criticalLinks]);

  return (
    <div
      ref={wrapperRef}
      className={[
        'cim-gantt',
        ...(isKeyboardFocus ? ['cim-keyboard-focus'] : []),
        ...(cutoffX !== null ? ['cim-has-cutoff'] : []),
        ...(hasBaseline ? ['cim-has-baseline'] : []),
      ].join(' ')}
      data-testid="gantt-chart"
      data-cutoff={cutoff ?? undefined}
      style={chartStyle}
    >
      <style data-testid="gantt-critical-links">{criticalLinkRules}</style>
      {areaWidth !== null && (
        <Locale words={ganttLocale}>
          <Theme fonts={false}>
            <ContextMenu
              api={api ?? undefined}
              options={menuOptions}
              onClick={(event) => {
                const id = event.action?.id;
                if (typeof id === 'string' && id.startsWith('cim-')) {
                  handlersRef.current.onMenuAction(id.slice(4) as GanttMenuAction);
                }
              }}
            >
              <Gantt
                init={init}
                tasks={chartTasks}
                links={chartLinks}
                scales={scales}
                columns={columns}
                lengthUnit="day"
                durationUnit="day"
                cellWidth={zoom.cellWidth}
                cellHeight={32}
                gridWidth={gridWidth}
                scaleHeight={28}
                taskTemplate={TaskBar}
                selected={selected}
                highlightTime={highlightTime}
              />
            </ContextMenu>
          </Theme>
        </Locale>
      )}
      {lateOnly && hasBaseline && data.tasks.length === 0 && (
        // 'Atrasadas' with nothing late: said over the empty chart
        <div className="cim-gantt-empty" role="status" data-testid="gantt-late-empty">
          {t(search.trim() === '' ? 'gantt.tracking.noneLate' : 'gantt.tracking.noneLateSearch')}
        </div>
      )}
      <GanttLinkMenu
        target={linkMenu}
        onClose={() => setLinkMenu(null)}
        onRemove={(from, to) => {
          removeLink(from, to);
          clearLinkSelection();
        }}
        onChangeType={changeLinkType}
      />
      {linkDraft &&
        createPortal(
          <svg className="cim-link-draft" aria-hidden="true">
            <line
              x1={linkDraft.x1}
              y1={linkDraft.y1}
              x2={linkDraft.x2}
              y2={linkDraft.y2}
              stroke={focusColor}
              strokeWidth={2}
              strokeDasharray="6 4"
            />
            <circle cx={linkDraft.x2} cy={linkDraft.y2} r={4} fill={focusColor} />
          </svg>,
          document.body,
        )}
    </div>
  );
});
