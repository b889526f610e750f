import {
  NO_EDP_USAGE,
  carriesEdpUsage,
  edpDeletions,
  edpMoneyFacts,
  edpSubtreeIds,
  edpUsageTotals,
  formatNumber,
  indentEdpItem,
  indexEdpUsage,
  outdentEdpItem,
  renumberEdpSubtree,
  rollUpEdpAmounts,
  touchesMoney,
} from '@cimiento/domain';
import type {
  EdpDeletion,
  EdpItem,
  EdpMoneyFacts,
  EdpUsageIndex,
  EdpUsageTotals,
  LoadedProject,
} from '@cimiento/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import { useExportEdp } from '../api/export-edp';
import { edpUsageQueryOptions } from '../api/load-edp-usage';
import { useReloadEdp, useSaveEdp } from '../api/save-edp';
import {
  EdpEditorContext,
  createEdpEditorStore,
  selectIsDirty,
  useEdpEditor,
  useEdpEditorStore,
} from '../stores/edp-editor-store';
import { edpDeletionSentence, edpLinksSentence, edpUsageParts, joinParts, moneyNote } from '../utils/edp-usage-text';
import { edpMoneyText, moneyNotice } from '@/lib/deletion-money';
import { DeletionMoneyNote } from '@/components/ui/deletion-money-note';
import { EdpBudgetSummary } from './edp-budget-summary';
import { EdpAmountsContext } from './edp-cells';
import { EdpDraft } from './edp-draft';
import { EdpGrid } from './edp-grid';
import { EdpImportDialog, EdpUnsavedImportDialog } from './edp-import-dialog';
import { EdpPrintView } from './edp-print-view';
import { EdpDeletionDetails, EdpRemoveDetails, EdpRenumberDetails } from './edp-confirm-details';
import { EdpToolbar } from './edp-toolbar';
import { RoleNotice } from '@/components/project/role-notice';
import { useProjectAbilities } from '@/lib/project-abilities';

type PendingConfirm =
  | { kind: 'remove'; id: number; item: EdpItem; totals: EdpUsageTotals; facts: EdpMoneyFacts }
  | { kind: 'save'; deletions: EdpDeletion[]; totals: EdpUsageTotals }
  | { kind: 'renumber'; id: number | undefined; item: EdpItem; changed: number }
  | { kind: 'move'; id: number; outdent: boolean; item: EdpItem; parent: EdpItem; facts: EdpMoneyFacts }
  | { kind: 'reload' }
  | { kind: 'export' };

