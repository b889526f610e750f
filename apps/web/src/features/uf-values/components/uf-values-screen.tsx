import { formatIsoDate, formatNumber } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { notifyError } from '@/lib/stores/notices-store';
import { useSaveUfValues, useUfValues } from '../api/uf-values';
import { currentYear, yearOptions } from '../utils/uf-values';
import { UfImportDialog } from './uf-import-dialog';
import type { UfImportPreview } from './uf-import-dialog';
import { UfValueDialog } from './uf-value-dialog';
import { UfValuesTable } from './uf-values-table';

/** How many dates the delete confirmation lists before '…'. */
const LISTED_DATES = 10;

/**
 * /admin/valores-uf, 'Valores UF' (issue 16): the country's UF values that every UF↔CLP conversion
 * of a project takes its value from. A year at a time (the current one in Santiago first); added by
 * hand, edited in place, deleted with a confirmation that counts them, or imported from the Central
 * Bank's or the SII's files, previewed first. Cimiento has no internet, so the empty table says where
 * those files come from. Issue 30: only administrators change them (the server refuses anyone else);
 * other users read the same table without the controls, and the screen says why.
 */
export function UfValuesScreen() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [year, setYear] = useState(() => currentYear());
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [isAdding, setIsAdding] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  const query = useUfValues(year);
  const saveUfValues = useSaveUfValues();
  const data = query.data;
  const values = useMemo(() => data?.values ?? [], [data]);
  const byDate = useMemo(() => new Map(values.map((value) => [value.date, value.value])), [values]);
  const years = yearOptions(data?.first, data?.last, currentYear());
  const selectedDates = [...selected].sort();

  function chooseYear(next: number) {
    setYear(next);
    setSelected(new Set());
  }

  async function saveOne(date: string, value: string): Promise<string | null> {
    try {
      await saveUfValues.mutateAsync({ values: [{ date, value }], remove: [] });
      const savedYear = Number(date.slice(0, 4));
      if (savedYear !== year) chooseYear(savedYear);
      return null;
    } catch (cause) {
      return describeError(cause);
    }
  }

  async function removeSelected() {
    try {
      await saveUfValues.mutateAsync({ values: [], remove: selectedDates });
      setSelected(new Set());
      setIsConfirmingRemove(false);
    } catch (cause) {
      notifyError(describeError(cause));
    }
  }

  function showImported(preview: UfImportPreview) {
    if (preview.first === undefined || preview.last === undefined) return;
    const first = Number(preview.first.slice(0, 4));
    const last = Number(preview.last.slice(0, 4));
    if (year < first || year > last) chooseYear(last);
  }

  const count = data?.count ?? 0;
  const summary =
    data?.first !== undefined && data.last !== undefined
      ? t('ufValues.summary', {
          count,
          formatted: formatNumber(count),
          first: formatIsoDate(data.first),
          last: formatIsoDate(data.last),
        })
      : undefined;

  return (
    <PagePanel
      title={t('ufValues.title')}
      subtitle={summary}
      actions={
        isAdmin && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setIsImporting(true)}>
              {t('ufValues.import')}
            </Button>
            <Button variant="contained" color="success" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
              {t('ufValues.add')}
            </Button>
          </Stack>
        )
      }
    >
      {!isAdmin && (
        <Alert severity="info" data-testid="uf-read-only" sx={{ mb: 2 }}>
          {t('ufValues.readOnly')}
        </Alert>
      )}
      {data && count === 0 ? (
        <Alert severity="info" data-testid="uf-empty">
          <AlertTitle>{t('ufValues.emptyTitle')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t(isAdmin ? 'ufValues.emptyIntro' : 'ufValues.emptyIntroReadOnly')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
            <Typography component="li" variant="body2">
              {t('ufValues.emptyBcch')}
            </Typography>
            <Typography component="li" variant="body2">
              {t('ufValues.emptySii')}
            </Typography>
          </Box>
        </Alert>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
            <TextField
              select
              size="small"
              label={t('ufValues.year')}
              value={year}
              onChange={(event) => chooseYear(Number(event.target.value))}
              sx={{ width: 120 }}
            >
              {years.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
            {isAdmin && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteIcon />}
                disabled={selected.size === 0}
                onClick={() => setIsConfirmingRemove(true)}
              >
                {t('ufValues.removeSelected', { formatted: formatNumber(selected.size) })}
              </Button>
            )}
          </Stack>
          {data && values.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 3 }}>
              {t('ufValues.yearEmpty', { year })}
            </Typography>
          ) : (
            <UfValuesTable
              key={year}
              year={year}
              values={values}
              canEdit={isAdmin}
              selected={selected}
              onSelectedChange={setSelected}
              onSaveValue={saveOne}
            />
          )}
        </>
      )}
      {isAdmin && (
        <>
          <UfValueDialog
            isOpen={isAdding}
            storedValue={(date) => byDate.get(date)}
            onSave={saveOne}
            onClose={() => setIsAdding(false)}
          />
          <UfImportDialog isOpen={isImporting} onImported={showImported} onClose={() => setIsImporting(false)} />
          <ConfirmDialog
            isOpen={isConfirmingRemove}
            text={t('ufValues.removeConfirm', { count: selected.size, formatted: formatNumber(selected.size) })}
            details={
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {selectedDates.slice(0, LISTED_DATES).map(formatIsoDate).join(', ')}
                {selectedDates.length > LISTED_DATES ? '…' : ''}
              </Typography>
            }
            isBusy={saveUfValues.isPending}
            onConfirm={() => void removeSelected()}
            onCancel={() => setIsConfirmingRemove(false)}
          />
        </>
      )}
    </PagePanel>
  );
}
