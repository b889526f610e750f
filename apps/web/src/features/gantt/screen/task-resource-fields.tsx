import { formatDecimal, formatIsoDate, formatNumber, parseChileanDecimal } from '@cimiento/domain';
import type { GanttDraftTask } from '@cimiento/domain';
import { assignmentErrors } from '@cimiento/domain/resources';
import type { NamedResource, ResourceAssignment } from '@cimiento/domain/resources';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGanttEditor } from '../editor/gantt-editor-store';

/** A row of the editor's 'Recursos': the resource chosen (null: none yet) and the units as typed. */
type ResourceRow = { key: number; resourceId: string | null; units: string };

export type TaskResourcesCheck =
  { ok: true; resources: ResourceAssignment[]; removeLeveling: boolean } | { ok: false; error: string };

/**
 * issue 35: the task editor's 'Recursos' (each a resource of the catalogue and its units, '1,5'
 * read as Chile writes it) and, for a levelled task, 'Quitar redistribución'. `check` reads the
 * rows as saveGantt checks them, naming the row.
 */
export function useTaskResourcesForm(task: GanttDraftTask | undefined) {
  const catalogue = useGanttEditor((state) => state.resources);
  const [rows, setRows] = useState<ResourceRow[]>(() =>
    (task?.resources ?? []).map((item, index) => ({
      key: index,
      resourceId: item.resourceId,
      units: formatDecimal(item.units),
    })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [removeLeveling, setRemoveLeveling] = useState(false);

  function check(): TaskResourcesCheck {
    const resources: ResourceAssignment[] = [];
    for (const [index, row] of rows.entries()) {
      if (row.resourceId === null) return { ok: false, error: `Recursos, fila ${index + 1}: elige un recurso` };
      const units = parseChileanDecimal(row.units);
      if (!units.ok) return { ok: false, error: `Recursos, fila ${index + 1}: las unidades ${units.error}` };
      resources.push({ resourceId: row.resourceId, units: Number(units.value) });
    }
    const nameOf = (id: string) => catalogue.find((resource) => resource._id === id)?.name;
    const [error] = assignmentErrors(resources, nameOf);
    if (error !== undefined) return { ok: false, error: `Recursos: ${error}` };
    return { ok: true, resources, removeLeveling };
  }

  return {
    task,
    catalogue,
    rows,
    removeLeveling,
    setRemoveLeveling,
    check,
    setRow: (key: number, change: Partial<ResourceRow>) =>
      setRows((old) => old.map((row) => (row.key === key ? { ...row, ...change } : row))),
    removeRow: (key: number) => setRows((old) => old.filter((row) => row.key !== key)),
    /** issue 35: the units of `resourceId` as typed ('Cuadrillas'), its row added when it has none */
    setUnitsOf: (resourceId: string, units: string) => {
      setRows((old) =>
        old.some((row) => row.resourceId === resourceId)
          ? old.map((row) => (row.resourceId === resourceId ? { ...row, units } : row))
          : [...old, { key: nextKey, resourceId, units }],
      );
      setNextKey((key) => key + 1);
    },
    addRow: () => {
      setRows((old) => [...old, { key: nextKey, resourceId: null, units: '1' }]);
      setNextKey(nextKey + 1);
    },
  };
}

export function TaskResourceFields({
  form,
  error,
}: {
  form: ReturnType<typeof useTaskResourcesForm>;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { task, catalogue, rows } = form;
  const byId = new Map(catalogue.map((resource) => [resource._id, resource]));
  const optionText = (resource: NamedResource) => `${resource.code} ${resource.name}`;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('gantt.resources')}
      </Typography>
      {catalogue.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('gantt.resourcesEmpty')}
        </Typography>
      )}
      <Stack spacing={1} sx={{ mb: 1 }}>
        {rows.map((row, index) => (
          <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Autocomplete
              size="small"
              sx={{ flex: 1, minWidth: 220, maxWidth: 420 }}
              options={catalogue}
              value={row.resourceId === null ? null : (byId.get(row.resourceId) ?? null)}
              getOptionLabel={optionText}
              isOptionEqualToValue={(option, value) => option._id === value._id}
              onChange={(_event, value) => form.setRow(row.key, { resourceId: value?._id ?? null })}
              noOptionsText={t('gantt.resourceNoOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('gantt.resource')}
                  slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `resource-${index}` } }}
                />
              )}
            />
            <TextField
              label={t('gantt.resourceUnits')}
              value={row.units}
              onChange={(event) => form.setRow(row.key, { units: event.target.value })}
              size="small"
              sx={{ width: 110 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `resource-units-${index}` } }}
            />
            <IconButton
              aria-label={t('gantt.removeResource', {
                name: row.resourceId === null ? '' : (byId.get(row.resourceId)?.name ?? ''),
              })}
              onClick={() => form.removeRow(row.key)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {error !== undefined && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={form.addRow}
        disabled={catalogue.length === 0}
        sx={{ mb: 1 }}
      >
        {t('gantt.addResource')}
      </Button>
      {task?.levelingDelay !== undefined && task.leveledFrom !== undefined && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('gantt.levelingNote', {
              days: formatNumber(task.levelingDelay),
              start: formatIsoDate(task.leveledFrom),
            })}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={form.removeLeveling}
                onChange={(event) => form.setRemoveLeveling(event.target.checked)}
              />
            }
            label={t('gantt.removeLevelingHere')}
          />
        </Stack>
      )}
    </>
  );
}
