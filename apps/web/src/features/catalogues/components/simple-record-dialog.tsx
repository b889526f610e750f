import { DEFAULT_ACTIVITY_DURATION, DEFAULT_CATALOGUE_PRIORITY } from '@cimiento/domain';
import type { Activity, CatalogueSystem, Trade } from '@cimiento/domain';
import { useSaveObject } from '../api/save-object';
import type { CatalogueDialogProps } from './catalogue-screen';
import { RecordDialog } from './record-dialog';

export type SimpleRecordDialogProps =
  | (CatalogueDialogProps<Activity> & { collection: 'actividades'; title: string })
  | (CatalogueDialogProps<CatalogueSystem> & { collection: 'sistemas'; title: string })
  | (CatalogueDialogProps<Trade> & { collection: 'oficios'; title: string });

/**
 * The modal of activities, systems and trades (issue 35): code, priority and name; activities also their duration in
 * working days (issue 13; a new one starts at DEFAULT_ACTIVITY_DURATION, 0 is a milestone).
 */
export function SimpleRecordDialog({ collection, title, record, onClose }: SimpleRecordDialogProps) {
  const save = useSaveObject(collection, { onSuccess: onClose });
  const base = {
    code: record?.code ?? '',
    name: record?.name ?? '',
    priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
  };
  const initial =
    collection === 'actividades'
      ? { ...base, duration: record && 'duration' in record ? record.duration : DEFAULT_ACTIVITY_DURATION }
      : base;
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
