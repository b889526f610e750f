import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from './calendar';
import { chileHolidays } from './chile-holidays';
import type { LinkType, ScheduleLink, ScheduleResult, ScheduleTask, ScheduledTask } from './schedule-types';
import { linkTypes } from './schedule-types';
import { schedule } from './schedule';

// textbook networks on a plain Monday–Friday calendar; 2025-03-03 is a Monday
const plain = () => new WorkingCalendar('mon-fri', () => [], 2025);
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

describe('schedule: each link type on hand-checked networks (Monday–Friday, no holidays)', () => {
  it('finish-to-start chains tasks one after another; all critical', () => {
    const result = schedule([task(1, 3), task(2, 2), task(3, 4)], [link(1, 2), link(2, 3)], plain());
    const byId = ok(result);
    expect(dates(byId.get(1))).toEqual(['2025-03-03', '2025-03-05']);
    expect(dates(byId.get(2))).toEqual(['2025-03-06', '2025-03-07']);
    expect(dates(byId.get(3))).toEqual(['2025-03-10', '2025-03-13']);
    expect([...byId.values()].map((t) => [t.totalFloat, t.critical])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    expect(result.ok && [result.projectStart, result.projectFinish]).toEqual(['2025-03-03', '2025-03-13']);
  });

  it('the classic network: A→B→D→E and A→C→D; C has 2 days of float, the rest is the critical path', () => {
    const byId = ok(
      schedule(
        [task(1, 3), task(2, 4), task(3, 2), task(4, 5), task(5, 2)],
        [link(1, 2), link(1, 3), link(2, 4), link(3, 4), link(4, 5)],
        plain(),
      ),
    );
    expect([1, 2, 3, 4, 5].map((id) => [byId.get(id)?.totalFloat, byId.get(id)?.critical])).toEqual([
      [0, true],
      [0, true],
      [2, false],
      [0, true],
      [0, true],
    ]);
    expect(dates(byId.get(5))).toEqual(['2025-03-19', '2025-03-20']);
  });

  it('start-to-start with a lag starts the successor lag days after the predecessor starts', () => {
    const byId = ok(schedule([task(1, 4), task(2, 3)], [link(1, 2, 'SS', 2)], plain()));
    expect(dates(byId.get(2))).toEqual(['2025-03-05', '2025-03-07']);
    expect(byId.get(1)?.critical).toBe(true);
    expect(byId.get(2)?.critical).toBe(true);
  });

  it('finish-to-finish with a lag ends the successor lag days after the predecessor ends (over a weekend)', () => {
    const byId = ok(schedule([task(1, 5), task(2, 2)], [link(1, 2, 'FF', 1)], plain()));
    expect(dates(byId.get(1))).toEqual(['2025-03-03', '2025-03-07']);
    expect(dates(byId.get(2))).toEqual(['2025-03-07', '2025-03-10']);
    expect(byId.get(1)?.totalFloat).toBe(0);
  });

  it('start-to-finish: the successor may not finish before the predecessor starts + lag', () => {
    const byId = ok(schedule([task(1, 3, { start: '2025-03-10' }), task(2, 2)], [link(1, 2, 'SF', 1)], plain()));
    expect(dates(byId.get(1))).toEqual(['2025-03-10', '2025-03-12']);
    expect(dates(byId.get(2))).toEqual(['2025-03-07', '2025-03-10']);
    expect([byId.get(1)?.critical, byId.get(2)?.totalFloat]).toEqual([true, 2]);
  });

  it('a lead (negative lag) overlaps the successor with the end of the predecessor', () => {
    const byId = ok(schedule([task(1, 5), task(2, 3)], [link(1, 2, 'FS', -2)], plain()));
    expect(dates(byId.get(2))).toEqual(['2025-03-06', '2025-03-10']);
  });

  it('a 0-day task is a milestone: it starts and ends on the same day and takes no time', () => {
    const byId = ok(schedule([task(1, 3), task(2, 0), task(3, 2)], [link(1, 2), link(2, 3)], plain()));
    // MS Project's rule: driven by a finish, the milestone shows on that finish day (Wednesday 5)
    expect(byId.get(2)).toMatchObject({ start: '2025-03-05', end: '2025-03-05', duration: 0, critical: true });
    expect(dates(byId.get(3))).toEqual(['2025-03-06', '2025-03-07']);
  });

  it('a stored start is a "no earlier than": a later start stays, a start on a weekend moves to Monday', () => {
    const byId = ok(
      schedule(
        [task(1, 2), task(2, 1, { start: '2025-03-20' }), task(3, 1, { start: '2025-03-08' })],
        [link(1, 2)],
        plain(),
      ),
    );
    expect(dates(byId.get(2))).toEqual(['2025-03-20', '2025-03-20']);
    expect(dates(byId.get(3))).toEqual(['2025-03-10', '2025-03-10']);
  });
});

describe('schedule on the Chilean calendar', () => {
  it('crosses Semana Santa and Fiestas Patrias without working on them', () => {
    const chile = new WorkingCalendar('mon-fri', chileHolidays, 2025);
    const byId = ok(schedule([task(1, 4, { start: '2025-04-16' }), task(2, 3, { start: '2025-09-17' })], [], chile));
    // 16, 17, (18 Viernes Santo, 19 Sábado Santo, 20 Sunday), 21, 22
    expect(dates(byId.get(1))).toEqual(['2025-04-16', '2025-04-22']);
    // 17, (18, 19, weekend), 22, 23
    expect(dates(byId.get(2))).toEqual(['2025-09-17', '2025-09-23']);
  });

  it('works Saturdays with the Monday–Saturday option', () => {
    const friday = [task(1, 3, { start: '2025-03-07' })];
    expect(dates(ok(schedule(friday, [], new WorkingCalendar('mon-fri', chileHolidays, 2025))).get(1))).toEqual([
      '2025-03-07',
      '2025-03-11',
    ]);
    expect(dates(ok(schedule(friday, [], new WorkingCalendar('mon-sat', chileHolidays, 2025))).get(1))).toEqual([
      '2025-03-07',
      '2025-03-10',
    ]);
  });
});

describe('schedule: summary tasks', () => {
  it('roll up from their children: earliest start, latest end, the most critical float', () => {
    const byId = ok(
      schedule(
        [task(10, 0), task(1, 3, { parentId: 10 }), task(2, 4, { parentId: 10, start: '2025-03-05' }), task(3, 1)],
        [link(2, 3)],
        plain(),
      ),
    );
    expect(byId.get(10)).toMatchObject({ start: '2025-03-03', end: '2025-03-10', duration: 6, isSummary: true });
    expect(byId.get(1)?.totalFloat).toBe(4);
    expect(byId.get(10)?.totalFloat).toBe(0);
    expect(byId.get(10)?.critical).toBe(true);
  });

  it('a link into a summary binds each of its tasks; a link out of it follows its rolled-up finish', () => {
    const byId = ok(
      schedule(
        [task(1, 2), task(10, 0), task(2, 3, { parentId: 10 }), task(3, 1, { parentId: 10 }), task(4, 1)],
        [link(1, 10), link(10, 4)],
        plain(),
      ),
    );
    expect(dates(byId.get(2))).toEqual(['2025-03-05', '2025-03-07']);
    expect(dates(byId.get(3))).toEqual(['2025-03-05', '2025-03-05']);
    expect(dates(byId.get(4))).toEqual(['2025-03-10', '2025-03-10']);
    expect(byId.get(3)?.totalFloat).toBe(2);
  });
});

describe('schedule: cycles', () => {
  it('refuses a cycle in the links, naming the tasks involved', () => {
    const result = schedule(
      [
        task(1, 1, { name: 'Excavación' }),
        task(2, 1, { name: 'Moldaje' }),
        task(3, 1, { name: 'Hormigón' }),
        task(4, 1),
      ],
      [link(1, 2), link(2, 3), link(3, 1, 'SS'), link(3, 4)],
      plain(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...result.cycle].sort()).toEqual([1, 2, 3]);
    expect(result.error).toMatch(/^Los vínculos forman un ciclo entre las tareas: /);
    for (const name of ['T1 Excavación (1)', 'T2 Moldaje (2)', 'T3 Hormigón (3)']) expect(result.error).toContain(name);
    expect(result.error).not.toContain('(4)');
  });

  it('refuses a link from a task to its own summary', () => {
    const result = schedule([task(10, 0), task(1, 2, { parentId: 10 })], [link(1, 10)], plain());
    expect(result.ok).toBe(false);
  });

  it('reads the cycle in link direction', () => {
    const result = schedule([task(1, 1), task(2, 1)], [link(1, 2), link(2, 1)], plain());
    expect(!result.ok && result.error).toMatch(/T\d \(\d\) → T\d \(\d\)$/);
  });
});

// ---------------------------------------------------------------- properties on random networks

type Network = { tasks: ScheduleTask[]; links: ScheduleLink[] };

/** A random DAG of leaf tasks (links only from a lower to a higher index), all starting the same Monday. */
const networkArbitrary = fc
  .integer({ min: 1, max: 30 })
  .chain((size) =>
    fc.record({
      durations: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: size, maxLength: size }),
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
  .map(({ durations, links }): Network => ({
    tasks: durations.map((duration, index) => task(index + 1, duration)),
    links: links
      .filter((l) => l.a !== l.b)
      .map((l) => link(Math.min(l.a, l.b) + 1, Math.max(l.a, l.b) + 1, l.type, l.lag)),
  }));

function holds(l: ScheduleLink, from: ScheduledTask, to: ScheduledTask): boolean {
  switch (l.type) {
    case 'FS':
      return to.startIndex >= from.finishIndex + l.lag;
    case 'SS':
      return to.startIndex >= from.startIndex + l.lag;
    case 'FF':
      return to.finishIndex >= from.finishIndex + l.lag;
    default:
      return to.finishIndex >= from.startIndex + l.lag;
  }
}

function tight(l: ScheduleLink, from: ScheduledTask, to: ScheduledTask): boolean {
  switch (l.type) {
    case 'FS':
      return to.startIndex === from.finishIndex + l.lag;
    case 'SS':
      return to.startIndex === from.startIndex + l.lag;
    case 'FF':
      return to.finishIndex === from.finishIndex + l.lag;
    default:
      return to.finishIndex === from.startIndex + l.lag;
  }
}

describe('schedule: properties on random networks (fast-check)', () => {
  it("every link's constraint holds", () => {
    fc.assert(
      fc.property(networkArbitrary, ({ tasks, links }) => {
        const byId = ok(schedule(tasks, links, plain()));
        return links.every((l) => holds(l, byId.get(l.from) as ScheduledTask, byId.get(l.to) as ScheduledTask));
      }),
    );
  });

  it('no float is negative when the finish is not constrained', () => {
    fc.assert(
      fc.property(networkArbitrary, ({ tasks, links }) =>
        [...ok(schedule(tasks, links, plain())).values()].every((t) => t.totalFloat >= 0),
      ),
    );
  });

  it('the critical tasks form a chain from the project start to the project finish', () => {
    fc.assert(
      fc.property(networkArbitrary, ({ tasks, links }) => {
        const byId = ok(schedule(tasks, links, plain()));
        const all = [...byId.values()];
        const finish = Math.max(...all.map((t) => t.finishIndex));
        const start = Math.min(...all.map((t) => t.startIndex));
        // some critical task ends the project…
        if (!all.some((t) => t.critical && t.finishIndex === finish)) return false;
        // …and every critical task either starts the project or is driven by a critical predecessor
        return all
          .filter((t) => t.critical && t.startIndex > start)
          .every((t) =>
            links.some((l) => {
              const from = byId.get(l.from) as ScheduledTask;
              return l.to === t.id && from.critical && tight(l, from, t);
            }),
          );
      }),
    );
  });

  it('recomputing from the computed starts gives the same schedule (idempotent)', () => {
    fc.assert(
      fc.property(networkArbitrary, ({ tasks, links }) => {
        const first = ok(schedule(tasks, links, plain()));
        const again = tasks.map((t) => ({ ...t, start: first.get(t.id)?.start ?? t.start }));
        const second = ok(schedule(again, links, plain()));
        expect([...second.values()]).toEqual([...first.values()]);
      }),
    );
  });
});

describe("schedule: MS Project's milestone rule (issue 14)", () => {
  // T1: 3 days from Monday 3 March, finishing Wednesday 5
  it('FS and FF from a task with work put the milestone on the finish day; SS and SF on the start day', () => {
    const links = [link(1, 2, 'FS'), link(1, 3, 'FF'), link(1, 4, 'SS', 2), link(1, 5, 'SF', 2)];
    const byId = ok(schedule([task(1, 3), task(2, 0), task(3, 0), task(4, 0), task(5, 0)], links, plain()));
    expect(dates(byId.get(2))).toEqual(['2025-03-05', '2025-03-05']);
    expect(dates(byId.get(3))).toEqual(['2025-03-05', '2025-03-05']);
    expect(dates(byId.get(4))).toEqual(['2025-03-05', '2025-03-05']);
    expect(dates(byId.get(5))).toEqual(['2025-03-05', '2025-03-05']);
    // only the day shown changes: the FS milestone keeps the index where an FS successor would start
    expect(byId.get(2)?.startIndex).toBe((byId.get(4)?.startIndex ?? 0) + 1);
  });

  it('a lag counts from the finish: FS+2 shows two working days after the finish day, over the weekend', () => {
    const byId = ok(schedule([task(1, 5), task(2, 0)], [link(1, 2, 'FS', 2)], plain()));
    // T1 ends Friday 7; +2 working days → Tuesday 11
    expect(dates(byId.get(2))).toEqual(['2025-03-11', '2025-03-11']);
  });

  it('a milestone after a finish-driven milestone stays on that day; after a start-of-day milestone, on its day', () => {
    const byId = ok(
      schedule(
        [task(1, 3), task(2, 0), task(3, 0), task(4, 0), task(5, 0)],
        [link(1, 2), link(2, 3), link(4, 5)],
        plain(),
      ),
    );
    expect(dates(byId.get(3))).toEqual(['2025-03-05', '2025-03-05']);
    // T4 has no predecessor: the start of Monday 3; its FS successor is there too, not on Friday 28 February
    expect(dates(byId.get(4))).toEqual(['2025-03-03', '2025-03-03']);
    expect(dates(byId.get(5))).toEqual(['2025-03-03', '2025-03-03']);
  });

  it('on a tie with its own start, the start of the day wins (MS Project compares clock times)', () => {
    // T1 finishes Wednesday 5 (end of day); T2 may not start before Thursday 6 (start of day): the same instant
    const byId = ok(schedule([task(1, 3), task(2, 0, { start: '2025-03-06' })], [link(1, 2)], plain()));
    expect(dates(byId.get(2))).toEqual(['2025-03-06', '2025-03-06']);
    // a later finish wins over an earlier stored start
    const later = ok(schedule([task(1, 3), task(2, 0, { start: '2025-03-04' })], [link(1, 2)], plain()));
    expect(dates(later.get(2))).toEqual(['2025-03-05', '2025-03-05']);
  });

  it('a summary starting with a finish-driven milestone starts on that day; the project finish too', () => {
    const tasks = [task(1, 3), task(10, 0), task(11, 0, { parentId: 10 }), task(12, 2, { parentId: 10 })];
    tasks[1] = { id: 10, start: MON, duration: 0 };
    // a link into the summary applies to its leaves: the milestone sits at the end of Wednesday 5
    const byId = ok(schedule(tasks, [link(1, 10), link(1, 11)], plain()));
    expect(dates(byId.get(11))).toEqual(['2025-03-05', '2025-03-05']);
    expect(dates(byId.get(12))).toEqual(['2025-03-06', '2025-03-07']);
    expect(dates(byId.get(10))).toEqual(['2025-03-05', '2025-03-07']);
    const last = schedule([task(1, 3), task(2, 0)], [link(1, 2)], plain());
    expect(last.ok && [last.projectStart, last.projectFinish]).toEqual(['2025-03-03', '2025-03-05']);
  });

  it('a successor of a finish-driven milestone starts the next working day, as after its predecessor', () => {
    const byId = ok(schedule([task(1, 5), task(2, 0), task(3, 2)], [link(1, 2), link(2, 3, 'SS')], plain()));
    expect(dates(byId.get(2))).toEqual(['2025-03-07', '2025-03-07']);
    expect(dates(byId.get(3))).toEqual(['2025-03-10', '2025-03-11']);
  });
});
