import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import { levelResources, resourceOverloads } from './level-resources';
import type { LevelOptions, LevelResource, LevelTask } from './level-resources';
import { resourceWorksOn } from '../resources/resources';
import { schedule } from './schedule';
import type { ScheduleLink, ScheduledTask } from './schedule-types';

/**
 * Hand-worked on January 2026, Monday to Friday, no holidays: Monday 5 is index 2 (Thursday 1 and
 * Friday 2 are 0 and 1). One crane (1 available); A 3 days, B 2 days, C 2 days, each needs it, all
 * from Monday 5 with no links: levelled one after the other, A 5–7, B 8–9, C 12–13.
 */
const calendar = new WorkingCalendar('mon-fri', () => [], 2026);
const CRANE: LevelResource = { _id: 'grua', code: 'GRUA', name: 'Grúa torre', maxUnits: 1 };
const crane = (units = 1) => [{ resourceId: 'grua', units }];
const task = (id: number, duration: number, extra: Partial<LevelTask> = {}): LevelTask => ({
  id,
  code: `T${id}`,
  name: `Tarea ${id}`,
  start: '2026-01-05',
  duration,
  resources: crane(),
  ...extra,
});
const options = (extra: Partial<LevelOptions> = {}): LevelOptions => ({
  order: 'edpOrder',
  withinSlack: false,
  ...extra,
});

/** The tasks scheduled with the levelled starts, as the server stores and loads them. */
function levelled(
  tasks: readonly LevelTask[],
  links: readonly ScheduleLink[],
  starts: ReadonlyMap<number, string>,
  cutoff?: string,
) {
  const moved = tasks.map((entry) => {
    const start = starts.get(entry.id);
    return start === undefined ? entry : { ...entry, start };
  });
  const result = schedule(moved, links, calendar, cutoff === undefined ? {} : { cutoff });
  if (!result.ok) throw new Error(result.error);
  return result.tasks;
}

const span = (tasks: readonly ScheduledTask[]) => tasks.map((entry) => [entry.id, entry.start, entry.end]);

