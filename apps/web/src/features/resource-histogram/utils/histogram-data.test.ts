import { describe, expect, it } from 'vitest';
import type { ResourceHistogramOutput } from '../api/resource-histogram';
import {
  countsWorkers,
  formatAmount,
  histogramChartData,
  histogramPngName,
  histogramTable,
  hoursKind,
  manpowerTable,
  missingCurrencies,
  nonWorkingOverloadDays,
  overloadedPeriods,
  periodLabel,
  periodTick,
} from './histogram-data';

type Point = ResourceHistogramOutput['series'][number]['points'][number];

function point(date: string, units: number, overrides: Partial<Point> = {}): Point {
  return {
    date,
    units,
    average: units / 2,
    hours: units * 44,
    cost: units * 2_500_000,
    maxUnits: 2,
    overload: units > 2,
    actualHours: 0,
    actualCost: 0,
    ...overrides,
  };
}

/** Formwork crews by week: 3 in the week of 5 January (one more than the 2 available), 1 after. */
const histogram: ResourceHistogramOutput = {
  series: [
    {
      key: 'cmol',
      name: 'CMOL Cuadrilla moldaje',
      unit: 'cuadrilla',
      maxUnits: 2,
      points: [point('2026-01-05', 3, { average: 2.4 }), point('2026-01-12', 1, { average: 0.6, hours: 105.6 })],
    },
    {
      key: 'topo',
      name: 'TOPO Topografía',
      unit: 'gl',
      maxUnits: 1,
      points: [point('2026-01-12', 1, { maxUnits: 1, hours: 0, cost: 0 })],
      missingRates: ['USD'],
    },
  ],
  cutoff: '2026-01-07',
  message: 'Histograma de 2 series sobre 2 tareas con recursos',
};