/** A deletion question's answer older than this is asked again before the question. */
const USAGE_MAX_AGE = 30_000;

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
  const renumber = useEdpEditor((state) => state.renumber);
  const readOnly = useEdpEditor((state) => state.readOnly);
  const { role } = useProjectAbilities(project._id);
  // read in the handlers only (store.getState()): moving the selection does not draw the screen again
  const store = useEdpEditorStore();
  const queryClient = useQueryClient();
  // Fetched afresh each time the editor opens (the EDC or the Gantt may have changed meanwhile), so
  // the first question need not wait; in the background (no global spinner), and a question asked
  // before the answer waits for it.
  useQuery({ ...edpUsageQueryOptions(project._id), staleTime: 0 });
  const [isCounting, setIsCounting] = useState(false);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const exportEdp = useExportEdp();
  // issue 14: 'Importar desde Excel' asks about unsaved edits ('unsaved') before its dialog ('open')
  const [importStep, setImportStep] = useState<'closed' | 'unsaved' | 'open'>('closed');
  // 'Grabar EDP' chosen in that question: the import opens once the save went through
  const importAfterSave = useRef(false);
  const [isPrinting, print] = usePrinting();
  // issue 16: each item's total (its own amount plus its items'), for the Monto column
  const amounts = useMemo(
    () => ({ currency: project.currency, totals: rollUpEdpAmounts(items, project.currency) }),
    [items, project.currency],
  );

  const saveEdp = useSaveEdp({ onSuccess: markSaved });
  const reloadEdp = useReloadEdp({ onSuccess: load });

  /** What the saved items carry, fresh enough to ask with; null (and an error toast) when it cannot be known. */
  async function usageIndex(maxAge: number): Promise<EdpUsageIndex | null> {
    setIsCounting(true);
    try {
      const usage = await queryClient.fetchQuery({ ...edpUsageQueryOptions(project._id), staleTime: maxAge });
      return indexEdpUsage(usage);
    } catch (error) {
      notifyError(t('edp.usageFailed', { error: describeError(error) }));
      return null;
    } finally {
      setIsCounting(false);
    }
  }

  // Every deletion asks, leaf or not, with what goes: the items, their EDC rows and Gantt tasks.
  async function handleRemove(id: number) {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) return;
    if (item.parentId === undefined) {
      notifyError(t('edp.rootLocked'));
      return;
    }
    const usage = await usageIndex(USAGE_MAX_AGE);
    if (!usage) return;
    const subtree = edpSubtreeIds(items, id);
    const totals = edpUsageTotals(subtree, usage);
    setConfirm({ kind: 'remove', id, item, totals, facts: edpMoneyFacts(id, subtree, usage) });
  }

  /**
   * 'Indentar' and 'Desindentar' (issue 33): moving a saved item whose subtree has recorded
   * progress, was paid in an approved EP or is in a baseline asks first, naming them; any other
   * move is done at once, as before.
   */
  async function handleMove(outdent: boolean) {
    const { selectedId } = store.getState();
    if (selectedId === null) return;
    const preview = (outdent ? outdentEdpItem : indentEdpItem)(items, selectedId);
    if (!preview.ok) {
      if (preview.error !== '') notifyError(preview.error);
      return;
    }
    const item = items.find((candidate) => candidate.id === selectedId) as EdpItem;
    const parentId = preview.items.find((candidate) => candidate.id === selectedId)?.parentId;
    const parent = items.find((candidate) => candidate.id === parentId) as EdpItem;
    const usage = await usageIndex(USAGE_MAX_AGE);
    if (!usage) return;
    const facts = edpMoneyFacts(selectedId, edpSubtreeIds(items, selectedId), usage);
    if (touchesMoney(facts)) setConfirm({ kind: 'move', id: selectedId, outdent, item, parent, facts });
    else moveSelected(selectedId, outdent);
  }

  function moveSelected(id: number, outdent: boolean) {
    const state = store.getState();
    state.select(id);
    const change = outdent ? state.outdent() : state.indent();
    if (!change.ok && change.error !== '') notifyError(change.error);
  }

  // 'Grabar EDP' lists every deletion of saved items that takes EDC rows or Gantt tasks.
  async function handleSaveRequest() {
    const { saved } = store.getState();
    const { deletions } = edpDeletions(saved, items, NO_EDP_USAGE);
    if (deletions.length === 0) {
      setConfirm({ kind: 'save', deletions, totals: edpUsageTotals([], NO_EDP_USAGE) });
      return;
    }
    const usage = await usageIndex(0);
    if (!usage) return;
    const counted = edpDeletions(saved, items, usage);
    setConfirm({ kind: 'save', ...counted });
  }

  // 'Renumerar códigos': the selected item's subtree, or the whole EDP with the root or nothing selected.
  function handleRenumber() {
    const { selectedId } = store.getState();
    const selected = selectedId === null ? undefined : items.find((item) => item.id === selectedId);
    const id = selected?.parentId === undefined ? undefined : selected.id;
    const preview = renumberEdpSubtree(items, id);
    if (!preview.ok) {
      notifyError(preview.error);
      return;
    }
    const item = items.find((candidate) => candidate.id === preview.rootId) as EdpItem;
    if (preview.changed === 0) {
      notifyMessage(t('edp.renumberNothing', { item: `${item.code} ${item.name}` }));
      return;
    }
    setConfirm({ kind: 'renumber', id, item, changed: preview.changed });
  }

  function handleSave() {
    saveEdp.mutate(
      { projectId: project._id, items, version },
      {
        onSuccess: () => {
          if (!importAfterSave.current) return;
          importAfterSave.current = false;
          setImportStep('open');
        },
        onError: (error) => {
          importAfterSave.current = false;
          // the edits stay on screen: the user reloads when ready and redoes them
          if (isFunctionError(error) && error.code === 'ABORTED') markStale(describeError(error));
        },
      },
    );
  }

  // the server writes the saved EDP: with unsaved edits the user hears so first
  function handleExport() {
    if (isDirty) setConfirm({ kind: 'export' });
    else exportEdp.mutate(project._id);
  }

  function handleImportRequest() {
    const state = store.getState();
    setImportStep(selectIsDirty(state) || state.editing !== null ? 'unsaved' : 'open');
  }

  function saveThenImport() {
    setImportStep('closed');
    // a row being typed in goes into the list first; if it cannot, the grid shows why
    if (!store.getState().commitEdit()) return;
    if (!selectIsDirty(store.getState())) {
      setImportStep('open');
      return;
    }
    importAfterSave.current = true;
    void handleSaveRequest();
  }

  function discardThenImport() {
    const state = store.getState();
    state.cancelEdit();
    state.load({ items: state.saved, version: state.version });
    setImportStep('open');
  }

  function handleConfirm() {
    const pending = confirm;
    setConfirm(null);
    if (pending?.kind === 'remove') {
      const change = remove(pending.id);
      if (!change.ok) notifyError(change.error);
    } else if (pending?.kind === 'move') moveSelected(pending.id, pending.outdent);
    else if (pending?.kind === 'save') handleSave();
    else if (pending?.kind === 'renumber') {
      const change = renumber(pending.id);
      if (!change.ok) notifyError(change.error);
    } else if (pending?.kind === 'reload') reloadEdp.mutate(project._id);
    else if (pending?.kind === 'export') exportEdp.mutate(project._id);
  }

  function handleCancelConfirm() {
    importAfterSave.current = false;
    setConfirm(null);
  }

  const carrying =
    confirm?.kind === 'save'
      ? confirm.deletions.filter((deletion) => carriesEdpUsage(deletion.totals) || touchesMoney(deletion.facts))
      : [];
  // issue 33: what the deletion touches of the money, after the question's own words
  const moneyOf = (facts: EdpMoneyFacts) => edpMoneyText(t, facts, project.currency);
  // green for a plain save, red when something goes (a deletion, a save that deletes, a reload)
  const confirmColor =
    confirm?.kind === 'save' && carrying.length === 0
      ? 'success'
      : confirm?.kind === 'renumber' || confirm?.kind === 'export' || confirm?.kind === 'move'
        ? 'primary'
        : 'error';
  let confirmText = '';
  let confirmDetails = null;
  if (confirm?.kind === 'remove') {
    confirmText = edpDeletionSentence(t, confirm.totals);
    confirmDetails = (
      <EdpRemoveDetails
        target={t(confirm.totals.items > 1 ? 'edp.removeTargetSubtree' : 'edp.removeTarget', {
          item: `${confirm.item.code} ${confirm.item.name}`,
        })}
        links={edpLinksSentence(t, confirm.totals)}
        money={moneyNote(t, moneyOf(confirm.facts), confirm.facts.paid.length > 0)}
        undo={t('edp.removeUndo')}
      />
    );
  } else if (confirm?.kind === 'save') {
    if (carrying.length === 0) confirmText = t('edp.confirmSave');
    else {
      confirmText = t('edp.saveDeletes');
      confirmDetails = (
        <EdpDeletionDetails
          lines={carrying.map((deletion) => {
            const line = t('edp.saveDeletion', {
              item: `${deletion.item.code} ${deletion.item.name}`,
              parts: joinParts(t, edpUsageParts(t, deletion.totals)),
            });
            const money = moneyOf(deletion.facts);
            return money === null ? line : `${line}; ${money}`;
          })}
          total={
            confirm.deletions.length > 1
              ? t('edp.saveTotal', { parts: joinParts(t, edpUsageParts(t, confirm.totals)) })
              : null
          }
          links={edpLinksSentence(t, confirm.totals)}
          money={carrying.some((deletion) => deletion.facts.paid.length > 0) ? t('deletionMoney.paidStays') : null}
          question={t('edp.confirmSave')}
        />
      );
    }
  } else if (confirm?.kind === 'renumber') {
    confirmText = t('edp.renumberConfirm', {
      count: confirm.changed,
      formatted: formatNumber(confirm.changed),
      item: `${confirm.item.code} ${confirm.item.name}`,
    });
    confirmDetails = <EdpRenumberDetails text={t('edp.renumberKeeps')} />;
  } else if (confirm?.kind === 'move') {
    confirmText = t(confirm.outdent ? 'edp.confirmOutdent' : 'edp.confirmIndent', {
      item: `${confirm.item.code} ${confirm.item.name}`,
      parent: `${confirm.parent.code} ${confirm.parent.name}`,
    });
    const facts = moneyOf(confirm.facts) ?? '';
    confirmDetails = <DeletionMoneyNote text={`${moneyNotice(t, facts)} ${t('deletionMoney.moveStays')}`} />;
  } else if (confirm?.kind === 'reload') confirmText = t('edp.confirmReload');
  else if (confirm?.kind === 'export') confirmText = t('edpExcel.exportUnsaved');

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
      <RoleNotice role={role} allowed={!readOnly} />
      {!readOnly && <EdpDraft projectId={project._id} />}
      <StaleSaveAlert
        message={staleMessage}
        reloadLabel={t('edp.reload')}
        onReload={() => setConfirm({ kind: 'reload' })}
      />
      <EdpToolbar
        readOnly={readOnly}
        isExporting={exportEdp.isPending}
        isCounting={isCounting}
        onRemove={(id) => void handleRemove(id)}
        onSave={() => void handleSaveRequest()}
        onRenumber={handleRenumber}
        onMove={(outdent) => void handleMove(outdent)}
        onPrint={print}
        onExport={handleExport}
        onImport={handleImportRequest}
      />
      <EdpBudgetSummary items={items} budget={project.budget} currency={project.currency} />
      <EdpAmountsContext.Provider value={amounts}>
        <EdpGrid key={generation} />
      </EdpAmountsContext.Provider>
      <ConfirmDialog
        isOpen={confirm !== null}
        text={confirmText}
        details={confirmDetails}
        confirmColor={confirmColor}
        onConfirm={handleConfirm}
        onCancel={handleCancelConfirm}
      />
      {importStep === 'unsaved' && (
        <EdpUnsavedImportDialog
          onSave={saveThenImport}
          onDiscard={discardThenImport}
          onCancel={() => setImportStep('closed')}
        />
      )}
      {importStep === 'open' && (
        <EdpImportDialog
          projectId={project._id}
          version={version}
          onClose={() => setImportStep('closed')}
          onImported={load}
          onStale={markStale}
        />
      )}
      {isPrinting && <EdpPrintView projectName={project.name} projectCode={project.code} items={items} />}
    </PagePanel>
  );
}

/**
 * /projects/{id}/edp: the EDP editor of a loaded project. The edits live in this screen's own
 * store until 'Grabar EDP'; a later refetch of the project never overwrites them.
 */
export function EdpEditor({ project }: { project: LoadedProject }) {
  const { canPlan } = useProjectAbilities(project._id);
  const [store] = useState(() => {
    const created = createEdpEditorStore(project.edp);
    created.getState().setReadOnly(!canPlan);
    return created;
  });
  useEffect(() => store.getState().setReadOnly(!canPlan), [canPlan, store]);
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
