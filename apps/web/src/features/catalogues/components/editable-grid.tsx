import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { useCanWriteCatalogue } from './catalogue-access';

/** A grid row: `key` is the client's own identity (server rows may still lack an id). */
export type GridRow = { key: string };

export type GridColumn<R extends GridRow> = {
  field: keyof R & string;
  label: string;
  type: 'text' | 'number';
  /** Shown, never edited (the subcomponent id). */
  isReadOnly?: boolean;
  /** A text that wraps onto more lines instead of being cut (names); Enter never adds a line. */
  isMultiline?: boolean;
  width?: number;
};

export type EditableGridProps<R extends GridRow> = {
  title: string;
  rows: R[];
  columns: GridColumn<R>[];
  addLabel: string;
  /** The rows differ from the loaded copy: offers to discard them and says they are not saved yet. */
  isDirty: boolean;
  onChange: (rows: R[]) => void;
  onAdd: () => void;
  onDiscard: () => void;
  /** With these, each row gets a radio button to select it (subcomponents → their activities). */
  selectedKey?: string | null;
  onSelect?: (key: string) => void;
};

function cellValue(value: unknown): string | number {
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/**
 * The modal's editable batch grid (spec: Subáreas, Componentes básicos): every cell is an input, so
 * Tab moves through the grid and typing edits it; rows are added and deleted here and the whole
 * batch is saved with the record.
 */
export function EditableGrid<R extends GridRow>({
  title,
  rows,
  columns,
  addLabel,
  isDirty,
  onChange,
  onAdd,
  onDiscard,
  selectedKey,
  onSelect,
}: EditableGridProps<R>) {
  const { t } = useTranslation();
  // issue 36: no add, discard or delete for a user who is not an administrator
  const canWrite = useCanWriteCatalogue();
  const titleId = useId();
  const isSelectable = onSelect !== undefined;

  function changeCell(rowKey: string, column: GridColumn<R>, raw: string) {
    // a pasted line break in a multi-line cell becomes a space: names are one line of text
    const text = column.isMultiline === true ? raw.replace(/\r?\n/g, ' ') : raw;
    const value = column.type === 'number' ? (raw === '' || Number.isNaN(Number(raw)) ? 0 : Number(raw)) : text;
    onChange(rows.map((row) => (row.key === rowKey ? { ...row, [column.field]: value } : row)));
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ pt: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {canWrite && isDirty && (
          <Button size="small" color="inherit" startIcon={<UndoIcon />} onClick={onDiscard}>
            {t('catalogues.discardChanges')}
          </Button>
        )}
        {canWrite && (
          <Button size="small" variant="outlined" color="success" startIcon={<AddIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Stack>
      {isDirty && (
        <Alert severity="info" sx={{ mb: 1, py: 0 }}>
          {t('catalogues.pendingChanges', { grid: title })}
        </Alert>
      )}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320 }}>
        <Table size="small" stickyHeader aria-labelledby={titleId} sx={{ minWidth: 520 }}>
          <TableHead>
            <TableRow>
              {isSelectable && <TableCell padding="checkbox" />}
              {columns.map((column) => (
                <TableCell key={column.field} sx={{ width: column.width, fontWeight: 600 }}>
                  {column.label}
                </TableCell>
              ))}
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('catalogues.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + (isSelectable ? 2 : 1)}>
                  <Typography variant="body2" color="text.secondary">
                    {t('catalogues.noRows', { add: addLabel })}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => {
              const rowNumber = index + 1;
              const isSelected = selectedKey === row.key;
              return (
                <TableRow
                  key={row.key}
                  selected={isSelected}
                  hover={isSelectable}
                  onClick={isSelectable ? () => onSelect(row.key) : undefined}
                >
                  {isSelectable && (
                    <TableCell padding="checkbox">
                      <Radio
                        checked={isSelected}
                        onChange={() => onSelect(row.key)}
                        slotProps={{ input: { 'aria-label': t('catalogues.selectSubcomponent', { row: rowNumber }) } }}
                        size="small"
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.field} sx={{ width: column.width }}>
                      {column.isReadOnly ? (
                        cellValue(row[column.field])
                      ) : (
                        <TextField
                          variant="standard"
                          size="small"
                          fullWidth
                          type={column.type}
                          multiline={column.isMultiline === true}
                          onKeyDown={
                            column.isMultiline === true
                              ? (event) => {
                                  if (event.key === 'Enter') event.preventDefault();
                                }
                              : undefined
                          }
                          value={cellValue(row[column.field])}
                          error={
                            column.type === 'text'
                              ? String(row[column.field]).trim() === ''
                              : Number(row[column.field]) < 1
                          }
                          onChange={(event) => changeCell(row.key, column, event.target.value)}
                          slotProps={{
                            htmlInput: {
                              'aria-label': t('catalogues.cellLabel', { column: column.label, row: rowNumber }),
                              ...(column.type === 'number' ? { min: 1, step: 1 } : {}),
                            },
                          }}
                        />
                      )}
                    </TableCell>
                  ))}
                  <TableCell padding="checkbox">
                    {canWrite && (
                      <IconButton
                        size="small"
                        aria-label={t('catalogues.removeRow', { row: rowNumber })}
                        onClick={(event) => {
                          event.stopPropagation();
                          onChange(rows.filter((other) => other.key !== row.key));
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
