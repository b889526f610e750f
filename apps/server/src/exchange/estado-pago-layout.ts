import {
  DOCUMENT_DECIMALS,
  addDecimals,
  divideDecimals,
  formatDateTime,
  formatIsoDate,
  formatMoney,
  formatNumber,
  multiplyDecimals,
  roundDecimal,
  subtractDecimals,
} from '@cimiento/domain';
import type { Currency, EstadoPago, EstadoPagoLine } from '@cimiento/domain';

/**
 * What an estado de pago's documents show (issue 16; docs/COSTS.md 'Documentos del estado de
 * pago'), apart from how each one draws it: the header's fields, the partidas table's columns and
 * its Totales row, the totals block. The Excel workbook (estado-pago-xlsx.ts) and the PDF
 * (estado-pago-pdf.ts) lay these out the same way. Every figure stays the EP's decimal string; the
 * only sums made here (the Totales row) go through money-math. Pure.
 */

/** The project an EP belongs to, as its documents name it. */
export type EstadoPagoProject = { name: string; code: string; currency: Currency };

/** A figure the documents print: the exact decimal and how it is shown. */
export type EstadoPagoFigure =
  | { kind: 'money'; value: string; currency: Currency }
  /** a plain number with `decimals` places (a quantity, a unit price, a table amount) */
  | { kind: 'number'; value: string; decimals: number }
  /** a percentage, 2 decimals, shown '45,50 %' (the value is 45.5, not 0.455) */
  | { kind: 'percent'; value: string };

/** One line of the header: a label and its text, or its figure (the UF value). */
export type EstadoPagoHeaderField = { label: string; text: string; figure?: EstadoPagoFigure };

export type EstadoPagoColumnKey =
  | 'code'
  | 'name'
  | 'unit'
  | 'quantity'
  | 'unitPrice'
  | 'budget'
  | 'previousPercent'
  | 'periodPercent'
  | 'accumulatedPercent'
  | 'previousAmount'
  | 'periodAmount'
  | 'accumulatedAmount';

export type EstadoPagoColumn = {
  key: EstadoPagoColumnKey;
  title: string;
  align: 'left' | 'right';
  /** relative width: characters in Excel, a share of the line in the PDF */
  width: number;
};

/** The partidas table's columns, in order (the header row repeated on every printed page). */
export const ESTADO_PAGO_COLUMNS: readonly EstadoPagoColumn[] = [
  { key: 'code', title: 'Código', align: 'left', width: 12 },
  { key: 'name', title: 'Partida', align: 'left', width: 43 },
  { key: 'unit', title: 'Unidad', align: 'left', width: 8 },
  { key: 'quantity', title: 'Cantidad', align: 'right', width: 11 },
  { key: 'unitPrice', title: 'P. unitario', align: 'right', width: 13 },
  { key: 'budget', title: 'Presupuesto', align: 'right', width: 15 },
  { key: 'previousPercent', title: '% anterior', align: 'right', width: 10 },
  { key: 'periodPercent', title: '% período', align: 'right', width: 10 },
  { key: 'accumulatedPercent', title: '% acumulado', align: 'right', width: 11 },
  { key: 'previousAmount', title: 'Monto anterior', align: 'right', width: 15 },
  { key: 'periodAmount', title: 'Monto período', align: 'right', width: 15 },
  { key: 'accumulatedAmount', title: 'Monto acumulado', align: 'right', width: 15 },
];

/** The most indentation steps a partida's name takes (deeper levels stay at this one). */
export const MAX_INDENT = 8;

/** A decimal string that is zero ('0', '0.00', '-0'). */
const ZERO = /^-?0(\.0*)?$/;

const CURRENCY_NAMES: Readonly<Record<Currency, string>> = {
  CLP: 'Pesos chilenos (CLP)',
  UF: 'Unidades de fomento (UF)',
  USD: 'Dólares (USD)',
  MUSD: 'Miles de dólares (MUSD)',
  MMUSD: 'Millones de dólares (MMUSD)',
};

/** 'Estado de pago N°2'. */
export function estadoPagoTitle(ep: Pick<EstadoPago, 'number'>): string {
  return `Estado de pago N°${ep.number}`;
}

