import { formatIsoDate, formatProgress } from '@cimiento/domain';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { describeError, isFunctionError } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { base64ToBlob } from '@/lib/file-reading';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useReloadGantt, useSaveGantt } from '../api/gantt';
import { useExportProgress, useSaveProgress } from '../api/progress';
import { saveVariablesOf, selectIsDirty, useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import { hasPendingEntries, progressEntryStoreFor } from './progress-entry-store';
import { changedEntries, progressRowsOf, readCutoff } from './progress-grid';
import { GanttProgressGrid } from './gantt-progress-grid';
import { rolledProgress } from '../chart/gantt-chart-tracking';
import { GanttProgressHistory } from './gantt-progress-history';
import { GanttUpdateAsScheduled } from './gantt-update-as-scheduled';
import { GanttProgressImport } from '../exchange/gantt-progress-import';
import { ToolButton, ToolGroup } from '../editor/gantt-tool-button';
import { GanttUnsavedDialog } from '../editor/gantt-unsaved-dialog';

/** What waits for the question about the Gantt's unsaved edits. */
type Pending = 'grid' | 'import' | 'export' | 'update';

/**
 * Recording progress in the Gantt (issue 15), as one toolbar group: the current cut-off ('Corte:
 * 30-11-2026'), 'Registrar avance' (the keyboard grid) and, in its menu, 'Cortes de avance',
 * 'Descargar planilla de avance' and 'Importar avance desde Excel'. Progress is recorded on the
 * saved Gantt, so with unsaved edits the user saves or discards them first. What the grid holds
 * and is not saved is kept as a draft ('progress') and offered back on the next visit
 * (./progress-draft, shown with the Gantt's own offer).
 */
export function GanttProgressTools({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const latest = useGanttEditor((state) => state.cutoff);
  const version = useGanttEditor((state) => state.version);
  const entry = progressEntryStoreFor(store);
  const cutoffText = useStore(entry, (state) => state.cutoffText);
  const [isGridOpen, setIsGridOpen] = useState(false);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [isUpdateOpen, setIsUpdateOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const saveGantt = useSaveGantt({ onSuccess: (output) => store.getState().load(output) });
  const reloadGantt = useReloadGantt({ onSuccess: (output) => store.getState().load(output) });
  const saveProgress = useSaveProgress();
  const exportProgress = useExportProgress();

  /** Saves the Gantt's unsaved edits; false when refused (a stale one shows the screen's 'Recargar'). */
  async function saveGanttFirst(): Promise<boolean> {
    try {
      await saveGantt.mutateAsync(saveVariablesOf(projectId, store.getState()));
      return true;
    } catch (error) {
      if (isFunctionError(error) && error.code === 'ABORTED') store.getState().markStale(describeError(error));
      return false;
    }
  }

  async function downloadSheet() {
    try {
      const file = await exportProgress.mutateAsync(projectId);
      downloadBlob(base64ToBlob(file.content, file.mimeType), file.fileName);
      notifyMessage(file.message);
    } catch {
      // the error toast already told the user
    }
  }

  function open(what: Pending) {
    setMenuAnchor(null);
    if (selectIsDirty(store.getState())) {
      setPending(what);
      return;
    }
    go(what);
  }

  function go(what: Pending) {
    if (what === 'grid') setIsGridOpen(true);
    else if (what === 'import') setIsImportOpen(true);
    else if (what === 'update') setIsUpdateOpen(true);
    else void downloadSheet();
  }

  async function handleUnsavedSave() {
    const what = pending;
    setPending(null);
    if (what !== null && (await saveGanttFirst())) go(what);
  }

  function handleUnsavedOther() {
    const what = pending;
    setPending(null);
    if (what === 'export') void downloadSheet();
    // 'Descartar cambios': the saved Gantt as it is now (also the version the save checks)
    else if (what !== null) reloadGantt.mutate(projectId, { onSuccess: () => go(what) });
  }

  function handleSave() {
    const state = store.getState();
    const typed = entry.getState();
    const cutoff = readCutoff(typed.cutoffText, state.cutoff);
    if (!cutoff.ok) return;
    const entries = changedEntries(progressRowsOf(state.tasks, state.scheduled), typed.edits, cutoff.cutoff);
    if (entries.length === 0) {
      notifyMessage(t('gantt.progressEntry.nothingChanged'));
      return;
    }
    setSaveError(null);
    saveProgress.mutate(
      { projectId, cutoff: cutoff.cutoff, entries, version: state.version },
      {
        onSuccess: (output) => {
          store.getState().load(output);
          entry.getState().reset(formatIsoDate(output.cutoff ?? cutoff.cutoff));
        },
        onError: (error) => {
          if (isFunctionError(error) && error.code === 'ABORTED') entry.getState().markStale(describeError(error));
          else setSaveError(t('gantt.progressEntry.saveFailed', { error: describeError(error) }));
        },
      },
    );
  }

  function handleReload() {
    reloadGantt.mutate(projectId, { onSuccess: () => entry.getState().markStale(null) });
  }

  const unsavedText =
    pending === 'export'
      ? t('gantt.progressEntry.excel.unsavedExport')
      : pending === 'import'
        ? t('gantt.progressEntry.excel.unsaved')
        : pending === 'update'
          ? t('gantt.progressEntry.update.unsaved')
          : t('gantt.progressEntry.unsaved');

  return (
    <>
      <Divider orientation="vertical" flexItem />
      <ToolGroup>
        <ToolButton
          label={t('gantt.progressEntry.open')}
          icon={<EventAvailableIcon fontSize="small" />}
          onClick={() => open('grid')}
        />
        <Tooltip title={t('gantt.progressEntry.more')}>
          <IconButton
            size="small"
            aria-label={t('gantt.progressEntry.more')}
            aria-haspopup="menu"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setIsHistoryOpen(true);
            }}
          >
            {t('gantt.progressEntry.history.open')}
          </MenuItem>
          <MenuItem onClick={() => open('update')}>{t('gantt.progressEntry.update.open')}</MenuItem>
          <Divider />
          <MenuItem onClick={() => open('export')}>{t('gantt.progressEntry.excel.download')}</MenuItem>
          <MenuItem onClick={() => open('import')}>{t('gantt.progressEntry.excel.import')}</MenuItem>
        </Menu>
        <GanttProgressGrid
          isOpen={isGridOpen}
          entry={entry}
          isSaving={saveProgress.isPending}
          saveError={saveError}
          onSave={handleSave}
          onReload={handleReload}
          onDiscard={() => entry.getState().reset(entry.getState().cutoffText)}
          onClose={() => setIsGridOpen(false)}
        />
        <GanttUpdateAsScheduled
          isOpen={isUpdateOpen}
          projectId={projectId}
          initialCutoff={cutoffText}
          onDone={(cutoff, output) => {
            if (output !== undefined) store.getState().load(output);
            // the grid opens at the cut-off just recorded, to correct the exceptions; what was
            // typed there before stays (it is the user's)
            entry.getState().setCutoffText(formatIsoDate(cutoff));
            setIsUpdateOpen(false);
            setIsGridOpen(true);
          }}
          onStale={(message) => store.getState().markStale(message)}
          onClose={() => setIsUpdateOpen(false)}
        />
        <GanttProgressHistory isOpen={isHistoryOpen} projectId={projectId} onClose={() => setIsHistoryOpen(false)} />
        <GanttProgressImport
          isOpen={isImportOpen}
          projectId={projectId}
          version={version}
          latestCutoff={latest}
          initialCutoff={cutoffText}
          onImported={(output) => store.getState().load(output)}
          onStale={(message) => store.getState().markStale(message)}
          onClose={() => setIsImportOpen(false)}
        />
        <GanttUnsavedDialog
          isOpen={pending !== null}
          text={unsavedText}
          saveLabel={t(
            pending === 'export' ? 'gantt.progressEntry.excel.exportSaveFirst' : 'gantt.progressEntry.saveFirst',
          )}
          otherLabel={t(
            pending === 'export' ? 'gantt.progressEntry.excel.exportAnyway' : 'gantt.progressEntry.discardGantt',
          )}
          isOtherDestructive={pending !== 'export'}
          onSave={() => void handleUnsavedSave()}
          onOther={handleUnsavedOther}
          onCancel={() => setPending(null)}
        />
      </ToolGroup>
    </>
  );
}

/**
 * The cut-off shown in the Gantt's header, next to its other states ('Corte: 30-11-2026', or 'Sin
 * fecha de corte'), and 'Avance sin grabar' while 'Registrar avance' holds entries not saved.
 */
export function GanttProgressStatus() {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const entry = progressEntryStoreFor(store);
  const latest = useGanttEditor((state) => state.cutoff);
  const tasks = useGanttEditor((state) => state.tasks);
  const scheduled = useGanttEditor((state) => state.scheduled);
  const amounts = useGanttEditor((state) => state.progressAmounts);
  const edits = useStore(entry, (state) => state.edits);
  // issue 33: the project's figure, as the summaries, 'Cortes de avance', the home, the S-curve and
  // the estado de pago compute it, with what it is weighted by
  const rolled = useMemo(() => (latest === null ? null : rolledProgress(tasks, amounts)), [latest, tasks, amounts]);
  // nothing typed: nothing pending, without building the rows on every Gantt edit (issue 32's speed)
  const isPending = useMemo(
    () => Object.keys(edits).length > 0 && hasPendingEntries(progressRowsOf(tasks, scheduled), edits),
    [tasks, scheduled, edits],
  );
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={latest === null ? 'default' : 'primary'}
        label={
          latest === null
            ? t('gantt.progressEntry.noCutoffChip')
            : t('gantt.progressEntry.cutoffChip', { date: formatIsoDate(latest) })
        }
        data-testid="gantt-cutoff-chip"
      />
      {rolled !== null && (
        <Chip
          size="small"
          variant="outlined"
          label={t('gantt.progressEntry.projectChip', {
            progress: formatProgress(rolled.project),
            basis: t(`progressBasis.${rolled.basis}`),
          })}
          data-testid="gantt-project-progress"
        />
      )}
      {isPending && (
        <Chip
          size="small"
          color="warning"
          label={t('gantt.progressEntry.pendingChip')}
          data-testid="progress-pending"
        />
      )}
    </>
  );
}
