import { describe, expect, it } from 'vitest';
import type { EstadoPagoLine, EstadoPagoSettings } from '../functions/cost-contracts';
import { computeEstadoPago, edpItemLevels, edpItemProgress } from './estado-pago';
import type { EstadoPagoItem, EstadoPagoResult } from './estado-pago';
import { edpItemEarned, itemLeaves, spreadItemAmounts, taskProgressWeights } from './edp-amounts';
import { rollUpProgress } from '../gantt/tracking';
import type { PricedEdpItem } from './edp-amounts';

/**
 * The golden three-month EP, computed by hand. A UF contract:
 *
 *   1   Obra gruesa              (no price, has children: no line)
 *   2   1.1 Excavación  m3  120   × 0,4 UF    = 48 UF        (N°2: 0,45 UF → 54 UF)
 *   3   1.2 Hormigón    m3  35,5  × 3,1234 UF = 110,8807 UF → 110,88 on the document
 *   4   2   Terminaciones         (no price, has children: no line)
 *   5   2.1 Pintura     m2  250   × 0,1667 UF = 41,675 UF   → 41,68 on the document
 *   6   2.2 Aseo final  gl        (no price: a partida with progress but no cost)
 *
 * Terms: retention 10 % capped at 5 % of the contract, advance 40 UF, IVA 19 %.
 * Progress:       N°1 (UF 39.000,50)  N°2 (UF 39.100,25)  N°3 (UF 39.200,75)
 *   1.1                100 %                100 %                100 %   (finished early)
 *   1.2                 25 %                 60 %                100 %
 *   2.1                  0 %                 10 %                100 %
 *   2.2                  0 %                 50 %                100 %
 * After N°1 was approved the price of 1.1 went from 0,4 to 0,45 UF: N°2 shows the difference.
 */
const SETTINGS: EstadoPagoSettings = {
  contract: 'Contrato 12/2026',
  contractor: 'Constructora Andes',
  retentionPercent: '10',
  retentionCapPercent: '5',
  advanceAmount: '40',
  vatPercent: '19',
};

const EDP: PricedEdpItem[] = [
  { id: 1, code: '1', name: 'Obra gruesa' },
  { id: 2, parentId: 1, code: '1.1', name: 'Excavación', unit: 'm3', quantity: '120', unitPrice: '0.4' },
  { id: 3, parentId: 1, code: '1.2', name: 'Hormigón', unit: 'm3', quantity: '35.5', unitPrice: '3.1234' },
  { id: 4, code: '2', name: 'Terminaciones' },
  { id: 5, parentId: 4, code: '2.1', name: 'Pintura', unit: 'm2', quantity: '250', unitPrice: '0.1667' },
  { id: 6, parentId: 4, code: '2.2', name: 'Aseo final', unit: 'gl' },
];

function progress(values: Record<number, string>): Map<number, string> {
  return new Map(Object.entries(values).map(([id, value]) => [Number(id), value]));
}

function byCode(result: EstadoPagoResult, code: string): EstadoPagoLine {
  const line = result.lines.find((candidate) => candidate.code === code);
  if (!line) throw new Error(`no hay partida ${code}`);
  return line;
}

