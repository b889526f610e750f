import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarException } from './calendar';
import { WorkingCalendar, dayNumber, isoDay } from './calendar';
import { chileHolidays } from './chile-holidays';
import type {
  LinkType,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
  ScheduledTask,
} from './schedule-types';
import { linkTypes } from './schedule-types';
import { schedule } from './schedule';
import { IncrementalScheduler } from './incremental-scheduler';
import { scheduleReference } from './schedule-reference';

/**
 * Issue 30: actual dates on days off. A task done or under way keeps its actual start and finish as
 * recorded, a Saturday, a Sunday or a holiday included (as MS Project does), and never shows a finish
 * before its start; in working time, work on days off only takes none, so what follows it starts on
 * the next working day; a task under way does what is left of it on working days. Hand-checked on
 * Monday–Friday with Chile's holidays: Friday 2026-11-27, Saturday 28, Sunday 29, Monday 30;
 * Tuesday 2026-12-08 is Inmaculada Concepción.
 */

const chile = () => new WorkingCalendar('mon-fri', chileHolidays, 2026);
const FRI = '2026-11-27';
const SAT = '2026-11-28';
const SUN = '2026-11-29';
const MON = '2026-11-30';
const HOLIDAY = '2026-12-08';

const task = (id: number, duration: number, extra: Partial<ScheduleTask> = {}): ScheduleTask => ({
  id,
  start: '2026-11-02',
  duration,
  code: `T${id}`,
  ...extra,
});
const fs = (from: number, to: number): ScheduleLink => ({ from, to, type: 'FS', lag: 0 });

/** The schedule by task id; the reference engine and a fresh IncrementalScheduler must give the same. */
function run(
  tasks: ScheduleTask[],
  links: ScheduleLink[],
  cutoff: string,
): Map<number, ScheduledTask> & { result: ScheduleResult } {
  const calendar = chile();
  const result = schedule(tasks, links, calendar, { cutoff });
  expect(scheduleReference(tasks, links, calendar, { cutoff })).toStrictEqual(result);
  expect(new IncrementalScheduler().schedule(tasks, links, calendar, { cutoff })).toStrictEqual(result);
  if (!result.ok) throw new Error(result.error);
  return Object.assign(new Map(result.tasks.map((t) => [t.id, t])), { result });
}
const span = (t: ScheduledTask | undefined) => [t?.start, t?.end];