/** 'EP-<code>-N2.xlsx': the project code as a file name can carry it. */
export function estadoPagoFileName(code: string, number: number, format: 'xlsx' | 'pdf'): string {
  const safe = code.replace(/[\\/:*?"<>|\s]+/g, '_') || 'proyecto';
  return `EP-${safe}-N${number}.${format}`;
}

/** The places a decimal string has after its point ('12.5' → 1, '3' → 0). */
export function fractionDigits(value: string): number {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
}

/** A percentage setting as a label shows it: '19', '5,5' (its own decimals, es-CL). */
export function percentLabel(value: string): string {
  return `${formatNumber(value, fractionDigits(value))} %`;
}

/** A figure as text, es-CL: '$1.234.567', 'UF 1.234,56', '1.234,5', '45,50 %'. */
export function figureText(figure: EstadoPagoFigure): string {
  switch (figure.kind) {
    case 'money':
      return formatMoney(figure.value, figure.currency);
    case 'number':
      return formatNumber(figure.value, figure.decimals);
    case 'percent':
      return `${formatNumber(figure.value, 2)} %`;
  }
}

/** 'Borrador (creado por Ana el 05-04-2026 10:30)' or 'Aprobado por Ana el 06-04-2026 09:00'. */
export function estadoPagoStatusText(ep: EstadoPago): string {
  if (ep.status === 'approved') {
    const who = ep.approvedBy ? ` por ${ep.approvedBy}` : '';
    const when = ep.approvedAt ? ` el ${formatDateTime(ep.approvedAt)}` : '';
    return `Aprobado${who}${when}`;
  }
  const who = ep.createdBy ? ` por ${ep.createdBy}` : '';
  return `Borrador (creado${who} el ${formatDateTime(ep.createdAt)})`;
}

/**
 * The header block: Proyecto, Código, Contrato, Contratista, Período, Fecha de corte, Moneda, the
 * UF value used (UF contracts: 'Valor UF al dd-mm-aaaa') and Estado. The EP's own currency is the
 * one it was computed in; a project that changed currency since is named beside it.
 */
export function estadoPagoHeaderFields(ep: EstadoPago, project: EstadoPagoProject): EstadoPagoHeaderField[] {
  const currency =
    project.currency === ep.currency
      ? CURRENCY_NAMES[ep.currency]
      : `${CURRENCY_NAMES[ep.currency]} (el proyecto está hoy en ${project.currency})`;
  const fields: EstadoPagoHeaderField[] = [
    { label: 'Proyecto', text: project.name },
    { label: 'Código', text: project.code },
    { label: 'Contrato', text: ep.settings.contract },
    { label: 'Contratista', text: ep.settings.contractor },
    { label: 'Período', text: `${formatIsoDate(ep.periodStart)} al ${formatIsoDate(ep.periodEnd)}` },
    { label: 'Fecha de corte', text: formatIsoDate(ep.cutoff) },
    { label: 'Moneda', text: currency },
  ];
  if (ep.uf) {
    const figure: EstadoPagoFigure = { kind: 'number', value: ep.uf.value, decimals: 2 };
    fields.push({ label: `Valor UF al ${formatIsoDate(ep.uf.date)}`, text: `$${figureText(figure)}`, figure });
  }
  fields.push({ label: 'Estado', text: estadoPagoStatusText(ep) });
  return fields;
}

/** A line of the EP is a chapter when the next line is deeper (its partidas follow it). */
export function isChapterLine(lines: readonly Pick<EstadoPagoLine, 'level'>[], index: number): boolean {
  const line = lines[index];
  const next = lines[index + 1];
  return line !== undefined && next !== undefined && next.level > line.level;
}

/**
 * A chapter with no price and nothing paid (an EDP item that only groups its partidas) is a
 * heading: its row shows the code and name only, not a row of zeros.
 */
export function isHeadingLine(lines: readonly EstadoPagoLine[], index: number): boolean {
  const line = lines[index];
  if (line === undefined || !isChapterLine(lines, index)) return false;
  if (line.quantity !== undefined || line.unitPrice !== undefined) return false;
  return [line.budget, line.previousAmount, line.periodAmount, line.accumulatedAmount].every((value) =>
    ZERO.test(value),
  );
}

/** Indentation steps of a partida's name: its depth below the roots, at most MAX_INDENT. */
export function indentOf(level: number): number {
  return Math.max(0, Math.min(level - 1, MAX_INDENT));
}

/**
 * Row `index`'s cells by column; undefined: the cell stays empty (an unpriced partida's unit,
 * quantity and price; every figure of a heading, isHeadingLine).
 */
export function estadoPagoLineCells(
  lines: readonly EstadoPagoLine[],
  index: number,
  currency: Currency,
): Partial<Record<EstadoPagoColumnKey, string | EstadoPagoFigure>> {
  const line = lines[index];
  if (line === undefined) return {};
  if (isHeadingLine(lines, index)) return { code: line.code, name: line.name };
  const amount = (value: string): EstadoPagoFigure => ({
    kind: 'number',
    value,
    decimals: DOCUMENT_DECIMALS[currency],
  });
  const percent = (value: string): EstadoPagoFigure => ({ kind: 'percent', value });
  return {
    code: line.code,
    name: line.name,
    unit: line.unit,
    quantity:
      line.quantity === undefined
        ? undefined
        : { kind: 'number', value: line.quantity, decimals: fractionDigits(line.quantity) },
    unitPrice:
      line.unitPrice === undefined
        ? undefined
        : {
            kind: 'number',
            value: line.unitPrice,
            decimals: Math.max(fractionDigits(line.unitPrice), DOCUMENT_DECIMALS[currency]),
          },
    budget: amount(line.budget),
    previousPercent: percent(line.previousPercent),
    periodPercent: percent(line.periodPercent),
    accumulatedPercent: percent(line.accumulatedPercent),
    previousAmount: amount(line.previousAmount),
    periodAmount: amount(line.periodAmount),
    accumulatedAmount: amount(line.accumulatedAmount),
  };
}

export type EstadoPagoColumnTotals = {
  budget: string;
  previousAmount: string;
  periodAmount: string;
  accumulatedAmount: string;
  previousPercent: string;
  periodPercent: string;
  accumulatedPercent: string;
};

/** `part` / `whole` × 100 to 2 decimals; a whole of 0 → '0'. */
function percentOfWhole(part: string, whole: string): string {
  if (ZERO.test(whole)) return '0';
  return roundDecimal(multiplyDecimals(divideDecimals(part, whole), '100'), 2);
}

/**
 * The Totales row: the sums of the lines' budgets and amounts (each line already rounded as the
 * document shows it, so these are the totals block's figures), and the percentages of the
 * contract they make (the previous one, the accumulated one, and the period's as their difference).
 */
export function estadoPagoColumnTotals(lines: readonly EstadoPagoLine[]): EstadoPagoColumnTotals {
  const sum = (pick: (line: EstadoPagoLine) => string) => addDecimals('0', ...lines.map(pick));
  const budget = sum((line) => line.budget);
  const previousAmount = sum((line) => line.previousAmount);
  const accumulatedAmount = sum((line) => line.accumulatedAmount);
  const previousPercent = percentOfWhole(previousAmount, budget);
  const accumulatedPercent = percentOfWhole(accumulatedAmount, budget);
  return {
    budget,
    previousAmount,
    periodAmount: sum((line) => line.periodAmount),
    accumulatedAmount,
    previousPercent,
    periodPercent: subtractDecimals(accumulatedPercent, previousPercent),
    accumulatedPercent,
  };
}

/** The Totales row's cells by column (the sums of estadoPagoColumnTotals; the other cells empty). */
export function estadoPagoTotalsCells(
  lines: readonly EstadoPagoLine[],
  currency: Currency,
): Partial<Record<EstadoPagoColumnKey, string | EstadoPagoFigure>> {
  const sums = estadoPagoColumnTotals(lines);
  const decimals = DOCUMENT_DECIMALS[currency];
  return {
    code: 'Totales',
    budget: { kind: 'number', value: sums.budget, decimals },
    previousPercent: { kind: 'percent', value: sums.previousPercent },
    periodPercent: { kind: 'percent', value: sums.periodPercent },
    accumulatedPercent: { kind: 'percent', value: sums.accumulatedPercent },
    previousAmount: { kind: 'number', value: sums.previousAmount, decimals },
    periodAmount: { kind: 'number', value: sums.periodAmount, decimals },
    accumulatedAmount: { kind: 'number', value: sums.accumulatedAmount, decimals },
  };
}

/** One line of the totals block; `clp`: the same figure in pesos (UF contracts' net, IVA and total). */
export type EstadoPagoTotalsRow = {
  label: string;
  figure: EstadoPagoFigure;
  clp?: string;
  /** Neto and Total a pagar stand out */
  strong: boolean;
};

/**
 * The totals block: Total contrato, Avance acumulado, Monto del período, Retención (x %; capped:
 * 'tope alcanzado'), Devolución anticipo, Neto, IVA (x %), Total a pagar. Retention and the
 * advance's repayment are this period's deductions, printed as the positive amounts they are.
 */
export function estadoPagoTotalsRows(ep: EstadoPago): EstadoPagoTotalsRow[] {
  const { totals, settings, currency, uf } = ep;
  const money = (value: string): EstadoPagoFigure => ({ kind: 'money', value, currency });
  const cap =
    totals.retentionCapped && !ZERO.test(settings.retentionCapPercent)
      ? `; tope alcanzado: ${percentLabel(settings.retentionCapPercent)} del contrato`
      : '';
  return [
    { label: 'Total contrato', figure: money(totals.contractAmount), strong: false },
    { label: 'Avance acumulado', figure: { kind: 'percent', value: totals.accumulatedPercent }, strong: false },
    { label: 'Monto del período', figure: money(totals.periodAmount), strong: false },
    {
      label: `Retención (${percentLabel(settings.retentionPercent)}${cap})`,
      figure: money(totals.retentionPeriod),
      strong: false,
    },
    { label: 'Devolución anticipo', figure: money(totals.advanceRepaymentPeriod), strong: false },
    { label: 'Neto', figure: money(totals.net), clp: uf?.netClp, strong: true },
    { label: `IVA (${percentLabel(settings.vatPercent)})`, figure: money(totals.vat), clp: uf?.vatClp, strong: false },
    { label: 'Total a pagar', figure: money(totals.total), clp: uf?.totalClp, strong: true },
  ];
}

/** The signature lines under the totals block. */
export const ESTADO_PAGO_SIGNATURES = ['Contratista', 'Inspección técnica', 'Mandante'] as const;
