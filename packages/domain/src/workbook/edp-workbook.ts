import type { EdpItem } from '../edp/generate-edp';
import { edpCodeKey } from '../edp/edp-tree';
import { rollUpEdpAmounts } from '../costs/edp-amounts';
import type { PricedEdpItem } from '../costs/edp-amounts';
import { parseChileanDecimal, parseDecimal } from '../format/decimal';
import type { MoneyCurrency } from '../format/money-math';
import { MAX_UNIT } from '../functions/price-fields';
import { MAX_EDP_CODE } from '../functions/edp-contracts';
import type { WorkbookRowError } from '../functions/exchange-contracts';
import { MAX_EDP_ITEMS } from '../functions/project-contracts';
import { formatNumber } from '../format/money';
import { flattenForest, forestOf } from '../tree/ordered-forest';
import { cellAt, cellInteger, cellText, dataRows, findSheetHeader, rowError, unsafeTextError } from './sheet-rows';
import type { SheetCell, SheetColumn, SheetRow } from './sheet-rows';

/**
 * The EDP's workbook (issue 14): the sheet 'Exportar a Excel' has written since issue 5 — sheet
 * 'EDP', a header row Código · Nombre · Nivel, then one row per item in tree order, Nivel being
 * the depth (the root 0) — and the rules that read it back into an EDP for importEdp. Pure.
 *
 * Issue 16 adds Unidad · Cantidad · Precio unitario · Monto (docs/EXCHANGE.md). Monto is the
 * item's total (its own amount plus its items', as the EDP screen shows it), written for the
 * reader and ignored on import. On import a column that is missing leaves every item's field as
 * stored; an empty cell clears it; Cantidad and Precio unitario take numbers or text typed the
 * Chilean way ('1.234,5').
 */

export const EDP_SHEET_NAME = 'EDP';
export const EDP_SHEET_TITLES = {
  code: 'Código',
  name: 'Nombre',
  level: 'Nivel',
  unit: 'Unidad',
  quantity: 'Cantidad',
  unitPrice: 'Precio unitario',
  amount: 'Monto',
} as const;
/** Excel groups rows in at most 7 outline levels; deeper items share the 7th. */
export const EXCEL_MAX_OUTLINE_LEVEL = 7;
const MAX_NAME = 200;

/**
 * One sheet row: Nivel is the depth, the root's level being 0; the price fields (decimal strings)
 * when set, and `amount` the item's total in the currency when its subtree has a priced item.
 */
export type EdpSheetRow = {
  code: string;
  name: string;
  level: number;
  unit?: string;
  quantity?: string;
  unitPrice?: string;
  amount?: string;
  /** the item has items under it (its Monto is a subtotal) */
  summary?: true;
};

/** The rows of the export, one per item in tree order; amounts as `currency` stores them. */
export function edpSheetRows(items: readonly PricedEdpItem[], currency: MoneyCurrency = 'CLP'): EdpSheetRow[] {
  const forest = forestOf(items);
  const depth = new Map<number, number>();
  const totals = rollUpEdpAmounts(items, currency);
  return flattenForest(forest).map((item) => {
    const level =
      item.parentId !== undefined && depth.has(item.parentId) ? (depth.get(item.parentId) as number) + 1 : 0;
    depth.set(item.id, level);
    const row: EdpSheetRow = { code: item.code, name: item.name, level };
    if (item.unit !== undefined) row.unit = item.unit;
    if (item.quantity !== undefined) row.quantity = item.quantity;
    if (item.unitPrice !== undefined) row.unitPrice = item.unitPrice;
    const total = totals.get(item.id);
    if (total !== undefined) row.amount = total;
    if (forest.children.has(item.id)) row.summary = true;
    return row;
  });
}

type EdpColumn = 'code' | 'name' | 'level' | 'unit' | 'quantity' | 'unitPrice';