describe('actual dates on days off (issue 30): hand-checked', () => {
  it('done on a Saturday: shown on that Saturday, not finishing before it starts; its successor starts Monday', () => {
    const byId = run(
      [
        task(1, 0),
        task(2, 3, { parentId: 1, actualStart: SAT, actualFinish: SAT, progress: 100 }),
        task(3, 2, { parentId: 1 }),
      ],
      [fs(2, 3)],
      SAT,
    );
    expect(span(byId.get(2))).toEqual([SAT, SAT]);
    expect(byId.get(2)).toMatchObject({ status: 'done', duration: 0, critical: false });
    expect(span(byId.get(3))).toEqual([MON, '2026-12-01']);
    // the summary and the project from the Saturday
    expect(span(byId.get(1))).toEqual([SAT, '2026-12-01']);
    expect(byId.result).toMatchObject({ projectStart: SAT, projectFinish: '2026-12-01' });
  });

  it('done on a Sunday, with a task under way since that Sunday, at a Sunday cut-off (the kanban scenario)', () => {
    const byId = run(
      [
        task(1, 1, { actualStart: SUN, actualFinish: SUN, progress: 100 }),
        // 10 days at 40 %: 6 left from Monday 30 — 30 Nov to 4 Dec, 7 Dec
        task(2, 10, { actualStart: SUN, progress: 40 }),
        // not started: from the cut-off, i.e. Monday
        task(3, 1, { start: SUN }),
      ],
      [],
      SUN,
    );
    expect(span(byId.get(1))).toEqual([SUN, SUN]);
    expect(byId.get(1)?.status).toBe('done');
    expect(span(byId.get(2))).toEqual([SUN, '2026-12-07']);
    expect(byId.get(2)?.status).toBe('started');
    expect(span(byId.get(3))).toEqual([MON, MON]);
  });

  it('done on a Chilean holiday (Tuesday 8 December): shown on the holiday; its successor the day after', () => {
    const byId = run(
      [task(1, 1, { actualStart: HOLIDAY, actualFinish: HOLIDAY, progress: 100 }), task(2, 1)],
      [fs(1, 2)],
      HOLIDAY,
    );
    expect(span(byId.get(1))).toEqual([HOLIDAY, HOLIDAY]);
    expect(span(byId.get(2))).toEqual(['2026-12-09', '2026-12-09']);
    // from the holiday to the next working day: one working day of work
    const next = run(
      [task(1, 2, { actualStart: HOLIDAY, actualFinish: '2026-12-09', progress: 100 })],
      [],
      '2026-12-09',
    );
    expect(span(next.get(1))).toEqual([HOLIDAY, '2026-12-09']);
    expect(next.get(1)?.duration).toBe(1);
  });

  it('started on a Friday, finished on the Sunday: Friday to Sunday, one working day; the successor starts Monday', () => {
    const byId = run([task(1, 2, { actualStart: FRI, actualFinish: SUN, progress: 100 }), task(2, 1)], [fs(1, 2)], SUN);
    expect(span(byId.get(1))).toEqual([FRI, SUN]);
    expect(byId.get(1)?.duration).toBe(1);
    expect(span(byId.get(2))).toEqual([MON, MON]);
  });

  it('issue 33: started on a Saturday, finished on the Sunday: Saturday to Sunday, never Monday to the Friday before', () => {
    const byId = run([task(1, 2, { actualStart: SAT, actualFinish: SUN, progress: 100 }), task(2, 1)], [fs(1, 2)], SUN);
    expect(span(byId.get(1))).toEqual([SAT, SUN]);
    expect(byId.get(1)).toMatchObject({ status: 'done', duration: 0 });
    expect(span(byId.get(2))).toEqual([MON, MON]);
  });

  it('started on a Saturday, finished on the Monday: Saturday to Monday; the successor starts Tuesday', () => {
    const byId = run([task(1, 2, { actualStart: SAT, actualFinish: MON, progress: 100 }), task(2, 1)], [fs(1, 2)], MON);
    expect(span(byId.get(1))).toEqual([SAT, MON]);
    expect(byId.get(1)?.duration).toBe(1);
    expect(span(byId.get(2))).toEqual(['2026-12-01', '2026-12-01']);
  });

  it('a milestone reached on a Sunday shows that Sunday, and its successor starts Monday (not Tuesday)', () => {
    const byId = run([task(1, 0, { actualStart: SUN, actualFinish: SUN, progress: 100 }), task(2, 1)], [fs(1, 2)], SUN);
    expect(span(byId.get(1))).toEqual([SUN, SUN]);
    expect(span(byId.get(2))).toEqual([MON, MON]);
  });

  it('started on a Saturday: that Saturday, then the work left on working days from the cut-off', () => {
    const byId = run([task(1, 3, { actualStart: SAT, progress: 0 })], [], SAT);
    // Monday, Tuesday, Wednesday
    expect(span(byId.get(1))).toEqual([SAT, '2026-12-02']);
    // at a cut-off on the holiday, what is left starts the day after
    const holiday = run([task(1, 2, { actualStart: '2026-12-05', progress: 50 })], [], HOLIDAY);
    expect(span(holiday.get(1))).toEqual(['2026-12-05', '2026-12-09']);
  });

  it('a task under way with nothing left (a milestone) shows its actual start as its finish, not the Friday before', () => {
    const byId = run([task(1, 0, { actualStart: SUN, progress: 0 })], [], SUN);
    expect(span(byId.get(1))).toEqual([SUN, SUN]);
  });

  it('a summary of work done only on a Sunday shows that Sunday', () => {
    const byId = run(
      [task(1, 0), task(2, 1, { parentId: 1, actualStart: SUN, actualFinish: SUN, progress: 100 })],
      [],
      SUN,
    );
    expect(span(byId.get(1))).toEqual([SUN, SUN]);
  });

  it('on working days nothing changes: the actual dates as before, the successor the next working day', () => {
    const byId = run([task(1, 3, { actualStart: FRI, actualFinish: MON, progress: 100 }), task(2, 1)], [fs(1, 2)], MON);
    expect(span(byId.get(1))).toEqual([FRI, MON]);
    expect(byId.get(1)?.duration).toBe(2);
    expect(span(byId.get(2))).toEqual(['2026-12-01', '2026-12-01']);
  });

  it('IncrementalScheduler: an actual finish moved from a Saturday to the Sunday changes what its summary shows', () => {
    const calendar = chile();
    const scheduler = new IncrementalScheduler();
    const leaf = task(2, 1, { parentId: 1, actualStart: FRI, actualFinish: SAT, progress: 100 });
    const tasks = [task(1, 0), leaf, task(3, 1, { start: MON })];
    const options: ScheduleOptions = { cutoff: SUN };
    const first = scheduler.schedule(tasks, [], calendar, options);
    if (!first.ok) throw new Error(first.error);
    const moved = tasks.map((t) => (t.id === 2 ? { ...t, actualFinish: SUN } : t));
    const second = scheduler.schedule(moved, [], calendar, options);
    expect(second).toStrictEqual(schedule(moved, [], calendar, options));
    if (!second.ok) throw new Error(second.error);
    expect(span(second.tasks[1])).toEqual([FRI, SUN]);
    expect(span(second.tasks[0])).toEqual([FRI, SUN]);
    // the working-time indices did not move: the summary's shown days were made again, the rest kept
    expect(second.tasks[1]?.finishIndex).toBe(first.tasks[1]?.finishIndex);
    expect(second.tasks[0]).not.toBe(first.tasks[0]);
    expect(second.tasks[2]).toBe(first.tasks[2]);
  });
});