describe('computeEstadoPago: the golden three-month EP (UF contract)', () => {
  const items = edpItemLevels(EDP);
  const ep1 = computeEstadoPago({
    currency: 'UF',
    items,
    progress: progress({ 1: '62.5', 2: '100', 3: '25', 4: '0', 5: '0', 6: '0' }),
    settings: SETTINGS,
    uf: { date: '2026-02-01', value: '39000.5' },
  });
  // the price of 1.1 changed after N°1 was approved
  const repriced = edpItemLevels(EDP.map((item) => (item.id === 2 ? { ...item, unitPrice: '0.45' } : item)));
  const ep2 = computeEstadoPago({
    currency: 'UF',
    items: repriced,
    progress: progress({ 2: '100', 3: '60', 5: '10', 6: '50' }),
    previous: ep1,
    settings: SETTINGS,
    uf: { date: '2026-03-01', value: '39100.25' },
  });
  const ep3 = computeEstadoPago({
    currency: 'UF',
    items: repriced,
    progress: progress({ 2: '100', 3: '100', 5: '100', 6: '100' }),
    previous: ep2,
    settings: SETTINGS,
    uf: { date: '2026-04-01', value: '39200.75' },
  });

  it('N°1: every priced item and every leaf is a line, rounded to the document before the totals', () => {
    // the parents 1 and 2 have no price: no line; 2.2 is a leaf with no price: a line with budget 0
    expect(ep1.lines.map((line) => line.code)).toEqual(['1.1', '1.2', '2.1', '2.2']);
    expect(byCode(ep1, '1.1')).toEqual({
      edpItemId: 2,
      code: '1.1',
      name: 'Excavación',
      level: 2,
      unit: 'm3',
      quantity: '120',
      unitPrice: '0.4',
      budget: '48',
      previousPercent: '0',
      periodPercent: '100',
      accumulatedPercent: '100',
      previousAmount: '0',
      periodAmount: '48',
      accumulatedAmount: '48',
    });
    // 35,5 × 3,1234 = 110,8807 → 110,88; 110,88 × 25 % = 27,72
    expect(byCode(ep1, '1.2')).toMatchObject({ budget: '110.88', accumulatedAmount: '27.72', periodAmount: '27.72' });
    // 250 × 0,1667 = 41,675 → 41,68 (half away from zero); 0 %
    expect(byCode(ep1, '2.1')).toMatchObject({ budget: '41.68', accumulatedAmount: '0', periodPercent: '0' });
    expect(byCode(ep1, '2.2')).toEqual({
      edpItemId: 6,
      code: '2.2',
      name: 'Aseo final',
      level: 2,
      unit: 'gl',
      budget: '0',
      previousPercent: '0',
      periodPercent: '0',
      accumulatedPercent: '0',
      previousAmount: '0',
      periodAmount: '0',
      accumulatedAmount: '0',
    });
  });

  it('N°1: totals, retention under its cap, the advance repaid in proportion, IVA and the CLP at UF 39.000,50', () => {
    // contract 48 + 110,88 + 41,68 = 200,56; accumulated 48 + 27,72 = 75,72 = 37,754…% → 37,75
    // retention 10 % × 75,72 = 7,572 → 7,57 (cap 5 % × 200,56 = 10,028 → 10,03: not reached)
    // advance 40 × 75,72 / 200,56 = 15,1017… → 15,10
    // net 75,72 − 7,57 − 15,10 = 53,05; IVA 19 % = 10,0795 → 10,08; total 63,13
    expect(ep1.totals).toEqual({
      contractAmount: '200.56',
      previousAmount: '0',
      periodAmount: '75.72',
      accumulatedAmount: '75.72',
      accumulatedPercent: '37.75',
      retentionAccumulated: '7.57',
      retentionPeriod: '7.57',
      retentionCapped: false,
      advanceRepaymentAccumulated: '15.1',
      advanceRepaymentPeriod: '15.1',
      net: '53.05',
      vat: '10.08',
      total: '63.13',
    });
    // 53,05 × 39.000,50 = 2.068.976,525 → $2.068.977; IVA 19 % = 393.105,63 → $393.106; total $2.462.083
    expect(ep1.uf).toEqual({
      date: '2026-02-01',
      value: '39000.5',
      netClp: '2068977',
      vatClp: '393106',
      totalClp: '2462083',
    });
  });

  it('N°2: the price changed after N°1 shows as a difference, and a partida with progress but no cost is shown', () => {
    // 1.1 finished early (100 % in N°1): 0 % this period, but 120 × 0,45 = 54 − 48 paid = 6 UF
    expect(byCode(ep2, '1.1')).toMatchObject({
      budget: '54',
      previousPercent: '100',
      periodPercent: '0',
      accumulatedPercent: '100',
      previousAmount: '48',
      periodAmount: '6',
      accumulatedAmount: '54',
    });
    // 110,88 × 60 % = 66,528 → 66,53; period 66,53 − 27,72 = 38,81
    expect(byCode(ep2, '1.2')).toMatchObject({ previousPercent: '25', periodPercent: '35', periodAmount: '38.81' });
    // 41,68 × 10 % = 4,168 → 4,17
    expect(byCode(ep2, '2.1')).toMatchObject({ accumulatedAmount: '4.17', periodAmount: '4.17' });
    expect(byCode(ep2, '2.2')).toMatchObject({
      budget: '0',
      periodPercent: '50',
      accumulatedPercent: '50',
      periodAmount: '0',
      accumulatedAmount: '0',
    });
  });

  it('N°2: retention reaches its cap and the CLP are at UF 39.100,25', () => {
    // contract 54 + 110,88 + 41,68 = 206,56; accumulated 54 + 66,53 + 4,17 = 124,70 (60,3698…% → 60,37)
    // period 124,70 − 75,72 = 48,98 (= 6 + 38,81 + 4,17)
    // retention 10 % × 124,70 = 12,47 > cap 5 % × 206,56 = 10,328 → 10,33: 10,33 − 7,57 = 2,76
    // advance 40 × 124,70 / 206,56 = 24,1479… → 24,15: 24,15 − 15,10 = 9,05
    // net 48,98 − 2,76 − 9,05 = 37,17; IVA 7,0623 → 7,06; total 44,23
    expect(ep2.totals).toEqual({
      contractAmount: '206.56',
      previousAmount: '75.72',
      periodAmount: '48.98',
      accumulatedAmount: '124.7',
      accumulatedPercent: '60.37',
      retentionAccumulated: '10.33',
      retentionPeriod: '2.76',
      retentionCapped: true,
      advanceRepaymentAccumulated: '24.15',
      advanceRepaymentPeriod: '9.05',
      net: '37.17',
      vat: '7.06',
      total: '44.23',
    });
    // 37,17 × 39.100,25 = 1.453.356,2925 → $1.453.356; IVA 276.137,64 → $276.138; total $1.729.494
    expect(ep2.uf).toEqual({
      date: '2026-03-01',
      value: '39100.25',
      netClp: '1453356',
      vatClp: '276138',
      totalClp: '1729494',
    });
  });

  it('N°3: the work done, the retention held at its cap and the advance fully repaid, at UF 39.200,75', () => {
    // 1.1 paid in full already: nothing this period
    expect(byCode(ep3, '1.1')).toMatchObject({ periodPercent: '0', periodAmount: '0', accumulatedAmount: '54' });
    // 110,88 − 66,53 = 44,35; 41,68 − 4,17 = 37,51
    expect(byCode(ep3, '1.2')).toMatchObject({ periodPercent: '40', periodAmount: '44.35' });
    expect(byCode(ep3, '2.1')).toMatchObject({ periodPercent: '90', periodAmount: '37.51' });
    expect(byCode(ep3, '2.2')).toMatchObject({ previousPercent: '50', periodPercent: '50', accumulatedAmount: '0' });
    // accumulated 206,56 = 100 %; period 206,56 − 124,70 = 81,86
    // retention 20,656 → 20,66 > cap 10,33: held at 10,33, nothing more this period
    // advance 40 × 206,56 / 206,56 = 40 = the whole advance: 40 − 24,15 = 15,85
    // net 81,86 − 0 − 15,85 = 66,01; IVA 12,5419 → 12,54; total 78,55
    expect(ep3.totals).toEqual({
      contractAmount: '206.56',
      previousAmount: '124.7',
      periodAmount: '81.86',
      accumulatedAmount: '206.56',
      accumulatedPercent: '100',
      retentionAccumulated: '10.33',
      retentionPeriod: '0',
      retentionCapped: true,
      advanceRepaymentAccumulated: '40',
      advanceRepaymentPeriod: '15.85',
      net: '66.01',
      vat: '12.54',
      total: '78.55',
    });
    // 66,01 × 39.200,75 = 2.587.641,5075 → $2.587.642; IVA 491.651,98 → $491.652; total $3.079.294
    expect(ep3.uf).toEqual({
      date: '2026-04-01',
      value: '39200.75',
      netClp: '2587642',
      vatClp: '491652',
      totalClp: '3079294',
    });
  });

  it('adds up: the three periods are the contract, and the three nets are what is paid less retention', () => {
    const periods = [ep1, ep2, ep3].map((ep) => Number(ep.totals.periodAmount));
    // 75,72 + 48,98 + 81,86 = 206,56 (Number only to check the sum of three 2-decimal figures)
    expect(periods.reduce((a, b) => a + b, 0).toFixed(2)).toBe('206.56');
    // 53,05 + 37,17 + 66,01 = 156,23 = 206,56 − 10,33 retained − 40 advance
    const nets = [ep1, ep2, ep3].map((ep) => Number(ep.totals.net));
    expect(nets.reduce((a, b) => a + b, 0).toFixed(2)).toBe('156.23');
  });
});

