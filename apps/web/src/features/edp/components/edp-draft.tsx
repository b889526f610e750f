import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftRecoveryAlert } from '@/components/ui/draft-recovery-alert';
import { useDraftPersistence } from '@/hooks/use-draft-persistence';
import { EDP_EDIT_FIELDS, selectIsDirty, useEdpEditor, useEdpEditorStore } from '../stores/edp-editor-store';
import type { EdpEditorState } from '../stores/edp-editor-store';
import { decimalText } from '../utils/edp-price-text';
import { draftDifferenceLines } from '@/lib/project-drafts/draft-diff-lines';
import { diffEdpDraft } from '@/lib/project-drafts/draft-diffs';
import { parseEdpDraft } from '@/lib/project-drafts/project-drafts';
import type { EdpDraftData } from '@/lib/project-drafts/project-drafts';

type RowEdit = NonNullable<EdpDraftData['editing']>;

/** A row being edited whose code, name or (issue 16) price the user changed: text that is not in the list yet. */
function selectRowEdit(state: EdpEditorState): RowEdit | null {
  const { editing } = state;
  if (!editing) return null;
  const item = state.items.find((candidate) => candidate.id === editing.id);
  if (
    item &&
    item.code === editing.code &&
    item.name === editing.name &&
    (item.unit ?? '') === editing.unit &&
    decimalText(item.quantity) === editing.quantity &&
    decimalText(item.unitPrice) === editing.unitPrice
  ) {
    return null;
  }
  const { id, code, name, unit, quantity, unitPrice } = editing;
  return { id, code, name, unit, quantity, unitPrice };
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
    return edit ? [edit.id, ...EDP_EDIT_FIELDS.map((field) => edit[field] ?? '')].join('\u0000') : '';
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
      for (const field of EDP_EDIT_FIELDS) {
        const value = edit[field];
        if (value !== undefined) store.getState().setDraft(field, value);
      }
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
