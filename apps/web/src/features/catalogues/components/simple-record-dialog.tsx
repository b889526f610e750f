import { DEFAULT_CATALOGUE_PRIORITY } from '@cimiento/domain';
import type { CatalogueSystem } from '@cimiento/domain';
import type { Trade } from '@cimiento/domain/resources';
import { useSaveObject } from '../api/save-object';
import type { CatalogueDialogProps } from './catalogue-screen';
import { RecordDialog } from './record-dialog';

export type SimpleRecordDialogProps =
  | (CatalogueDialogProps<CatalogueSystem> & { collection: 'sistemas'; title: string })
  | (CatalogueDialogProps<Trade> & { collection: 'oficios'; title: string });

/**
 * The modal of systems and trades (issue 35): code, priority and name. Activities have their own
 * (activity-dialog.tsx: the duration and, since issue 35, the productivity).
 */
export function SimpleRecordDialog({ collection, title, record, onClose }: SimpleRecordDialogProps) {
  const save = useSaveObject(collection, { onSuccess: onClose });
  const initial = {
    code: record?.code ?? '',
    name: record?.name ?? '',
    priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
  };
  return (
    <RecordDialog
      title={title}
      initial={initial}
      isSaving={save.isPending}
      onClose={onClose}
      onSubmit={(values) => save.mutate(record ? { _id: record._id, ...values } : values)}
    />
  );
}
