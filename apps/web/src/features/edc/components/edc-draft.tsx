import type { EdcItem } from '@cimiento/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftRecoveryAlert } from '@/components/ui/draft-recovery-alert';
import { useDraftPersistence } from '@/hooks/use-draft-persistence';
import { storedEdcQueryOptions } from '../api/load-edc';
import { draftDifferenceLines } from '@/lib/project-drafts/draft-diff-lines';
import { diffEdcDraft } from '@/lib/project-drafts/draft-diffs';
import { parseEdcDraft } from '@/lib/project-drafts/project-drafts';
import type { EdcDraftData, EdcDraftEditing } from '@/lib/project-drafts/project-drafts';
import type { SelectedEdpItem } from '../utils/edc-rows';

export type EdcDraftProps = {
  projectId: string;
  /** The selected EDP item and its list as on screen. */
  item: SelectedEdpItem;
  list: readonly EdcItem[];
  version: number;
  /** A list sent to saveEdc and not saved yet (in flight, the session expired, or refused as stale). */
  pending: { list: EdcItem[]; version: number } | null;
  /** The grid's row being edited with changes not committed yet. */
  rowEdit: EdcDraftEditing | null;
  /** Shows the draft's item with the draft's list (and row edit), and saves it when it was a save, based on `version`. */
  onRestore: (draft: EdcDraftData, version: number) => void;
};

/**
 * The EDC screen's part in "nothing lost" (issue 12). The EDC saves each change at once, so what
 * can be lost is a save that did not go through (the session expired meanwhile, or it was refused
 * as stale) and a row being edited: both are kept as a draft of that EDP item, every way out asks,
 * and a kept draft is offered back here.
 */
export function EdcDraft({ projectId, item, list, version, pending, rowEdit, onRestore }: EdcDraftProps) {
  const { t } = useTranslation();
  const screenLabel = t('unsavedWork.screens.edc');
  const isDirty = item.id !== 0 && (pending !== null || rowEdit !== null);
  const revision = useMemo(() => ({ pending, rowEdit }), [pending, rowEdit]);

  const { offer, acceptOffer, discardOffer } = useDraftPersistence<EdcDraftData>({
    screen: 'edc',
    projectId,
    hasParts: true,
    part: item.id === 0 ? undefined : String(item.id),
    screenLabel,
    isDirty,
    revision,
    snapshot: () => ({
      baseVersion: pending?.version ?? version,
      data: {
        edpItemId: item.id,
        code: item.code,
        name: item.name,
        list: pending?.list ?? [...list],
        isSavePending: pending !== null,
        editing: rowEdit,
      },
    }),
    parseData: parseEdcDraft,
  });

  const draft = offer?.status === 'ok' ? offer.draft : null;
  const stored = useQuery({
    ...storedEdcQueryOptions(projectId, draft?.data.edpItemId ?? 0),
    enabled: draft !== null,
  });
  const storedVersion = stored.data ? (stored.data.edc?.version ?? 0) : null;
  const storedList = stored.data?.edc?.componentesEdc ?? [];

  function restore(onTop: boolean) {
    if (!draft) return;
    onRestore(draft.data, onTop && storedVersion !== null ? storedVersion : draft.baseVersion);
    acceptOffer();
  }

  return (
    <DraftRecoveryAlert
      offer={offer}
      screenLabel={screenLabel}
      partLabel={draft ? `${draft.data.code} ${draft.data.name}` : undefined}
      isOlder={draft !== null && storedVersion !== null && draft.baseVersion !== storedVersion}
      isEditorDirty={isDirty}
      compare={() => draftDifferenceLines(t, draft ? diffEdcDraft(storedList, draft.data.list) : [])}
      onRecover={() => restore(false)}
      onApplyOnTop={() => restore(true)}
      onDiscard={discardOffer}
    />
  );
}
