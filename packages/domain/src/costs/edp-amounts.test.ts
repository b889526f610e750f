import { describe, expect, it } from 'vitest';
import {
  createProgressWeigher,
  edpBudgetSummary,
  edpItemAmount,
  itemLeaves,
  rollUpEdpAmounts,
  spreadItemAmounts,
  taskProgressWeights,
} from './edp-amounts';
import type { CostTask, PricedEdpItem } from './edp-amounts';

const items: PricedEdpItem[] = [
  { id: 1, code: 'P1', name: 'Obra' },
  { id: 2, parentId: 1, code: 'P1.1', name: 'Excavación', unit: 'm3', quantity: '120.5', unitPrice: '10000.4' },
  { id: 3, parentId: 1, code: 'P1.2', name: 'Hormigón', unit: 'm3', quantity: '3', unitPrice: '0.3333' },
  { id: 4, parentId: 1, code: 'P1.3', name: 'Sin precio', unit: 'gl' },
];

describe('edpItemAmount', () => {
  it('is quantity × unit price rounded as the currency stores it, half away from zero', () => {
    // 120.5 × 10000.4 = 1,205,048.2 → $1.205.048
    expect(edpItemAmount(items[1] as PricedEdpItem, 'CLP')).toBe('1205048');
    // 3 × 0.3333 = 0.9999 UF (4 decimals kept)
    expect(edpItemAmount(items[2] as PricedEdpItem, 'UF')).toBe('0.9999');
    expect(edpItemAmount({ quantity: '2.5', unitPrice: '1' }, 'CLP')).toBe('3');
    expect(edpItemAmount(items[3] as PricedEdpItem, 'CLP')).toBeUndefined();
  });
});

describe('rollUpEdpAmounts', () => {
  it('adds each subtree, and leaves out subtrees with nothing priced', () => {
    const totals = rollUpEdpAmounts(items, 'CLP');
    expect(totals.get(1)).toBe('1205049');
    expect(totals.get(2)).toBe('1205048');
    expect(totals.get(3)).toBe('1');
    expect(totals.has(4)).toBe(false);
  });

  it('sums a priced parent with its children', () => {
    const tree: PricedEdpItem[] = [
      { id: 1, code: 'A', name: 'A', quantity: '1', unitPrice: '100' },
      { id: 2, parentId: 1, code: 'A.1', name: 'A.1', quantity: '2', unitPrice: '50' },
    ];
    expect(rollUpEdpAmounts(tree, 'CLP').get(1)).toBe('200');
  });
});

describe('edpBudgetSummary', () => {
  it('compares the priced total with the budget', () => {
    expect(edpBudgetSummary(items, '2000000', 'CLP')).toEqual({
      total: '1205049',
      budget: '2000000',
      difference: '794951',
      priced: 2,
    });
  });
});

