import {
  DEFAULT_CATALOGUE_PRIORITY,
  formatIsoDate,
  formatNumber,
  isoOfTypedDate,
  parseChileanDecimal,
} from '@cimiento/domain';
import {
  MAX_RESOURCE_UNITS,
  RESOURCE_CURRENCIES,
  RESOURCE_TYPES,
  availabilityErrors,
  crewSize,
} from '@cimiento/domain/resources';
import type { CatalogueResource, ResourceCurrency, ResourceInput, ResourceType } from '@cimiento/domain/resources';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../api/load-objects';
import { useSaveObject } from '../api/save-object';
import { useCanWriteCatalogue } from './catalogue-access';
import type { CatalogueDialogProps } from './catalogue-screen';
import { RecordDialog } from './record-dialog';
import { ResourceCalendarFields, useResourceCalendarState } from './resource-calendar-fields';

type CostKind = 'perDay' | 'perUnit' | 'none';
type CrewRow = { key: number; trade: string; count: string };
type RangeRow = { key: number; from: string; to: string; maxUnits: string };

/** A number as a Chilean types it ('2', '2,5', '520.000') as canonical text, or null when it is not one. */
function typedDecimal(text: string): string | null {
  const parsed = parseChileanDecimal(text);
  return parsed.ok ? parsed.value : null;
}

/** The same, as a number. */
function typedNumber(text: string): number | null {
  const value = typedDecimal(text);
  return value === null ? null : Number(value);
}

/**
 * Issue 35: the resource modal ('Recurso'): code, priority and name, then its type, unit, the most
 * units available at once, the cost (per day or per unit, in CLP, UF or USD), a labour resource's
 * crew (trades × people), date ranges with another maximum and its own calendar (the weekdays it
 * works and its non-working ranges; resource-calendar-fields.tsx). Each field says what is wrong as it
 * is typed; the server checks the same rules (resourceInputSchema) and has the last word.
 */
