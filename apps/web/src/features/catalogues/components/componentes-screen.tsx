import { DEFAULT_CATALOGUE_PRIORITY } from '@cimiento/domain';
import type { Component, Subcomponent } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../api/load-objects';
import { useSaveObject } from '../api/save-object';
import type { ChildRow } from '../utils/grid-rows';
import { fromRows, newRowKey, rowsDiffer, toRows } from '../utils/grid-rows';
import { nextNumber } from '../utils/next-child';
import { ActivityChecklist } from './activity-checklist';
import type { CatalogueDialogProps } from './catalogue-screen';
import { CatalogueScreen } from './catalogue-screen';
import { EditableGrid } from './editable-grid';
import { RecordDialog } from './record-dialog';

type SubcomponentRow = ChildRow<Subcomponent>;

/** A new basic component gets the highest id + 1 and the highest priority + 1 (spec §5). */
export function newSubcomponentRow(rows: readonly SubcomponentRow[]): SubcomponentRow {
  return {
    key: newRowKey(),
    isNew: true,
    id: nextNumber(rows.map((row) => row.id)),
    code: '',
    name: '',
    priority: nextNumber(rows.map((row) => row.priority)),
    actividades: [],
  };
}

/** The 'Componente Principal' modal: its basic components, and the activities of the selected one. */
export function ComponentDialog({ record, onClose }: CatalogueDialogProps<Component>) {
  const { t } = useTranslation();
  const saved = record?.subcomponents ?? [];
  const [rows, setRows] = useState<SubcomponentRow[]>(() => toRows(saved));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const activities = useCatalogue('actividades');
  const save = useSaveObject('componentes', { onSuccess: onClose });
  const selected = rows.find((row) => row.key === selectedKey);

  return (
    <RecordDialog
      title={t('catalogues.componentModal')}
      codeLabel={t('catalogues.identification')}
      initial={{
        code: record?.code ?? '',
        name: record?.name ?? '',
        priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
      }}
      isSaving={save.isPending}
      maxWidth="lg"
      onClose={onClose}
      onSubmit={(values) =>
        save.mutate({ ...(record ? { _id: record._id } : {}), ...values, subcomponents: fromRows(rows) })
      }
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 7, minWidth: 0, width: '100%' }}>
          <EditableGrid<SubcomponentRow>
            title={t('catalogues.subcomponents')}
            rows={rows}
            columns={[
              { field: 'id', label: t('catalogues.id'), type: 'number', isReadOnly: true, width: 48 },
              { field: 'code', label: t('catalogues.code'), type: 'text', width: 96 },
              { field: 'name', label: t('catalogues.name'), type: 'text', isMultiline: true },
              { field: 'priority', label: t('catalogues.priority'), type: 'number', width: 80 },
            ]}
            addLabel={t('catalogues.addSubcomponent')}
            isDirty={rowsDiffer(rows, saved)}
            onChange={setRows}
            onDiscard={() => {
              setRows(toRows(saved));
              setSelectedKey(null);
            }}
            onAdd={() => {
              const row = newSubcomponentRow(rows);
              setRows([...rows, row]);
              setSelectedKey(row.key);
            }}
            selectedKey={selectedKey}
            onSelect={setSelectedKey}
          />
        </Box>
        <Box sx={{ flex: 4, minWidth: 0, width: '100%', pt: 1 }}>
          {selected ? (
            <ActivityChecklist
              subcomponentName={selected.name}
              activities={activities.data ?? []}
              checked={selected.actividades}
              onChange={(checked) =>
                setRows((current) =>
                  current.map((row) => (row.key === selected.key ? { ...row, actividades: checked } : row)),
                )
              }
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('catalogues.selectSubcomponentHint')}
            </Typography>
          )}
        </Box>
      </Stack>
    </RecordDialog>
  );
}

/** /admin/componentes, titled 'Componentes principales'. */
export function ComponentesScreen() {
  const { t } = useTranslation();
  return (
    <CatalogueScreen
      collection="componentes"
      title={t('catalogues.componentsTitle')}
      addLabel={t('catalogues.addComponent')}
      nameHeader={t('catalogues.component')}
      removeText={t('catalogues.confirmRemoveComponent')}
      renderDialog={(props) => <ComponentDialog {...props} />}
    />
  );
}
