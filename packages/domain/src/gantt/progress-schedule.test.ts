import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar, isoDay } from './calendar';
import type { LinkType, ScheduleLink, ScheduleResult, ScheduleTask, ScheduledTask } from './schedule-types';
import { linkTypes } from './schedule-types';
import { schedule } from './schedule';

/**
 * issue 15: progress at a cut-off ('fecha de corte'). Work done stays on its actual dates, a task
 * under way keeps its actual start and runs its remaining duration from the cut-off, a task not
 * started cannot start before it, and the links apply to the remaining work. Hand-checked on a plain
 * Monday–Friday calendar; 2025-03-03 is a Monday.
 */

const plain = (holidays: string[] = []) => new WorkingCalendar('mon-fri', () => holidays, 2025);
const MON = '2025-03-03';

const task = (id: number, duration: number, extra: Partial<ScheduleTask> = {}): ScheduleTask => ({
  id,
  start: MON,
  duration,
  code: `T${id}`,
  ...extra,
});
const link = (from: number, to: number, type: LinkType = 'FS', lag = 0): ScheduleLink => ({ from, to, type, lag });

function ok(result: ScheduleResult): Map<number, ScheduledTask> {
  if (!result.ok) throw new Error(result.error);
  return new Map(result.tasks.map((t) => [t.id, t]));
}
const dates = (t: ScheduledTask | undefined) => [t?.start, t?.end];

