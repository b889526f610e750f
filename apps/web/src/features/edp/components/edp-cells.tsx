import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { MRT_ExpandButton } from 'material-react-table';
import type { MRT_Row, MRT_TableInstance } from 'material-react-table';
import { formatMoney } from '@cimiento/domain';
import type { Currency, PricedEdpItem } from '@cimiento/domain';
import { createContext, useContext } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEdpEditor, useEdpEditorStore } from '../stores/edp-editor-store';
import type { EdpEditField, EdpFieldError } from '../stores/edp-editor-store';
import { decimalText } from '../utils/edp-price-text';
import type { EdpNode } from '@/lib/edp-tree-rows';

type EdpCellProps = { row: MRT_Row<EdpNode>; table: MRT_TableInstance<EdpNode> };

/** The EDP's money on screen (issue 16): the project's currency and each item's total (rollUpEdpAmounts). */
export type EdpAmounts = { currency: Currency; totals: ReadonlyMap<number, string> };
export const EdpAmountsContext = createContext<EdpAmounts>({ currency: 'CLP', totals: new Map() });

export function fieldErrorText(t: TFunction, field: EdpEditField, error: EdpFieldError | undefined): string {
  if (!error) return '';
  if (error.kind === 'duplicate') return t('edp.codeTaken', { code: error.code, id: error.id });
  if (error.kind === 'invalid')
    return t('edpPrices.fieldError', { field: t(`edpPrices.columns.${field}`), error: error.message });
  return field === 'code' ? t('edp.codeRequired') : t('edp.nameRequired');
}

const FIELD_LABELS = {
  code: 'edp.codeField',
  name: 'edp.nameField',
  unit: 'edpPrices.unitField',
  quantity: 'edpPrices.quantityField',
  unitPrice: 'edpPrices.unitPriceField',
} as const satisfies Record<EdpEditField, string>;

const FIELD_MAX_LENGTHS: Record<EdpEditField, number> = { code: 100, name: 200, unit: 20, quantity: 30, unitPrice: 30 };

/** The row's text field while it is being edited: Enter commits the row, Escape discards it. */
function EdpEditField({ field, id }: { field: EdpEditField; id: number }) {
  const { t } = useTranslation();
  const store = useEdpEditorStore();
  const value = useEdpEditor((state) => state.editing?.[field] ?? '');
  const error = useEdpEditor((state) => state.editing?.errors[field]);
  const helperText = fieldErrorText(t, field, error);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // the grid's own keys (selection, expansion) stay out of the field
    event.stopPropagation();
    // focus goes back to the row (not to the page) once the field is gone
    if (event.key === 'Enter') {
      event.preventDefault();
      if (store.getState().commitEdit()) store.getState().focusSelectedRow();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      store.getState().cancelEdit();
      store.getState().focusSelectedRow();
    }
  }

  return (
    <TextField
      variant="standard"
      size="small"
      fullWidth
      autoFocus={field === 'code'}
      value={value}
      error={error !== undefined}
      helperText={helperText || undefined}
      onChange={(event) => store.getState().setDraft(field, event.target.value)}
      onKeyDown={handleKeyDown}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      slotProps={{
        htmlInput: {
          'aria-label': t(FIELD_LABELS[field], { id }),
          'data-edp-field': field,
          autoComplete: 'off',
          maxLength: FIELD_MAX_LENGTHS[field],
          ...(field === 'quantity' || field === 'unitPrice'
            ? { inputMode: 'decimal', style: { textAlign: 'right' } }
            : {}),
        },
        formHelperText: { sx: { whiteSpace: 'normal', mx: 0 } },
      }}
    />
  );
}

/** Código: the tree column (spec §9 "tree column index 1"): the expand button indented by depth, then the code. */
export function EdpCodeCell({ row, table }: EdpCellProps) {
  const id = row.original.id;
  const isEditing = useEdpEditor((state) => state.editing?.id === id);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, width: '100%', minWidth: 0 }}>
      <MRT_ExpandButton row={row} table={table} />
      {isEditing ? (
        <EdpEditField field="code" id={id} />
      ) : (
        <Box component="span" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {row.original.code}
        </Box>
      )}
    </Box>
  );
}

export function EdpNameCell({ row }: EdpCellProps) {
  const id = row.original.id;
  const isEditing = useEdpEditor((state) => state.editing?.id === id);
  if (isEditing) return <EdpEditField field="name" id={id} />;
  return (
    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {row.original.name}
    </Box>
  );
}

/** Unidad: the item's unit ('m2', 'ml', 'gl', …), a text field while the row is edited. */
export function EdpUnitCell({ row }: EdpCellProps) {
  const id = row.original.id;
  const isEditing = useEdpEditor((state) => state.editing?.id === id);
  if (isEditing) return <EdpEditField field="unit" id={id} />;
  return <Box component="span">{(row.original as PricedEdpItem).unit ?? ''}</Box>;
}

/** Cantidad / Precio unitario: the decimal in es-CL notation ('1.234,5'), a text field while the row is edited. */
function EdpDecimalCell({ row, field }: EdpCellProps & { field: 'quantity' | 'unitPrice' }) {
  const id = row.original.id;
  const isEditing = useEdpEditor((state) => state.editing?.id === id);
  if (isEditing) return <EdpEditField field={field} id={id} />;
  return (
    <Box component="span" sx={{ width: '100%', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
      {decimalText((row.original as PricedEdpItem)[field])}
    </Box>
  );
}

export function EdpQuantityCell(props: EdpCellProps) {
  return <EdpDecimalCell {...props} field="quantity" />;
}

export function EdpUnitPriceCell(props: EdpCellProps) {
  return <EdpDecimalCell {...props} field="unitPrice" />;
}

/**
 * Monto: the item's total in the project's currency — its own amount (quantity × unit price), plus
 * its items' for a parent, shown bold as a subtotal. Empty while nothing under it is priced.
 */
export function EdpAmountCell({ row }: EdpCellProps) {
  const { currency, totals } = useContext(EdpAmountsContext);
  const total = totals.get(row.original.id);
  if (total === undefined) return null;
  const isParent = row.original.subRows.length > 0;
  return (
    <Box
      component="span"
      data-edp-amount={row.original.id}
      sx={{ width: '100%', textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: isParent ? 700 : 400 }}
    >
      {formatMoney(total, currency)}
    </Box>
  );
}
