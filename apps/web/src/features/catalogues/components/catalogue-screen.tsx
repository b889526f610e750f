import { catalogueLoadedMessages } from '@cimiento/domain';
import type { CatalogueCollection } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { MRT_ColumnDef } from 'material-react-table';
import type { ReactNode } from 'react';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { useSession } from '@/lib/auth';
import { notifyMessage } from '@/lib/stores/notices-store';
import type { CatalogueRecordByCollection } from '../api/load-objects';
import { useCatalogue } from '../api/load-objects';
import { useRemoveObject } from '../api/remove-object';
import { CatalogueWriteContext } from './catalogue-access';
import { CatalogueTable } from './catalogue-table';

export type CatalogueDialogProps<R> = {
  /** null: a new record (the modal opens empty); otherwise a copy of the clicked one. */
  record: R | null;
  onClose: () => void;
};

export type CatalogueScreenProps<C extends CatalogueCollection> = {
  collection: C;
  title: string;
  addLabel: string;
  nameHeader: string;
  showCode?: boolean;
  /** The list's columns after the name, memoised by the caller. */
  extraColumns?: MRT_ColumnDef<CatalogueRecordByCollection[C]>[];
  /** the name column's width (CatalogueTable's default when absent) */
  nameSize?: number;
  removeText: string;
  renderDialog: (props: CatalogueDialogProps<CatalogueRecordByCollection[C]>) => ReactNode;
};

type DialogState<R> = { record: R | null; sequence: number };

/**
 * One catalogue screen: its list, the add button, the record modal and the delete confirmation.
 * Issue 36: only an administrator changes the catalogues; anyone else reads them (the modal opens
 * without 'Grabar') and is told so.
 */
export function CatalogueScreen<C extends CatalogueCollection>({
  collection,
  title,
  addLabel,
  nameHeader,
  showCode,
  extraColumns,
  nameSize,
  removeText,
  renderDialog,
}: CatalogueScreenProps<C>) {
  type R = CatalogueRecordByCollection[C];
  const { t } = useTranslation();
  const { isAdmin, isPending: isSessionPending } = useSession();
  const canWrite = isAdmin;
  const list = useCatalogue(collection);
  // spec §8: opening the screen announces the load ('Actividades cargadas', …); reloads after a save
  // or delete stay silent so the save's own message is the one shown
  const hasAnnounced = useRef(false);
  useEffect(() => {
    if (!list.isSuccess || hasAnnounced.current) return;
    hasAnnounced.current = true;
    notifyMessage(catalogueLoadedMessages[collection]);
  }, [list.isSuccess, collection]);
  const [dialog, setDialog] = useState<DialogState<R> | null>(null);
  const [toRemove, setToRemove] = useState<R | null>(null);
  const remove = useRemoveObject(collection, { onSuccess: () => setToRemove(null) });

  // the modal edits a copy: closing it without saving leaves the list as it was
  const open = useCallback(
    (record: R | null) =>
      setDialog((previous) => ({ record: record && structuredClone(record), sequence: (previous?.sequence ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setDialog(null), []);

  return (
    <PagePanel
      title={title}
      actions={
        canWrite && (
          <Button variant="contained" color="success" startIcon={<AddIcon />} onClick={() => open(null)}>
            {addLabel}
          </Button>
        )
      }
    >
      {!canWrite && !isSessionPending && (
        <Alert severity="info" data-testid="catalogue-read-only" sx={{ mb: 2 }}>
          {t('catalogues.adminOnly')}
        </Alert>
      )}
      <CatalogueWriteContext value={canWrite}>
        <CatalogueTable<R>
          rows={list.data ?? []}
          isLoading={list.isPending}
          nameHeader={nameHeader}
          showCode={showCode}
          extraColumns={extraColumns}
          {...(nameSize === undefined ? {} : { nameSize })}
          onOpen={open}
          onRemove={canWrite ? setToRemove : undefined}
        />
        {dialog && <Fragment key={dialog.sequence}>{renderDialog({ record: dialog.record, onClose: close })}</Fragment>}
      </CatalogueWriteContext>
      <ConfirmDialog
        isOpen={toRemove !== null}
        text={removeText}
        isBusy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate(toRemove._id)}
      />
    </PagePanel>
  );
}
