import TextField from '@mui/material/TextField';
import { lighten } from '@mui/material/styles';
import type { MRT_ColumnDef, MRT_RowData, MRT_TableInstance } from 'material-react-table';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { matchesColumnFilter, parseColumnFilter } from '@/lib/column-filters/column-filters';
import type { ColumnFilterKind } from '@/lib/column-filters/column-filters';

/** The pause after typing before a large grid filters again. */
const FILTER_DELAY_MS = 200;

type TypedColumnFilterProps = {
  /** the grid's table (the same object on every render) */
  table: MRT_TableInstance<MRT_RowData>;
  columnId: string;
  header: string;
  kind: ColumnFilterKind;
  /** the column's filter now (undefined: none) */
  filterValue: unknown;
};

/**
 * A column's filter field (issue 19): the typed text is kept here; the column filters with it only
 * while it is valid. An invalid one ('abc' for a number, 31-02-2026) is marked 'Filtro no válido'
 * under the field and filters nothing. Memoised on plain props: the grid re-renders on every edit
 * of a row, and its header fields need not.
 */
export const TypedColumnFilter = memo(function TypedColumnFilter({
  table,
  columnId,
  header,
  kind,
  filterValue,
}: TypedColumnFilterProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (typeof filterValue === 'string' ? filterValue : ''));
  const typed = useDebouncedValue(text, FILTER_DELAY_MS);
  const isInvalid = parseColumnFilter(kind, text).status === 'invalid';

  useEffect(() => {
    const next = parseColumnFilter(kind, typed).status === 'valid' ? typed : undefined;
    const column = table.getColumn(columnId);
    // only a changed filter is set: setting the same one again would re-render the grid for nothing
    if (column.getFilterValue() !== next) column.setFilterValue(next);
  }, [table, columnId, kind, typed]);

  // the grid dropped the filter itself (to show a row it hides): the field follows
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
          // a lighter red on dark paper, a darker one on white: the message keeps its contrast
          sx: (theme) => ({
            '&.Mui-error': {
              color: theme.palette.mode === 'dark' ? lighten(theme.palette.error.main, 0.4) : theme.palette.error.dark,
            },
          }),
        },
      }}
    />
  );
});

/** The column-definition parts of a typed filter: its field and its test (numbers, dates YYYY-MM-DD, text). */
export function typedColumnFilter<T extends MRT_RowData>(
  kind: ColumnFilterKind,
): Pick<MRT_ColumnDef<T>, 'Filter' | 'filterFn' | 'enableColumnFilter'> {
  return {
    enableColumnFilter: true,
    Filter: ({ column, table }) => (
      <TypedColumnFilter
        table={table as unknown as MRT_TableInstance<MRT_RowData>}
        columnId={column.id}
        header={typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
        kind={kind}
        filterValue={column.getFilterValue()}
      />
    ),
    filterFn: (row, columnId, filterValue: unknown) =>
      typeof filterValue !== 'string' || matchesColumnFilter(kind, filterValue, row.getValue(columnId)),
  };
}
