import { DEFAULT_CATALOGUE_PRIORITY } from '@cimiento/domain';
import type { Activity } from '@cimiento/domain';
import { useSaveObject } from '../api/save-object';
import type { CatalogueDialogProps } from './catalogue-screen';
import { RecordDialog } from './record-dialog';

export type SimpleRecordDialogProps = CatalogueDialogProps<Activity> & {
  collection: 'actividades' | 'sistemas';
  title: string;
};

/** The modal of activities and systems: code, priority and name only. */
export function SimpleRecordDialog({ collection, title, record, onClose }: SimpleRecordDialogProps) {
  const save = useSaveObject(collection, { onSuccess: onClose });
  return (
    <RecordDialog
      title={title}
      initial={{
        code: record?.code ?? '',
        name: record?.name ?? '',
        priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
      }}
      isSaving={save.isPending}
      onClose={onClose}
      onSubmit={(values) => save.mutate(record ? { _id: record._id, ...values } : values)}
    />
  );
}
