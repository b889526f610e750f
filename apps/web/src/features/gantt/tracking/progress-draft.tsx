import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { DraftRecoveryAlert } from '@/components/ui/draft-recovery-alert';
import { useDraftPersistence } from '@/hooks/use-draft-persistence';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import type { ProgressDraftData } from './progress-entry-store';
import { hasPendingEntries, parseProgressDraft, progressEntryStoreFor } from './progress-entry-store';
import { progressRowsOf } from './progress-grid';

/**
 * What 'Registrar avance' holds and is not saved (issue 15), kept as a draft of its own ('progress'):
 * a reload, a closed tab or browser (issue 32) or an expired session lose nothing. A kept draft is
 * offered back like the other screens' ('Recuperar cambios sin grabar'): 'Recuperar' puts it back in
 * the grid (its rows are matched by TaskID, and checked again when saved, so it is never "older"),
 * 'Descartar' removes it. Shown by the Gantt screen beside the Gantt's own offer.
 */
export function ProgressDraft({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const tasks = useGanttEditor((state) => state.tasks);
  const scheduled = useGanttEditor((state) => state.scheduled);
  const entry = progressEntryStoreFor(store);
  const edits = useStore(entry, (state) => state.edits);
  const cutoffText = useStore(entry, (state) => state.cutoffText);
  // nothing typed: nothing pending, without building the rows on every Gantt edit (issue 32's speed)
  const isPending = useMemo(
    () => Object.keys(edits).length > 0 && hasPendingEntries(progressRowsOf(tasks, scheduled), edits),
    [tasks, scheduled, edits],
  );
  const revision = useMemo(() => ({ edits, cutoffText }), [edits, cutoffText]);

  const { offer, acceptOffer, discardOffer } = useDraftPersistence<ProgressDraftData>({
    screen: 'progress',
    projectId,
    screenLabel: t('gantt.progressEntry.screenLabel'),
    isDirty: isPending,
    revision,
    snapshot: () => {
      const state = entry.getState();
      return { baseVersion: store.getState().version, data: { cutoff: state.cutoffText, edits: state.edits } };
    },
    parseData: parseProgressDraft,
  });

  function recover() {
    if (offer?.status !== 'ok') return;
    entry.getState().restore(offer.draft.data);
    acceptOffer();
    notifyMessage(t('gantt.progressEntry.restored'));
  }

  return (
    <DraftRecoveryAlert
      offer={offer}
      screenLabel={t('gantt.progressEntry.draftLabel')}
      isOlder={false}
      isEditorDirty={isPending}
      compare={() => []}
      onRecover={recover}
      onApplyOnTop={recover}
      onDiscard={discardOffer}
    />
  );
}
