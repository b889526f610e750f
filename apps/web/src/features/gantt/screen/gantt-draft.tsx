import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftRecoveryAlert } from '@/components/ui/draft-recovery-alert';
import { useDraftPersistence } from '@/hooks/use-draft-persistence';
import { notifyError } from '@/lib/stores/notices-store';
import { selectIsDirty, useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import { draftDifferenceLines } from '@/lib/project-drafts/draft-diff-lines';
import { diffGanttDraft } from '@/lib/project-drafts/draft-diffs';
import { parseGanttDraft } from '@/lib/project-drafts/project-drafts';
import type { GanttDraftData } from '@/lib/project-drafts/project-drafts';
import { ProgressDraft } from '../tracking/progress-draft';

/**
 * The Gantt's part in "nothing lost" (issue 12): its unsaved edits (tasks and the project's calendar) are kept
 * as a draft and every way out asks; a kept draft is offered back here ('Recuperar cambios sin
 * grabar'), after an expired session, a reload or a closed tab or browser (issue 32), and so is the
 * progress typed in 'Registrar avance' and not saved (../tracking/progress-draft).
 */
export function GanttDraft({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const tasks = useGanttEditor((state) => state.tasks);
  const calendar = useGanttEditor((state) => state.projectCalendar);
  const isDirty = useGanttEditor(selectIsDirty);
  const version = useGanttEditor((state) => state.version);
  const screenLabel = t('unsavedWork.screens.gantt');
  const revision = useMemo(() => ({ tasks, calendar }), [tasks, calendar]);

  const { offer, acceptOffer, discardOffer } = useDraftPersistence<GanttDraftData>({
    screen: 'gantt',
    projectId,
    screenLabel,
    isDirty,
    revision,
    snapshot: () => {
      const state = store.getState();
      return { baseVersion: state.version, data: { tasks: state.tasks, calendar: state.projectCalendar } };
    },
    parseData: parseGanttDraft,
  });

  const draft = offer?.status === 'ok' ? offer.draft : null;

  function restore(onTop: boolean) {
    if (!draft) return;
    const state = store.getState();
    const result = state.restoreDraft({
      tasks: draft.data.tasks,
      calendar: draft.data.calendar,
      version: onTop ? state.version : draft.baseVersion,
    });
    // the copy stays offered and stored: nothing is lost by a draft the engine refuses
    if (!result.ok) notifyError(t('drafts.restoreFailed', { screen: screenLabel, error: result.error }));
    else acceptOffer();
  }

  function compare() {
    if (!draft) return [];
    const state = store.getState();
    return draftDifferenceLines(
      t,
      diffGanttDraft({ tasks: state.saved, calendar: state.savedProjectCalendar }, draft.data),
    );
  }

  return (
    <>
      <DraftRecoveryAlert
        offer={offer}
        screenLabel={screenLabel}
        isOlder={draft !== null && draft.baseVersion !== version}
        isEditorDirty={isDirty}
        compare={compare}
        onRecover={() => restore(false)}
        onApplyOnTop={() => restore(true)}
        onDiscard={discardOffer}
      />
      <ProgressDraft projectId={projectId} />
    </>
  );
}
