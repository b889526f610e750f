import { describe, expect, it } from 'vitest';
import { abilitiesOf, formatPercent, formatProgress, isIsoDay, readDecimal, weekCells } from './last-planner-view';
import { groupByCompany } from './weekly-plan-view';

describe('formatPercent', () => {
  it('says a PPC es-CL with one decimal, and none as a dash, never 0 %', () => {
    expect(formatPercent(71.4)).toBe('71,4 %');
    expect(formatPercent(0)).toBe('0,0 %');
    expect(formatPercent(100)).toBe('100,0 %');
    expect(formatPercent(null)).toBe('—');
  });
  it('says a progress with up to two decimals', () => {
    expect(formatProgress(30)).toBe('30 %');
    expect(formatProgress(42.86)).toBe('42,86 %');
  });
});

describe('abilitiesOf', () => {
  it('follows the role: Planificador all, Terreno runs it, Subcontratista commits, Lector reads', () => {
    expect(abilitiesOf('planificador')).toEqual({ canRun: true, canCommit: true, canPlan: true });
    expect(abilitiesOf('terreno')).toEqual({ canRun: true, canCommit: true, canPlan: false });
    expect(abilitiesOf('subcontratista')).toEqual({ canRun: false, canCommit: true, canPlan: false });
    expect(abilitiesOf('lector')).toEqual({ canRun: false, canCommit: false, canPlan: false });
  });
  it('an administrator who is not a member may do everything; an unknown role nothing', () => {
    expect(abilitiesOf(null)).toEqual({ canRun: true, canCommit: true, canPlan: true });
    expect(abilitiesOf(undefined)).toEqual({ canRun: false, canCommit: false, canPlan: false });
  });
});

describe('weekCells', () => {
  const weeks = ['2026-03-11', '2026-03-18', '2026-03-25'];
  it('marks the week columns the task touches', () => {
    expect(weekCells({ start: '2026-03-16', end: '2026-03-20' }, weeks)).toEqual(['on', 'on', 'off']);
    expect(weekCells({ start: '2026-03-25', end: '2026-04-20' }, weeks)).toEqual(['off', 'off', 'on']);
  });
  it('marks late in the first column a task that should have finished before the window', () => {
    expect(weekCells({ start: '2026-03-02', end: '2026-03-06' }, weeks)).toEqual(['late', 'off', 'off']);
  });
});

describe('reading typed values', () => {
  it('takes a real day only', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('invalid')).toBe(false);
  });
  it('reads decimals the Chilean way', () => {
    expect(readDecimal('12,5')).toBe(12.5);
    expect(readDecimal('30')).toBe(30);
    expect(readDecimal('12.5')).toBe(12.5);
    // with a decimal comma, dots group thousands ('1.200,5 kg' of rebar)
    expect(readDecimal('1.000,5')).toBe(1000.5);
    expect(readDecimal('12.345.678,25')).toBe(12345678.25);
    expect(readDecimal('1.00,5')).toBeNull();
    expect(readDecimal('1.000.5')).toBeNull();
    expect(readDecimal('abc')).toBeNull();
  });
});

describe('groupByCompany', () => {
  it("groups by the company's name (es-CL), an unknown id under the id, none last", () => {
    const items = [
      { id: 1, companyId: null },
      { id: 2, companyId: 'b' },
      { id: 3, companyId: 'a' },
      { id: 4, companyId: 'x' },
      { id: 5, companyId: 'b' },
    ];
    const groups = groupByCompany(
      items,
      [
        { id: 'a', name: 'Moldajes del Sur' },
        { id: 'b', name: 'Andes Ingeniería' },
      ],
      'Sin empresa',
    );
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Andes Ingeniería', [2, 5]],
      ['Moldajes del Sur', [3]],
      ['x', [4]],
      ['Sin empresa', [1]],
    ]);
  });
});
