import { formatIsoDate } from '@cimiento/domain';
import type { UfValue } from '@cimiento/domain';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editableUfValue, formatUfClp, readUfValueInput } from '../utils/uf-values';

export type UfValuesTableProps = {
  year: number;
  values: readonly UfValue[];
  /** false for a user who is not an administrator: the values only, no checkboxes and no editing (issue 30) */
  canEdit?: boolean;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
  /** saves one value; resolves to an error message to show in the field, or null when saved */
  onSaveValue: (date: string, value: string) => Promise<string | null>;
};

const PAGE_SIZE = 31;
const ROWS_PER_PAGE = [PAGE_SIZE, 100, 366];

type Editing = { date: string; text: string; error: string | null; isSaving: boolean };

/**
 * A year's UF values, a page at a time (a month's worth by default): a checkbox per row (and one
 * for the page) to delete, the date as dd-mm-aaaa and the value in pesos. A value is edited where it
 * is: its pencil (or a double click) turns it into a field typed the Chilean way; Enter saves,
 * Escape cancels. Read-only (`canEdit` false): the dates and values alone.
 */
export function UfValuesTable({
  year,
  values,
  canEdit = true,
  selected,
  onSelectedChange,
  onSaveValue,
}: UfValuesTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const lastPage = Math.max(0, Math.ceil(values.length / rowsPerPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = values.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);
  const pageDates = rows.map((row) => row.date);
  const selectedOnPage = pageDates.filter((date) => selected.has(date)).length;

  function toggle(date: string) {
    const next = new Set(selected);
    if (next.has(date)) next.delete(date);
    else next.add(date);
    onSelectedChange(next);
  }

  function togglePage() {
    const next = new Set(selected);
    const selectAll = selectedOnPage < pageDates.length;
    for (const date of pageDates) {
      if (selectAll) next.add(date);
      else next.delete(date);
    }
    onSelectedChange(next);
  }

  async function save(current: Editing) {
    const read = readUfValueInput(current.text);
    if (!read.ok) return setEditing({ ...current, error: read.error });
    const stored = values.find((value) => value.date === current.date)?.value;
    if (stored === read.value) return setEditing(null);
    setEditing({ ...current, error: null, isSaving: true });
    const error = await onSaveValue(current.date, read.value);
    setEditing(error === null ? null : { ...current, error, isSaving: false });
  }

  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={t('ufValues.table', { year })}>
          <TableHead>
            <TableRow>
              {canEdit && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageDates.length > 0 && selectedOnPage === pageDates.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < pageDates.length}
                    onChange={togglePage}
                    disabled={pageDates.length === 0}
                    slotProps={{ input: { 'aria-label': t('ufValues.selectPage') } }}
                  />
                </TableCell>
              )}
              <TableCell>{t('ufValues.date')}</TableCell>
              <TableCell align="right">{t('ufValues.value')}</TableCell>
              {canEdit && <TableCell sx={{ width: 112 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const date = formatIsoDate(row.date);
              const isEditing = editing?.date === row.date;
              return (
                <TableRow key={row.date} hover selected={selected.has(row.date)} data-testid={`uf-row-${row.date}`}>
                  {canEdit && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(row.date)}
                        onChange={() => toggle(row.date)}
                        slotProps={{ input: { 'aria-label': t('ufValues.selectRow', { date }) } }}
                      />
                    </TableCell>
                  )}
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{date}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ fontVariantNumeric: 'tabular-nums' }}
                    onDoubleClick={() =>
                      canEdit &&
                      !isEditing &&
                      setEditing({ date: row.date, text: editableUfValue(row.value), error: null, isSaving: false })
                    }
                  >
                    {isEditing && editing ? (
                      <TextField
                        size="small"
                        autoFocus
                        value={editing.text}
                        disabled={editing.isSaving}
                        error={editing.error !== null}
                        helperText={editing.error ?? t('ufValues.editHint')}
                        onChange={(event) => setEditing({ ...editing, text: event.target.value, error: null })}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault();
                            void save(editing);
                          } else if (event.key === 'Escape') {
                            event.preventDefault();
                            setEditing(null);
                          }
                        }}
                        slotProps={{
                          htmlInput: { 'aria-label': t('ufValues.editField', { date }), inputMode: 'decimal' },
                        }}
                        sx={{ width: 180, '& input': { textAlign: 'right' } }}
                      />
                    ) : (
                      formatUfClp(row.value)
                    )}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {isEditing && editing ? (
                        <>
                          <IconButton
                            size="small"
                            color="success"
                            aria-label={t('ufValues.save')}
                            title={t('ufValues.save')}
                            disabled={editing.isSaving}
                            onClick={() => void save(editing)}
                          >
                            <CheckIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t('ufValues.cancel')}
                            title={t('ufValues.cancel')}
                            disabled={editing.isSaving}
                            onClick={() => setEditing(null)}
                          >
                            <CloseIcon fontSize="small" />
                          </IconButton>
                        </>
                      ) : (
                        <IconButton
                          size="small"
                          aria-label={t('ufValues.edit', { date })}
                          title={t('ufValues.edit', { date })}
                          onClick={() =>
                            setEditing({
                              date: row.date,
                              text: editableUfValue(row.value),
                              error: null,
                              isSaving: false,
                            })
                          }
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {values.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={values.length}
          page={shownPage}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('ufValues.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('ufValues.displayedRows', { from, to, count })}
        />
      )}
    </Box>
  );
}
