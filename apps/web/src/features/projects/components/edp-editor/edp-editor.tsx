import { edpSubtreeIds, formatNumber } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError, isFunctionError } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { notifyError } from '@/stores/notices-store';
import { useReloadEdp, useSaveEdp } from '../../api/save-edp';
import { EdpEditorContext, createEdpEditorStore, selectIsDirty, useEdpEditor } from '../../stores/edp-editor-store';
import { buildEdpWorkbook, edpFileName, edpSheetRows } from '../../utils/edp-workbook';
import { EdpDraft } from './edp-draft';
import { EdpGrid } from './edp-grid';
import { EdpPrintView } from './edp-print-view';
import { EdpToolbar } from './edp-toolbar';

type PendingConfirm =
  { kind: 'remove'; id: number; text: string } | { kind: 'save' } | { kind: 'reload' } | { kind: 'leave' };

/** Ctrl+P and 'Imprimir' both render the printable tree first, and drop it once printing is over. */
function usePrinting(): [boolean, () => void] {
  const [isPrinting, setIsPrinting] = useState(false);
  const [printRequested, setPrintRequested] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setIsPrinting(true));
    const after = () => setIsPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  useEffect(() => {
    if (!printRequested) return;
    setPrintRequested(false);
    window.print();
  }, [printRequested]);
  return [
    isPrinting,
    () => {
      setIsPrinting(true);
      setPrintRequested(true);
    },
  ];
}

function EdpEditorScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const items = useEdpEditor((state) => state.items);
  const version = useEdpEditor((state) => state.version);
  const isDirty = useEdpEditor(selectIsDirty);
  const staleMessage = useEdpEditor((state) => state.staleMessage);
  const markSaved = useEdpEditor((state) => state.markSaved);
  const markStale = useEdpEditor((state) => state.markStale);
  const load = useEdpEditor((state) => state.load);
  const generation = useEdpEditor((state) => state.generation);
  const remove = useEdpEditor((state) => state.remove);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const [isPrinting, print] = usePrinting();

  const saveEdp = useSaveEdp({ onSuccess: markSaved });
  const reloadEdp = useReloadEdp({ onSuccess: load });

  function handleRemove(id: number) {
    const ids = edpSubtreeIds(items, id);
    const item = items.find((candidate) => candidate.id === id);
    if (!item) return;
    if (ids.length <= 1) {
      const change = remove(id);
      if (!change.ok) notifyError(change.error);
      return;
    }
    const count = ids.length - 1;
    setConfirm({
      kind: 'remove',
      id,
      text: t('edp.confirmRemove', {
        item: `${item.code} ${item.name}`,
        count,
        formatted: formatNumber(count),
      }),
    });
  }

  function handleSave() {
    saveEdp.mutate(
      { projectId: project._id, items, version },
      {
        onError: (error) => {
          // the edits stay on screen: the user reloads when ready and redoes them
          if (isFunctionError(error) && error.code === 'ABORTED') markStale(describeError(error));
        },
      },
    );
  }

  async function handleExport() {
    setIsExporting(true);
    try {
      const data = await buildEdpWorkbook(edpSheetRows(items), {
        sheet: t('edp.sheetName'),
        code: t('edp.code'),
        name: t('edp.name'),
        level: t('edp.level'),
      });
      downloadBlob(
        new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
        edpFileName(project.code),
      );
    } catch (error) {
      notifyError(t('edp.exportFailed', { error: describeError(error) }));
    } finally {
      setIsExporting(false);
    }
  }

  function handleConfirm() {
    const pending = confirm;
    setConfirm(null);
    if (pending?.kind === 'remove') {
      const change = remove(pending.id);
      if (!change.ok) notifyError(change.error);
    } else if (pending?.kind === 'save') handleSave();
    else if (pending?.kind === 'reload') reloadEdp.mutate(project._id);
  }

  const confirmText =
    confirm?.kind === 'remove'
      ? confirm.text
      : confirm?.kind === 'save'
        ? t('edp.confirmSave')
        : confirm?.kind === 'reload'
          ? t('edp.confirmReload')
          : '';

  return (
    <PagePanel
      title={project.name}
      subtitle={t('pages.projectEdp')}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('edp.itemCount', { count: items.length, formatted: formatNumber(items.length) })}
          </Typography>
          {isDirty && <Chip color="warning" size="small" label={t('edp.unsaved')} />}
        </Stack>
      }
    >
      <EdpDraft projectId={project._id} />
      <StaleSaveAlert
        message={staleMessage}
        reloadLabel={t('edp.reload')}
        onReload={() => setConfirm({ kind: 'reload' })}
      />
      <EdpToolbar
        isExporting={isExporting}
        onRemove={handleRemove}
        onSave={() => setConfirm({ kind: 'save' })}
        onPrint={print}
        onExport={() => void handleExport()}
      />
      <EdpGrid key={generation} />
      <ConfirmDialog
        isOpen={confirm !== null}
        text={confirmText}
        confirmColor={confirm?.kind === 'save' ? 'success' : 'error'}
        onConfirm={handleConfirm}
        onCancel={() => setConfirm(null)}
      />
      {isPrinting && <EdpPrintView projectName={project.name} projectCode={project.code} items={items} />}
    </PagePanel>
  );
}

/**
 * /projects/{id}/edp: the EDP editor of a loaded project. The edits live in this screen's own
 * store until 'Grabar EDP'; a later refetch of the project never overwrites them.
 */
export function EdpEditor({ project }: { project: LoadedProject }) {
  const [store] = useState(() => createEdpEditorStore(project.edp));
  // A newer EDP from a background refetch (someone saved meanwhile) replaces the list only while
  // there is nothing of the user's to lose; otherwise a save will answer ABORTED and say so.
  useEffect(() => {
    const state = store.getState();
    if (project.edp.version !== state.version && !selectIsDirty(state) && state.editing === null) {
      state.load(project.edp);
    }
  }, [project.edp, store]);
  return (
    <EdpEditorContext.Provider value={store}>
      <EdpEditorScreen project={project} />
    </EdpEditorContext.Provider>
  );
}
