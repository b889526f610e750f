import type { SCurve } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import {
  edpItemOptions,
  formatFinishVariance,
  formatIndex,
  parseActualCost,
  readFinishVariance,
  readIndex,
  readVac,
  sCurvePngName,
  sCurveSeries,
  sCurveTableRows,
} from './s-curve-data';

/** The server's golden project (s-curve.test.ts), CLP, AC at the second cut-off. */
const curve: Pick<SCurve, 'points' | 'basis' | 'currency'> = {
  currency: 'CLP',
  basis: 'cost',
  points: [
    {
      date: '2026-02-02',
      cutoff: false,
      planned: '0',
      earned: null,
      plannedPercent: '0',
      earnedPercent: null,
      actualCost: null,
    },
    {
      date: '2026-02-16',
      cutoff: true,
      planned: '500000',
      earned: '500000',
      plannedPercent: '27.78',
      earnedPercent: '27.78',
      actualCost: null,
    },
    {
      date: '2026-03-01',
      cutoff: false,
      planned: '1000000',
      earned: null,
      plannedPercent: '55.56',
      earnedPercent: null,
      actualCost: null,
    },
    {
      date: '2026-03-02',
      cutoff: true,
      planned: '1000000',
      earned: '1300000',
      plannedPercent: '55.56',
      earnedPercent: '72.22',
      actualCost: '1200000',
    },
    {
      date: '2026-04-01',
      cutoff: false,
      planned: '1800000',
      earned: null,
      plannedPercent: '100',
      earnedPercent: null,
      actualCost: null,
    },
  ],
};