describe('spreadItemAmounts', () => {
  // item 2's summary task 10 with two activities (3 and 7 working days) and a task the user added
  // (sourceKey null, 10 days); item 3's task 20 is a leaf; item 4 has no task
  const tasks: CostTask[] = [
    { id: 1, sourceKey: 'edp:1', duration: 30 },
    { id: 10, parentId: 1, sourceKey: 'edp:2', duration: 20 },
    { id: 11, parentId: 10, sourceKey: 'edc:2:act1', duration: 3 },
    { id: 12, parentId: 10, sourceKey: 'edc:2:act2', duration: 7 },
    { id: 13, parentId: 10, sourceKey: null, duration: 10 },
    { id: 20, parentId: 1, sourceKey: 'edp:3', duration: 4 },
  ];

  it('spreads an amount over its leaves by working days, summing exactly', () => {
    const { parts, unplaced } = spreadItemAmounts(items, tasks, 'CLP');
    const item2 = parts.filter((part) => part.edpItemId === 2);
    // 1,205,048 × 3/20, 7/20, 10/20 = 180,757.2 / 421,766.8 / 602,524
    expect(item2.map((part) => [part.taskId, part.amount, part.weight])).toEqual([
      [11, '180757', 3],
      [12, '421767', 7],
      [13, '602524', 10],
    ]);
    expect(parts.filter((part) => part.edpItemId === 3)).toEqual([
      { taskId: 20, edpItemId: 3, amount: '1', weight: 4 },
    ]);
    expect(unplaced).toEqual([]);
  });

  it('puts a priced parent with no leaf of its own over every leaf under it', () => {
    const priced = items.map((item) => (item.id === 1 ? { ...item, quantity: '1', unitPrice: '30' } : item));
    const { parts } = spreadItemAmounts(priced, tasks, 'CLP');
    const item1 = parts.filter((part) => part.edpItemId === 1);
    // 30 over 3 + 7 + 10 + 4 = 24 days: 3.75 / 8.75 / 12.5 / 5 → 4 / 9 / 12 / 5 (largest remainder)
    expect(item1.map((part) => part.amount)).toEqual(['4', '9', '12', '5']);
  });

  it('gives milestones equal shares, and reports an item with no task', () => {
    const milestones: CostTask[] = [
      { id: 10, sourceKey: 'edp:2', duration: 0 },
      { id: 11, parentId: 10, sourceKey: null, duration: 0 },
      { id: 12, parentId: 10, sourceKey: null, duration: 0 },
    ];
    const { parts, unplaced } = spreadItemAmounts(items, milestones, 'CLP');
    expect(parts.map((part) => part.amount)).toEqual(['602524', '602524']);
    expect(unplaced).toEqual([{ edpItemId: 3, amount: '1' }]);
  });

  it('measures each item on the same leaves', () => {
    const leaves = itemLeaves(tasks);
    expect(leaves.get(2)).toEqual([
      { taskId: 11, weight: 3 },
      { taskId: 12, weight: 7 },
      { taskId: 13, weight: 10 },
    ]);
    expect(leaves.get(3)).toEqual([{ taskId: 20, weight: 4 }]);
    expect(leaves.get(1)?.map((leaf) => leaf.taskId)).toEqual([11, 12, 13, 20]);
  });
});

describe('createProgressWeigher (issue 33): taskProgressWeights edit by edit', () => {
  const amounts = {
    currency: 'CLP' as const,
    items: [
      { edpItemId: 1, amount: '10' },
      { edpItemId: 2, amount: '900' },
    ],
  };
  const tasks = [
    { id: 10, sourceKey: 'edp:1', duration: 0 },
    { id: 11, parentId: 10, sourceKey: 'edc:1:a', duration: 1 },
    { id: 12, parentId: 10, sourceKey: 'edc:1:b', duration: 1 },
    { id: 13, parentId: 10, sourceKey: 'edc:1:c', duration: 1 },
    { id: 20, sourceKey: 'edp:2', duration: 3 },
  ];

  it('answers what taskProgressWeights answers, through edits of durations, structure and amounts', () => {
    const weigh = createProgressWeigher();
    // $10 over three 1-day tasks: 4, 3, 3 (largest remainder); item 2 on its own task
    expect(weigh(tasks, amounts)).toEqual(
      new Map([
        [11, 4],
        [12, 3],
        [13, 3],
        [20, 900],
      ]),
    );
    // 12 lengthened to 3 days: $10 × 1/5, 3/5, 1/5 = 2, 6, 2
    const longer = tasks.map((task) => (task.id === 12 ? { ...task, duration: 3 } : task));
    expect(weigh(longer, amounts)).toEqual(taskProgressWeights(longer, amounts));
    expect(weigh(longer, amounts)?.get(12)).toBe(6);
    // a task removed, a price changed, nothing priced
    const fewer = longer.filter((task) => task.id !== 13);
    expect(weigh(fewer, amounts)).toEqual(taskProgressWeights(fewer, amounts));
    const repriced = { ...amounts, items: [{ edpItemId: 1, amount: '11' }] };
    expect(weigh(fewer, repriced)).toEqual(taskProgressWeights(fewer, repriced));
    expect(weigh(fewer, { currency: 'CLP', items: [] })).toBeUndefined();
  });
});
