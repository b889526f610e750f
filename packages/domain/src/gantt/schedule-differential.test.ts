import { describe, expect, it } from 'vitest';
import type { CalendarException } from './calendar';
import { WorkingCalendar, dayNumber, isoDay } from './calendar';
import { chileHolidays } from './chile-holidays';
import type { LinkType, ScheduleLink, ScheduleOptions, ScheduleResult, ScheduleTask } from './schedule-types';
import { parseDay } from './schedule-passes';
import { schedule } from './schedule';
import { IncrementalScheduler } from './incremental-scheduler';
import { scheduleReference } from './schedule-reference';

/**
 * issue 18: the fast engine (schedule) against the engine it replaced (scheduleReference) on 1,000
 * seeded random networks: every link type, lags from −3 to 5, starts on days off and before the
 * calendar, summaries (and links into and out of them), progress at a cut-off, calendars with
 * holidays, exceptions and any working weekdays, ids that need a Map, cycles, unknown link ends and
 * dates that do not exist. Both must give the same result, field for field (or throw the same error).
 */

/** mulberry32: a small seeded generator */
export function generator(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LINK_TYPES: readonly LinkType[] = ['FS', 'SS', 'FF', 'SF'];
// 2025-03-03 is a Monday; dates around it, a few before the calendar's first year (2025)
const BASE_DAY = 20150;

export type Case = {
  tasks: ScheduleTask[];
  links: ScheduleLink[];
  calendar: () => WorkingCalendar;
  options: ScheduleOptions;
};

export function randomCase(seed: number): Case {
  const random = generator(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const day = () => isoDay(BASE_DAY + int(chance(0.05) ? -120 : -10, 60));

  const size = int(1, 40);
  // ids: mostly dense small integers; sometimes large or negative (the Map path), rarely repeated
  const idStyle = random();
  const ids = Array.from({ length: size }, (_, i) =>
    idStyle < 0.7 ? i + 1 : idStyle < 0.85 ? 1_000_000 + i * 7919 : idStyle < 0.95 ? -i - 1 : int(1, size),
  );

  const withProgress = chance(0.35);
  // issue 34: must-start-on and Resume from a stream of their own (the cases' other values stay as they were)
  const extra = generator(seed * 31 + 7);
  const tasks: ScheduleTask[] = ids.map((id, i) => {
    const task: ScheduleTask = {
      id,
      start: day(),
      duration: chance(0.05) ? pick([0.5, 2.5, -1]) : int(0, 8),
      code: `T${i}`,
    };
    if (chance(0.3)) task.name = `Tarea ${i}`;
    if (withProgress && chance(0.4)) {
      const roll = random();
      if (roll < 0.4) {
        task.actualStart = day();
        task.actualFinish = day();
      } else if (roll < 0.5) task.actualFinish = day();
      else task.actualStart = day();
      if (chance(0.8)) task.progress = chance(0.1) ? int(-20, 130) : int(0, 100);
      // issue 34: a remaining duration as recorded (odd values too: the engines take it whole, not below 0)
      if (chance(0.3)) task.remaining = chance(0.1) ? pick([-2, 2.5]) : int(0, 12);
    }
    if (extra() < 0.15) task.mustStartOn = true;
    if (extra() < 0.2) task.resume = isoDay(BASE_DAY + Math.floor(extra() * 40) - 10);
    return task;
  });
  // a tree: mostly parents earlier in the list (some tasks become summaries); rarely any task, which
  // can make a cycle through the tree or a task its own parent
  const treeStyle = random();
  const wildTree = chance(0.08);
  for (let i = 1; i < size; i += 1) {
    if (treeStyle < 0.3) continue;
    if (chance(0.4)) {
      const p = wildTree && chance(0.1) ? int(0, size - 1) : int(0, i - 1);
      (tasks[i] as ScheduleTask).parentId = ids[p] as number;
    }
  }
  if (chance(0.05)) (tasks[int(0, size - 1)] as ScheduleTask).parentId = 987_654_321;

  // in an acyclic case, no link between a task and one of its ancestors (a cycle through the tree)
  const parentIndex = (i: number) => {
    const parentId = (tasks[i] as ScheduleTask).parentId;
    const p = parentId === undefined ? -1 : ids.lastIndexOf(parentId);
    return p === i ? -1 : p;
  };
  const related = (a: number, b: number) => {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      for (let at = parentIndex(from), steps = 0; at !== -1 && steps < size; at = parentIndex(at), steps += 1)
        if (at === to) return true;
    }
    return false;
  };
  const links: ScheduleLink[] = [];
  const linkCount = int(0, Math.floor(size * 1.5));
  const acyclic = chance(0.85);
  for (let k = 0; k < linkCount; k += 1) {
    let a = int(0, size - 1);
    let b = int(0, size - 1);
    if (acyclic && a > b) [a, b] = [b, a];
    if (acyclic && (a === b || related(a, b))) continue;
    // links out of summaries close cycles through the tree easily: fewer of them in an acyclic case
    if (acyclic && tasks.some((task, i) => i !== a && parentIndex(i) === a) && chance(0.7)) continue;
    links.push({
      from: chance(0.02) ? 424_242 : (ids[a] as number),
      to: ids[b] as number,
      type: pick(LINK_TYPES),
      lag: int(-3, 5),
    });
  }

  // the calendar: any non-empty set of working weekdays, Chile's holidays or none, exceptions
  const weekdays = [0, 1, 2, 3, 4, 5, 6].filter((w) => (w >= 1 && w <= 5 ? !chance(0.1) : chance(0.2)));
  if (weekdays.length === 0) weekdays.push(int(0, 6));
  const exceptions: CalendarException[] = [];
  for (let k = int(0, chance(0.5) ? 0 : 6); k > 0; k -= 1)
    exceptions.push({ date: isoDay(BASE_DAY + int(-10, 90)), name: '', working: chance(0.5) });
  const holidays = chance(0.6) ? chileHolidays : () => ['2025-03-05', '2025-03-19', '2025-04-02'];
  const calendar = () => new WorkingCalendar({ workingWeekdays: weekdays, exceptions }, holidays, 2025);

  const options: ScheduleOptions = withProgress || chance(0.1) ? { cutoff: day() } : {};

  // rarely, a date that does not exist (both engines must refuse it the same way)
  if (chance(0.01)) (tasks[int(0, size - 1)] as ScheduleTask).start = pick(['2025-02-30', '2025-3-01', 'mañana']);
  if (chance(0.005)) options.cutoff = '2025-13-01';
  return { tasks, links, calendar, options };
}

/** A cycle in the tree with a link into a summary: the reference engine never returns (found by this test). */
function referenceLoops(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[]): boolean {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  // a task's parent as the engines see it: a task of the list other than itself
  const parentOf = (task: ScheduleTask) => {
    const parent = task.parentId === undefined ? undefined : byId.get(task.parentId);
    return parent === task ? undefined : parent;
  };
  const hasChildren = new Set(tasks.flatMap((task) => parentOf(task) ?? []));
  if (!links.some((link) => byId.has(link.from) && hasChildren.has(byId.get(link.to) as ScheduleTask))) return false;
  return tasks.some((task) => {
    const seen = new Set<ScheduleTask>();
    for (let at = parentOf(task); at !== undefined; at = parentOf(at)) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
    return false;
  });
}

type Outcome = { result: ScheduleResult } | { error: string };

export function outcome(run: () => ScheduleResult): Outcome {
  try {
    return { result: run() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

describe('schedule (issue 18): the fast engine against the reference engine', () => {
  it('gives the reference result, field for field, on 1,000 seeded random networks', () => {
    const kinds = { ok: 0, cycle: 0, error: 0, treeCycle: 0 };
    for (let seed = 1; seed <= 1000; seed += 1) {
      const { tasks, links, calendar, options } = randomCase(seed);
      const actual = outcome(() => schedule(tasks, links, calendar(), options));
      if (referenceLoops(tasks, links)) {
        // the reference walks up a cycle in the tree forever when a link goes into a summary; the fast
        // engine refuses the cycle
        expect('result' in actual && !actual.result.ok, `seed ${seed}`).toBe(true);
        kinds.treeCycle += 1;
        continue;
      }
      const expected = outcome(() => scheduleReference(tasks, links, calendar(), options));
      // toStrictEqual tells −0 from 0 and a missing field from an undefined one; the JSON also checks key order
      expect(actual, `seed ${seed}`).toStrictEqual(expected);
      expect(JSON.stringify(actual), `seed ${seed}`).toBe(JSON.stringify(expected));
      if ('error' in expected) kinds.error += 1;
      else if (expected.result.ok) kinds.ok += 1;
      else kinds.cycle += 1;
    }
    // the random cases reach every kind of outcome
    expect(kinds.ok).toBeGreaterThan(750);
    expect(kinds.cycle).toBeGreaterThan(50);
    expect(kinds.treeCycle).toBeGreaterThan(0);
    expect(kinds.error).toBeGreaterThan(3);
  }, 120_000); // 2,000 schedules: a second or two, longer on a busy machine

  it('gives the reference result on a large network with summaries and links into them', () => {
    const { calendar, options } = randomCase(7);
    const big: ScheduleTask[] = [];
    const bigLinks: ScheduleLink[] = [];
    const random = generator(99);
    for (let id = 1; id <= 3000; id += 1) {
      const isSummary = id % 10 === 1;
      big.push({
        id,
        ...(isSummary ? {} : { parentId: id - ((id - 1) % 10) }),
        start: isoDay(BASE_DAY + Math.floor(random() * 30)),
        duration: Math.floor(random() * 9),
      });
    }
    for (let k = 0; k < 2500; k += 1) {
      const a = 1 + Math.floor(random() * 2900);
      const b = a + 1 + Math.floor(random() * 60);
      // a summary linked to its own child is a cycle
      if (a % 10 === 1 && b < a + 10) continue;
      bigLinks.push({ from: a, to: Math.min(b, 3000), type: LINK_TYPES[k % 4] as LinkType, lag: (k % 7) - 2 });
    }
    const expected = scheduleReference(big, bigLinks, calendar(), options);
    expect(expected.ok).toBe(true);
    expect(schedule(big, bigLinks, calendar(), options)).toStrictEqual(expected);
  });
});

describe('IncrementalScheduler (issue 18): again after an edit, the same as a full pass', () => {
  it('gives what schedule() gives after each of 8 random edits, on 300 seeded random networks', () => {
    let reused = 0;
    let compared = 0;
    for (let seed = 1; seed <= 300; seed += 1) {
      const { tasks: initial, links: initialLinks, calendar: makeCalendar, options } = randomCase(seed);
      const random = generator(seed * 7919);
      const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
      const calendar = makeCalendar();
      const scheduler = new IncrementalScheduler();
      let tasks = initial.map((task) => ({ ...task }));
      let links = initialLinks.map((link) => ({ ...link }));
      let previous: Outcome | undefined;
      for (let step = 0; step <= 8; step += 1) {
        if (step > 0) {
          // one edit, as the screen makes them: mostly a task's dates, duration or progress (a new task
          // object, or the same one changed in place), sometimes the structure
          const i = int(0, tasks.length - 1);
          const task = random() < 0.7 ? { ...(tasks[i] as ScheduleTask) } : (tasks[i] as ScheduleTask);
          const roll = random();
          if (roll < 0.35) task.duration = int(0, 10);
          else if (roll < 0.65) task.start = isoDay(BASE_DAY + int(-5, 40));
          else if (roll < 0.7) task.progress = int(0, 100);
          else if (roll < 0.75) {
            task.actualStart = isoDay(BASE_DAY + int(-5, 20));
            task.progress = int(0, 100);
            if (random() < 0.5) task.remaining = int(0, 12);
            else delete task.remaining;
            // issue 34: a Resume, before or after the cut-off, or none
            const resumeRoll = random();
            if (resumeRoll < 0.3) task.resume = isoDay(BASE_DAY + int(-5, 30));
            else if (resumeRoll < 0.5) delete task.resume;
          } else if (roll < 0.77) {
            task.mustStartOn = task.mustStartOn !== true;
          } else if (roll < 0.8) {
            task.actualFinish = isoDay(BASE_DAY + int(0, 25));
          } else if (roll < 0.83) {
            delete task.actualStart;
            delete task.actualFinish;
          } else if (roll < 0.86) task.start = '2025-02-31';
          else if (roll < 0.9 && links.length > 0) links = links.filter((_, k) => k !== int(0, links.length - 1));
          else if (roll < 0.94) {
            const to = tasks[int(0, tasks.length - 1)] as ScheduleTask;
            links = [...links, { from: task.id, to: to.id, type: LINK_TYPES[int(0, 3)] as LinkType, lag: int(-2, 3) }];
          } else if (roll < 0.97) links = links.map((link, k) => (k === 0 ? { ...link, lag: link.lag + 1 } : link));
          else tasks = [...tasks, { id: 5_000 + step, start: isoDay(BASE_DAY + int(0, 10)), duration: int(0, 5) }];
          if (tasks[i] !== task) tasks = tasks.map((t, k) => (k === i ? task : t));
        }
        const expected = outcome(() => schedule(tasks, links, calendar, options));
        const actual = outcome(() => scheduler.schedule(tasks, links, calendar, options));
        expect(actual, `seed ${seed}, step ${step}`).toStrictEqual(expected);
        compared += 1;
        if (previous && 'result' in previous && previous.result.ok && 'result' in actual && actual.result.ok) {
          const before = previous.result.tasks;
          reused += actual.result.tasks.filter((task, k) => task === before[k]).length;
        }
        previous = actual;
      }
    }
    expect(compared).toBe(2700);
    // most edits were applied incrementally: unchanged tasks kept their result objects
    expect(reused).toBeGreaterThan(10_000);
  }, 120_000); // 5,400 schedules: a second or two, longer on a busy machine

  it('recomputes only downstream of an edit on a large network, giving the full pass results', () => {
    const tasks: ScheduleTask[] = [];
    const links: ScheduleLink[] = [];
    for (let id = 1; id <= 2000; id += 1) {
      tasks.push({
        id,
        ...(id % 10 === 1 ? {} : { parentId: id - ((id - 1) % 10) }),
        start: '2025-03-03',
        duration: id % 6,
      });
      if (id % 10 > 2) links.push({ from: id - 1, to: id, type: LINK_TYPES[id % 4] as LinkType, lag: (id % 5) - 1 });
    }
    const calendar = new WorkingCalendar('mon-fri', chileHolidays, 2025);
    const scheduler = new IncrementalScheduler();
    const first = scheduler.schedule(tasks, links, calendar);
    const edited = tasks.map((task) => (task.id === 1505 ? { ...task, duration: 1 } : task));
    const second = scheduler.schedule(edited, links, calendar);
    expect(second).toStrictEqual(schedule(edited, links, calendar));
    if (!first.ok || !second.ok) throw new Error('expected schedules');
    // every group ends together, so shortening one task moves only its group: the others keep their objects
    expect(second.tasks[0]).toBe(first.tasks[0]);
    expect(second.tasks[1504]).not.toBe(first.tasks[1504]);
    expect(second.tasks[1504]?.duration).toBe(1);
  });
});

describe("parseDay (issue 18): the fast engine's date reading, the same as dayNumber", () => {
  it("gives dayNumber's day or its error for 20,000 seeded dates, valid or not, across years 0001–9999", () => {
    const random = generator(2026);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    const odd = [
      '',
      '2025-03-3',
      '2025/03/03',
      '2025-03-03 ',
      ' 2025-03-03',
      '2025-3-003',
      '２０２５-03-03',
      'abcd-ef-gh',
      '+02025-03-03',
    ];
    let valid = 0;
    for (let k = 0; k < 20_000; k += 1) {
      const roll = random();
      const text =
        roll < 0.02
          ? (odd[int(0, odd.length - 1)] as string)
          : `${pad(roll < 0.1 ? int(0, 120) : roll < 0.2 ? int(1890, 2110) : int(1, 9999), 4)}-${pad(int(0, 13), 2)}-${pad(int(0, 32), 2)}`;
      const expected = outcomeOf(() => dayNumber(text));
      expect(
        outcomeOf(() => parseDay(text)),
        text,
      ).toStrictEqual(expected);
      if ('day' in expected) valid += 1;
    }
    // leap days of 1900 (no), 2000 (yes) and 2024 (yes) too
    for (const text of ['1900-02-29', '2000-02-29', '2024-02-29', '2100-02-29', '0100-01-01', '9999-12-31'])
      expect(
        outcomeOf(() => parseDay(text)),
        text,
      ).toStrictEqual(outcomeOf(() => dayNumber(text)));
    expect(valid).toBeGreaterThan(10_000);
  });
});

function outcomeOf(read: () => number): { day: number } | { error: string } {
  try {
    return { day: read() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}