describe('the S-curve screen’s data (issue 16)', () => {
  it('charts Programado and Real in %, the real curve from 0 at the start through the cut-offs only', () => {
    const series = sCurveSeries(curve);
    expect(series.dates.map((date) => date.toISOString().slice(0, 10))).toEqual([
      '2026-02-02',
      '2026-02-16',
      '2026-03-01',
      '2026-03-02',
      '2026-04-01',
    ]);
    expect(series.planned).toEqual([0, 27.78, 55.56, 55.56, 100]);
    expect(series.earned).toEqual([0, 27.78, null, 72.22, null]);
    // no cut-off: no real curve at all
    expect(sCurveSeries({ points: curve.points.filter((point) => !point.cutoff) }).earned).toEqual([null, null, null]);
  });

  it('writes the table in es-CL: dd-mm-aaaa, pesos, percentages, dashes for what a date has not', () => {
    const rows = sCurveTableRows(curve);
    expect(
      rows.map((row) => [row.date, row.planned, row.earned, row.plannedPercent, row.earnedPercent, row.actualCost]),
    ).toEqual([
      ['02-02-2026', '$0', '—', '0,00 %', '—', '—'],
      ['16-02-2026', '$500.000', '$500.000', '27,78 %', '27,78 %', '—'],
      ['01-03-2026', '$1.000.000', '—', '55,56 %', '—', '—'],
      ['02-03-2026', '$1.000.000', '$1.300.000', '55,56 %', '72,22 %', '$1.200.000'],
      ['01-04-2026', '$1.800.000', '—', '100,00 %', '—', '—'],
    ]);
    expect(rows[3]).toMatchObject({ isoDate: '2026-03-02', cutoff: true, actualCostInput: '1.200.000' });
    expect(rows[1]?.actualCostInput).toBe('');
  });

  it('issue 33: names the approved EP whose figures a point shows, and what the data gives there now', () => {
    const rows = sCurveTableRows({
      ...curve,
      points: curve.points.map((point) =>
        point.date === '2026-02-16'
          ? { ...point, estadoPago: 1, recalculated: { earned: '450000', earnedPercent: '25' } }
          : point,
      ),
    });
    expect(rows[1]).toMatchObject({
      earned: '$500.000',
      estadoPago: 1,
      recalculated: { earned: '$450.000', earnedPercent: '25,00 %' },
    });
    expect(rows[3]?.estadoPago).toBeUndefined();
    expect(rows[3]?.recalculated).toBeUndefined();
  });

  it('shows working days on the duration basis, and UF with 2 decimals', () => {
    const days = sCurveTableRows({
      ...curve,
      basis: 'duration',
      points: [{ ...curve.points[1]!, planned: '15', earned: '12.5' }],
    });
    expect([days[0]?.planned, days[0]?.earned]).toEqual(['15 d', '12,50 d']);
    const uf = sCurveTableRows({
      ...curve,
      currency: 'UF',
      points: [{ ...curve.points[3]!, planned: '1234.5', actualCost: '1000.25' }],
    });
    expect([uf[0]?.planned, uf[0]?.actualCost, uf[0]?.actualCostInput]).toEqual([
      'UF 1.234,50',
      'UF 1.000,25',
      '1.000,25',
    ]);
  });

  it("issue 33: charts and tabulates 'Proyectado' from the latest cut-off, none from an older server", () => {
    const projected = {
      ...curve,
      points: curve.points.map((point, index) =>
        index === 3
          ? { ...point, projected: '1300000', projectedPercent: '72.22' }
          : index === 4
            ? { ...point, projected: '1800000', projectedPercent: '100' }
            : { ...point, projected: null, projectedPercent: null },
      ),
    };
    expect(sCurveSeries(projected).projected).toEqual([null, null, null, 72.22, 100]);
    expect(sCurveTableRows(projected).map((row) => [row.projected, row.projectedPercent])).toEqual([
      ['—', '—'],
      ['—', '—'],
      ['—', '—'],
      ['$1.300.000', '72,22 %'],
      ['$1.800.000', '100,00 %'],
    ]);
    // the fields absent (a server before issue 33): no curve, dashes
    expect(sCurveSeries(curve).projected).toEqual([null, null, null, null, null]);
    expect(sCurveTableRows(curve)[4]?.projected).toBe('—');
  });

  it('issue 33: reads the finish difference (positive late) and VAC (negative an overrun)', () => {
    expect([readFinishVariance(16), readFinishVariance(-2), readFinishVariance(0), readFinishVariance(null)]).toEqual([
      'late',
      'ahead',
      'onTime',
      'none',
    ]);
    expect([formatFinishVariance(16), formatFinishVariance(-2), formatFinishVariance(0)]).toEqual(['+16', '−2', '0']);
    expect(formatFinishVariance(1234)).toBe('+1.234');
    expect(formatFinishVariance(undefined)).toBe('—');
    expect([readVac('138462'), readVac('-172131'), readVac('0'), readVac('0.00')]).toEqual([
      'under',
      'over',
      'even',
      'even',
    ]);
  });

  it('reads SPI and CPI: above 1 ahead (under budget), below 1 behind (over budget)', () => {
    expect(readIndex('1.3')).toBe('ahead');
    expect(readIndex('1')).toBe('onTrack');
    expect(readIndex('0.94')).toBe('behind');
    expect(readIndex(null)).toBe('none');
    expect(formatIndex('1.08')).toBe('1,08');
    expect(formatIndex('1.3')).toBe('1,30');
    expect(formatIndex(null)).toBe('—');
  });

  it('takes the actual cost as a Chilean types it, empty to clear it', () => {
    expect(parseActualCost('1.200.000')).toEqual({ ok: true, value: '1200000' });
    expect(parseActualCost('$ 1.234.567,89')).toEqual({ ok: true, value: '1234567.89' });
    expect(parseActualCost('UF 12,5')).toEqual({ ok: true, value: '12.5' });
    expect(parseActualCost('  ')).toEqual({ ok: true, value: null });
    expect(parseActualCost('1,2,3')).toMatchObject({ ok: false });
    expect(parseActualCost('abc')).toMatchObject({ ok: false });
  });

  it('lists the EDP items in tree order with their depth for the item picker', () => {
    const options = edpItemOptions([
      { id: 1, code: 'HT', name: 'Hospital' },
      { id: 3, code: 'HT.2', name: 'Pabellón B', parentId: 1 },
      { id: 2, code: 'HT.1', name: 'Pabellón A', parentId: 1 },
      { id: 4, code: 'HT.1.1', name: 'Piso 1', parentId: 2 },
    ]);
    expect(options).toEqual([
      { id: 1, label: 'HT Hospital', depth: 0 },
      { id: 3, label: 'HT.2 Pabellón B', depth: 1 },
      { id: 2, label: 'HT.1 Pabellón A', depth: 1 },
      { id: 4, label: 'HT.1.1 Piso 1', depth: 2 },
    ]);
  });

  it('names the PNG after the project code', () => {
    expect(sCurvePngName('HT 01')).toBe('HT_01-curva-s.png');
  });
});
