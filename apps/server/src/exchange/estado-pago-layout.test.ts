import { describe, expect, it } from 'vitest';
import { longEstadoPago, ufEstadoPago } from '../../test/support/estado-pago';
import {
  ESTADO_PAGO_COLUMNS,
  MAX_INDENT,
  estadoPagoColumnTotals,
  estadoPagoFileName,
  estadoPagoHeaderFields,
  estadoPagoLineCells,
  estadoPagoStatusText,
  estadoPagoTitle,
  estadoPagoTotalsCells,
  estadoPagoTotalsRows,
  figureText,
  fractionDigits,
  indentOf,
  isChapterLine,
  isHeadingLine,
  percentLabel,
} from './estado-pago-layout';

const project = { name: 'Edificio Los Ñires', code: 'ELN-01', currency: 'UF' as const };

describe('estado de pago layout', () => {
  it('names the EP and its file: EP-<code>-N<number>, the code made safe for a file name', () => {
    expect(estadoPagoTitle({ number: 2 })).toBe('Estado de pago N°2');
    expect(estadoPagoFileName('ELN-01', 2, 'xlsx')).toBe('EP-ELN-01-N2.xlsx');
    expect(estadoPagoFileName('OBRA 7/B', 12, 'pdf')).toBe('EP-OBRA_7_B-N12.pdf');
    expect(estadoPagoFileName('', 1, 'pdf')).toBe('EP-proyecto-N1.pdf');
  });

  it('counts decimal places and prints percentage settings with their own decimals, es-CL', () => {
    expect(fractionDigits('3')).toBe(0);
    expect(fractionDigits('850.5')).toBe(1);
    expect(fractionDigits('0.4235')).toBe(4);
    expect(percentLabel('19')).toBe('19 %');
    expect(percentLabel('5.5')).toBe('5,5 %');
  });

  it('formats figures es-CL: money with its currency, numbers with their decimals, percentages with 2', () => {
    expect(figureText({ kind: 'money', value: '5421594', currency: 'CLP' })).toBe('$5.421.594');
    expect(figureText({ kind: 'money', value: '137.56', currency: 'UF' })).toBe('UF 137,56');
    expect(figureText({ kind: 'money', value: '-1234.5', currency: 'USD' })).toBe('-US$1.234,50');
    expect(figureText({ kind: 'number', value: '850.5', decimals: 1 })).toBe('850,5');
    expect(figureText({ kind: 'number', value: '1234567', decimals: 0 })).toBe('1.234.567');
    expect(figureText({ kind: 'percent', value: '75.5' })).toBe('75,50 %');
  });

  it('lays out the header: project, code, contract, contractor, period, cut-off, currency, the UF value used and the status', () => {
    const fields = estadoPagoHeaderFields(ufEstadoPago(), project);
    expect(fields.map((field) => [field.label, field.text])).toEqual([
      ['Proyecto', 'Edificio Los Ñires'],
      ['Código', 'ELN-01'],
      ['Contrato', 'Contrato 2026-014 (suma alzada)'],
      ['Contratista', 'Constructora Ñandú Ltda.'],
      ['Período', '01-02-2026 al 28-02-2026'],
      ['Fecha de corte', '01-03-2026'],
      ['Moneda', 'Unidades de fomento (UF)'],
      ['Valor UF al 01-03-2026', '$39.412,58'],
      ['Estado', 'Aprobado por José Muñoz el 03-03-2026 11:30'],
    ]);
    expect(fields[7]?.figure).toEqual({ kind: 'number', value: '39412.58', decimals: 2 });
  });

  it('has no UF line outside a UF contract, shows a draft with who made it, and names a currency the project changed since', () => {
    const ep = longEstadoPago(3);
    const fields = estadoPagoHeaderFields(ep, project);
    expect(fields.some((field) => field.label.startsWith('Valor UF'))).toBe(false);
    expect(fields.find((field) => field.label === 'Moneda')?.text).toBe(
      'Pesos chilenos (CLP) (el proyecto está hoy en UF)',
    );
    expect(estadoPagoStatusText(ep)).toBe('Borrador (creado por Pía Ñúñez el 02-05-2026 08:00)');
  });

  it('tells chapters (a deeper line follows) from partidas, and headings (unpriced chapters with nothing paid)', () => {
    const lines = ufEstadoPago().lines;
    expect(lines.map((_, index) => isChapterLine(lines, index))).toEqual([true, false, false, false]);
    // P.1 has its own price: a chapter, not a heading
    expect(lines.map((_, index) => isHeadingLine(lines, index))).toEqual([false, false, false, false]);
    const long = longEstadoPago(12).lines;
    expect(long.map((_, index) => isHeadingLine(long, index))).toEqual([
      true,
      ...Array<boolean>(9).fill(false),
      true,
      false,
    ]);
    expect(estadoPagoLineCells(long, 0, 'CLP')).toEqual({
      code: 'C.1',
      name: 'Capítulo 1: obras de urbanización y paisajismo',
    });
  });

  it('indents a partida by its depth below the roots, up to MAX_INDENT', () => {
    expect([1, 2, 3, 40].map(indentOf)).toEqual([0, 1, 2, MAX_INDENT]);
  });

  it("gives a line's cells as the EP's strings; an unpriced partida leaves unit, quantity and price empty", () => {
    const lines = ufEstadoPago().lines;
    const cells = estadoPagoLineCells(lines, 1, 'UF');
    expect(cells).toEqual({
      code: 'P.1.1',
      name: 'Excavación y movimiento de tierras',
      unit: 'm3',
      quantity: { kind: 'number', value: '850.5', decimals: 1 },
      unitPrice: { kind: 'number', value: '0.4235', decimals: 4 },
      budget: { kind: 'number', value: '360.19', decimals: 2 },
      previousPercent: { kind: 'percent', value: '40' },
      periodPercent: { kind: 'percent', value: '35.5' },
      accumulatedPercent: { kind: 'percent', value: '75.5' },
      previousAmount: { kind: 'number', value: '144.08', decimals: 2 },
      periodAmount: { kind: 'number', value: '127.86', decimals: 2 },
      accumulatedAmount: { kind: 'number', value: '271.94', decimals: 2 },
    });
    // a unit price shows at least the currency's document decimals
    expect(estadoPagoLineCells(lines, 2, 'UF').unitPrice).toEqual({ kind: 'number', value: '4.1', decimals: 2 });
    const unpriced = estadoPagoLineCells(lines, 3, 'UF');
    expect([unpriced.unit, unpriced.quantity, unpriced.unitPrice]).toEqual([undefined, undefined, undefined]);
    expect(unpriced.accumulatedPercent).toEqual({ kind: 'percent', value: '100' });
    expect(Object.keys(cells)).toEqual(ESTADO_PAGO_COLUMNS.map((column) => column.key));
  });

  it('sums the Totales row from the lines: the totals block figures, and the percentages of the contract', () => {
    const ep = ufEstadoPago();
    expect(estadoPagoColumnTotals(ep.lines)).toEqual({
      budget: ep.totals.contractAmount,
      previousAmount: ep.totals.previousAmount,
      periodAmount: ep.totals.periodAmount,
      accumulatedAmount: ep.totals.accumulatedAmount,
      // 264,08 / 972,19 = 27,163… %; 514,94 / 972,19 = 52,966… %
      previousPercent: '27.16',
      periodPercent: '25.81',
      accumulatedPercent: ep.totals.accumulatedPercent,
    });
    expect(estadoPagoColumnTotals([])).toMatchObject({ budget: '0', accumulatedPercent: '0', periodPercent: '0' });
    const long = longEstadoPago(120);
    expect(estadoPagoColumnTotals(long.lines)).toMatchObject({
      budget: long.totals.contractAmount,
      periodAmount: long.totals.periodAmount,
      accumulatedPercent: '60',
    });
    expect(estadoPagoTotalsCells(ep.lines, 'UF')).toMatchObject({
      code: 'Totales',
      budget: { kind: 'number', value: '972.19', decimals: 2 },
      accumulatedPercent: { kind: 'percent', value: '52.97' },
    });
  });

  it('lays out the totals block with the retention capped and the CLP net, IVA and total of a UF contract', () => {
    const rows = estadoPagoTotalsRows(ufEstadoPago());
    expect(rows.map((row) => [row.label, figureText(row.figure), row.clp])).toEqual([
      ['Total contrato', 'UF 972,19', undefined],
      ['Avance acumulado', '52,97 %', undefined],
      ['Monto del período', 'UF 250,86', undefined],
      ['Retención (5 %; tope alcanzado: 2 % del contrato)', 'UF 6,24', undefined],
      ['Devolución anticipo', 'UF 129,02', undefined],
      ['Neto', 'UF 115,60', '4556094'],
      ['IVA (19 %)', 'UF 21,96', '865500'],
      ['Total a pagar', 'UF 137,56', '5421594'],
    ]);
    expect(rows.filter((row) => row.strong).map((row) => row.label)).toEqual(['Neto', 'Total a pagar']);
    const clp = estadoPagoTotalsRows(longEstadoPago(3));
    expect(clp[3]?.label).toBe('Retención (0 %)');
    expect(clp.every((row) => row.clp === undefined)).toBe(true);
  });
});
