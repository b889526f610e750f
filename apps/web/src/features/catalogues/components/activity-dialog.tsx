import { DEFAULT_ACTIVITY_DURATION, DEFAULT_CATALOGUE_PRIORITY, parseChileanDecimal } from '@cimiento/domain';
import { MAX_CREWS, WORK_UNITS, WORK_UNIT_LABELS } from '@cimiento/domain/resources';
import type { Activity, ActivityInput } from '@cimiento/domain';
import type { WorkUnit } from '@cimiento/domain/resources';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../api/load-objects';
import { useSaveObject } from '../api/save-object';
import type { CatalogueDialogProps } from './catalogue-screen';
import { RecordDialog } from './record-dialog';

/** A positive decimal as a Chilean types it ('12,5') as canonical text ('12.5'), '' for empty, null when it is not one. */
function typedDecimal(text: string): string | null {
  if (text.trim() === '') return '';
  const parsed = parseChileanDecimal(text);
  return parsed.ok && Number(parsed.value) > 0 ? parsed.value : null;
}

/**
 * The activity modal (the spec keeps its title 'Tipo de área', §2): code, priority, name and the
 * duration in working days (issue 13); issue 35 adds the unit of work, the productivity
 * ('Rendimiento', units one crew does in a working day), the default resource and the crews. A
 * task with a quantity then lasts ⌈cantidad ÷ (rendimiento × cuadrillas)⌉ working days. Only the
 * fields changed are sent, so an untouched activity saves as before.
 */
export function ActivityDialog({ title, record, onClose }: CatalogueDialogProps<Activity> & { title: string }) {
  const { t } = useTranslation();
  const save = useSaveObject('actividades', { onSuccess: onClose });
  const resources = useCatalogue('recursos');
  const [workUnit, setWorkUnit] = useState<WorkUnit | ''>(record?.workUnit ?? '');
  const [productivity, setProductivity] = useState((record?.productivity ?? '').replace('.', ','));
  const [resourceId, setResourceId] = useState(record?.resourceId ?? '');
  const [crews, setCrews] = useState(String(record?.crews ?? 1));

  const productivityValue = typedDecimal(productivity);
  const productivityError =
    productivityValue === null
      ? t('activityProductivity.productivityError')
      : productivityValue !== '' && workUnit === ''
        ? t('activityProductivity.unitNeeded')
        : undefined;
  const crewsValue = Number(crews.trim());
  const crewsError =
    !/^\d+$/.test(crews.trim()) || crewsValue < 1 || crewsValue > MAX_CREWS
      ? t('activityProductivity.crewsError', { max: MAX_CREWS })
      : undefined;

  /** The productivity fields that differ from the record's (all set ones for a new activity). */
  const changedFields = (): Partial<ActivityInput> => {
    const fields: Partial<ActivityInput> = {};
    const unit = workUnit === '' ? undefined : workUnit;
    if (unit !== record?.workUnit) fields.workUnit = unit ?? null;
    const value = productivityValue === '' || productivityValue === null ? undefined : productivityValue;
    if (value !== record?.productivity) fields.productivity = value ?? null;
    const resource = resourceId === '' ? undefined : resourceId;
    if (resource !== record?.resourceId) fields.resourceId = resource ?? null;
    if (crewsValue !== (record?.crews ?? 1)) fields.crews = crewsValue;
    return fields;
  };

  return (
    <RecordDialog
      title={title}
      initial={{
        code: record?.code ?? '',
        name: record?.name ?? '',
        priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
        duration: record?.duration ?? DEFAULT_ACTIVITY_DURATION,
      }}
      isSaving={save.isPending}
      onClose={onClose}
      onSubmit={(values) => {
        if (productivityError !== undefined || crewsError !== undefined) return;
        const object = { ...values, ...changedFields() };
        save.mutate(record ? { _id: record._id, ...object } : object);
      }}
    >
      <Stack spacing={1} component="section" aria-label={t('activityProductivity.section')}>
        <Typography variant="subtitle2">{t('activityProductivity.section')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('activityProductivity.workUnit')}
            value={workUnit}
            onChange={(event) => setWorkUnit(event.target.value as WorkUnit | '')}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('activityProductivity.none')}</MenuItem>
            {WORK_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {WORK_UNIT_LABELS[unit]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('activityProductivity.productivity')}
            value={productivity}
            onChange={(event) => setProductivity(event.target.value)}
            error={productivityError !== undefined}
            helperText={
              productivityError ??
              t('activityProductivity.productivityHelp', {
                unit: workUnit === '' ? t('activityProductivity.units') : WORK_UNIT_LABELS[workUnit],
              })
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ maxWidth: { sm: 240 } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('activityProductivity.resource')}
            value={resourceId}
            onChange={(event) => setResourceId(event.target.value)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('activityProductivity.none')}</MenuItem>
            {(resources.data ?? []).map((resource) => (
              <MenuItem key={resource._id} value={resource._id}>
                {resource.code} · {resource.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('activityProductivity.crews')}
            value={crews}
            onChange={(event) => setCrews(event.target.value)}
            error={crewsError !== undefined}
            helperText={crewsError}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: { sm: 160 } }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('activityProductivity.formula')}
        </Typography>
      </Stack>
    </RecordDialog>
  );
}
