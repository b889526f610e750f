import {
  addGanttTask,
  deleteGanttTask,
  formatNumber,
  ganttRowNumbers,
  ganttSubtreeIds,
  ganttTaskCodes,
  ganttTaskLabel,
  nextGanttTaskId,
  updateGanttTask,
} from '@cimiento/domain';
import type { GanttOutput, LoadedProject, SequencingMode } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeletionMoneyNote } from '@/components/ui/deletion-money-note';
import { taskDeletionNote } from '@/lib/deletion-money';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import { ganttQueryOptions, useRegenerateGanttSequence, useReloadGantt, useSaveGantt } from '../api/gantt';
import {
  GanttEditorContext,
  createGanttEditorStore,
  saveVariablesOf,
  selectHasGeneratedLinks,
  selectHolidaysPending,
  selectIsDirty,
  useGanttEditor,
  useGanttEditorStore,
} from '../editor/gantt-editor-store';
import { useGanttPrint } from '../print/use-gantt-print';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import type { GanttChartHandle } from '../chart/gantt-chart';
import type { GanttMenuAction } from '../chart/use-chart-commands';
import { GanttCalendarDialog } from '../calendar/gantt-calendar-dialog';
import { GanttChart } from '../chart/gantt-chart';
import { useGanttHistoryKeys } from '../chart/use-gantt-keyboard';
import { GanttDraft } from './gantt-draft';
import { ganttMove, ganttMoveQuestion } from './gantt-move-question';
import { GanttHeaderActions } from './gantt-header-actions';
import { GanttProgressTools } from '../tracking/gantt-progress-tools';
import { GanttLevelingTools } from '../resources/gantt-leveling-tools';
import { useGanttResources } from '../api/resources';
import type { GanttTaskPanelHandle } from './gantt-task-panel';
import { GanttTaskPanel } from './gantt-task-panel';
import { GanttToolbar } from './gantt-toolbar';
import { ganttSequencingQuestion } from './gantt-sequencing-question';
import { useGanttExchange } from './use-gantt-exchange';
import { RoleNotice } from '@/components/project/role-notice';
import { useProjectAbilities } from '@/lib/project-abilities';

/** The chart's least height on md+ (the time scale and about seven rows): below it the page scrolls. */
const CHART_MIN_HEIGHT = 280;
/**
 * issue 32: the task editor's least height on md+. It takes what the chart's least height leaves and
 * scrolls inside, so opening it never pushes the chart out of view.
 */
const EDITOR_MIN_HEIGHT = 160;

type PendingConfirm =
  | { kind: 'delete'; id: number; text: string; money: string | null }
  | { kind: 'move'; id: number; outdent: boolean; text: string; money: string }
  | { kind: 'save' }
  | { kind: 'reload' }
  | { kind: 'sequencing'; sequencing: SequencingMode; text: string };

function GanttScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const taskCount = useGanttEditor((state) => state.tasks.length);
  const isDirty = useGanttEditor(selectIsDirty);
  const editingId = useGanttEditor((state) => state.editingId);
  const staleMessage = useGanttEditor((state) => state.staleMessage);
  const sequencing = useGanttEditor((state) => state.sequencing);
  const hasGeneratedLinks = useGanttEditor(selectHasGeneratedLinks);
  const projectStart = useGanttEditor((state) => state.projectStart);
  const projectFinish = useGanttEditor((state) => state.projectFinish);
  const holidaysPending = useGanttEditor(selectHolidaysPending);
  const projectCalendar = useGanttEditor((state) => state.projectCalendar);
  const hasHolidayList = useGanttEditor((state) => state.calendarInfo.chileHolidays);
  const version = useGanttEditor((state) => state.version);
  const readOnly = useGanttEditor((state) => state.readOnly);
  const { role, canRecordProgress } = useProjectAbilities(project._id);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const panelRef = useRef<GanttTaskPanelHandle>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const ganttRef = useRef<GanttChartHandle>(null);
  // issue 32: PDF and PNG print what the screen shows (print/use-gantt-print.tsx)
  const print = useGanttPrint(project, ganttRef, chartRef);

  const saveGantt = useSaveGantt({ onSuccess: (output) => store.getState().load(output) });
  const reloadGantt = useReloadGantt({ onSuccess: (output) => store.getState().load(output) });
  const regenerateSequence = useRegenerateGanttSequence({ onSuccess: (output) => store.getState().load(output) });
  const exchange = useGanttExchange({ projectId: project._id, version, saveFirst, requestPrint: print.requestPrint });

  // issue 35: the resources catalogue, for the 'Recursos' column and the task editor
  const resources = useGanttResources();
  useEffect(() => {
    if (resources.data === undefined) return;
    store
      .getState()
      .setResources(
        resources.data.map((resource) => ({ _id: resource._id, code: resource.code, name: resource.name })),
      );
  }, [resources.data, store]);

  // Ctrl+S asks to save, as in MS Project (instead of the browser saving the page)
  const isConfirming = confirm !== null;
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!isConfirming && !isCalendarOpen && !exchange.isOpen) setConfirm({ kind: 'save' });
    };
    window.addEventListener('keydown', keydown);
    return () => window.removeEventListener('keydown', keydown);
  }, [isConfirming, isCalendarOpen, exchange.isOpen]);

  // issue 32: Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo the Gantt's edits, as its toolbar's buttons
  useGanttHistoryKeys({
    run: (key) => (key === 'undo' ? store.getState().undo() : store.getState().redo()),
    isEnabled: () => store.getState().editingId === null,
  });

  function selectedOrWarn(): number | null {
    const { selectedId } = store.getState();
    if (selectedId === null) notifyError(t('gantt.selectFirst'));
    return selectedId;
  }

  function report(result: { ok: true } | { ok: false; error: string }) {
    if (!result.ok) notifyError(result.error);
  }

  function handleAdd() {
    const state = store.getState();
    const id = nextGanttTaskId(state.tasks, state.idFloor);
    const selected = state.selectedId === null ? undefined : state.scheduled.get(state.selectedId);
    const start = selected?.start ?? (state.projectStart || `${state.calendarInfo.firstYear}-01-01`);
    const result = state.apply((tasks, calendar) =>
      addGanttTask(tasks, state.selectedId ?? undefined, {
        id,
        start: calendar.addWorkingDays(start, 0),
        name: t('gantt.newTask'),
      }),
    );
    report(result);
    if (result.ok) {
      state.select(id);
      state.setEditing(id);
    }
  }

  /** Issue 36: a role that may not change the plan is told why, and nothing is asked or changed. */
  function refusedByRole(): boolean {
    const refusal = store.getState().readOnly;
    if (refusal !== null) notifyError(refusal);
    return refusal !== null;
  }

  function handleEdit() {
    if (refusedByRole()) return;
    const id = selectedOrWarn();
    if (id !== null) store.getState().setEditing(id);
  }

  async function requestDelete(id: number) {
    if (refusedByRole()) return;
    const { tasks } = store.getState();
    const task = tasks.find((candidate) => candidate.id === id);
    if (!task) return;
    const subtree = ganttSubtreeIds(tasks, id);
    const count = subtree.length - 1;
    // issue 32: the task as the grid names it, by its code unique in the project and its row (Id)
    const label = t('gantt.taskInRow', {
      task: ganttTaskLabel({ code: ganttTaskCodes(tasks).get(id) ?? task.code, name: task.name }),
      row: ganttRowNumbers(tasks).get(id) ?? id,
    });
    const text =
      count === 0
        ? t('gantt.confirmDeleteNone', { task: label })
        : t('gantt.confirmDelete', { task: label, count, formatted: formatNumber(count) });
    setConfirm({ kind: 'delete', id, text, money: await taskDeletionNote(t, project._id, { taskIds: subtree }) });
  }

  function handleDelete() {
    const id = selectedOrWarn();
    if (id !== null) void requestDelete(id);
  }

  // issue 33: a move touching recorded progress, a paid partida or a baseline asks first
  const isAskingMove = useRef(false);
  async function handleIndent(outdent: boolean) {
    if (refusedByRole()) return;
    const id = selectedOrWarn();
    if (id === null || isAskingMove.current) return;
    isAskingMove.current = true;
    try {
      const question = await ganttMoveQuestion(t, project._id, store.getState().tasks, id, outdent);
      if (question.kind === 'refused') notifyError(question.error);
      else if (question.kind === 'none') report(store.getState().apply(ganttMove(id, outdent)));
      else setConfirm({ kind: 'move', id, outdent, text: question.text, money: question.money });
    } finally {
      isAskingMove.current = false;
    }
  }

  function handleUpdate() {
    const state = store.getState();
    const id = state.editingId;
    if (id === null) return;
    const changes = panelRef.current?.read();
    if (!changes) return;
    if ('error' in changes) {
      // issue 32: a field's message is shown at the field (nothing changes); anything else is a notice
      if (!changes.atField) notifyError(changes.error);
      return;
    }
    const result = state.apply((tasks) => updateGanttTask(tasks, id, changes));
    report(result);
    if (result.ok) {
      store.getState().setEditing(null);
      ganttRef.current?.focusGrid();
    }
  }

  function handleCancelEditing() {
    store.getState().setEditing(null);
    ganttRef.current?.focusGrid();
  }

  /** After a deletion the row that takes its place is selected (the next one, else the one above). */
  function neighbourAfterDelete(id: number): number | null {
    const { tasks } = store.getState();
    const gone = new Set(ganttSubtreeIds(tasks, id));
    const at = tasks.findIndex((task) => task.id === id);
    const after = tasks.slice(at).find((task) => !gone.has(task.id));
    const before = tasks
      .slice(0, Math.max(at, 0))
      .reverse()
      .find((task) => !gone.has(task.id));
    return (after ?? before)?.id ?? null;
  }

  function handleMenuAction(action: GanttMenuAction) {
    switch (action) {
      case 'add':
        handleAdd();
        break;
      case 'edit':
        handleEdit();
        break;
      case 'delete':
        handleDelete();
        break;
      case 'indent':
        void handleIndent(false);
        break;
      case 'outdent':
        void handleIndent(true);
    }
  }

  /** A refused save or regeneration: a stale version keeps the edits and offers 'Recargar'. */
  function onRefused(error: unknown) {
    if (isFunctionError(error) && error.code === 'ABORTED') store.getState().markStale(describeError(error));
  }

  function handleSave() {
    saveGantt.mutate(saveVariablesOf(project._id, store.getState()), { onError: onRefused });
  }

  function requestSequencing(next: SequencingMode) {
    const state = store.getState();
    const text = ganttSequencingQuestion(t, state.tasks, selectIsDirty(state), next);
    setConfirm({ kind: 'sequencing', sequencing: next, text });
  }

  /** Saves the unsaved edits first (a refusal stops there, keeping them), then regenerates. */
  async function handleSequencing(next: SequencingMode) {
    let version = store.getState().version;
    if (selectIsDirty(store.getState())) {
      try {
        const saved = await saveGantt.mutateAsync(saveVariablesOf(project._id, store.getState()));
        version = saved.version;
      } catch (error) {
        onRefused(error);
        return;
      }
    }
    regenerateSequence.mutate({ projectId: project._id, sequencing: next, version }, { onError: onRefused });
  }

  /** Saves the unsaved edits; false when the save was refused (the edits stay, a stale one offers 'Recargar'). */
  async function saveFirst(): Promise<boolean> {
    try {
      await saveGantt.mutateAsync(saveVariablesOf(project._id, store.getState()));
      return true;
    } catch (error) {
      onRefused(error);
      return false;
    }
  }

  function handleConfirm() {
    const pending = confirm;
    setConfirm(null);
    if (pending?.kind === 'delete') {
      const neighbour = neighbourAfterDelete(pending.id);
      const result = store.getState().apply((tasks) => deleteGanttTask(tasks, pending.id));
      report(result);
      if (result.ok && neighbour !== null) store.getState().select(neighbour);
    } else if (pending?.kind === 'move') report(store.getState().apply(ganttMove(pending.id, pending.outdent)));
    else if (pending?.kind === 'save') handleSave();
    else if (pending?.kind === 'reload') reloadGantt.mutate(project._id);
    else if (pending?.kind === 'sequencing') void handleSequencing(pending.sequencing);
  }

  const confirmText =
    confirm?.kind === 'delete' || confirm?.kind === 'move' || confirm?.kind === 'sequencing'
      ? confirm.text
      : confirm?.kind === 'save'
        ? t('gantt.confirmSave')
        : confirm?.kind === 'reload'
          ? t('gantt.confirmReload')
          : '';

  return (
    <PagePanel
      title={t('gantt.title', { project: project.name })}
      subtitle={t('pages.projectGantt')}
      isFullHeight
      canGrow
      actions={
        <GanttHeaderActions
          taskCount={taskCount}
          projectStart={projectStart}
          projectFinish={projectFinish}
          hasGeneratedLinks={hasGeneratedLinks}
          isDirty={isDirty}
        />
      }
    >
      <RoleNotice role={role} allowed={readOnly === null} />
      {readOnly === null && <GanttDraft projectId={project._id} />}
      <StaleSaveAlert
        message={staleMessage}
        reloadLabel={t('gantt.reload')}
        onReload={() => setConfirm({ kind: 'reload' })}
      />
      {holidaysPending && readOnly === null && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="holidays-pending"
          action={
            <Button color="inherit" size="small" variant="outlined" onClick={() => setConfirm({ kind: 'save' })}>
              {t('gantt.calendar.saveNow')}
            </Button>
          }
        >
          {t('gantt.calendar.holidaysPending')}
        </Alert>
      )}
      <GanttToolbar
        readOnly={readOnly !== null}
        isEditing={editingId !== null}
        isExporting={print.isExporting}
        onAdd={handleAdd}
        onEdit={handleEdit}
        onDelete={handleDelete}
        onCancel={handleCancelEditing}
        onUpdate={handleUpdate}
        onIndent={() => void handleIndent(false)}
        onOutdent={() => void handleIndent(true)}
        onSave={() => setConfirm({ kind: 'save' })}
        sequencing={confirm?.kind === 'sequencing' ? confirm.sequencing : sequencing}
        onSequencingChange={requestSequencing}
        onRegenerate={() => requestSequencing(store.getState().sequencing)}
        onExport={exchange.requestExport}
        onCalendar={() => setIsCalendarOpen(true)}
        onImport={exchange.requestImport}
        progressTools={canRecordProgress ? <GanttProgressTools projectId={project._id} /> : null}
        resourceTools={readOnly === null ? <GanttLevelingTools projectId={project._id} /> : null}
      />
      {editingId !== null && (
        // issue 32: the editor shrinks to what the chart leaves and scrolls within its own box on md+
        <Box
          data-testid="gantt-editor-box"
          sx={{
            // grows from nothing up to its content, like the chart: neither pushes the other off the card
            flex: { md: '1 1 0' },
            minHeight: { md: EDITOR_MIN_HEIGHT },
            maxHeight: { md: 'max-content' },
            overflowY: { md: 'auto' },
          }}
        >
          <GanttTaskPanel
            key={editingId}
            ref={panelRef}
            id={editingId}
            onSubmit={handleUpdate}
            onCancel={handleCancelEditing}
          />
        </Box>
      )}
      {taskCount === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('gantt.noTasks')}
        </Alert>
      )}
      {/* the rest of the card (full height on md+), never shorter than a useful chart; below md a fixed height */}
      <Box
        ref={chartRef}
        sx={{
          bgcolor: 'background.paper',
          height: { xs: 'max(480px, calc(100vh - 330px))', md: 'auto' },
          flex: { md: '1 1 0' },
          minHeight: { md: CHART_MIN_HEIGHT },
        }}
      >
        <GanttChart ref={ganttRef} onMenuAction={handleMenuAction} onRequestDelete={requestDelete} />
      </Box>
      <ConfirmDialog
        isOpen={confirm !== null}
        text={confirmText}
        details={
          (confirm?.kind === 'delete' || confirm?.kind === 'move') && confirm.money !== null ? (
            <DeletionMoneyNote text={confirm.money} />
          ) : null
        }
        confirmColor={
          confirm?.kind === 'save'
            ? 'success'
            : confirm?.kind === 'sequencing' || confirm?.kind === 'move'
              ? 'primary'
              : 'error'
        }
        onConfirm={handleConfirm}
        onCancel={() => setConfirm(null)}
      />
      <GanttCalendarDialog
        isOpen={isCalendarOpen}
        calendar={projectCalendar}
        hasHolidayList={hasHolidayList}
        onApply={(calendar) => {
          const result = store.getState().setCalendar(calendar);
          if (result.ok) notifyMessage(t('gantt.calendar.applied'));
          return result;
        }}
        onClose={() => setIsCalendarOpen(false)}
      />
      {exchange.dialogs}
      {print.dialog}
    </PagePanel>
  );
}

