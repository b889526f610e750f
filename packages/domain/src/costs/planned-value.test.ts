import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from '../gantt/calendar';
import { plannedShare, plannedValue } from './planned-value';

// Monday–Friday, Wednesday 5 March 2025 a holiday
const calendar = new WorkingCalendar('mon-fri', () => ['2025-03-05'], 2025);
// 4 working days: Mon 3, Tue 4, Thu 6, Fri 7 March
const task = { start: '2025-03-03', finish: '2025-03-07', duration: 4, amount: '1000000' };

describe('plannedValue (issue 16): an amount spread linearly over working days', () => {
  it('counts the working days planned by the end of each date', () => {
    expect(plannedShare(calendar, task, '2025-03-02')).toBe('0');
    expect(plannedValue(calendar, task, '2025-03-03')).toBe('250000');
    expect(plannedValue(calendar, task, '2025-03-04')).toBe('500000');
    // the holiday adds nothing
    expect(plannedValue(calendar, task, '2025-03-05')).toBe('500000');
    expect(plannedValue(calendar, task, '2025-03-06')).toBe('750000');
    expect(plannedValue(calendar, task, '2025-03-07')).toBe('1000000');
    // after its finish, and on a weekend after it, the whole amount
    expect(plannedValue(calendar, task, '2025-03-08')).toBe('1000000');
    expect(plannedValue(calendar, task, '2025-12-31')).toBe('1000000');
  });

  it('keeps thirds exact until the caller rounds', () => {
    const three = { start: '2025-03-03', finish: '2025-03-06', duration: 3, amount: '100' };
    expect(plannedShare(calendar, three, '2025-03-03')).toBe('0.3333333333333333333333333333333333333333');
    expect(plannedValue(calendar, three, '2025-03-04')).toBe('66.66666666666666666666666666666666666667');
  });

  it("puts a milestone's whole amount on its date", () => {
    const milestone = { start: '2025-03-06', finish: '2025-03-06', duration: 0, amount: '500' };
    expect(plannedValue(calendar, milestone, '2025-03-05')).toBe('0');
    expect(plannedValue(calendar, milestone, '2025-03-06')).toBe('500');
  });
});