// ---------------------------------------------------------------- property: any calendar, any day

type Recorded = { kind: 'none' } | { kind: 'done'; a: number; f: number } | { kind: 'started'; a: number; p: number };

/** Day numbers around Monday 2026-11-30 (weekends and December's holidays included), before the cut-off. */
const FIRST_DAY = dayNumber('2026-11-16');

const networkArbitrary = fc
  .record({
    size: fc.integer({ min: 1, max: 20 }),
    // the cut-off: any day of the window, a day off or not
    cutoff: fc.integer({ min: 0, max: 40 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    holidays: fc.boolean(),
    exceptions: fc.array(fc.record({ offset: fc.integer({ min: -5, max: 60 }), working: fc.boolean() }), {
      maxLength: 6,
    }),
  })
  .chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      durations: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: shape.size, maxLength: shape.size }),
      starts: fc.array(fc.integer({ min: -5, max: 50 }), { minLength: shape.size, maxLength: shape.size }),
      parents: fc.array(fc.option(fc.integer({ min: 0, max: shape.size - 1 }), { nil: undefined }), {
        minLength: shape.size,
        maxLength: shape.size,
      }),
      recorded: fc.array(
        fc.oneof(
          fc.constant<Recorded>({ kind: 'none' }),
          fc
            .tuple(fc.integer({ min: 0, max: shape.cutoff }), fc.integer({ min: 0, max: shape.cutoff }))
            .map(([x, y]): Recorded => ({ kind: 'done', a: Math.min(x, y), f: Math.max(x, y) })),
          fc
            .tuple(fc.integer({ min: 0, max: shape.cutoff }), fc.integer({ min: 0, max: 99 }))
            .map(([a, p]): Recorded => ({ kind: 'started', a, p })),
        ),
        { minLength: shape.size, maxLength: shape.size },
      ),
      links: fc.array(
        fc.record({
          a: fc.integer({ min: 0, max: shape.size - 1 }),
          b: fc.integer({ min: 0, max: shape.size - 1 }),
          type: fc.constantFrom<LinkType>(...linkTypes),
          lag: fc.integer({ min: -3, max: 5 }),
        }),
        { maxLength: shape.size * 2 },
      ),
    }),
  )
  .map(({ shape, durations, starts, parents, recorded, links }) => {
    const exceptions: CalendarException[] = shape.exceptions.map(({ offset, working }) => ({
      date: isoDay(FIRST_DAY + offset),
      name: '',
      working,
    }));
    const calendar = new WorkingCalendar(
      { workingWeekdays: shape.weekdays, exceptions },
      shape.holidays ? chileHolidays : () => [],
      2026,
    );
    // parents earlier in the list only (a tree, no cycle through it)
    const parentOf = (index: number) => {
      const p = parents[index];
      return p !== undefined && p < index ? p : undefined;
    };
    const isSummary = new Set(durations.map((_, index) => parentOf(index)).filter((p) => p !== undefined));
    const tasks: ScheduleTask[] = durations.map((duration, index) => {
      const p = parentOf(index);
      const base: ScheduleTask = {
        id: index + 1,
        start: isoDay(FIRST_DAY + (starts[index] as number)),
        duration,
        code: `T${index + 1}`,
        ...(p === undefined ? {} : { parentId: p + 1 }),
      };
      const state = recorded[index] as Recorded;
      if (isSummary.has(index) || state.kind === 'none') return base;
      if (state.kind === 'done')
        return {
          ...base,
          actualStart: isoDay(FIRST_DAY + state.a),
          actualFinish: isoDay(FIRST_DAY + state.f),
          progress: 100,
        };
      return { ...base, actualStart: isoDay(FIRST_DAY + state.a), progress: state.p };
    });
    // links from earlier to later leaves (a link into or out of a summary may close a cycle through the tree)
    const scheduleLinks = links
      .filter(({ a, b }) => a < b && !isSummary.has(a) && !isSummary.has(b))
      .map(({ a, b, type, lag }) => ({ from: a + 1, to: b + 1, type, lag }));
    return { calendar, tasks, links: scheduleLinks, cutoff: isoDay(FIRST_DAY + shape.cutoff) };
  });

