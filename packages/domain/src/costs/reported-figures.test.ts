import { describe, expect, it } from 'vitest';
import type { SCurvePoint } from '../functions/cost-contracts';
import { withReportedFigures } from './reported-figures';
import type { ReportedEstadoPago } from './reported-figures';

/**
 * EP N°1, approved at the 12-01 cut-off, paid item 1 $500 of its $1.000 and item 2 $300 of its
 * $3.000: reported $800 of $4.000 = 20 %. The curve computes the same cut-off now.
 */
const ep1: ReportedEstadoPago = {
  number: 1,
  cutoff: '2026-01-12',
  lines: [
    { edpItemId: 1, budget: '1000', accumulatedAmount: '500' },
    { edpItemId: 2, budget: '3000', accumulatedAmount: '300' },
  ],
};
const point = (date: string, earned: string | null, earnedPercent: string | null, cutoff = true): SCurvePoint => ({
  date,
  cutoff,
  planned: '900',
  earned,
  earnedPercent,
  plannedPercent: '22.5',
  actualCost: null,
});
const points = [
  point('2026-01-02', null, null, false),
  point('2026-01-12', '800.4', '20.01'),
  point('2026-01-26', '4000', '100'),
];

describe('withReportedFigures (issue 33): an approved EP’s figures stay put on the S-curve', () => {
  it('shows the EP’s figures at its cut-off, with nothing recalculated while the data still gives them', () => {
    // item 2 earns $300,40 now: rounded as the EP rounds a line (whole pesos), still $300
    const live = () =>
      new Map([
        [1, '500'],
        [2, '300.4'],
      ]);
    const [start, first, second] = withReportedFigures(points, [ep1], live, 'CLP');
    expect(start).toEqual(points[0]);
    // $800 of the lines' $4.000 = 20 %, not the curve's own $800,40 / 20,01 %
    expect(first).toMatchObject({ earned: '800', earnedPercent: '20', estadoPago: 1 });
    expect(first?.recalculated).toBeUndefined();
    // a cut-off without an approved EP is the curve's own
    expect(second).toEqual(points[2]);
  });

  it('keeps the reported figures and adds the recalculated ones when later changes give another', () => {
    // a component moved onto item 2 since: it earns $450 there now; the curve says $950 (23,75 %)
    const changedPoints = points.map((p) =>
      p.date === '2026-01-12' ? { ...p, earned: '950', earnedPercent: '23.75' } : p,
    );
    const [, first] = withReportedFigures(
      changedPoints,
      [ep1],
      () =>
        new Map([
          [1, '500'],
          [2, '450'],
        ]),
      'CLP',
    );
    expect(first).toMatchObject({
      earned: '800',
      earnedPercent: '20',
      estadoPago: 1,
      recalculated: { earned: '950', earnedPercent: '23.75' },
    });
    // an item the EP had no line for that earns now also counts as a change
    const [, added] = withReportedFigures(
      points,
      [ep1],
      () =>
        new Map([
          [1, '500'],
          [2, '300'],
          [3, '10'],
        ]),
      'CLP',
    );
    expect(added?.recalculated).toEqual({ earned: '800.4', earnedPercent: '20.01' });
  });

  it('reads only the lines of the items in scope (the curve of an EDP item)', () => {
    const live = () =>
      new Map([
        [1, '500'],
        [2, '450'],
      ]);
    const [, first] = withReportedFigures(points, [ep1], live, 'CLP', new Set([1]));
    // item 1 alone: $500 of $1.000 = 50 %; item 2's change is out of scope
    expect(first).toMatchObject({ earned: '500', earnedPercent: '50', estadoPago: 1 });
    expect(first?.recalculated).toBeUndefined();
  });
});
