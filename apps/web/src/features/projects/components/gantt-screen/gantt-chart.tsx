import {
  addGanttLink,
  formatIsoDate,
  moveGanttTask,
  removeGanttLink,
  resizeGanttTask,
  setGanttProgress,
} from '@cimiento/domain';
import type { GanttEdit } from '@cimiento/domain';
import { Locale } from '@svar-ui/react-core';
import { ContextMenu, Gantt, Willow, WillowDark } from '@svar-ui/react-gantt';
import { useTheme } from '@mui/material/styles';
import type { IApi, ITask } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/stores/notices-store';
import { useGanttEditor, useGanttEditorStore } from '../../stores/gantt-editor-store';
import type { ChartData, ChartTask } from '../../utils/gantt-chart-data';
import { buildChartData, linkTypeOfSvar, parseLinkId, readBarChange } from '../../utils/gantt-chart-data';
import type { SvarLinkType } from '../../utils/gantt-chart-data';
import { ganttLocale } from '../../utils/gantt-locale';
import './gantt-chart.css';

export type GanttMenuAction = 'add' | 'edit' | 'delete' | 'indent' | 'outdent';

type GanttChartProps = {
  onMenuAction: (action: GanttMenuAction) => void;
  onRequestDelete: (id: number) => void;
  /** the chart's API once it is ready (the PNG export reads its scroll and scale from it) */
  apiRef?: RefObject<IApi | null>;
};

/** The bar's content: the name, and the mark the stylesheet paints critical bars by. */
function TaskBar({ data: task }: { data: ITask }) {
  const data = task as ChartTask;
  return (
    <div
      className={data.critical ? 'cim-bar cim-critical' : 'cim-bar'}
      data-task-id={data.id}
      data-critical={data.critical ? 'true' : 'false'}
      title={`${data.code === '' ? '' : `${data.code} `}${data.text}`}
    >
      {data.type === 'milestone' ? '' : data.text}
    </div>
  );
}

function CodeCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.code}</span>;
}

function NameCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span title={row.text}>{row.text}</span>;
}

function StartCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{formatIsoDate(row.startIso)}</span>;
}

function DurationCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.workDays}</span>;
}

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
 */
export function GanttChart({ onMenuAction, onRequestDelete, apiRef }: GanttChartProps) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const tasks = useGanttEditor((state) => state.tasks);
  const scheduled = useGanttEditor((state) => state.scheduled);
  const closed = useGanttEditor((state) => state.closed);
  const search = useGanttEditor((state) => state.search);
  const revision = useGanttEditor((state) => state.revision);
  const selectedId = useGanttEditor((state) => state.selectedId);
  const [api, setApi] = useState<IApi | null>(null);
  const Theme = useTheme().palette.mode === 'dark' ? WillowDark : Willow;

  const data = useMemo(
    () => buildChartData(tasks, scheduled, closed, search),
    // revision: a refused edit still redraws, to put a dragged bar back
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tasks, scheduled, closed, search, revision],
  );
  const dataRef = useRef<ChartData>(data);
  dataRef.current = data;
  // the chart re-initialises whenever a prop changes identity: keep every prop stable
  const selected = useMemo(() => (selectedId === null ? [] : [selectedId]), [selectedId]);
  const handlersRef = useRef({ onMenuAction, onRequestDelete });
  handlersRef.current = { onMenuAction, onRequestDelete };

  const columns = useMemo(
    () => [
      { id: 'taskId', header: 'TaskID', hidden: true, width: 60 },
      { id: 'text', header: t('gantt.code'), width: 170, cell: CodeCell },
      { id: 'name', header: t('gantt.name'), flexgrow: 1, cell: NameCell },
      { id: 'startIso', header: t('gantt.start'), width: 100, align: 'center' as const, cell: StartCell },
      { id: 'workDays', header: t('gantt.duration'), width: 90, align: 'right' as const, cell: DurationCell },
    ],
    [t],
  );

  const scales = useMemo(
    () => [
      { unit: 'month', step: 1, format: '%F %Y' },
      {
        unit: 'week',
        step: 1,
        format: (date: Date) =>
          t('gantt.weekOf', {
            day: String(date.getDate()).padStart(2, '0'),
            month: String(date.getMonth() + 1).padStart(2, '0'),
          }),
      },
    ],
    [t],
  );

  const report = useCallback((result: GanttEdit) => {
    if (!result.ok) notifyError(result.error);
  }, []);

  const init = useCallback(
    (ganttApi: IApi) => {
      setApi(ganttApi);
      if (apiRef) apiRef.current = ganttApi;
      ganttApi.intercept('update-task', (event) => {
        if (event.inProgress) return true;
        const before = dataRef.current.byId.get(Number(event.id));
        if (!before) return false;
        const change = readBarChange(before, event.task, typeof event.diff === 'number' ? event.diff : 0);
        const id = before.id;
        const { apply, redraw } = store.getState();
        switch (change.kind) {
          case 'move':
            report(apply((list, cal) => moveGanttTask(list, id, change.start, cal, before.startIso)));
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
        const linkType = linkTypeOfSvar[(type ?? 'e2s') as SvarLinkType] ?? 'FS';
        report(store.getState().apply((list) => addGanttLink(list, Number(source), Number(target), linkType)));
        return false;
      });
      ganttApi.intercept('delete-link', (event) => {
        const link = parseLinkId(event.id);
        if (link) report(store.getState().apply((list) => removeGanttLink(list, link.from, link.to)));
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
        store.getState().setOpen(Number(event.id), event.mode);
      });
    },
    [store, report, apiRef],
  );

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

  const criticalLinkRules = useMemo(() => {
    if (data.criticalLinks.length === 0) return '';
    // the chart writes a string id as ':id'
    const selectors = data.criticalLinks.map((id) => `.cim-gantt g[data-link-id=":${id}"] > .wx-line-draw`);
    return `${selectors.join(',\n')} { stroke: var(--cim-critical, #d32f2f); stroke-width: 2.5; }`;
  }, [data.criticalLinks]);

  return (
    <div className="cim-gantt" data-testid="gantt-chart">
      <style data-testid="gantt-critical-links">{criticalLinkRules}</style>
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
              tasks={data.tasks}
              links={data.links}
              scales={scales}
              columns={columns}
              lengthUnit="day"
              durationUnit="day"
              cellWidth={84}
              cellHeight={32}
              gridWidth={560}
              scaleHeight={28}
              taskTemplate={TaskBar}
              selected={selected}
            />
          </ContextMenu>
        </Theme>
      </Locale>
    </div>
  );
}