const EDP_COLUMNS: readonly SheetColumn<EdpColumn>[] = [
  { key: 'code', title: EDP_SHEET_TITLES.code, aliases: ['Code', 'Codigo EDP'], required: true },
  { key: 'name', title: EDP_SHEET_TITLES.name, aliases: ['Name', 'Descripción'], required: true },
  { key: 'level', title: EDP_SHEET_TITLES.level, aliases: ['Level'], required: true },
  { key: 'unit', title: EDP_SHEET_TITLES.unit, aliases: ['Unit', 'Un', 'Unid'], required: false },
  { key: 'quantity', title: EDP_SHEET_TITLES.quantity, aliases: ['Quantity', 'Cant'], required: false },
  {
    key: 'unitPrice',
    title: EDP_SHEET_TITLES.unitPrice,
    aliases: ['Unit price', 'P.U.', 'PU', 'Precio'],
    required: false,
  },
];

/**
 * An EDP item the workbook describes: its price fields as importEdp writes them (saveEdp's rule:
 * absent — the sheet has no such column — keeps what is stored, null — an empty cell — clears it).
 */
export type EdpImportItem = EdpItem & { unit?: string | null; quantity?: string | null; unitPrice?: string | null };

/**
 * A quantity or unit price in a cell: a number (read by its shortest text), or text typed the
 * Chilean way ('1.234,5', '12,5', '1.234') or with a decimal point ('12.5'). null: an empty cell.
 */
export function cellPrice(
  cell: SheetCell | undefined,
): { ok: true; value: string | null } | { ok: false; error: string } {
  if (typeof cell === 'number') {
    const parsed = parseDecimal(cell);
    return parsed.ok ? parsed : { ok: false, error: priceError(parsed.error) };
  }
  const text = cellText(cell);
  if (text === '') return { ok: true, value: null };
  const parsed = parseChileanDecimal(text);
  return parsed.ok ? parsed : { ok: false, error: priceError(parsed.error) };
}

/** The parser's message as said of a column ('Cantidad …'). */
function priceError(error: string): string {
  if (error.startsWith('debe ser un monto') || error.startsWith('debe ser un número')) {
    return 'debe ser un número, por ejemplo 1.234,5';
  }
  if (error === 'no puede ser negativo') return 'debe ser 0 o más';
  return error;
}

/**
 * What an import changes: items added, renamed (code or name), removed, and kept (neither renamed
 * nor repriced); issue 16: `repriced`, the current items whose Unidad, Cantidad or Precio unitario
 * change (an item can be both renamed and repriced).
 */
export type EdpImportCounts = { added: number; renamed: number; removed: number; kept: number; repriced: number };

export type EdpImportResult = {
  /** the EDP the workbook describes, in tree order; empty when there are errors */
  items: EdpImportItem[];
  /** every error of every row, in row order */
  errors: WorkbookRowError[];
  counts: EdpImportCounts;
  /** data rows read (blank rows left out) */
  rows: number;
  /** ids of the current items the workbook leaves out */
  removedIds: number[];
};

/** The code's parent: the code without its last '.segment' (none for a code without a dot). */
function parentCode(code: string): string | undefined {
  const dot = code.lastIndexOf('.');
  return dot <= 0 ? undefined : code.slice(0, dot);
}

const NO_COUNTS: EdpImportCounts = { added: 0, renamed: 0, removed: 0, kept: 0, repriced: 0 };

/**
 * The EDP in a workbook's rows, checked row by row against importEdp's rules: the header found by
 * its titles; blank rows skipped; every code present, at most MAX_EDP_CODE characters and unique
 * (case-insensitive); the first item the root (the project's code, or the root's current code);
 * each other code's parent (the code without its last segment) in an earlier row; Nivel empty or
 * the code's depth; every name present and at most 200 characters; at most MAX_EDP_ITEMS rows.
 * Items keep their id where their code stays (case-insensitive); new ones take ids above the
 * highest current one. Every error of every row is listed.
 */
