import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftRecoveryAlert } from '@/components/ui/draft-recovery-alert';
import { useDraftPersistence } from '@/hooks/use-draft-persistence';
import { selectIsDirty, useEdpEditor, useEdpEditorStore } from '../stores/edp-editor-store';
import type { EdpEditorState } from '../stores/edp-editor-store';
import { draftDifferenceLines } from '@/lib/project-drafts/draft-diff-lines';
import { diffEdpDraft } from '@/lib/project-drafts/draft-diffs';
import { parseEdpDraft } from '@/lib/project-drafts/project-drafts';
import type { EdpDraftData } from '@/lib/project-drafts/project-drafts';

/** A row being edited whose code or name the user changed: text that is not in the list yet. */
function selectRowEdit(state: EdpEditorState): { id: number; code: string; name: string } | null {
  const { editing } = state;
  if (!editing) return null;
  const item = state.items.find((candidate) => candidate.id === editing.id);
  if (item && item.code === editing.code && item.name === editing.name) return null;
  return { id: editing.id, code: editing.code, name: editing.name };
}

/**
 * The EDP editor's part in "nothing lost" (issue 12): its unsaved edits (and a row being typed
 * in) are kept as a draft and every way out asks; a kept draft is offered back here
 * ('Recuperar cambios sin grabar').
 */
export function EdpDraft({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const store = useEdpEditorStore();
  const items = useEdpEditor((state) => state.items);
  // a string, so the selector's answer compares equal while the row edit stays the same
  const rowEditKey = useEdpEditor((state) => {
    const edit = selectRowEdit(state);
    return edit ? `${edit.id}\u0000${edit.code}\u0000${edit.name}` : '';
  });
  const isDirty = useEdpEditor(selectIsDirty) || rowEditKey !== '';
  const revision = useMemo(() => ({ items, rowEditKey }), [items, rowEditKey]);
  const version = useEdpEditor((state) => state.version);
  const screenLabel = t('unsavedWork.screens.edp');

  const { offer, acceptOffer, discardOffer } = useDraftPersistence<EdpDraftData>({
    screen: 'edp',
    projectId,
    screenLabel,
    isDirty,
    revision,
    snapshot: () => {
      const state = store.getState();
      return { baseVersion: state.version, data: { items: state.items, editing: selectRowEdit(state) } };
    },
    parseData: parseEdpDraft,
  });

  const draft = offer?.status === 'ok' ? offer.draft : null;

  function restore(onTop: boolean) {
    if (!draft) return;
    const state = store.getState();
    state.restoreDraft({ items: draft.data.items, version: onTop ? state.version : draft.baseVersion });
    const edit = draft.data.editing;
    if (edit && store.getState().startEdit(edit.id)) {
      store.getState().setDraft('code', edit.code);
      store.getState().setDraft('name', edit.name);
    }
    acceptOffer();
  }

  return (
    <DraftRecoveryAlert
      offer={offer}
      screenLabel={screenLabel}
      isOlder={draft !== null && draft.baseVersion !== version}
      isEditorDirty={isDirty}
      compare={() => draftDifferenceLines(t, draft ? diffEdpDraft(store.getState().saved, draft.data.items) : [])}
      onRecover={() => restore(false)}
      onApplyOnTop={() => restore(true)}
      onDiscard={discardOffer}
    />
  );
}