describe('schedule with progress at a cut-off: hand-checked cases', () => {
  it('a task finished early stays on its actual dates; its FS successor starts the next working day', () => {
    // planned 5 days (3–7 March), done in 3 (3–5 March); cut-off Thursday 6
    const byId = ok(
      schedule(
        [task(1, 5, { actualStart: MON, actualFinish: '2025-03-05', progress: 100 }), task(2, 2)],
        [link(1, 2)],
        plain(),
        { cutoff: '2025-03-06' },
      ),
    );
    expect(dates(byId.get(1))).toEqual(['2025-03-03', '2025-03-05']);
    expect(byId.get(1)).toMatchObject({ status: 'done', critical: false, totalFloat: 0 });
    expect(dates(byId.get(2))).toEqual(['2025-03-06', '2025-03-07']);
    expect(byId.get(2)?.critical).toBe(true);
  });

  it('a task finished late stays on its actual dates and pushes its FS successor', () => {
    // planned 5 days, done in 7 (3–11 March); cut-off Wednesday 12
    const byId = ok(
      schedule(
        [task(1, 5, { actualStart: MON, actualFinish: '2025-03-11', progress: 100 }), task(2, 2)],
        [link(1, 2)],
        plain(),
        { cutoff: '2025-03-12' },
      ),
    );
    expect(dates(byId.get(1))).toEqual(['2025-03-03', '2025-03-11']);
    expect(dates(byId.get(2))).toEqual(['2025-03-12', '2025-03-13']);
  });

  it('issue 34: Resume ("Reanudar") places the remaining work of a task under way, in place of the cut-off', () => {
    // 10 days started Monday 3 at 50 % (5 left); cut-off Monday 10
    const at = (resume: string, extra: Partial<ScheduleTask> = {}) =>
      ok(
        schedule(
          [task(1, 10, { actualStart: MON, progress: 50, resume, ...extra }), task(2, 1)],
          [link(1, 2)],
          plain(),
          { cutoff: '2025-03-10' },
        ),
      );
    // interrupted until Monday 17: 5 days 17–21 March, the successor Monday 24
    expect(dates(at('2025-03-17').get(1))).toEqual(['2025-03-03', '2025-03-21']);
    expect(dates(at('2025-03-17').get(2))).toEqual(['2025-03-24', '2025-03-24']);
    // MS Project without a status date: the work resumed Thursday 6, before the cut-off, where the
    // file has it: 6–12 March
    expect(dates(at('2025-03-06').get(1))).toEqual(['2025-03-03', '2025-03-12']);
    // a Resume on a Saturday is the next working day; with a recorded remaining duration, that many days
    expect(dates(at('2025-03-15', { remaining: 2 }).get(1))).toEqual(['2025-03-03', '2025-03-18']);
    // a link still pushes the remaining work past the Resume
    const pushed = ok(
      schedule(
        [task(3, 12), task(1, 10, { actualStart: MON, progress: 50, resume: '2025-03-06' })],
        [link(3, 1)],
        plain(),
        { cutoff: '2025-03-10' },
      ),
    );
    // task 3 runs 10–25 March (12 days from the cut-off), so task 1's 5 days are 26 March–1 April
    expect(dates(pushed.get(1))).toEqual(['2025-03-03', '2025-04-01']);
    // a Resume on a task done or not started changes nothing
    const idle = ok(
      schedule([task(1, 2, { resume: '2025-03-20' })], [], plain(), {
        cutoff: '2025-03-10',
      }),
    );
    expect(dates(idle.get(1))).toEqual(['2025-03-10', '2025-03-11']);
  });

  it('issue 34: a must-start-on starts on its day, before the cut-off and against its links, with negative float', () => {
    // cut-off Monday 10; task 2 must start Wednesday 5 although task 1 (FS) ends Tuesday 4 → it could;
    // task 3 must start Monday 3, before its predecessor ends: it stays, and the link shows as −2 days of float
    const byId = ok(
      schedule(
        [
          task(1, 2, { actualStart: MON, actualFinish: '2025-03-04', progress: 100 }),
          task(2, 3, { start: '2025-03-05', mustStartOn: true }),
          task(3, 2, { start: '2025-03-03', mustStartOn: true }),
          task(4, 1, { start: '2025-03-05' }),
        ],
        [link(1, 2), link(4, 3)],
        plain(),
        { cutoff: '2025-03-10' },
      ),
    );
    expect(dates(byId.get(2))).toEqual(['2025-03-05', '2025-03-07']);
    expect(dates(byId.get(3))).toEqual(['2025-03-03', '2025-03-04']);
    // task 4 is held to the cut-off (not a must-start-on): Monday 10, so task 3 late start is before its start
    expect(dates(byId.get(4))).toEqual(['2025-03-10', '2025-03-10']);
    expect(byId.get(4)?.totalFloat).toBeLessThan(0);
    expect(byId.get(3)?.critical).toBe(true);
    // without the flag, task 3 waits for task 4 and the cut-off
    const free = ok(
      schedule([task(3, 2, { start: '2025-03-03' }), task(4, 1, { start: '2025-03-05' })], [link(4, 3)], plain(), {
        cutoff: '2025-03-10',
      }),
    );
    expect(dates(free.get(3))).toEqual(['2025-03-11', '2025-03-12']);
    // a must-start-on leaves its successors to the links: an FS successor the next working day
    const chain = ok(
      schedule([task(5, 2, { start: '2025-03-12', mustStartOn: true }), task(6, 1)], [link(5, 6)], plain()),
    );
    expect(dates(chain.get(6))).toEqual(['2025-03-14', '2025-03-14']);
    expect(chain.get(5)?.totalFloat).toBe(0);
  });

  it('issue 34: a remaining duration recorded runs from the cut-off instead of what the progress leaves', () => {
    // 10 days started Monday 3 at 50 % (5 left by the progress), but 8 are left as recorded: cut-off
    // Monday 10, 8 working days → 10–19 March, the successor Thursday 20; with 0 left it ends on the
    // cut-off's day before (the work is all done, waiting to be closed) and the successor starts Monday 10
    const eight = ok(
      schedule([task(1, 10, { actualStart: MON, progress: 50, remaining: 8 }), task(2, 1)], [link(1, 2)], plain(), {
        cutoff: '2025-03-10',
      }),
    );
    expect(dates(eight.get(1))).toEqual(['2025-03-03', '2025-03-19']);
    expect(dates(eight.get(2))).toEqual(['2025-03-20', '2025-03-20']);
    const byProgress = ok(
      schedule([task(1, 10, { actualStart: MON, progress: 50 }), task(2, 1)], [link(1, 2)], plain(), {
        cutoff: '2025-03-10',
      }),
    );
    expect(dates(byProgress.get(1))).toEqual(['2025-03-03', '2025-03-14']);
    const none = ok(
      schedule([task(1, 10, { actualStart: MON, progress: 50, remaining: 0 }), task(2, 1)], [link(1, 2)], plain(), {
        cutoff: '2025-03-10',
      }),
    );
    expect(dates(none.get(2))).toEqual(['2025-03-10', '2025-03-10']);
    // a remaining duration on a task done or not started changes nothing
    const done = ok(
      schedule(
        [
          task(1, 5, { actualStart: MON, actualFinish: '2025-03-05', progress: 100, remaining: 9 }),
          task(2, 2, { remaining: 9 }),
        ],
        [link(1, 2)],
        plain(),
        { cutoff: '2025-03-06' },
      ),
    );
    expect(dates(done.get(1))).toEqual(['2025-03-03', '2025-03-05']);
    expect(dates(done.get(2))).toEqual(['2025-03-06', '2025-03-07']);
  });

  it('a task under way keeps its actual start; what is left (10 days × 60 %) runs from the cut-off', () => {
    const under = task(1, 10, { actualStart: MON, progress: 40 });
    // cut-off Monday 10: 6 days left, 10–17 March
    const monday = ok(schedule([under, task(2, 1)], [link(1, 2)], plain(), { cutoff: '2025-03-10' }));
    expect(dates(monday.get(1))).toEqual(['2025-03-03', '2025-03-17']);
    expect(monday.get(1)?.status).toBe('started');
    expect(dates(monday.get(2))).toEqual(['2025-03-18', '2025-03-18']);
    // a cut-off on a Saturday is the Monday after
    const saturday = ok(schedule([under], [], plain(), { cutoff: '2025-03-08' }));
    expect(dates(saturday.get(1))).toEqual(['2025-03-03', '2025-03-17']);
    // a cut-off on a holiday (Monday 10 here) is the next working day: 11–18 March
    const holiday = ok(schedule([under], [], plain(['2025-03-10']), { cutoff: '2025-03-10' }));
    expect(dates(holiday.get(1))).toEqual(['2025-03-03', '2025-03-18']);
  });

  it('issue 33: a start constraint no longer holds a task that has started (as MS Project and P6)', () => {
    // 10 days, 'start no earlier than' Monday 24 March, but started on Monday 3 at 50 %: at the
    // cut-off of Monday 10 its 5 days left run 10–14 March, not from the 24th (MPXJ's
    // assignment-assignments files had it finish 56 working days after its start)
    const started = task(1, 10, { start: '2025-03-24', actualStart: MON, progress: 50 });
    const byId = ok(schedule([started, task(2, 1)], [link(1, 2)], plain(), { cutoff: '2025-03-10' }));
    expect(dates(byId.get(1))).toEqual(['2025-03-03', '2025-03-14']);
    expect(dates(byId.get(2))).toEqual(['2025-03-17', '2025-03-17']);
    // its predecessors still drive what is left: one under way until Wednesday 19 (FS) holds it
    const late = task(3, 12, { actualStart: MON, progress: 25 });
    const held = ok(schedule([late, started], [link(3, 1)], plain(), { cutoff: '2025-03-10' }));
    // T3: 9 of 12 days left from the 10th: 10–20 March; T1's 5 days after it: 21–27 March
    expect(dates(held.get(3))).toEqual(['2025-03-03', '2025-03-20']);
    expect(dates(held.get(1))).toEqual(['2025-03-03', '2025-03-27']);
    // not started, the same constraint still holds it
    const waiting = ok(schedule([task(1, 10, { start: '2025-03-24' })], [], plain(), { cutoff: '2025-03-10' }));
    expect(dates(waiting.get(1))).toEqual(['2025-03-24', '2025-04-04']);
  });

  it('a task not started whose planned start lies before the cut-off is pushed to the cut-off', () => {
    const byId = ok(schedule([task(1, 3), task(2, 2, { start: '2025-03-20' })], [], plain(), { cutoff: '2025-03-05' }));
    expect(dates(byId.get(1))).toEqual(['2025-03-05', '2025-03-07']);
    // a planned start after the cut-off stays
    expect(dates(byId.get(2))).toEqual(['2025-03-20', '2025-03-21']);
  });

  it('a milestone achieved sits on its day; its FS successor starts the next working day', () => {
    const byId = ok(
      schedule(
        [task(1, 0, { actualStart: '2025-03-04', actualFinish: '2025-03-04', progress: 100 }), task(2, 2)],
        [link(1, 2)],
        plain(),
        { cutoff: '2025-03-04' },
      ),
    );
    expect(dates(byId.get(1))).toEqual(['2025-03-04', '2025-03-04']);
    expect(byId.get(1)?.status).toBe('done');
    expect(dates(byId.get(2))).toEqual(['2025-03-05', '2025-03-06']);
  });

  it('the links still drive the remaining work: a task under way waits for its late predecessor', () => {
    // T1 under way, 4 of 8 days left from the cut-off Monday 10 (10–13 March); T2 started on 4 March
    // but its remaining 2 days may only finish after T1 (FF): 12–13 March
    const byId = ok(
      schedule(
        [task(1, 8, { actualStart: MON, progress: 50 }), task(2, 4, { actualStart: '2025-03-04', progress: 50 })],
        [link(1, 2, 'FF')],
        plain(),
        { cutoff: '2025-03-10' },
      ),
    );
    expect(dates(byId.get(1))).toEqual(['2025-03-03', '2025-03-13']);
    expect(dates(byId.get(2))).toEqual(['2025-03-04', '2025-03-13']);
    // the critical path runs through the remaining work
    expect([byId.get(1)?.critical, byId.get(2)?.critical]).toEqual([true, true]);
  });

  it('a summary rolls up actual and remaining work; a summary of work done is not critical', () => {
    const tasks = [
      { id: 10, start: MON, duration: 0 },
      task(1, 2, { parentId: 10, actualStart: MON, actualFinish: '2025-03-04', progress: 100 }),
      task(2, 2, { parentId: 10, actualStart: MON, actualFinish: '2025-03-05', progress: 100 }),
      task(3, 3),
    ];
    const byId = ok(schedule(tasks, [link(10, 3)], plain(), { cutoff: '2025-03-06' }));
    expect(dates(byId.get(10))).toEqual(['2025-03-03', '2025-03-05']);
    expect(byId.get(10)?.critical).toBe(false);
    expect(dates(byId.get(3))).toEqual(['2025-03-06', '2025-03-10']);
  });
});

