import { describe, expect, it } from 'vitest';
import {
  NO_EDP_USAGE,
  carriesEdpUsage,
  countEdpUsage,
  edpDeletions,
  edpMoneyFacts,
  edpUsageTotals,
  indexEdpUsage,
  sumPaid,
  touchesMoney,
} from './edp-usage';
import type { EdpItem } from './generate-edp';
import { edcSourceKey, edpSourceKey } from './source-keys';

/**
 * P (1) ── P.1 (2) ── P.1.1 (3) with EDC M, M.1, ACT1, ACT2
 *       │          └─ P.1.2 (4) with EDC M
 *       └─ P.2 (5)
 * Gantt tasks: 10 P, 11 P.1, 12 P.1.1, 13 M, 14 M.1, 15 ACT1, 16 ACT2, 17 P.1.2, 18 M (of 4), 19 P.2,
 * and 20, a task the user added. Links: ACT1→ACT2 (inside item 3), ACT2→M of 4 (3↔4),
 * M of 4→P.2 (4↔5), P.2→20 (user's task).
 */
const saved: EdpItem[] = [
  { id: 1, code: 'P', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
  { id: 3, parentId: 2, code: 'P.1.1', name: 'Piso 1' },
  { id: 4, parentId: 2, code: 'P.1.2', name: 'Piso 2' },
  { id: 5, parentId: 1, code: 'P.2', name: 'Patio' },
];
const tasks = [
  { id: 10, sourceKey: edpSourceKey(1) },
  { id: 11, sourceKey: edpSourceKey(2) },
  { id: 12, sourceKey: edpSourceKey(3) },
  { id: 13, sourceKey: edcSourceKey(3, 'M') },
  { id: 14, sourceKey: edcSourceKey(3, 'M.1') },
  { id: 15, sourceKey: edcSourceKey(3, 'ACT1') },
  { id: 16, sourceKey: edcSourceKey(3, 'ACT2') },
  { id: 17, sourceKey: edpSourceKey(4) },
  { id: 18, sourceKey: edcSourceKey(4, 'M') },
  { id: 19, sourceKey: edpSourceKey(5) },
  { id: 20, sourceKey: null },
];
const links = [
  { from: 15, to: 16 },
  { from: 16, to: 18 },
  { from: 18, to: 19 },
  { from: 19, to: 20 },
];
const counts = countEdpUsage({
  edcCounts: [
    { edpItemId: 3, count: 4 },
    { edpItemId: 4, count: 1 },
  ],
  tasks,
  links,
});

describe('countEdpUsage (issue 12: what each saved item carries)', () => {
  it('counts per item its EDC rows, its own and its EDC items’ tasks, and the links touching them once', () => {
    expect(counts.items).toEqual([
      { id: 1, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 0 },
      { id: 2, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 0 },
      // ACT1→ACT2 counted once, ACT2→M of item 4
      { id: 3, edcCount: 4, ganttTaskCount: 5, ganttLinkCount: 2 },
      { id: 4, edcCount: 1, ganttTaskCount: 2, ganttLinkCount: 2 },
      // M of 4→P.2 and P.2→the user's task
      { id: 5, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 2 },
    ]);
    expect(counts.crossLinks).toEqual([
      { a: 3, b: 4, count: 1 },
      { a: 4, b: 5, count: 1 },
    ]);
  });

  it('leaves out items that carry nothing and EDC lists without rows', () => {
    expect(countEdpUsage({ edcCounts: [{ edpItemId: 9, count: 0 }], tasks: [], links: [] })).toEqual({
      items: [],
      crossLinks: [],
    });
  });
});

describe('edpUsageTotals (a group of items, e.g. a subtree being deleted)', () => {
  const index = indexEdpUsage(counts);

  it('adds up the items, EDC rows and tasks, and counts a link between two items of the group once', () => {
    // P.1's subtree: 2, 3, 4 → links ACT1→ACT2, ACT2→M(4), M(4)→P.2
    expect(edpUsageTotals([2, 3, 4], index)).toEqual({ items: 3, edcCount: 5, ganttTaskCount: 8, ganttLinkCount: 3 });
    expect(edpUsageTotals([3], index)).toEqual({ items: 1, edcCount: 4, ganttTaskCount: 5, ganttLinkCount: 2 });
    // every item: the four links
    expect(edpUsageTotals([1, 2, 3, 4, 5], index).ganttLinkCount).toBe(4);
  });

  it('counts an item it knows nothing about (not saved yet) as an item only', () => {
    const totals = edpUsageTotals([77, 77], index);
    expect(totals).toEqual({ items: 1, edcCount: 0, ganttTaskCount: 0, ganttLinkCount: 0 });
    expect(carriesEdpUsage(totals)).toBe(false);
    expect(carriesEdpUsage(edpUsageTotals([5], index))).toBe(true);
    expect(edpUsageTotals([3], NO_EDP_USAGE).edcCount).toBe(0);
  });
});

describe("edpDeletions ('Grabar EDP' lists what a save deletes)", () => {
  const index = indexEdpUsage(counts);

  it('groups the deleted saved items under their top-most deleted item, in saved order, with totals', () => {
    const next = saved.filter((item) => item.id === 1);
    const { deletions, totals } = edpDeletions(saved, next, index);
    expect(deletions.map((deletion) => [deletion.item.code, deletion.totals])).toEqual([
      ['P.1', { items: 3, edcCount: 5, ganttTaskCount: 8, ganttLinkCount: 3 }],
      ['P.2', { items: 1, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 2 }],
    ]);
    // M(4)→P.2 belongs to both deletions but goes once
    expect(totals).toEqual({ items: 4, edcCount: 5, ganttTaskCount: 9, ganttLinkCount: 4 });
  });

  it('leaves out an item moved out of a deleted subtree, and unsaved items', () => {
    // P.1.2 moved under P.2 before P.1 was deleted; a new item 8 was added
    const next: EdpItem[] = [
      saved[0] as EdpItem,
      { ...(saved[4] as EdpItem) },
      { id: 4, parentId: 5, code: 'P.1.2', name: 'Piso 2' },
      { id: 8, parentId: 1, code: 'N', name: 'Nuevo' },
    ];
    const { deletions, totals } = edpDeletions(saved, next, index);
    expect(deletions.map((deletion) => [deletion.item.code, deletion.totals.items])).toEqual([['P.1', 2]]);
    expect(totals).toEqual({ items: 2, edcCount: 4, ganttTaskCount: 6, ganttLinkCount: 2 });
  });

  it('has nothing to list when nothing saved is deleted', () => {
    expect(edpDeletions(saved, saved, index)).toEqual({
      deletions: [],
      totals: { items: 0, edcCount: 0, ganttTaskCount: 0, ganttLinkCount: 0 },
    });
  });

  it('groups a 20,000-level chain without walking it again for every item', () => {
    const chain: EdpItem[] = [{ id: 1, code: 'R', name: 'R' }];
    for (let id = 2; id <= 20_000; id += 1) chain.push({ id, parentId: id - 1, code: `c${id}`, name: `n${id}` });
    const { deletions } = edpDeletions(chain, chain.slice(0, 1), NO_EDP_USAGE);
    expect(deletions).toHaveLength(1);
    expect(deletions[0]?.totals.items).toBe(19_999);
  });
});

/*
 * Issue 33, deletions that touch money say so. By hand, a UF project with two approved EPs:
 * - P.1.1 (3): 9,45 % recorded under its task; EP N°1 paid nothing on it, EP N°2 paid UF 1.000,50;
 *   its task is in the baselines «LB Contrato» and «LB Reprogramación».
 * - P.1.2 (4): 40 % recorded; EP N°1 paid UF 200,25 and EP N°2 UF 34,31 on it; in «LB Contrato».
 * - P.1 (2): a chapter with its own price, 25 % recorded (P.1's task measures all the leaves under
 *   it, having none of its own); EP N°2 paid UF 0,01 and EP N°1 a reversal of −0,01 on it.
 * - P.2 (5): nothing recorded, nothing paid, in no baseline.
 */
describe('edpMoneyFacts (issue 33: what a deletion touches of the money)', () => {
  const withMoney = countEdpUsage({
    edcCounts: [{ edpItemId: 3, count: 4 }],
    tasks,
    links,
    money: {
      progress: new Map([
        [2, '25'],
        [3, '9.45'],
        [4, '40'],
        [5, '0'],
      ]),
      paid: new Map([
        [
          2,
          [
            { number: 1, amount: '-0.01' },
            { number: 2, amount: '0.01' },
          ],
        ],
        [3, [{ number: 2, amount: '1000.5' }]],
        [
          4,
          [
            { number: 1, amount: '200.25' },
            { number: 2, amount: '34.31' },
          ],
        ],
        [5, []],
      ]),
      baselines: new Map([
        [3, ['LB Contrato', 'LB Reprogramación']],
        [4, ['LB Contrato']],
        [5, []],
      ]),
    },
  });
  const index = indexEdpUsage(withMoney);

  it('keeps per item its progress above 0, its payments and its baselines; leaves out the empty ones', () => {
    expect(withMoney.items.find((usage) => usage.id === 3)).toEqual({
      id: 3,
      edcCount: 4,
      ganttTaskCount: 5,
      ganttLinkCount: 2,
      progress: '9.45',
      paid: [{ number: 2, amount: '1000.5' }],
      baselines: ['LB Contrato', 'LB Reprogramación'],
    });
    // P.2: 0 %, no payment, no baseline: only its task and links
    expect(withMoney.items.find((usage) => usage.id === 5)).toEqual({
      id: 5,
      edcCount: 0,
      ganttTaskCount: 1,
      ganttLinkCount: 2,
    });
    // an item known only for its money is listed
    const paidOnly = countEdpUsage({
      edcCounts: [],
      tasks: [],
      links: [],
      money: { paid: new Map([[9, [{ number: 1, amount: '5' }]]]) },
    });
    expect(paidOnly.items).toEqual([
      { id: 9, edcCount: 0, ganttTaskCount: 0, ganttLinkCount: 0, paid: [{ number: 1, amount: '5' }] },
    ]);
  });

  it('names a leaf item’s own progress, payments and baselines', () => {
    const facts = edpMoneyFacts(3, [3], index);
    expect(facts).toEqual({
      progress: '9.45',
      paid: [{ number: 2, amount: '1000.5' }],
      baselines: ['LB Contrato', 'LB Reprogramación'],
    });
    expect(touchesMoney(facts)).toBe(true);
  });

  it('for a subtree: the top item’s progress, each EP’s payments added up, every baseline once', () => {
    // P.1 + P.1.1 + P.1.2: EP N°1 −0,01 + 200,25 = 200,24; EP N°2 0,01 + 1.000,50 + 34,31 = 1.034,82
    expect(edpMoneyFacts(2, [2, 3, 4], index)).toEqual({
      progress: '25',
      paid: [
        { number: 1, amount: '200.24' },
        { number: 2, amount: '1034.82' },
      ],
      baselines: ['LB Contrato', 'LB Reprogramación'],
    });
  });

  it('names nothing for an item that touches no money, or one not saved', () => {
    expect(edpMoneyFacts(5, [5], index)).toEqual({ paid: [], baselines: [] });
    expect(touchesMoney(edpMoneyFacts(5, [5], index))).toBe(false);
    expect(touchesMoney(edpMoneyFacts(77, [77], index))).toBe(false);
  });

  it('leaves out an EP whose payments add up to 0', () => {
    expect(
      sumPaid([
        [{ number: 2, amount: '10' }],
        [
          { number: 1, amount: '0.01' },
          { number: 2, amount: '-10' },
        ],
        [{ number: 1, amount: '0.01' }],
      ]),
    ).toEqual([{ number: 1, amount: '0.02' }]);
  });

  it("gives 'Grabar EDP' each deletion's facts", () => {
    const next = saved.filter((item) => item.id !== 4 && item.id !== 5);
    const { deletions } = edpDeletions(saved, next, index);
    expect(deletions.map((deletion) => [deletion.item.code, deletion.facts])).toEqual([
      [
        'P.1.2',
        {
          progress: '40',
          paid: [
            { number: 1, amount: '200.25' },
            { number: 2, amount: '34.31' },
          ],
          baselines: ['LB Contrato'],
        },
      ],
      ['P.2', { paid: [], baselines: [] }],
    ]);
  });
});