describe('computeEstadoPago: other rules', () => {
  const base = { settings: { ...SETTINGS, retentionPercent: '0', retentionCapPercent: '0', advanceAmount: '0' } };

  it('rounds CLP lines to whole pesos before adding them (totals = the sum of the rounded lines)', () => {
    // three partidas of $1.001 at 50 %: 500,5 → $501 each; the total is $1.503, not round(1.501,5) = $1.502
    const items: EstadoPagoItem[] = [1, 2, 3].map((id) => ({
      id,
      code: String(id),
      name: `P${id}`,
      level: 1,
      quantity: '1',
      unitPrice: '1001',
    }));
    const ep = computeEstadoPago({
      ...base,
      currency: 'CLP',
      items,
      progress: progress({ 1: '50', 2: '50', 3: '50' }),
    });
    expect(ep.lines.map((line) => line.accumulatedAmount)).toEqual(['501', '501', '501']);
    expect(ep.totals).toMatchObject({ contractAmount: '3003', accumulatedAmount: '1503', accumulatedPercent: '50.05' });
    // net 1.503, IVA 19 % = 285,57 → $286
    expect(ep.totals).toMatchObject({ net: '1503', vat: '286', total: '1789' });
    expect(ep.uf).toBeUndefined();
  });

  it('issue 33, to the peso: 1 gl × $1.100.000 over tasks of 5, 3, 1 and 2 days, the 5-day one done, pays $500.000', () => {
    const tasks = [
      { id: 10, sourceKey: 'edp:1', duration: 0 },
      { id: 11, parentId: 10, sourceKey: 'edc:1:a', duration: 5 },
      { id: 12, parentId: 10, sourceKey: 'edc:1:b', duration: 3 },
      { id: 13, parentId: 10, sourceKey: 'edc:1:c', duration: 1 },
      { id: 14, parentId: 10, sourceKey: 'edc:1:d', duration: 2 },
    ];
    const item = { id: 1, code: '1', name: 'Instalaciones', unit: 'gl', quantity: '1', unitPrice: '1100000' };
    const done = new Map([[11, 100]]);
    // the amount spread by working days: $500.000, $300.000, $100.000, $200.000; 5/11 of it earned
    const { parts } = spreadItemAmounts([item], tasks, 'CLP');
    expect(parts.map((part) => part.amount)).toEqual(['500000', '300000', '100000', '200000']);
    const earned = edpItemEarned(parts, done);
    expect(earned.get(1)).toBe('500000');
    const percent = edpItemProgress(itemLeaves(tasks), done);
    expect(percent.get(1)).toBe('45.45');
    const line = (withEarned: boolean) =>
      computeEstadoPago({
        ...base,
        currency: 'CLP',
        items: [{ ...item, level: 1 }],
        progress: percent,
        ...(withEarned ? { earned } : {}),
      }).lines[0];
    // the % is shown rounded; the amount is never multiplied by the rounded %
    expect(line(true)).toMatchObject({ accumulatedPercent: '45.45', accumulatedAmount: '500000' });
    // what the rounded % paid before: 45,45 % × 1.100.000 = $499.950
    expect(line(false)?.accumulatedAmount).toBe('499950');
    // a third of the 3-day task (33,33… %): $100.000 of its $300.000, to the peso
    const third = edpItemEarned(parts, new Map([[12, 100 / 3]]));
    const thirdLine = computeEstadoPago({
      ...base,
      currency: 'CLP',
      items: [{ ...item, level: 1 }],
      progress: edpItemProgress(itemLeaves(tasks), new Map([[12, 100 / 3]])),
      earned: third,
    }).lines[0];
    expect(thirdLine).toMatchObject({ accumulatedPercent: '9.09', accumulatedAmount: '100000' });
  });

  it('issue 33, one measure: a partida’s % is its earned value over its amount, as the Gantt’s summary shows it', () => {
    // $10 over three 1-day tasks: the spread gives $4, $3, $3 (largest remainder); the first done
    const tasks = [
      { id: 10, sourceKey: 'edp:1', duration: 0 },
      { id: 11, parentId: 10, sourceKey: 'edc:1:a', duration: 1 },
      { id: 12, parentId: 10, sourceKey: 'edc:1:b', duration: 1 },
      { id: 13, parentId: 10, sourceKey: 'edc:1:c', duration: 1 },
    ];
    const item = { id: 1, code: '1', name: 'Pintura', unit: 'gl', quantity: '1', unitPrice: '10' };
    const done = new Map([[11, 100]]);
    const { parts } = spreadItemAmounts([item], tasks, 'CLP');
    expect(parts.map((part) => part.amount)).toEqual(['4', '3', '3']);
    const line = computeEstadoPago({
      ...base,
      currency: 'CLP',
      items: [{ ...item, level: 1 }],
      // by working days alone the partida would read 33,33 %
      progress: edpItemProgress(itemLeaves(tasks), done),
      earned: edpItemEarned(parts, done),
    }).lines[0];
    // $4 of $10: 40 %, the same figure the Gantt rolls up for the item's task
    expect(line).toMatchObject({ accumulatedPercent: '40', accumulatedAmount: '4' });
    const weights = taskProgressWeights(tasks, { currency: 'CLP', items: [{ edpItemId: 1, amount: '10' }] });
    const rolled = rollUpProgress(
      tasks.map((task) => ({ ...task, progress: done.get(task.id) ?? 0 })),
      weights,
    );
    expect(rolled.summaries.get(10)).toBe(40);
    expect(rolled.basis).toBe('amount');
  });

  it('keeps a partida deleted since the previous EP with its previous figures and nothing more', () => {
    const items: EstadoPagoItem[] = [
      { id: 1, code: '1', name: 'Muro', level: 1, quantity: '10', unitPrice: '100' },
      { id: 2, code: '2', name: 'Losa', level: 1, quantity: '10', unitPrice: '50' },
    ];
    const first = computeEstadoPago({ ...base, currency: 'CLP', items, progress: progress({ 1: '50', 2: '20' }) });
    const second = computeEstadoPago({
      ...base,
      currency: 'CLP',
      items: [items[0] as EstadoPagoItem],
      progress: progress({ 1: '80' }),
      previous: first,
    });
    expect(second.lines.map((line) => line.code)).toEqual(['1', '2']);
    expect(second.lines[1]).toMatchObject({
      budget: '500',
      previousPercent: '20',
      periodPercent: '0',
      accumulatedPercent: '20',
      previousAmount: '100',
      periodAmount: '0',
      accumulatedAmount: '100',
    });
    // 1.000 × 80 % = 800 − 500 = 300 this period; the deleted partida's $100 stays paid
    expect(second.totals).toMatchObject({ previousAmount: '600', periodAmount: '300', accumulatedAmount: '900' });
  });

  it('keeps a line for a parent whose price was removed after the previous EP, reversing its amount', () => {
    const priced: EstadoPagoItem[] = [
      { id: 1, code: '1', name: 'Obra', level: 1, quantity: '1', unitPrice: '1000' },
      { id: 2, parentId: 1, code: '1.1', name: 'Muro', level: 2 },
    ];
    const first = computeEstadoPago({ ...base, currency: 'CLP', items: priced, progress: progress({ 1: '50' }) });
    const unpriced = priced.map(({ quantity: _q, unitPrice: _p, ...item }) => item);
    const second = computeEstadoPago({
      ...base,
      currency: 'CLP',
      items: unpriced,
      progress: progress({ 1: '50' }),
      previous: first,
    });
    expect(second.lines[0]).toMatchObject({ code: '1', budget: '0', previousAmount: '500', periodAmount: '-500' });
    expect(second.totals).toMatchObject({ periodAmount: '-500', net: '-500', vat: '-95', total: '-595' });
  });

  it('has no cap with a cap of 0 %, and nothing to repay or weigh with a contract of 0', () => {
    const items: EstadoPagoItem[] = [{ id: 1, code: '1', name: 'Aseo', level: 1 }];
    const ep = computeEstadoPago({
      currency: 'USD',
      items,
      progress: progress({ 1: '30' }),
      settings: { ...SETTINGS, retentionCapPercent: '0', advanceAmount: '1000' },
    });
    expect(ep.totals).toMatchObject({
      contractAmount: '0',
      accumulatedPercent: '0',
      retentionAccumulated: '0',
      retentionCapped: false,
      advanceRepaymentAccumulated: '0',
      total: '0',
    });
    const uncapped = computeEstadoPago({
      currency: 'USD',
      items: [{ id: 1, code: '1', name: 'Muro', level: 1, quantity: '3', unitPrice: '33.333' }],
      progress: progress({ 1: '100' }),
      settings: { ...SETTINGS, retentionPercent: '7.5', retentionCapPercent: '0', advanceAmount: '0' },
    });
    // 3 × 33,333 = 99,999 → 100,00 USD; 7,5 % = 7,50, no cap
    expect(uncapped.totals).toMatchObject({
      contractAmount: '100',
      retentionAccumulated: '7.5',
      retentionCapped: false,
    });
  });
});

