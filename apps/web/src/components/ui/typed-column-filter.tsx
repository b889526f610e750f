import TextField from '@mui/material/TextField';
import type { MRT_Column, MRT_ColumnDef, MRT_RowData } from 'material-react-table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { matchesColumnFilter, parseColumnFilter } from '@/lib/column-filters/column-filters';
import type { ColumnFilterKind } from '@/lib/column-filters/column-filters';

/** The pause after typing before a large grid filters again. */
const FILTER_DELAY_MS = 200;

type TypedColumnFilterProps<T extends MRT_RowData> = {
  column: MRT_Column<T>;
  kind: ColumnFilterKind;
};

/**
 * A column's filter field (issue 19): the typed text is kept here; the column filters with it only
 * while it is valid. An invalid one ('abc' for a number, 31-02-2026) is marked 'Filtro no válido'
 * under the field and filters nothing.
 */
export function TypedColumnFilter<T extends MRT_RowData>({ column, kind }: TypedColumnFilterProps<T>) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => {
    const value: unknown = column.getFilterValue();
    return typeof value === 'string' ? value : '';
  });
  const typed = useDebouncedValue(text, FILTER_DELAY_MS);
  const isInvalid = parseColumnFilter(kind, text).status === 'invalid';
  const header = typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;

  // the column object is new on every render of the grid: only a changed filter is set
  const columnRef = useRef(column);
  columnRef.current = column;
  useEffect(() => {
    const next = parseColumnFilter(kind, typed).status === 'valid' ? typed : undefined;
    if (columnRef.current.getFilterValue() !== next) columnRef.current.setFilterValue(next);
  }, [kind, typed]);

  // the grid dropped the filter itself (to show a row it hides): the field follows
  const filterValue: unknown = column.getFilterValue();
  useEffect(() => {
    if (filterValue === undefined) setText((old) => (parseColumnFilter(kind, old).status === 'valid' ? '' : old));
  }, [filterValue, kind]);

  return (
    <TextField
      variant="standard"
      size="small"
      fullWidth
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={t(`taskViews.filterHint.${kind}`)}
      error={isInvalid}
      helperText={isInvalid ? t('taskViews.invalidFilter') : undefined}
      slotProps={{
        htmlInput: {
          'aria-label': t('taskViews.filterBy', { column: header }),
          'aria-invalid': isInvalid,
          title: t(`taskViews.filterHelp.${kind}`),
        },
        formHelperText: {
          role: 'alert',
          // the lighter red on dark paper keeps its contrast
          sx: (theme) => ({ '&.Mui-error': { color: theme.palette.mode === 'dark' ? 'error.light' : 'error.dark' } }),
        },
      }}
    />
  );
}

/** The column-definition parts of a typed filter: its field and its test (numbers, dates YYYY-MM-DD, text). */
export function typedColumnFilter<T extends MRT_RowData>(
  kind: ColumnFilterKind,
): Pick<MRT_ColumnDef<T>, 'Filter' | 'filterFn' | 'enableColumnFilter'> {
  return {
    enableColumnFilter: true,
    Filter: ({ column }) => <TypedColumnFilter column={column} kind={kind} />,
    filterFn: (row, columnId, filterValue: unknown) =>
      typeof filterValue !== 'string' || matchesColumnFilter(kind, filterValue, row.getValue(columnId)),
  };
}