function GanttEditor({ project, output }: { project: LoadedProject; output: GanttOutput }) {
  const { t } = useTranslation();
  const { role, canPlan } = useProjectAbilities(project._id);
  // issue 36: why this role may not change the plan (null: it may), in the notice's words
  const refusal = canPlan || !role ? null : t('roleNotice.readOnly', { role: t(`roles.${role}`) });
  const [store] = useState(() => {
    const created = createGanttEditorStore(output);
    created.getState().setReadOnly(refusal);
    return created;
  });
  useEffect(() => store.getState().setReadOnly(refusal), [refusal, store]);
  return (
    <GanttEditorContext.Provider value={store}>
      <GanttScreen project={project} />
    </GanttEditorContext.Provider>
  );
}

function GanttLoader({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const query = useQuery(ganttQueryOptions(project._id));
  if (query.data) return <GanttEditor project={project} output={query.data} />;
  if (query.isError) {
    return (
      <PagePanel title={t('gantt.title', { project: project.name })} subtitle={t('pages.projectGantt')}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('projects.retry')}
            </Button>
          }
        >
          {describeError(query.error)}
        </Alert>
      </PagePanel>
    );
  }
  // the global spinner covers the page while the Gantt loads
  return null;
}

/**
 * /projects/{id}/gantt: the id may be 'current'. Keyed by the project: another project starts
 * afresh. loadGantt starts with loadProject, not after it: the Gantt needs only the project's id.
 */
export function ProjectGantt() {
  const id = useProjectRouteId();
  useQuery({ ...ganttQueryOptions(id ?? ''), enabled: id !== null });
  return <ProjectRouteGate>{(project) => <GanttLoader key={project._id} project={project} />}</ProjectRouteGate>;
}