describe('edpItemProgress', () => {
  it("is an item's leaves' progress weighted by their working days, to 2 decimals", () => {
    // item 1's task 10 has two leaves: 11 (3 days, done) and 12 (6 days, 50 %) → (300 + 300) / 9 = 66,67 %
    // item 2's task 20 is a leaf of 1 day at 12,5 %; item 3's leaves are two milestones (1 each), one done
    const leaves = itemLeaves([
      { id: 10, sourceKey: 'edp:1', duration: 9 },
      { id: 11, parentId: 10, sourceKey: null, duration: 3 },
      { id: 12, parentId: 10, sourceKey: null, duration: 6 },
      { id: 20, sourceKey: 'edp:2', duration: 1 },
      { id: 30, sourceKey: 'edp:3', duration: 0 },
      { id: 31, parentId: 30, sourceKey: null, duration: 0 },
      { id: 32, parentId: 30, sourceKey: null, duration: 0 },
    ]);
    const progressByLeaf = new Map([
      [11, 100],
      [12, 50],
      [20, 12.5],
      [31, 100],
    ]);
    expect(edpItemProgress(leaves, progressByLeaf)).toEqual(
      new Map([
        [1, '66.67'],
        [2, '12.5'],
        [3, '50'],
      ]),
    );
  });
});

describe('edpItemLevels', () => {
  it('gives each item its depth, a root 1', () => {
    expect(edpItemLevels(EDP).map((item) => item.level)).toEqual([1, 2, 2, 1, 2, 2]);
  });
});
