import { DEFAULT_CATALOGUE_PRIORITY, DEFAULT_SECTOR_QUANTITY } from '@cimiento/domain';
import type { AreaType, Sector } from '@cimiento/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSaveObject } from '../api/save-object';
import type { ChildRow } from '../utils/grid-rows';
import { fromRows, newRowKey, rowsDiffer, toRows } from '../utils/grid-rows';
import { nextNumber } from '../utils/next-child';
import type { CatalogueDialogProps } from './catalogue-screen';
import { CatalogueScreen } from './catalogue-screen';
import { EditableGrid } from './editable-grid';
import type { RecordValues } from './record-dialog';
import { RecordDialog } from './record-dialog';

type SectorRow = ChildRow<Sector>;

/** The 'Tipo de área' modal with its batch grid of sub-areas; a changed batch is confirmed before saving. */
export function AreaTypeDialog({ record, onClose }: CatalogueDialogProps<AreaType>) {
  const { t } = useTranslation();
  const saved = record?.sectores ?? [];
  const [rows, setRows] = useState<SectorRow[]>(() => toRows(saved));
  const [pending, setPending] = useState<RecordValues | null>(null);
  const save = useSaveObject('tipos-area', { onSuccess: onClose });
  const isDirty = rowsDiffer(rows, saved);

  function submit(values: RecordValues) {
    save.mutate({ ...(record ? { _id: record._id } : {}), ...values, sectores: fromRows(rows) });
  }

  return (
    <>
      <RecordDialog
        title={t('catalogues.areaTypeModal')}
        initial={{
          code: record?.code ?? '',
          name: record?.name ?? '',
          priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
        }}
        isSaving={save.isPending}
        maxWidth="md"
        onClose={onClose}
        onSubmit={(values) => (isDirty ? setPending(values) : submit(values))}
      >
        <EditableGrid<SectorRow>
          title={t('catalogues.sectores')}
          rows={rows}
          columns={[
            { field: 'code', label: t('catalogues.code'), type: 'text', width: 140 },
            { field: 'name', label: t('catalogues.name'), type: 'text' },
            { field: 'quantity', label: t('catalogues.quantity'), type: 'number', width: 110 },
            { field: 'priority', label: t('catalogues.priority'), type: 'number', width: 110 },
          ]}
          addLabel={t('catalogues.addSector')}
          isDirty={isDirty}
          onChange={setRows}
          onDiscard={() => setRows(toRows(saved))}
          onAdd={() =>
            setRows((current) => [
              ...current,
              {
                key: newRowKey(),
                isNew: true,
                id: nextNumber(current.map((row) => row.id)),
                code: '',
                name: '',
                quantity: DEFAULT_SECTOR_QUANTITY,
                priority: DEFAULT_CATALOGUE_PRIORITY,
              },
            ])
          }
        />
      </RecordDialog>
      <ConfirmDialog
        isOpen={pending !== null}
        text={t('catalogues.confirmBatch')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) submit(pending);
          setPending(null);
        }}
      />
    </>
  );
}

/** /admin/tipos-area, titled 'Áreas'. */
export function TiposAreaScreen() {
  const { t } = useTranslation();
  return (
    <CatalogueScreen
      collection="tipos-area"
      title={t('catalogues.areaTypesTitle')}
      addLabel={t('catalogues.addAreaType')}
      nameHeader={t('catalogues.area')}
      removeText={t('catalogues.confirmRemoveAreaType')}
      renderDialog={(props) => <AreaTypeDialog {...props} />}
    />
  );
}