// ---------------------------------------------------------------- properties on random networks

type Progress = { kind: 'none' } | { kind: 'done'; a: number; f: number } | { kind: 'started'; a: number; p: number };
type TrackedNetwork = { tasks: ScheduleTask[]; links: ScheduleLink[]; cutoff: number; progress: Progress[] };

const calendar = plain();
const dayOf = (index: number) => isoDay(calendar.dayAt(index));

/** A random DAG of leaves (links from lower to higher index) with progress recorded before a cut-off. */
const trackedArbitrary = fc
  .record({ size: fc.integer({ min: 1, max: 25 }), cutoff: fc.integer({ min: 0, max: 15 }) })
  .chain(({ size, cutoff }) =>
    fc.record({
      cutoff: fc.constant(cutoff),
      durations: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: size, maxLength: size }),
      progress: fc.array(
        cutoff === 0
          ? fc.constant<Progress>({ kind: 'none' })
          : fc.oneof(
              fc.constant<Progress>({ kind: 'none' }),
              fc
                .tuple(fc.integer({ min: 0, max: cutoff - 1 }), fc.integer({ min: 0, max: cutoff - 1 }))
                .map(([x, y]): Progress => ({ kind: 'done', a: Math.min(x, y), f: Math.max(x, y) })),
              fc
                .tuple(fc.integer({ min: 0, max: cutoff - 1 }), fc.integer({ min: 0, max: 99 }))
                .map(([a, p]): Progress => ({ kind: 'started', a, p })),
            ),
        { minLength: size, maxLength: size },
      ),
      links: fc.uniqueArray(
        fc.record({
          a: fc.integer({ min: 0, max: size - 1 }),
          b: fc.integer({ min: 0, max: size - 1 }),
          type: fc.constantFrom(...linkTypes),
          lag: fc.integer({ min: -3, max: 5 }),
        }),
        { maxLength: size * 2, selector: (l) => `${Math.min(l.a, l.b)}-${Math.max(l.a, l.b)}` },
      ),
    }),
  )
  .map(({ cutoff, durations, progress, links }): TrackedNetwork => ({
    cutoff,
    progress,
    tasks: durations.map((duration, index) => {
      const state = progress[index] as Progress;
      if (state.kind === 'done')
        return task(index + 1, duration, { actualStart: dayOf(state.a), actualFinish: dayOf(state.f), progress: 100 });
      if (state.kind === 'started')
        return task(index + 1, duration, { actualStart: dayOf(state.a), progress: state.p });
      return task(index + 1, duration);
    }),
    links: links
      .filter((l) => l.a !== l.b)
      .map((l) => link(Math.min(l.a, l.b) + 1, Math.max(l.a, l.b) + 1, l.type, l.lag)),
  }));