export function ResourceDialog({ record, onClose }: CatalogueDialogProps<CatalogueResource>) {
  const { t } = useTranslation();
  const canWrite = useCanWriteCatalogue();
  const save = useSaveObject('recursos', { onSuccess: onClose });
  const trades = useCatalogue('oficios');
  const [type, setType] = useState<ResourceType>(record?.type ?? 'labor');
  const [unit, setUnit] = useState(record?.unit ?? 'cuadrilla');
  const [maxUnits, setMaxUnits] = useState(record ? String(record.maxUnits).replace('.', ',') : '1');
  const [costKind, setCostKind] = useState<CostKind>(
    record?.costPerDay !== undefined ? 'perDay' : record?.costPerUnit !== undefined ? 'perUnit' : 'perDay',
  );
  const [cost, setCost] = useState((record?.costPerDay ?? record?.costPerUnit ?? '').replace('.', ','));
  const [currency, setCurrency] = useState<ResourceCurrency>(record?.currency ?? 'CLP');
  const [crew, setCrew] = useState<CrewRow[]>(
    (record?.crew ?? []).map((member, index) => ({ key: index, trade: member.trade, count: String(member.count) })),
  );
  const [ranges, setRanges] = useState<RangeRow[]>(
    (record?.availability ?? []).map((range, index) => ({
      key: index,
      from: formatIsoDate(range.from),
      to: formatIsoDate(range.to),
      maxUnits: String(range.maxUnits).replace('.', ','),
    })),
  );
  const [nextKey, setNextKey] = useState(crew.length + ranges.length + 1);
  const calendar = useResourceCalendarState(record?.calendar);

  const maxUnitsValue = typedNumber(maxUnits);
  const maxUnitsError =
    maxUnitsValue === null || maxUnitsValue > MAX_RESOURCE_UNITS
      ? t('resources.maxUnitsError', { max: formatNumber(MAX_RESOURCE_UNITS) })
      : undefined;
  const unitError = unit.trim() === '' ? t('catalogues.required') : undefined;
  const costValue = costKind === 'none' || cost.trim() === '' ? undefined : typedDecimal(cost);
  const costError = costValue === null ? t('resources.costError') : undefined;
  const crewErrors = crew.map((row) => {
    const count = typedNumber(row.count);
    if (row.trade === '') return t('resources.crewTradeRequired');
    if (count === null || !Number.isInteger(count) || count < 1) return t('resources.crewCountError');
    if (crew.some((other) => other.key !== row.key && other.trade === row.trade && other.key < row.key))
      return t('resources.crewRepeated');
    return undefined;
  });
  // dates typed dd-mm-aaaa, as everywhere in Cimiento
  const rangeValues = ranges.map((row) => ({
    from: isoOfTypedDate(row.from) ?? '',
    to: isoOfTypedDate(row.to) ?? '',
    maxUnits: typedNumber(row.maxUnits) ?? -1,
  }));
  const rangeFieldErrors = ranges.map((row, index) =>
    rangeValues[index]?.from === '' || rangeValues[index]?.to === ''
      ? t('resources.rangeDatesRequired')
      : (rangeValues[index]?.maxUnits ?? -1) < 0
        ? t('resources.rangeMaxError')
        : undefined,
  );
  const rangeErrors = rangeFieldErrors.every((error) => error === undefined) ? availabilityErrors(rangeValues) : [];
  const blocked =
    maxUnitsError !== undefined ||
    unitError !== undefined ||
    costError !== undefined ||
    (type === 'labor' && crewErrors.some((error) => error !== undefined)) ||
    rangeFieldErrors.some((error) => error !== undefined) ||
    rangeErrors.length > 0 ||
    calendar.blocked;
  const people = crewSize(crew.map((row) => ({ trade: row.trade, count: typedNumber(row.count) ?? 0 })));
  const tradeOptions = trades.data ?? [];

  const resourceFields = (): Omit<ResourceInput, 'code' | 'name' | 'priority'> => ({
    type,
    unit: unit.trim(),
    maxUnits: maxUnitsValue ?? 0,
    crew: type === 'labor' ? crew.map((row) => ({ trade: row.trade, count: typedNumber(row.count) ?? 0 })) : [],
    availability: rangeValues.map((range) => ({ ...range, maxUnits: Math.max(0, range.maxUnits) })),
    costPerDay: costKind === 'perDay' ? (costValue ?? null) : null,
    costPerUnit: costKind === 'perUnit' ? (costValue ?? null) : null,
    currency,
    // null: the project's calendar
    calendar: calendar.value,
  });

  return (
    <RecordDialog
      title={t('resources.modal')}
      maxWidth="md"
      initial={{
        code: record?.code ?? '',
        name: record?.name ?? '',
        priority: record?.priority ?? DEFAULT_CATALOGUE_PRIORITY,
      }}
      isSaving={save.isPending}
      onClose={onClose}
      onSubmit={(values) => {
        if (blocked) return;
        const object = { ...values, ...resourceFields() };
        save.mutate(record ? { _id: record._id, ...object } : object);
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('resources.type')}
          value={type}
          onChange={(event) => setType(event.target.value as ResourceType)}
          sx={{ minWidth: 200 }}
        >
          {RESOURCE_TYPES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`resources.types.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('resources.unit')}
          value={unit}
          onChange={(event) => setUnit(event.target.value)}
          error={unitError !== undefined}
          helperText={unitError ?? t('resources.unitHelp')}
          sx={{ maxWidth: { sm: 180 } }}
        />
        <TextField
          label={t('resources.maxUnits')}
          value={maxUnits}
          onChange={(event) => setMaxUnits(event.target.value)}
          error={maxUnitsError !== undefined}
          helperText={maxUnitsError ?? t('resources.maxUnitsHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ maxWidth: { sm: 220 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('resources.costKind')}
          value={costKind}
          onChange={(event) => setCostKind(event.target.value as CostKind)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="perDay">{t('resources.costPerDay')}</MenuItem>
          <MenuItem value="perUnit">{t('resources.costPerUnit')}</MenuItem>
          <MenuItem value="none">{t('resources.noCost')}</MenuItem>
        </TextField>
        <TextField
          label={t('resources.cost')}
          value={costKind === 'none' ? '' : cost}
          disabled={costKind === 'none'}
          onChange={(event) => setCost(event.target.value)}
          error={costError !== undefined}
          helperText={costError}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ maxWidth: { sm: 220 } }}
        />
        <TextField
          select
          label={t('resources.currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as ResourceCurrency)}
          sx={{ minWidth: 120 }}
        >
          {RESOURCE_CURRENCIES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {type === 'labor' && (
        <Stack spacing={1} component="section" aria-label={t('resources.crew')}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2">{t('resources.crew')}</Typography>
            <Typography variant="body2" color="text.secondary" data-testid="crew-size">
              {t('resources.crewSize', { count: people })}
            </Typography>
          </Stack>
          {tradeOptions.length === 0 && trades.isSuccess && <Alert severity="info">{t('resources.noTrades')}</Alert>}
          {crew.map((row, index) => (
            <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label={t('resources.crewTrade')}
                value={row.trade}
                onChange={(event) =>
                  setCrew((old) =>
                    old.map((other) => (other.key === row.key ? { ...other, trade: event.target.value } : other)),
                  )
                }
                error={crewErrors[index] !== undefined}
                helperText={crewErrors[index]}
                sx={{ minWidth: 240 }}
                slotProps={{ htmlInput: { 'data-testid': `crew-trade-${index}` } }}
              >
                {tradeOptions.map((trade) => (
                  <MenuItem key={trade._id} value={trade._id}>
                    {trade.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('resources.crewCount')}
                value={row.count}
                onChange={(event) =>
                  setCrew((old) =>
                    old.map((other) => (other.key === row.key ? { ...other, count: event.target.value } : other)),
                  )
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `crew-count-${index}` } }}
                sx={{ maxWidth: 120 }}
              />
              {canWrite && (
                <IconButton
                  aria-label={t('catalogues.removeRow', { row: index + 1 })}
                  onClick={() => setCrew((old) => old.filter((other) => other.key !== row.key))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              )}
            </Stack>
          ))}
          {canWrite && (
            <Button
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setCrew((old) => [...old, { key: nextKey, trade: '', count: '1' }]);
                setNextKey(nextKey + 1);
              }}
            >
              {t('resources.addCrewRow')}
            </Button>
          )}
        </Stack>
      )}

      <Stack spacing={1} component="section" aria-label={t('resources.availability')}>
        <Typography variant="subtitle2">{t('resources.availability')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('resources.availabilityHint')}
        </Typography>
        {ranges.map((row, index) => (
          <Stack key={row.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
            {(['from', 'to'] as const).map((field) => (
              <TextField
                key={field}
                size="small"
                placeholder="dd-mm-aaaa"
                label={t(field === 'from' ? 'resources.rangeFrom' : 'resources.rangeTo')}
                value={row[field]}
                onChange={(event) =>
                  setRanges((old) =>
                    old.map((other) => (other.key === row.key ? { ...other, [field]: event.target.value } : other)),
                  )
                }
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `range-${field}-${index}` } }}
                sx={{ maxWidth: 170 }}
              />
            ))}
            <TextField
              size="small"
              label={t('resources.rangeMax')}
              value={row.maxUnits}
              onChange={(event) =>
                setRanges((old) =>
                  old.map((other) => (other.key === row.key ? { ...other, maxUnits: event.target.value } : other)),
                )
              }
              error={rangeFieldErrors[index] !== undefined}
              helperText={rangeFieldErrors[index]}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `range-max-${index}` } }}
              sx={{ maxWidth: 160 }}
            />
            {canWrite && (
              <IconButton
                aria-label={t('catalogues.removeRow', { row: index + 1 })}
                onClick={() => setRanges((old) => old.filter((other) => other.key !== row.key))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            )}
          </Stack>
        ))}
        {rangeErrors.map((error) => (
          <Typography key={error} variant="body2" color="error" role="alert">
            {error}
          </Typography>
        ))}
        {canWrite && (
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setRanges((old) => [...old, { key: nextKey, from: '', to: '', maxUnits: maxUnits }]);
              setNextKey(nextKey + 1);
            }}
          >
            {t('resources.addRange')}
          </Button>
        )}
      </Stack>

      <ResourceCalendarFields state={calendar} canWrite={canWrite} />
    </RecordDialog>
  );
}
