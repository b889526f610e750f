import { formatIsoDate, moveGanttTask, resizeGanttTask, setGanttProgress } from '@cimiento/domain';
import type { GanttEdit, PlannerLinkLabels } from '@cimiento/domain';
import { Locale } from '@svar-ui/react-core';
import { ContextMenu, Gantt, Willow, WillowDark } from '@svar-ui/react-gantt';
import { useTheme } from '@mui/material/styles';
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
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/stores/notices-store';
import { useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import { useGanttViewPrefs } from './gantt-view-store';
import type { ChartData } from './gantt-chart-data';
import { buildChartData, linkTypeOfSvar, parseLinkId, readBarChange } from './gantt-chart-data';
import type { SvarLinkType } from './gantt-chart-data';
import { applyChartPatch, chartPatch } from './gantt-chart-patch';
import { ganttLocale } from './gantt-locale';
import { CriticalTasksContext, TaskBar } from './gantt-cells';
import { GanttLinkMenu } from './gantt-link-menu';
import { chartStyleOf, criticalLinkRules as criticalLinkRulesOf } from './chart-styles';
import { useChartColumns } from './use-chart-columns';
import type { GanttMenuAction } from './use-chart-commands';
import { useChartCommands } from './use-chart-commands';
import { clampGridWidth, useChartDivider, useMoveDivider, useRestoreDivider } from './use-chart-divider';
import { useChartLinks, useLinkContextMenu } from './use-chart-links';
import { useChartScales, useFitToScreen } from './use-chart-scales';
import { useCutoffLine } from './use-cutoff-line';
import { useGanttKeyboard } from './use-gantt-keyboard';
import { useChartGridAria } from './use-chart-grid-aria';
import { GanttCellEditor } from './gantt-cell-editor';
import { useCellEditing } from './use-cell-editing';
import { useLinkDrawing } from './use-link-drawing';
import { useSharedScroll } from './use-shared-scroll';
import './gantt-chart.css';

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
  const progressAmounts = useGanttEditor((state) => state.progressAmounts);
  const resourceNames = useGanttEditor((state) => state.resourceNames);
  const cutoff = useGanttEditor((state) => state.cutoff);
  // issue 36: a role that may not change the plan: SVAR's own drag, resize and link handles are off
  // and the task menu is not offered (every edit is refused by the store anyway)
  const isReadOnly = useGanttEditor((state) => state.readOnly !== null);
  const [prefs, setPrefs] = useGanttViewPrefs();
  const [api, setApi] = useState<IApi | null>(null);
  const apiRef = useRef<IApi | null>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [areaWidth, setAreaWidth] = useState<number | null>(null);
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
      { baseline, calendar, lateOnly, amounts: progressAmounts, resourceNames },
      lastBuild.current,
    );
    lastBuild.current = built;
    return built;
    // revision: a refused edit still redraws, to put a dragged bar back
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    tasks,
    scheduled,
    closed,
    search,
    revision,
    labels,
    baseline,
    calendar,
    lateOnly,
    progressAmounts,
    resourceNames,
  ]);
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
  // issue 32 (speed): a bar dragged or stretched was moved by SVAR itself, pixel by pixel; after the
  // drop, the patch lets SVAR lay out every bar again (the refused or rounded drag goes back in place)
  const barDragged = useRef(false);
  useLayoutEffect(() => {
    const ganttApi = apiRef.current;
    if (patch && ganttApi) applyChartPatch(ganttApi.getStores().data, patch, { placeAll: barDragged.current });
    if (patch) barDragged.current = false;
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

  // the chart area's width before the chart first draws (the grid's default share of it), then as
  // the window or the sidebar changes it (issue 32: the divider keeps both sides their least width)
  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    setAreaWidth(wrapper?.clientWidth ?? 1000);
    if (!wrapper || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = wrapper.clientWidth;
      if (width > 0) setAreaWidth((before) => (before !== null && Math.abs(before - width) < 1 ? before : width));
    });
    observer.observe(wrapper);
    return () => observer.disconnect();
  }, []);

  const { columns, gridWidth, gridWidthRef, defaultGridWidthRef, keepResizedColumns } = useChartColumns({
    tasks,
    hasBaseline,
    areaWidth,
    prefs,
    setPrefs,
    t,
  });

  const { zoom, scales, highlightTime } = useChartScales(prefs.zoom, calendar, i18n.language, t);

  const report = useCallback((result: GanttEdit) => {
    if (!result.ok) notifyError(result.error);
  }, []);

  const { linkLabel, linkOf, addLink, clearLinkSelection, removeLink, changeLinkType } = useChartLinks({
    store,
    wrapperRef,
    labels,
    report,
    t,
  });

  const linkDraft = useLinkDrawing(wrapperRef, addLink, t('gantt.linkHint'));

  const moveDivider = useMoveDivider(wrapperRef, apiRef, gridWidthRef, setPrefs);
  const restoreDivider = useRestoreDivider(apiRef, defaultGridWidthRef, setPrefs);
  const runCommand = useChartCommands({ store, apiRef, wrapperRef, handlersRef, removeLink, clearLinkSelection });

  // issue 32: editing in the cells (typing, F2, double-click, Enter/Tab/Escape, pasting a column)
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const cells = useCellEditing({ store, apiRef, wrapperRef, dataRef, columnsRef, t });
  const cellLabel = useCallback(
    (edit: { id: number; column: string }) =>
      t('gantt.cells.editLabel', {
        column: columns.find((column) => column.id === edit.column)?.header ?? edit.column,
        id: edit.id,
      }),
    [t, columns],
  );

  const { isKeyboardFocus, focusGrid } = useGanttKeyboard(wrapperRef, {
    run: runCommand,
    moveDivider,
    restoreDivider,
    cellKey: cells.cellKey,
  });
  useChartGridAria(wrapperRef);
  useSharedScroll(wrapperRef, apiRef);
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
  useFitToScreen(wrapperRef, apiRef, store, setPrefs);

  // the divider: SVAR's own, made reachable and movable from the keyboard, its place remembered
  const dividerDragged = useChartDivider(wrapperRef, gridWidth, setPrefs, restoreDivider, t);

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
      // issue 32, the divider cannot trap: SVAR hid the chart (or the grid) when the divider came
      // near an edge and then refused to drag it back; both always show, each its least width
      ganttApi.intercept('set-display-mode', (event) => event.mode === 'all');
      ganttApi.intercept('resize-grid', (event) => {
        event.width = clampGridWidth(event.width, wrapperRef.current?.clientWidth ?? 1000);
        return true;
      });
      ganttApi.on('drag-task', () => {
        barDragged.current = true;
      });
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
      ganttApi.on('resize-grid', (event) => dividerDragged(event.width));
      // a column resized: its width is kept for the next rebuild and the next visit. Only the
      // resized one: the others keep following their defaults (Código its codes)
      ganttApi.on('set-columns', (event) => keepResizedColumns(event.columns));
    },
    [store, report, addLink, removeLink, dividerDragged, keepResizedColumns],
  );

  // right-click on a link: its menu (SVAR's menu is for tasks)
  const [linkMenu, setLinkMenu] = useLinkContextMenu(wrapperRef, { linkOf, linkLabel });

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

  // issue 15: the cut-off line (gantt-chart.css draws it from its place and label)
  const cutoffX = useCutoffLine(api, cutoff);
  const cutoffLabel = cutoff === null ? '' : t('gantt.tracking.cutoffLine', { date: formatIsoDate(cutoff) });

  const chartStyle = useMemo(
    () => chartStyleOf(theme.palette, { isDark, focusColor, cutoffX, cutoffLabel }),
    [theme.palette, isDark, focusColor, cutoffX, cutoffLabel],
  );
  const criticalLinkRules = useMemo(() => criticalLinkRulesOf(data.criticalLinks), [data.criticalLinks]);

  const chartBody = (
    <CriticalTasksContext.Provider value={data.criticalIds}>
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
        readonly={isReadOnly}
      />
    </CriticalTasksContext.Provider>
  );

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
            {isReadOnly ? (
              chartBody
            ) : (
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
                {chartBody}
              </ContextMenu>
            )}
          </Theme>
        </Locale>
      )}
      {lateOnly && hasBaseline && data.tasks.length === 0 && (
        // 'Atrasadas' with nothing late: said over the empty chart
        <div className="cim-gantt-empty" role="status" data-testid="gantt-late-empty">
          {t(search.trim() === '' ? 'gantt.tracking.noneLate' : 'gantt.tracking.noneLateSearch')}
        </div>
      )}
      <GanttCellEditor
        wrapperRef={wrapperRef}
        edit={cells.edit}
        notice={cells.notice}
        selectedId={selectedId}
        activeColumn={cells.activeColumn}
        label={cellLabel}
        redraws={data}
        onText={cells.setText}
        onCommit={cells.commit}
        onCancel={cells.cancel}
        onLeave={cells.leave}
      />
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