describe('actual dates on days off (issue 30): properties on random calendars and dates (fast-check)', () => {
  it('a task never finishes before it starts; actual dates show as recorded; remaining work is on working days', () => {
    fc.assert(
      fc.property(networkArbitrary, ({ calendar, tasks, links, cutoff }) => {
        const result = schedule(tasks, links, calendar, { cutoff });
        if (!result.ok) throw new Error(result.error);
        // both engines, and the incremental one, agree
        expect(scheduleReference(tasks, links, calendar, { cutoff })).toStrictEqual(result);
        expect(new IncrementalScheduler().schedule(tasks, links, calendar, { cutoff })).toStrictEqual(result);
        const cutoffIndex = calendar.indexOf(dayNumber(cutoff));
        const working = (date: string) => calendar.isWorkingDay(dayNumber(date));
        for (const [index, scheduled] of result.tasks.entries()) {
          const input = tasks[index] as ScheduleTask;
          const where = `${input.code}: ${JSON.stringify(input)} → ${JSON.stringify(scheduled)}`;
          // every task, done, under way, planned or a summary
          expect(scheduled.end >= scheduled.start, where).toBe(true);
          expect(scheduled.finishIndex >= scheduled.startIndex, where).toBe(true);
          expect(scheduled.start >= result.projectStart && scheduled.end <= result.projectFinish, where).toBe(true);
          if (scheduled.isSummary) continue;
          if (scheduled.status === 'done') {
            const finish = input.actualFinish as string;
            expect([scheduled.start, scheduled.end], where).toEqual(
              input.duration <= 0 ? [finish, finish] : [input.actualStart, finish],
            );
          } else if (scheduled.status === 'started') {
            expect(scheduled.start, where).toBe(input.actualStart);
            const left = Math.ceil(Math.floor(input.duration) * (1 - (input.progress ?? 0) / 100));
            // what is left: from the cut-off at the earliest, its last day a working day
            expect(scheduled.finishIndex - left >= cutoffIndex, where).toBe(true);
            if (left > 0) expect(working(scheduled.end), where).toBe(true);
          } else {
            // planned: on working days, not before the cut-off
            expect(working(scheduled.start) && working(scheduled.end), where).toBe(true);
            expect(scheduled.startIndex >= cutoffIndex, where).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