describe('the histogram screen’s figures (issue 35)', () => {
  it('names periods in es-CL: days and weeks dd-mm-aaaa, months «ene 2026»; shorter on the axis', () => {
    expect(periodLabel('2026-01-05', 'day')).toBe('05-01-2026');
    expect(periodLabel('2025-12-29', 'week')).toBe('29-12-2025');
    expect(periodLabel('2026-01-01', 'month')).toBe('ene 2026');
    expect(periodLabel('2026-09-01', 'month')).toBe('sept 2026');
    expect(periodLabel('2026-12-01', 'month')).toBe('dic 2026');
    expect(periodTick('2026-01-05', 'week')).toBe('05-01');
    expect(periodTick('2026-03-01', 'month')).toBe('mar 2026');
  });

  it('writes units and hours with the decimals they have, in es-CL', () => {
    expect(formatAmount(3)).toBe('3');
    expect(formatAmount(0.71)).toBe('0,71');
    expect(formatAmount(105.6)).toBe('105,6');
    expect(formatAmount(1320)).toBe('1.320');
    expect(formatAmount(2.5)).toBe('2,5');
  });

  it('says which hours and units a series counts', () => {
    expect(hoursKind('trade', { key: 'car' })).toBe('hh');
    expect(hoursKind('type', { key: 'labor' })).toBe('hh');
    expect(hoursKind('type', { key: 'equipment' })).toBe('machineHours');
    expect(hoursKind('resource', { key: 'cmol' })).toBe('hours');
    expect(countsWorkers('trade', { unit: 'trabajadores' })).toBe(true);
    expect(countsWorkers('type', { unit: 'trabajadores' })).toBe(true);
    expect(countsWorkers('resource', { unit: 'cuadrilla' })).toBe(false);
  });

  it('gives the chart a column per period, the overloaded ones flagged, and the cut-off inside its week', () => {
    expect(histogramChartData(histogram, 'cmol', 'week')).toEqual({
      dates: ['2026-01-05', '2026-01-12'],
      units: [3, 1],
      overload: [true, false],
      available: [2, 2],
      // Wednesday 7 is 2 days into the week of Monday 5
      cutoff: { index: 0, fraction: 2 / 7 },
    });
    // a cut-off before the first period, or after the last, is not drawn
    expect(histogramChartData({ ...histogram, cutoff: '2026-01-02' }, 'cmol', 'week').cutoff).toBeUndefined();
    expect(histogramChartData({ ...histogram, cutoff: '2026-01-19' }, 'cmol', 'week').cutoff).toBeUndefined();
    // by day: the cut-off's day starts at the line; a day off after a working day puts it past that day
    const daily: ResourceHistogramOutput = {
      series: [{ ...histogram.series[0]!, points: [point('2026-01-09', 1), point('2026-01-12', 1)] }],
      cutoff: '2026-01-12',
      message: '',
    };
    expect(histogramChartData(daily, 'cmol', 'day').cutoff).toEqual({ index: 1, fraction: 0 });
    expect(histogramChartData({ ...daily, cutoff: '2026-01-10' }, 'cmol', 'day').cutoff).toEqual({
      index: 0,
      fraction: 1,
    });
  });

  it('puts the baseline’s busiest days on the same periods, and its availability where only it loads a period', () => {
    const withBaseline: ResourceHistogramOutput = {
      ...histogram,
      baseline: {
        baselineId: 'lb-1',
        name: 'Contrato',
        series: [{ ...histogram.series[0]!, points: [point('2025-12-29', 2), point('2026-01-05', 2)] }],
      },
    };
    const chart = histogramChartData(withBaseline, 'cmol', 'week');
    expect(chart.dates).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(chart.units).toEqual([null, 3, 1]);
    expect(chart.baseline).toEqual([2, 2, null]);
    expect(chart.available).toEqual([2, 2, 2]);
    const table = histogramTable(withBaseline, 'cmol', 'week');
    expect(table.rows.map((row) => [row.label, row.units, row.baselineUnits])).toEqual([
      ['29-12-2025', '—', '2'],
      ['05-01-2026', '3', '2'],
      ['12-01-2026', '1', '—'],
    ]);
    expect(table.total.baselineUnits).toBe('2');
  });

  it('gives the table its es-CL texts, the overloaded rows, and the totals', () => {
    const table = histogramTable(histogram, 'cmol', 'week');
    expect(table.rows).toEqual([
      {
        date: '2026-01-05',
        label: '05-01-2026',
        units: '3',
        average: '2,4',
        available: '2',
        hours: '132',
        cost: '$7.500.000',
        overload: true,
      },
      {
        date: '2026-01-12',
        label: '12-01-2026',
        units: '1',
        average: '0,6',
        available: '2',
        hours: '105,6',
        cost: '$2.500.000',
        overload: false,
      },
    ]);
    expect(table.total).toEqual({ units: '3', hours: '237,6', cost: '$10.000.000' });
    expect(overloadedPeriods(histogram.series[0], 'week')).toEqual(['05-01-2026']);
    expect(overloadedPeriods(histogram.series[1], 'week')).toEqual([]);
    expect(missingCurrencies(histogram)).toEqual(['USD']);
  });

  it("issue 35: names the days a resource is asked for on its own calendar's days off", () => {
    const series = {
      key: 'grua',
      name: 'GRUA Grúa torre',
      unit: 'un',
      maxUnits: 1,
      points: [
        point('2026-01-05', 1, { maxUnits: 0, overload: true, nonWorkingDays: ['2026-01-08', '2026-01-09'] }),
        point('2026-01-12', 1),
        point('2026-01-19', 1, { maxUnits: 0, overload: true, nonWorkingDays: ['2026-01-19'] }),
      ],
    };
    expect(nonWorkingOverloadDays(series)).toEqual(['08-01-2026', '09-01-2026', '19-01-2026']);
    expect(nonWorkingOverloadDays(undefined)).toEqual([]);
  });

  it('lays the trades out by period with their workers and HH, and the HH of all of them', () => {
    const trades: ResourceHistogramOutput = {
      series: [
        {
          key: 'car',
          name: 'Carpintero',
          unit: 'trabajadores',
          maxUnits: 8,
          points: [
            point('2026-01-01', 12, { hours: 528, overload: true }),
            point('2026-02-01', 4, { hours: 704, maxUnits: 8, overload: false }),
          ],
        },
        {
          key: 'jor',
          name: 'Jornal',
          unit: 'trabajadores',
          maxUnits: 2,
          points: [point('2026-02-01', 1, { hours: 176 })],
        },
      ],
      message: '',
    };
    expect(manpowerTable(trades, 'month')).toEqual({
      dates: ['2026-01-01', '2026-02-01'],
      labels: ['ene 2026', 'feb 2026'],
      rows: [
        {
          key: 'car',
          name: 'Carpintero',
          cells: [
            { workers: '12', hours: '528', overload: true },
            { workers: '4', hours: '704', overload: false },
          ],
          hours: '1.232',
        },
        { key: 'jor', name: 'Jornal', cells: [null, { workers: '1', hours: '176', overload: false }], hours: '176' },
      ],
      totals: ['528', '880'],
      total: '1.408',
    });
  });

  it('names the PNG after the project and the histogram', () => {
    expect(histogramPngName('HT 01', 'resource')).toBe('HT_01-histograma-recursos.png');
    expect(histogramPngName('HT', 'trade')).toBe('HT-histograma-mano-de-obra.png');
  });
});