describe('levelResources', () => {
  it('places the tasks that share a crane one after the other, in EDP order', () => {
    const tasks = [task(1, 3), task(2, 2), task(3, 2)];
    const result = levelResources(tasks, [], [CRANE], calendar, options());
    if (!result.ok) throw new Error(result.error);
    expect(result.delays).toEqual([
      { id: 2, days: 3, from: '2026-01-05', to: '2026-01-08' },
      { id: 3, days: 5, from: '2026-01-05', to: '2026-01-12' },
    ]);
    expect(result.unresolved).toEqual([]);
    expect(span(levelled(tasks, [], result.starts))).toEqual([
      [1, '2026-01-05', '2026-01-07'],
      [2, '2026-01-08', '2026-01-09'],
      [3, '2026-01-12', '2026-01-13'],
    ]);
  });

  it('the order decides who goes first; ties fall to the earlier start, then the EDP order', () => {
    // C (3) is critical (a 10-day successor), A and B have float: by float C goes first
    const tasks = [task(1, 3), task(2, 2), task(3, 2), task(4, 10, { resources: [] })];
    const links: ScheduleLink[] = [{ from: 3, to: 4, type: 'FS', lag: 0 }];
    const byFloat = levelResources(tasks, links, [CRANE], calendar, options({ order: 'totalFloat' }));
    if (!byFloat.ok) throw new Error(byFloat.error);
    expect(span(levelled(tasks, links, byFloat.starts)).slice(0, 3)).toEqual([
      [1, '2026-01-07', '2026-01-09'],
      [2, '2026-01-12', '2026-01-13'],
      [3, '2026-01-05', '2026-01-06'],
    ]);
    // by late start the same; by priority B (1, the others none) first; by EDP order A first and C's successor waits
    const byLate = levelResources(tasks, links, [CRANE], calendar, options({ order: 'lateStart' }));
    expect(byLate.ok && [...byLate.starts.entries()]).toEqual(byFloat.ok && [...byFloat.starts.entries()]);
    const prioritised = tasks.map((entry) => (entry.id === 2 ? { ...entry, priority: 1 } : entry));
    const byPriority = levelResources(prioritised, links, [CRANE], calendar, options({ order: 'priority' }));
    if (!byPriority.ok) throw new Error(byPriority.error);
    expect(span(levelled(prioritised, links, byPriority.starts)).slice(0, 3)).toEqual([
      [1, '2026-01-07', '2026-01-09'],
      [2, '2026-01-05', '2026-01-06'],
      [3, '2026-01-12', '2026-01-13'],
    ]);
    const byEdp = levelResources(tasks, links, [CRANE], calendar, options());
    if (!byEdp.ok) throw new Error(byEdp.error);
    const edp = levelled(tasks, links, byEdp.starts);
    expect(span(edp)).toEqual([
      [1, '2026-01-05', '2026-01-07'],
      [2, '2026-01-08', '2026-01-09'],
      [3, '2026-01-12', '2026-01-13'],
      [4, '2026-01-14', '2026-01-27'],
    ]);
  });

  it('never moves work under way, a must-start-on or a milestone; books them first', () => {
    const tasks = [
      task(1, 3),
      task(2, 2, { actualStart: '2026-01-05' }),
      task(3, 2, { start: '2026-01-07', mustStartOn: true }),
      task(4, 0, { resources: crane(5) }),
    ];
    const result = levelResources(tasks, [], [CRANE], calendar, options({ cutoff: '2026-01-06' }));
    if (!result.ok) throw new Error(result.error);
    // 2 runs from the 5th (actual) and 3 holds the 7th and 8th: A waits for the 9th
    expect(result.delays.map((delay) => delay.id)).toEqual([1]);
    expect(result.starts.get(1)).toBe('2026-01-09');
    const after = levelled(tasks, [], result.starts, '2026-01-06');
    expect(span(after.filter((entry) => entry.id !== 1))).toEqual(
      span(result.before.filter((entry) => entry.id !== 1)),
    );
  });

  it('reports a task that alone needs more than there is, and within float leaves what it cannot fit', () => {
    const tasks = [task(1, 3), task(2, 2, { resources: crane(2) }), task(3, 2), task(4, 5, { resources: [] })];
    const result = levelResources(tasks, [], [CRANE], calendar, options({ withinSlack: true }));
    if (!result.ok) throw new Error(result.error);
    // the project runs 5 days (task 4): 3 has 3 days of float, enough to follow A; 2 asks for 2 cranes
    expect(result.unresolved).toEqual([{ id: 2, resourceId: 'grua', reason: 'exceeds' }]);
    expect(result.starts.get(3)).toBe('2026-01-08');
    const tight = levelResources(
      [task(1, 3), task(3, 3), task(4, 4, { resources: [] })],
      [],
      [CRANE],
      calendar,
      options({ withinSlack: true }),
    );
    if (!tight.ok) throw new Error(tight.error);
    expect(tight.unresolved).toEqual([{ id: 3, resourceId: 'grua', reason: 'slack' }]);
    expect(tight.starts.size).toBe(0);
  });

  it('availability by dates: a range with fewer units holds the work back until it ends', () => {
    const limited = { ...CRANE, maxUnits: 2, availability: [{ from: '2026-01-05', to: '2026-01-09', maxUnits: 1 }] };
    const tasks = [task(1, 3), task(2, 3)];
    const result = levelResources(tasks, [], [limited], calendar, options());
    if (!result.ok) throw new Error(result.error);
    // B does not fit on 8 and 9 (1 available, A busy to the 7th fits only from the 8th: 8, 9 free; 12 has 2)
    expect(span(levelled(tasks, [], result.starts))).toEqual([
      [1, '2026-01-05', '2026-01-07'],
      [2, '2026-01-08', '2026-01-12'],
    ]);
    expect(resourceOverloads(tasks, levelled(tasks, [], result.starts), [limited], calendar)).toEqual([]);
  });

  it('finds the overloads of a schedule, stretch by stretch, naming the tasks', () => {
    const tasks = [task(1, 3), task(2, 2), task(3, 1, { start: '2026-01-12' })];
    const result = schedule(tasks, [], calendar);
    if (!result.ok) throw new Error(result.error);
    expect(resourceOverloads(tasks, result.tasks, [CRANE], calendar)).toEqual([
      {
        resourceId: 'grua',
        from: '2026-01-05',
        to: '2026-01-06',
        units: 2,
        maxUnits: 1,
        taskIds: [1, 2],
        offCalendar: false,
      },
    ]);
  });

  it("a resource's own calendar: no units on its days off, so a task goes past them whole", () => {
    // the crane is serviced Wednesday 7 and Thursday 8: A (3 days from Monday 5) cannot run 5–7, nor
    // be split; it takes Friday 9, Monday 12 and Tuesday 13 (4 working days of delay). B (2 days)
    // fits on Monday 5 and Tuesday 6, before the service.
    const serviced: LevelResource = {
      ...CRANE,
      calendar: { exceptions: [{ from: '2026-01-07', to: '2026-01-08', name: 'Mantención' }] },
    };
    const tasks = [task(1, 3), task(2, 2)];
    const before = schedule(tasks, [], calendar);
    if (!before.ok) throw new Error(before.error);
    expect(resourceOverloads(tasks, before.tasks, [serviced], calendar)).toEqual([
      {
        resourceId: 'grua',
        from: '2026-01-05',
        to: '2026-01-07',
        units: 2,
        maxUnits: 1,
        taskIds: [1, 2],
        offCalendar: true,
      },
    ]);
    const result = levelResources(tasks, [], [serviced], calendar, options());
    if (!result.ok) throw new Error(result.error);
    expect(result.delays).toEqual([{ id: 1, days: 4, from: '2026-01-05', to: '2026-01-09' }]);
    expect(result.unresolved).toEqual([]);
    const after = levelled(tasks, [], result.starts);
    expect(span(after)).toEqual([
      [1, '2026-01-09', '2026-01-13'],
      [2, '2026-01-05', '2026-01-06'],
    ]);
    expect(resourceOverloads(tasks, after, [serviced], calendar)).toEqual([]);
  });

  it("a resource's own weekdays narrow the project's; a task longer than its working week is reported", () => {
    // the crane works Monday to Thursday: C (3 days from Wednesday 7) would reach Friday 9; it runs
    // Monday 12 to Wednesday 14. D (5 days) never fits in four days: left where it was, reported.
    const fourDays: LevelResource = { ...CRANE, calendar: { workingWeekdays: [1, 2, 3, 4] } };
    const three = [task(3, 3, { start: '2026-01-07' })];
    const result = levelResources(three, [], [fourDays], calendar, options());
    if (!result.ok) throw new Error(result.error);
    expect(span(levelled(three, [], result.starts))).toEqual([[3, '2026-01-12', '2026-01-14']]);
    const five = [task(4, 5)];
    const stuck = levelResources(five, [], [fourDays], calendar, options({ searchDays: 60 }));
    if (!stuck.ok) throw new Error(stuck.error);
    expect(stuck.unresolved).toEqual([{ id: 4, resourceId: 'grua', reason: 'search' }]);
    expect(stuck.starts.size).toBe(0);
    const left = levelled(five, [], stuck.starts);
    expect(resourceOverloads(five, left, [fourDays], calendar)).toEqual([
      {
        resourceId: 'grua',
        from: '2026-01-09',
        to: '2026-01-09',
        units: 1,
        maxUnits: 0,
        taskIds: [4],
        offCalendar: true,
      },
    ]);
  });

  it("any tasks and resource calendar: a placed task never works on the resource's day off; same answer twice", () => {
    const drawn = fc.record({
      tasks: fc.array(
        fc.record({ offset: fc.integer({ min: 0, max: 10 }), duration: fc.integer({ min: 1, max: 4 }) }),
        { minLength: 1, maxLength: 10 },
      ),
      weekdays: fc.subarray([1, 2, 3, 4, 5], { minLength: 1 }),
      exceptions: fc.array(
        fc.record({ from: fc.integer({ min: 0, max: 30 }), length: fc.integer({ min: 0, max: 3 }) }),
        { maxLength: 3 },
      ),
      order: fc.constantFrom('totalFloat' as const, 'lateStart' as const, 'priority' as const, 'edpOrder' as const),
    });
    fc.assert(
      fc.property(drawn, ({ tasks: drawnTasks, weekdays, exceptions, order }) => {
        const resource: LevelResource = {
          ...CRANE,
          calendar: {
            workingWeekdays: weekdays,
            exceptions: exceptions.map((entry) => ({
              from: calendarDay(2 + entry.from),
              to: calendarDay(2 + entry.from + entry.length),
            })),
          },
        };
        const tasks: LevelTask[] = drawnTasks.map((entry, index) =>
          task(index + 1, entry.duration, { start: calendarDay(2 + entry.offset) }),
        );
        const first = levelResources(tasks, [], [resource], calendar, options({ order, searchDays: 120 }));
        const second = levelResources(tasks, [], [resource], calendar, options({ order, searchDays: 120 }));
        if (!first.ok || !second.ok) throw new Error('no niveló');
        expect(second).toEqual(first);
        const stuck = new Set(first.unresolved.map((entry) => entry.id));
        const after = levelled(tasks, [], first.starts);
        after.forEach((entry) => {
          if (stuck.has(entry.id)) return;
          for (let index = entry.startIndex; index < entry.finishIndex; index += 1)
            expect(resourceWorksOn(resource.calendar, calendarDay(index))).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('any network: the levelled schedule has no overload, moves nothing earlier, keeps every link, same answer twice', () => {
    const network = fc.integer({ min: 1, max: 14 }).chain((count) =>
      fc.record({
        tasks: fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 8 }),
            duration: fc.integer({ min: 0, max: 6 }),
            units: fc.constantFrom(0, 1, 2),
            other: fc.constantFrom(0, 1),
          }),
          { minLength: count, maxLength: count },
        ),
        links: fc.array(
          fc.record({
            from: fc.integer({ min: 0, max: count - 1 }),
            to: fc.integer({ min: 0, max: count - 1 }),
            type: fc.constantFrom('FS' as const, 'SS' as const, 'FF' as const, 'SF' as const),
            lag: fc.integer({ min: -2, max: 3 }),
          }),
          { maxLength: count * 2 },
        ),
        order: fc.constantFrom('totalFloat' as const, 'lateStart' as const, 'priority' as const, 'edpOrder' as const),
      }),
    );
    const resources: LevelResource[] = [CRANE, { _id: 'bomba', code: 'BOMBA', name: 'Bomba', maxUnits: 2 }];
    fc.assert(
      fc.property(network, ({ tasks: drawn, links: drawnLinks, order }) => {
        const tasks: LevelTask[] = drawn.map((entry, index) => ({
          id: index + 1,
          start: calendarDay(2 + entry.offset),
          duration: entry.duration,
          resources: [
            ...(entry.units > 0 ? [{ resourceId: 'grua', units: 1 }] : []),
            ...(entry.other > 0 ? [{ resourceId: 'bomba', units: entry.units === 2 ? 2 : 1 }] : []),
          ],
        }));
        // links only forward (from a lower to a higher position): no cycles
        const links: ScheduleLink[] = [];
        const seen = new Set<string>();
        for (const link of drawnLinks) {
          if (link.from >= link.to || seen.has(`${link.from}>${link.to}`)) continue;
          seen.add(`${link.from}>${link.to}`);
          links.push({ from: link.from + 1, to: link.to + 1, type: link.type, lag: link.lag });
        }
        const first = levelResources(tasks, links, resources, calendar, options({ order }));
        const second = levelResources(tasks, links, resources, calendar, options({ order }));
        if (!first.ok || !second.ok) throw new Error('no niveló');
        expect([...second.starts.entries()]).toEqual([...first.starts.entries()]);
        expect(first.unresolved).toEqual([]);
        const after = levelled(tasks, links, first.starts);
        expect(resourceOverloads(tasks, after, resources, calendar)).toEqual([]);
        after.forEach((entry, index) => {
          expect(entry.startIndex).toBeGreaterThanOrEqual((first.before[index] as ScheduledTask).startIndex);
        });
      }),
      { numRuns: 300 },
    );
  });
});

function calendarDay(index: number): string {
  return new Date(calendar.dayAt(index) * 86_400_000).toISOString().slice(0, 10);
}