describe('schedule with progress: properties on random networks (fast-check)', () => {
  it('no remaining work is scheduled before the cut-off', () => {
    fc.assert(
      fc.property(trackedArbitrary, ({ tasks, links, cutoff, progress }) => {
        const byId = ok(schedule(tasks, links, calendar, { cutoff: dayOf(cutoff) }));
        return tasks.every((t, index) => {
          const state = progress[index] as Progress;
          const scheduled = byId.get(t.id) as ScheduledTask;
          if (state.kind === 'none') return scheduled.startIndex >= cutoff;
          if (state.kind === 'started') {
            const remaining = Math.ceil(t.duration * (1 - state.p / 100));
            return scheduled.finishIndex - remaining >= cutoff;
          }
          return true;
        });
      }),
    );
  });

  it('actual dates never move, whatever the links say', () => {
    fc.assert(
      fc.property(trackedArbitrary, ({ tasks, links, cutoff, progress }) => {
        const byId = ok(schedule(tasks, links, calendar, { cutoff: dayOf(cutoff) }));
        return tasks.every((t, index) => {
          const state = progress[index] as Progress;
          const scheduled = byId.get(t.id) as ScheduledTask;
          if (state.kind === 'done')
            return t.duration === 0
              ? scheduled.start === dayOf(state.f) && scheduled.end === dayOf(state.f)
              : scheduled.start === dayOf(state.a) && scheduled.end === dayOf(state.f);
          if (state.kind === 'started') return scheduled.start === dayOf(state.a);
          return true;
        });
      }),
    );
  });

  it('issue 33: a task under way is not held by its start constraint: moving it later changes nothing', () => {
    fc.assert(
      fc.property(trackedArbitrary, fc.integer({ min: 1, max: 60 }), ({ tasks, links, cutoff, progress }, later) => {
        const options = { cutoff: dayOf(cutoff) };
        const before = schedule(tasks, links, calendar, options);
        // every task under way gets a start constraint `later` working days after the cut-off
        const moved = tasks.map((t, index) =>
          (progress[index] as Progress).kind === 'started' ? { ...t, start: dayOf(cutoff + later) } : t,
        );
        expect(schedule(moved, links, calendar, options)).toEqual(before);
      }),
    );
  });

  it('with no progress and the cut-off at the project start, the schedule is the one without tracking', () => {
    fc.assert(
      fc.property(trackedArbitrary, ({ tasks, links }) => {
        const bare = tasks.map(({ id, start, duration, code }) => ({ id, start, duration, code }));
        expect(schedule(bare, links, calendar, { cutoff: MON })).toEqual(schedule(bare, links, calendar));
      }),
    );
  });
});