export function edpItemsFromRows(
  rows: readonly SheetRow[],
  currentItems: readonly PricedEdpItem[],
  projectCode: string,
): EdpImportResult {
  const header = findSheetHeader(rows, EDP_COLUMNS);
  if (!header.ok) return { items: [], errors: [header.error], counts: NO_COUNTS, rows: 0, removedIds: [] };
  const data = dataRows(rows, header.header);
  if (data.length > MAX_EDP_ITEMS) {
    const first = data[MAX_EDP_ITEMS] as SheetRow;
    return {
      items: [],
      errors: [
        rowError(
          first.row,
          EDP_SHEET_TITLES.code,
          `el libro tiene ${formatNumber(data.length)} filas con datos; el EDP admite como máximo ${formatNumber(MAX_EDP_ITEMS)} ítems`,
        ),
      ],
      counts: NO_COUNTS,
      rows: data.length,
      removedIds: [],
    };
  }

  const currentRoot = currentItems.find((item) => item.parentId === undefined);
  const rootKeys = new Set([edpCodeKey(projectCode), ...(currentRoot ? [edpCodeKey(currentRoot.code)] : [])]);
  const currentByKey = new Map(currentItems.map((item) => [edpCodeKey(item.code), item]));
  let nextId = currentItems.reduce((highest, item) => Math.max(highest, item.id), 0) + 1;

  const errors: WorkbookRowError[] = [];
  const T = EDP_SHEET_TITLES;
  /** code key → the row's item and depth */
  const seen = new Map<string, { row: number; item: EdpItem; depth: number }>();
  const items: EdpImportItem[] = [];
  /** current id → the current item a row keeps */
  const matched = new Map<number, PricedEdpItem>();
  let rootKey: string | undefined;

  for (const [index, row] of data.entries()) {
    const code = cellText(cellAt(row, header.header, 'code'));
    const name = cellText(cellAt(row, header.header, 'name'));
    const levelCell = cellAt(row, header.header, 'level');
    const rowErrors: WorkbookRowError[] = [];
    let depth: number | undefined;
    let parent: { item: EdpItem; depth: number } | undefined;
    const key = edpCodeKey(code);
    let codeOk = false;

    const unsafeCode = unsafeTextError(row.row, T.code, 'el código', code);
    if (code === '') rowErrors.push(rowError(row.row, T.code, 'el código es obligatorio'));
    else if (unsafeCode) rowErrors.push(unsafeCode);
    else if (code.length > MAX_EDP_CODE) {
      rowErrors.push(
        rowError(row.row, T.code, `el código tiene ${code.length} caracteres; el máximo es ${MAX_EDP_CODE}`),
      );
    } else if (/\s/.test(code)) {
      rowErrors.push(rowError(row.row, T.code, `el código «${code}» no puede tener espacios`));
    } else if (seen.has(key)) {
      rowErrors.push(
        rowError(row.row, T.code, `el código ${code} está repetido (ya está en la fila ${seen.get(key)?.row})`),
      );
    } else if (index === 0) {
      if (rootKeys.has(key)) {
        depth = 0;
        rootKey = key;
        codeOk = true;
      } else {
        const expected = currentRoot?.code ?? projectCode;
        rowErrors.push(
          rowError(
            row.row,
            T.code,
            `la primera fila debe ser la raíz del EDP, con el código ${expected}, y tiene ${code}`,
          ),
        );
      }
    } else if (rootKeys.has(key) && rootKey === undefined) {
      rowErrors.push(rowError(row.row, T.code, `la raíz ${code} debe ser la primera fila del EDP`));
    } else {
      const parentKey = parentCode(key);
      const found = parentKey === undefined ? undefined : seen.get(parentKey);
      if (found) {
        parent = found;
        depth = found.depth + 1;
        codeOk = true;
      } else if (parentKey === undefined || (rootKey !== undefined && !key.startsWith(`${rootKey}.`))) {
        const root = currentRoot?.code ?? projectCode;
        rowErrors.push(
          rowError(row.row, T.code, `el código ${code} debe comenzar con el código de la raíz (${root}.)`),
        );
      } else {
        const parentText = code.slice(0, parentKey.length);
        rowErrors.push(
          rowError(row.row, T.code, `el ítem padre ${parentText} del código ${code} no está en una fila anterior`),
        );
      }
    }

    const level = cellInteger(levelCell);
    if (level !== undefined && (Number.isNaN(level) || level < 0)) {
      rowErrors.push(
        rowError(row.row, T.level, `el nivel «${cellText(levelCell)}» debe ser un número entero (la raíz es 0)`),
      );
    } else if (level !== undefined && depth !== undefined && level !== depth) {
      rowErrors.push(
        rowError(row.row, T.level, `el nivel ${level} no corresponde al código ${code}, que es de nivel ${depth}`),
      );
    }

    const unsafeName = unsafeTextError(row.row, T.name, 'el nombre', name);
    if (name === '') rowErrors.push(rowError(row.row, T.name, 'el nombre es obligatorio'));
    else if (unsafeName) rowErrors.push(unsafeName);
    else if (name.length > MAX_NAME) {
      rowErrors.push(rowError(row.row, T.name, `el nombre tiene ${name.length} caracteres; el máximo es ${MAX_NAME}`));
    }

    const prices: Pick<EdpImportItem, 'unit' | 'quantity' | 'unitPrice'> = {};
    if (header.header.columns.unit !== undefined) {
      const unit = cellText(cellAt(row, header.header, 'unit'));
      const unsafeUnit = unsafeTextError(row.row, T.unit, T.unit, unit);
      if (unsafeUnit) rowErrors.push(unsafeUnit);
      else if (unit.length > MAX_UNIT) {
        rowErrors.push(
          rowError(row.row, T.unit, `${T.unit} tiene ${unit.length} caracteres; el máximo es ${MAX_UNIT}`),
        );
      }
      prices.unit = unit === '' ? null : unit;
    }
    for (const key of ['quantity', 'unitPrice'] as const) {
      if (header.header.columns[key] === undefined) continue;
      const cell = cellAt(row, header.header, key);
      const parsed = cellPrice(cell);
      if (parsed.ok) prices[key] = parsed.value;
      else rowErrors.push(rowError(row.row, T[key], `${T[key]} ${parsed.error}; tiene «${cellText(cell)}»`));
    }

    errors.push(...rowErrors);
    // a code that is itself fine stays known, so its children are not refused for its other errors
    if (!codeOk || depth === undefined) continue;
    // the root stays the root (its id too) even when its code changes between the project's and its own
    const existing = parent === undefined ? currentRoot : currentByKey.get(key);
    if (existing) matched.set(existing.id, existing);
    const id = existing?.id ?? nextId++;
    const item: EdpItem = parent ? { id, parentId: parent.item.id, code, name } : { id, code, name };
    seen.set(key, { row: row.row, item, depth });
    items.push({ ...item, ...prices });
  }

  if (data.length === 0) {
    errors.push(rowError(header.header.row + 1, T.code, 'el libro no tiene ítems bajo la fila de títulos'));
  }

  if (errors.length > 0) return { items: [], errors, counts: NO_COUNTS, rows: data.length, removedIds: [] };

  const counts: EdpImportCounts = { added: 0, renamed: 0, removed: 0, kept: 0, repriced: 0 };
  for (const item of items) {
    const existing = matched.get(item.id);
    if (!existing) counts.added += 1;
    else {
      const renamed = existing.name.trim() !== item.name || existing.code.trim() !== item.code;
      // a price field the sheet has (absent: no such column, kept as stored) against the stored one
      const repriced = (['unit', 'quantity', 'unitPrice'] as const).some(
        (field) => item[field] !== undefined && (item[field] ?? undefined) !== existing[field],
      );
      if (renamed) counts.renamed += 1;
      if (repriced) counts.repriced += 1;
      if (!renamed && !repriced) counts.kept += 1;
    }
  }
  const removedIds = currentItems.filter((item) => !matched.has(item.id)).map((item) => item.id);
  counts.removed = removedIds.length;
  // the rows may list a parent's children apart (A, A.1, B, A.2): the EDP is kept depth-first
  return { items: flattenForest(forestOf(items)), errors, counts, rows: data.length, removedIds };
}
