import { WorkingCalendar, scheduleDraft } from '@cimiento/domain';
import type { GanttDraftTask, ScheduledTask } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartTask } from './gantt-chart-data';
import { lateIds, progressOf, rolledProgress } from './gantt-chart-tracking';
import {
  baselineBox,
  buildChartData,
  chartPlacer,
  isoOfLocal,
  linkId,
  linkTypeFromEnds,
  linkTypeOfSvar,
  localDate,
  nearestEnd,
  nextIso,
  parseLinkId,
  readBarChange,
  svarLinkType,
  visibleIds,
} from './gantt-chart-data';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every day from 2025-01-01 to 2027-12-31, as YYYY-MM-DD. */
const DAYS_2025_2027: string[] = [];
for (let iso = '2025-01-01'; iso < '2028-01-01'; iso = nextIso(iso)) DAYS_2025_2027.push(iso);

/** Chile's daylight-saving changes: clocks go back at midnight in April, forward at midnight in September. */
const CHILE_DST_DAYS = ['2025-04-06', '2025-09-07', '2026-04-05', '2026-09-06', '2027-04-04', '2027-09-05'];
const CHILE_SPRING_FORWARD = ['2025-09-07', '2026-09-06', '2027-09-05'];

/**
 * The web project sets no time zone (this machine's may be UTC), so each zone is set here for its
 * own block; Node applies a TZ change at once. America/Santiago is the one users have: there,
 * midnight does not exist on the spring-forward day (a local "midnight" Date is 01:00) and the
 * autumn day before the change has 25 hours.
 */
const ZONES = ['America/Santiago', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Havana'];

describe.each(ZONES)('localDate and isoOfLocal in %s', (zone) => {
  beforeAll(() => {
    vi.stubEnv('TZ', zone);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('the zone is in effect (in Santiago, local midnight of 7 September 2025 is 01:00)', () => {
    const expected = zone === 'America/Santiago' ? 1 : 0;
    expect(new Date(2025, 8, 7).getHours()).toBe(expected);
    if (zone === 'UTC') expect(new Date(2025, 8, 7).getTimezoneOffset()).toBe(0);
    if (zone === 'Pacific/Kiritimati') expect(new Date(2025, 8, 7).getTimezoneOffset()).toBe(-14 * 60);
  });

  it('every day of 2025–2027 becomes that calendar day locally and reads back as itself', () => {
    const wrong: string[] = [];
    for (const iso of DAYS_2025_2027) {
      const date = localDate(iso);
      const [year, month, day] = iso.split('-').map(Number);
      const fields = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
      if (fields.join() !== [year, month, day].join() || isoOfLocal(date) !== iso) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
    expect(DAYS_2025_2027).toHaveLength(365 + 365 + 365);
  });

  it("Chile's daylight-saving days read back as themselves", () => {
    for (const iso of CHILE_DST_DAYS) expect(isoOfLocal(localDate(iso))).toBe(iso);
    for (const iso of CHILE_SPRING_FORWARD) {
      expect(localDate(iso).getHours()).toBe(zone === 'America/Santiago' ? 1 : 0);
    }
  });

  it("a day's midnight plus 24 hours (the chart's arithmetic) reads as the next day, across every change", () => {
    const wrong: string[] = [];
    for (const iso of DAYS_2025_2027) {
      const next = new Date(localDate(iso).getTime() + DAY);
      if (isoOfLocal(next) !== nextIso(iso)) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  it('a date at 23:00 reads as the next day (its midnight moved back), one at 01:00 as its own day', () => {
    expect(isoOfLocal(new Date(2025, 3, 5, 23))).toBe('2025-04-06');
    expect(isoOfLocal(new Date(2025, 8, 7, 1))).toBe('2025-09-07');
    expect(isoOfLocal(new Date(2025, 11, 31, 23))).toBe('2026-01-01');
    expect(isoOfLocal(new Date(2026, 0, 1, 1))).toBe('2026-01-01');
  });

  it('a bar dragged by whole days across a change keeps its length (a move, not a resize)', () => {
    // in Santiago, 5 April has 25 hours: its midnight + 24 h is 23:00 on the 5th
    const before = { start: localDate('2025-04-05'), end: localDate('2025-04-10'), progress: 0, type: 'task' as const };
    const after = { start: new Date(before.start.getTime() + DAY), end: new Date(before.end.getTime() + DAY) };
    expect(readBarChange(before, after)).toEqual({ kind: 'move', start: '2025-04-06' });
    // and 7 September has no midnight: 3 September + 96 h is 01:00 on the 7th
    const spring = { start: localDate('2025-09-03'), end: localDate('2025-09-08'), progress: 0, type: 'task' as const };
    const springAfter = {
      start: new Date(spring.start.getTime() + 4 * DAY),
      end: new Date(spring.end.getTime() + 4 * DAY),
    };
    expect(readBarChange(spring, springAfter)).toEqual({ kind: 'move', start: '2025-09-07' });
  });
});

describe('localDate and isoOfLocal in any zone', () => {
  it('keeps years 0–99 as they are (the Date constructor would read them as 1900–1999)', () => {
    expect(localDate('0050-06-01').getFullYear()).toBe(50);
    expect(isoOfLocal(localDate('0050-06-01'))).toBe('0050-06-01');
  });

  it('nextIso counts calendar days, backwards too, across month and year ends', () => {
    expect(nextIso('2025-02-28')).toBe('2025-03-01');
    expect(nextIso('2028-02-28')).toBe('2028-02-29');
    expect(nextIso('2026-01-01', -1)).toBe('2025-12-31');
    expect(nextIso('2025-03-03', 7)).toBe('2025-03-10');
  });
});

describe('linkId and parseLinkId', () => {
  it('names a link by its tasks and reads the name back', () => {
    expect(linkId(12, 345)).toBe('12_345');
    expect(parseLinkId('12_345')).toEqual({ from: 12, to: 345 });
    expect(parseLinkId(linkId(7, 1))).toEqual({ from: 7, to: 1 });
  });

  it('marks a generated link (issue 13) with _g and reads it back to the same tasks', () => {
    expect(linkId(12, 345, true)).toBe('12_345_g');
    expect(linkId(12, 345, false)).toBe('12_345');
    expect(parseLinkId('12_345_g')).toEqual({ from: 12, to: 345 });
    expect(parseLinkId('12_345_x')).toBeNull();
  });

  it('reads anything else as no link', () => {
    for (const id of ['a_b', '12-345', '12_', '_345', '12_34_5', ' 12_345', '', 12, undefined, null]) {
      expect(parseLinkId(id)).toBeNull();
    }
  });

  it("maps the domain's link types to SVAR's and back", () => {
    expect(svarLinkType).toEqual({ FS: 'e2s', SS: 's2s', FF: 'e2e', SF: 's2e' });
    for (const [type, svar] of Object.entries(svarLinkType)) expect(linkTypeOfSvar[svar]).toBe(type);
  });
});

// ---------------------------------------------------------------- buildChartData

const MON = '2025-03-03';
const calendar = () => new WorkingCalendar('mon-fri', (year) => (year === 2025 ? ['2025-04-18'] : []), 2025);

const task = (id: number, extra: Partial<GanttDraftTask> = {}): GanttDraftTask => ({
  id,
  code: `T${id}`,
  name: `Tarea ${id}`,
  start: MON,
  duration: 5,
  progress: 0,
  predecessors: [],
  ...extra,
});

/**
 * OG Obra gruesa (1)                       3–12 Mar
 * ├─ OG.1 Excavación (2)      5 d           3–7 Mar, critical
 * ├─ OG.2 Fundaciones (3)     3 d, 2FS      10–12 Mar, critical
 * └─ OG.3 Trazado (4)         1 d, 2FS      10 Mar, 2 days of float
 * TER Terminaciones (5)       2 d, 1FS, 2SS 13–14 Mar, critical (2SS has slack: not a driving link)
 * REC Recepción (6)           milestone, 5FS  14 Mar (MS Project's rule: on its predecessor's finish day)
 */
const draft: GanttDraftTask[] = [
  task(1, { code: 'OG', name: 'Obra gruesa' }),
  task(2, { parentId: 1, code: 'OG.1', name: 'Excavación', progress: 100 }),
  task(3, {
    parentId: 1,
    code: 'OG.2',
    name: 'Fundaciones',
    duration: 3,
    progress: 30,
    predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }],
  }),
  task(4, {
    parentId: 1,
    code: 'OG.3',
    name: 'Trazado',
    duration: 1,
    predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }],
  }),
  task(5, {
    code: 'TER',
    name: 'Terminaciones',
    duration: 2,
    predecessors: [
      { predecessorId: 1, type: 'FS', lag: 0 },
      { predecessorId: 2, type: 'SS', lag: 0 },
    ],
  }),
  task(6, { code: 'REC', name: 'Recepción', duration: 0, predecessors: [{ predecessorId: 5, type: 'FS', lag: 0 }] }),
];

function scheduledMap(tasks: readonly GanttDraftTask[]): Map<number, ScheduledTask> {
  const result = scheduleDraft(tasks, calendar());
  if (!result.ok) throw new Error(result.error);
  return new Map(result.tasks.map((t) => [t.id, t]));
}

const isoOf = (t: ChartTask | undefined) => t && [isoOfLocal(t.start), isoOfLocal(t.end)];

describe('buildChartData', () => {
  const scheduled = scheduledMap(draft);

  it('the schedule it is built from is the hand-checked one', () => {
    expect([...scheduled.values()].map((t) => [t.id, t.start, t.end, t.critical])).toEqual([
      [1, '2025-03-03', '2025-03-12', true],
      [2, '2025-03-03', '2025-03-07', true],
      [3, '2025-03-10', '2025-03-12', true],
      [4, '2025-03-10', '2025-03-10', false],
      [5, '2025-03-13', '2025-03-14', true],
      [6, '2025-03-14', '2025-03-14', true],
    ]);
  });

  it('numbers each row by its place in the whole outline, hidden rows counted (issue 32: the Id column)', () => {
    const all = buildChartData(draft, scheduled, new Set());
    expect(all.tasks.map((t) => [t.id, t.rowNumber])).toEqual(draft.map((task, index) => [task.id, index + 1]));
    // a search shows fewer rows: each keeps its number
    const last = draft[draft.length - 1] as (typeof draft)[number];
    const found = buildChartData(draft, scheduled, new Set(), last.name);
    expect(found.byId.get(last.id)?.rowNumber).toBe(draft.length);
  });

  it("issue 35: writes each task's resources as MS Project does, with the catalogue's names", () => {
    const withCrane = draft.map((task) =>
      task.id === 2
        ? {
            ...task,
            resources: [
              { resourceId: 'cmol', units: 2 },
              { resourceId: 'grua', units: 1 },
            ],
          }
        : task,
    );
    const names = new Map([
      ['cmol', 'Cuadrilla moldaje'],
      ['grua', 'Grúa torre'],
    ]);
    const data = buildChartData(withCrane, scheduled, new Set(), '', undefined, {
      baseline: new Map(),
      calendar: calendar(),
      resourceNames: names,
    });
    expect(data.byId.get(2)?.resourceText).toBe('Cuadrilla moldaje[2]; Grúa torre');
    expect(data.byId.get(3)?.resourceText).toBe('');
    // before the catalogue arrives the cell waits for its names
    const before = buildChartData(withCrane, scheduled, new Set());
    expect(before.byId.get(2)?.resourceText).toBe('');
  });

  it('gives each task its bar: end is exclusive (the day after the last working day), parent 0 for a root', () => {
    const data = buildChartData(draft, scheduled, new Set());
    expect(data.tasks.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.byId.get(2)).toEqual({
      id: 2,
      text: 'Excavación',
      start: localDate('2025-03-03'),
      // Friday's bar ends on Saturday
      end: localDate('2025-03-08'),
      duration: 5,
      progress: 100,
      parent: 1,
      type: 'task',
      rowNumber: 2,
      code: 'OG.1',
      startIso: '2025-03-03',
      endIso: '2025-03-07',
      workDays: 5,
      title: 'OG.1 Excavación',
      predecessors: '',
      predecessorsTitle: '',
      // 100 % without actual dates is legacy progress, scheduled whole (docs/TRACKING.md)
      remainingDays: 5,
      resourceText: '',
    });
    expect(data.byId.get(4)).toMatchObject({ type: 'task', parent: 1 });
    expect([...data.criticalIds].sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6]);
    expect(isoOf(data.byId.get(4))).toEqual(['2025-03-10', '2025-03-11']);
    expect(data.byId.get(5)).toMatchObject({ parent: 0, type: 'task', duration: 2, workDays: 2 });
    expect(isoOf(data.byId.get(5))).toEqual(['2025-03-13', '2025-03-15']);
    expect(data.tasks.every((t) => data.byId.get(t.id) === t)).toBe(true);
    // a leaf carries no open flag (the chart would look for its children)
    expect(data.tasks.filter((t) => 'open' in t).map((t) => t.id)).toEqual([1]);
  });

  it('a summary is a summary bar over its tasks; its duration counts calendar days, workDays working days', () => {
    const summary = buildChartData(draft, scheduled, new Set()).byId.get(1);
    expect(summary).toMatchObject({ type: 'summary', parent: 0, duration: 10, workDays: 8, text: 'Obra gruesa' });
    expect(isoOf(summary)).toEqual(['2025-03-03', '2025-03-13']);
  });

  it('a milestone starts and ends on its day, with type milestone', () => {
    const milestone = buildChartData(draft, scheduled, new Set()).byId.get(6);
    expect(milestone).toMatchObject({ type: 'milestone', duration: 0, workDays: 0, startIso: '2025-03-14' });
    expect(milestone?.end).toEqual(milestone?.start);
    expect(milestone?.start).toEqual(localDate('2025-03-14'));
  });

  it('a bar over a holiday ends the day after its last working day', () => {
    const tasks = [task(1, { start: '2025-04-14' })];
    const bar = buildChartData(tasks, scheduledMap(tasks), new Set()).byId.get(1);
    expect(bar).toMatchObject({ startIso: '2025-04-14', endIso: '2025-04-21', workDays: 5, duration: 8 });
    expect(isoOf(bar)).toEqual(['2025-04-14', '2025-04-22']);
  });

  it('lists every link with its SVAR type and id', () => {
    expect(buildChartData(draft, scheduled, new Set()).links).toEqual([
      { id: '2_3', source: 2, target: 3, type: 'e2s' },
      { id: '2_4', source: 2, target: 4, type: 'e2s' },
      { id: '1_5', source: 1, target: 5, type: 'e2s' },
      { id: '2_5', source: 2, target: 5, type: 's2s' },
      { id: '5_6', source: 5, target: 6, type: 'e2s' },
    ]);
  });

  it("writes each task's predecessors as a planner reads them, with the full text for the tooltip", () => {
    const data = buildChartData(draft, scheduled, new Set());
    expect(data.byId.get(5)).toMatchObject({
      predecessors: 'OG; OG.1 CC',
      predecessorsTitle: 'OG Obra gruesa\nOG.1 Excavación · CC',
    });
    const english = { types: { FS: 'FS', SS: 'SS', FF: 'FF', SF: 'SF' } as const, day: 'd' };
    expect(buildChartData(draft, scheduled, new Set(), '', english).byId.get(5)?.predecessors).toBe('OG; OG.1 SS');
  });

  it('gives generated links (issue 13) their own id, critical ones too; the user’s keep theirs', () => {
    const generated = draft.map((t) =>
      t.id === 3 || t.id === 5
        ? {
            ...t,
            predecessors: t.predecessors.map((link) =>
              link.predecessorId === 2 || link.type === 'SS' ? { ...link, generated: true as const } : link,
            ),
          }
        : t,
    );
    const data = buildChartData(generated, scheduledMap(generated), new Set());
    expect(data.links.map((l) => l.id)).toEqual(['2_3_g', '2_4', '1_5', '2_5_g', '5_6']);
    expect(data.criticalLinks).toEqual(['2_3_g', '1_5', '5_6']);
  });

  it('closed summaries have open: false, the others open: true; tasks without children have no open flag', () => {
    const nested = [...draft.slice(0, 3), task(7, { parentId: 3, name: 'Moldaje' }), ...draft.slice(3)];
    const map = scheduledMap(nested);
    const openFlags = (closed: Set<number>) =>
      buildChartData(nested, map, closed)
        .tasks.filter((t) => 'open' in t)
        .map((t) => [t.id, t.open]);
    expect(openFlags(new Set([1]))).toEqual([
      [1, false],
      [3, true],
    ]);
    expect(openFlags(new Set([3]))).toEqual([
      [1, true],
      [3, false],
    ]);
    expect(openFlags(new Set())).toEqual([
      [1, true],
      [3, true],
    ]);
  });

  it('a search keeps the matching tasks and their ancestors (opened), and only links between shown tasks', () => {
    // "ciones" matches Fundaciones and Terminaciones; Obra gruesa stays as Fundaciones' parent
    const data = buildChartData(draft, scheduled, new Set([1]), '  CIONES ');
    expect(data.tasks.map((t) => [t.id, t.open])).toEqual([
      [1, true],
      [3, undefined],
      [5, undefined],
    ]);
    expect(data.links.map((l) => l.id)).toEqual(['1_5']);
    expect(data.criticalLinks).toEqual(['1_5']);
    expect([...data.byId.keys()]).toEqual([1, 3, 5]);
    // the code is searched too
    expect(buildChartData(draft, scheduled, new Set(), 'og.3').tasks.map((t) => t.id)).toEqual([1, 4]);
    // a blank search shows everything
    expect(buildChartData(draft, scheduled, new Set([1]), '   ').tasks).toHaveLength(6);
    expect(buildChartData(draft, scheduled, new Set(), 'hormigón').tasks).toEqual([]);
    // a summary whose tasks the search hides shows as having none
    const alone = buildChartData(draft, scheduled, new Set([1]), 'obra gruesa').tasks;
    expect(alone.map((t) => t.id)).toEqual([1]);
    expect('open' in (alone[0] as ChartTask)).toBe(false);
  });

  it('visibleIds is null without a search and holds the matches with their ancestors', () => {
    expect(visibleIds(draft, '')).toBeNull();
    expect(visibleIds(draft, 'excavación')).toEqual(new Set([2, 1]));
  });

  it('criticalLinks holds only links between critical tasks that drive their successor', () => {
    // 2_4: Trazado is not critical; 2_5: SS with slack (Terminaciones starts well after Excavación)
    expect(buildChartData(draft, scheduled, new Set()).criticalLinks).toEqual(['2_3', '1_5', '5_6']);
  });

  it('criticalLinks: tight links of each type count, a lag included', () => {
    // A 5 d; B 3 d SS+2 from A; C 2 d FF from A; D 1 d SF+3 from B: all finish on Friday 7 March
    const tasks = [
      task(1, { duration: 5 }),
      task(2, { duration: 3, predecessors: [{ predecessorId: 1, type: 'SS', lag: 2 }] }),
      task(3, { duration: 2, predecessors: [{ predecessorId: 1, type: 'FF', lag: 0 }] }),
      task(4, { duration: 1, predecessors: [{ predecessorId: 2, type: 'SF', lag: 3 }] }),
    ];
    const map = scheduledMap(tasks);
    expect([...map.values()].map((t) => [t.start, t.end, t.critical])).toEqual([
      ['2025-03-03', '2025-03-07', true],
      ['2025-03-05', '2025-03-07', true],
      ['2025-03-06', '2025-03-07', true],
      ['2025-03-07', '2025-03-07', true],
    ]);
    const data = buildChartData(tasks, map, new Set());
    expect(data.criticalLinks).toEqual(['1_2', '1_3', '2_4']);
    expect(data.links.map((l) => l.type)).toEqual(['s2s', 'e2e', 's2e']);
  });

  it('leaves out a task the schedule does not have, and its links', () => {
    const partial = new Map(scheduled);
    partial.delete(3);
    const data = buildChartData(draft, partial, new Set());
    expect(data.tasks.map((t) => t.id)).toEqual([1, 2, 4, 5, 6]);
    expect(data.links.map((l) => l.id)).not.toContain('2_3');
  });
});

// ---------------------------------------------------------------- readBarChange

describe('linkTypeFromEnds and nearestEnd (issue 12: a link drawn from one bar end to another)', () => {
  it('reads the type from the two ends, as MS Project', () => {
    expect(linkTypeFromEnds('end', 'start')).toBe('FS');
    expect(linkTypeFromEnds('start', 'start')).toBe('SS');
    expect(linkTypeFromEnds('end', 'end')).toBe('FF');
    expect(linkTypeFromEnds('start', 'end')).toBe('SF');
  });

  it('takes the nearer end of a bar the pointer is released over', () => {
    expect(nearestEnd(100, 100, 84)).toBe('start');
    expect(nearestEnd(141, 100, 84)).toBe('start');
    expect(nearestEnd(142, 100, 84)).toBe('end');
    expect(nearestEnd(190, 100, 84)).toBe('end');
  });
});

describe('readBarChange (what a finished bar drag means)', () => {
  // Excavación: Monday 3 – Friday 7 March, exclusive end Saturday 8
  const bar = { start: localDate('2025-03-03'), end: localDate('2025-03-08'), progress: 40, type: 'task' as const };

  it('the same length is a move to the new start', () => {
    expect(readBarChange(bar, { start: localDate('2025-03-10'), end: localDate('2025-03-15') })).toEqual({
      kind: 'move',
      start: '2025-03-10',
    });
    expect(readBarChange(bar, { start: localDate('2025-02-27'), end: localDate('2025-03-04') })).toEqual({
      kind: 'move',
      start: '2025-02-27',
    });
  });

  it('another length is a resize whose last day is the day before the exclusive end', () => {
    expect(readBarChange(bar, { start: localDate('2025-03-03'), end: localDate('2025-03-12') })).toEqual({
      kind: 'resize',
      start: '2025-03-03',
      lastDay: '2025-03-11',
    });
    // the left edge dragged
    expect(readBarChange(bar, { start: localDate('2025-03-05'), end: localDate('2025-03-08') })).toEqual({
      kind: 'resize',
      start: '2025-03-05',
      lastDay: '2025-03-07',
    });
    // only the end given
    expect(readBarChange(bar, { end: localDate('2025-03-06') })).toEqual({
      kind: 'resize',
      start: '2025-03-03',
      lastDay: '2025-03-05',
    });
  });

  it('a summary or a milestone only moves, whatever the chart did to its length', () => {
    const after = { start: localDate('2025-03-04'), end: localDate('2025-03-12') };
    expect(readBarChange({ ...bar, type: 'summary' }, after)).toEqual({ kind: 'move', start: '2025-03-04' });
    const milestone = {
      start: localDate('2025-03-17'),
      end: localDate('2025-03-17'),
      progress: 0,
      type: 'milestone' as const,
    };
    expect(readBarChange(milestone, { start: localDate('2025-03-19'), end: localDate('2025-03-20') })).toEqual({
      kind: 'move',
      start: '2025-03-19',
    });
  });

  it('only the progress changed is a progress change, as the chart gave it', () => {
    expect(readBarChange(bar, { progress: 55.4 })).toEqual({ kind: 'progress', progress: 55.4 });
    expect(readBarChange(bar, { start: localDate('2025-03-03'), end: localDate('2025-03-08'), progress: 0 })).toEqual({
      kind: 'progress',
      progress: 0,
    });
  });

  it('nothing changed (or progress within rounding) is none', () => {
    expect(readBarChange(bar, {})).toEqual({ kind: 'none' });
    expect(readBarChange(bar, { start: localDate('2025-03-03'), end: localDate('2025-03-08') })).toEqual({
      kind: 'none',
    });
    expect(readBarChange(bar, { progress: 40.3 })).toEqual({ kind: 'none' });
  });

  it('a move wins over a progress change in the same drag', () => {
    expect(readBarChange(bar, { start: localDate('2025-03-10'), end: localDate('2025-03-15'), progress: 90 })).toEqual({
      kind: 'move',
      start: '2025-03-10',
    });
  });
});

// ---------------------------------------------------------------- tracking (issue 15)

describe('tracking: baseline, Δ Fin, rolled-up progress and Atrasadas (issue 15)', () => {
  const scheduled = scheduledMap(draft);
  /**
   * The baseline the draft is compared with (its schedule is above): OG finished on Mon 10 Mar (now
   * Wed 12: +2), OG.1 on Wed 5 (now Fri 7: +2, but it is at 100 %), OG.2 on Fri 7 Mar (now Wed 12:
   * +3, across the weekend), TER on Fri 14 (on time), REC on Thu 13 (now Fri 14: +1); OG.3 was not
   * in it.
   */
  const baseline = new Map([
    [1, { start: '2025-03-03', finish: '2025-03-10', duration: 6 }],
    [2, { start: '2025-03-03', finish: '2025-03-05', duration: 3 }],
    [3, { start: '2025-03-05', finish: '2025-03-07', duration: 3 }],
    [5, { start: '2025-03-13', finish: '2025-03-14', duration: 2 }],
    [6, { start: '2025-03-13', finish: '2025-03-13', duration: 0 }],
  ]);
  const tracking = { baseline, calendar: calendar() };

  it("rolls a summary's progress up from its leaves weighted by duration; leaves keep their own", () => {
    const progress = progressOf(draft);
    // OG: (5 × 100 + 3 × 30 + 1 × 0) / 9
    expect(progress.get(1)).toBeCloseTo(590 / 9, 10);
    expect([2, 3, 4, 5, 6].map((id) => progress.get(id))).toEqual([100, 30, 0, 0, 0]);
    // the bars and 'Avance' show it: the draft's 0 for a summary does not
    const data = buildChartData(draft, scheduled, new Set());
    expect(data.byId.get(1)?.progress).toBeCloseTo(590 / 9, 10);
    expect(data.byId.get(3)?.progress).toBe(30);
  });

  it('issue 33: weighs by the money spread on the leaves when the project is priced, as the EP and the S-curve', () => {
    // OG.1 is item 10 ($100), OG.2 item 11 ($900); OG.3 carries no price
    const priced = draft.map((t) =>
      t.id === 2 ? { ...t, sourceKey: 'edp:10' } : t.id === 3 ? { ...t, sourceKey: 'edp:11' } : t,
    );
    const amounts = {
      currency: 'CLP' as const,
      items: [
        { edpItemId: 10, amount: '100' },
        { edpItemId: 11, amount: '900' },
      ],
    };
    // OG: (100 × 100 % + 900 × 30 %) / 1.000 = 37 %, where by duration it reads 65,56 %
    expect(progressOf(priced, amounts).get(1)).toBeCloseTo(37, 10);
    expect(rolledProgress(priced, amounts)).toMatchObject({ project: 37, basis: 'amount' });
    const data = buildChartData(priced, scheduled, new Set(), '', undefined, { ...tracking, amounts });
    expect(data.byId.get(1)?.progress).toBeCloseTo(37, 10);
    // nothing priced: by duration, and named so
    expect(rolledProgress(priced, null).basis).toBe('duration');
  });

  it('follows an edit: a leaf at 100 % moves its summary', () => {
    const edited = draft.map((t) => (t.id === 3 ? { ...t, progress: 100 } : t));
    expect(progressOf(edited).get(1)).toBeCloseTo(800 / 9, 10);
  });

  it("gives each task its baseline's dates (end exclusive, as the bar's) and 'Δ Fin' in working days", () => {
    const data = buildChartData(draft, scheduled, new Set(), '', undefined, tracking);
    const og2 = data.byId.get(3);
    expect(og2?.baseStartIso).toBe('2025-03-05');
    expect(og2?.baseEndIso).toBe('2025-03-07');
    expect(og2?.base_start && isoOfLocal(og2.base_start)).toBe('2025-03-05');
    expect(og2?.base_end && isoOfLocal(og2.base_end)).toBe('2025-03-08');
    // a milestone's baseline starts and ends on its day
    const rec = data.byId.get(6);
    expect(rec?.base_start && isoOfLocal(rec.base_start)).toBe('2025-03-13');
    expect(rec?.base_end && isoOfLocal(rec.base_end)).toBe('2025-03-13');
    expect(data.tasks.map((t) => [t.id, t.finishVariance])).toEqual([
      [1, 2],
      [2, 2],
      [3, 3],
      [4, undefined],
      [5, 0],
      [6, 1],
    ]);
    // late: after the baseline's finish and not done (OG.1 is at 100 %)
    expect(data.tasks.filter((t) => t.late).map((t) => t.id)).toEqual([1, 3, 6]);
    expect(data.byId.get(4)?.baseStartIso).toBeUndefined();
  });

  it('without a baseline no task has baseline dates, Δ Fin or lateness', () => {
    const data = buildChartData(draft, scheduled, new Set());
    expect(data.tasks.every((t) => t.base_start === undefined && t.finishVariance === undefined && !t.late)).toBe(true);
  });

  it('carries the actual dates and the status the engine gave', () => {
    const withActuals = draft.map((t) =>
      t.id === 2 ? { ...t, actualStart: '2025-03-03', actualFinish: '2025-03-07' } : t,
    );
    const data = buildChartData(withActuals, scheduled, new Set());
    expect(data.byId.get(2)).toMatchObject({ actualStart: '2025-03-03', actualFinish: '2025-03-07' });
    expect(data.byId.get(3)?.actualStart).toBeUndefined();
  });

  it("issue 34: 'Restante' is 0 when done, what is left under way (recorded, else by the progress), the duration before", () => {
    // cut-off Monday 10 March: OG.1 done 3–7 March; OG.2 (3 days) started Monday 10 at 30 %: ⌈3 × 0.7⌉ = 3
    // left, or 1 as recorded; OG.3 not started: its 1 day; summaries have none
    const tracked = draft.map((t) =>
      t.id === 2
        ? { ...t, actualStart: '2025-03-03', actualFinish: '2025-03-07' }
        : t.id === 3
          ? { ...t, actualStart: '2025-03-10' }
          : t,
    );
    const at = (tasks: GanttDraftTask[]) => {
      const result = scheduleDraft(tasks, calendar(), { cutoff: '2025-03-10' });
      if (!result.ok) throw new Error(result.error);
      const data = buildChartData(tasks, new Map(result.tasks.map((t) => [t.id, t])), new Set());
      return data.tasks.map((t) => [t.id, t.remainingDays]);
    };
    expect(at(tracked)).toEqual([
      [1, undefined],
      [2, 0],
      [3, 3],
      [4, 1],
      [5, 2],
      [6, 0],
    ]);
    expect(at(tracked.map((t) => (t.id === 3 ? { ...t, remaining: 1 } : t)))[2]).toEqual([3, 1]);
  });

  it('lateIds: the late tasks and their ancestors; a done task is never late', () => {
    expect([...lateIds(draft, scheduled, tracking)].sort()).toEqual([1, 3, 6]);
    // OG.2 done: only REC, and OG is late on its own (at (500 + 300) / 9 %)
    const done = draft.map((t) => (t.id === 3 ? { ...t, progress: 100 } : t));
    expect([...lateIds(done, scheduled, tracking)].sort()).toEqual([1, 6]);
    // everything done: nothing late
    const allDone = draft.map((t) => ({ ...t, progress: 100 }));
    expect(lateIds(allDone, scheduled, tracking).size).toBe(0);
    // a leaf whose summary is on time still brings its summary along
    const onTime = new Map(baseline);
    onTime.set(1, { start: '2025-03-03', finish: '2025-03-12', duration: 8 });
    onTime.delete(6);
    expect([...lateIds(draft, scheduled, { ...tracking, baseline: onTime })].sort()).toEqual([1, 3]);
  });

  it("'Atrasadas' shows only the late tasks and their ancestors, and links between them; off without a baseline", () => {
    const late = buildChartData(draft, scheduled, new Set([1]), '', undefined, { ...tracking, lateOnly: true });
    expect(late.tasks.map((t) => t.id)).toEqual([1, 3, 6]);
    // shown opened, as a search shows them
    expect(late.byId.get(1)?.open).toBe(true);
    expect(late.links).toEqual([]);
    // with a search too: both at once
    const searched = buildChartData(draft, scheduled, new Set(), 'Fund', undefined, { ...tracking, lateOnly: true });
    expect(searched.tasks.map((t) => t.id)).toEqual([1, 3]);
    // no baseline chosen: nothing to compare with, every task shows
    const none = buildChartData(draft, scheduled, new Set(), '', undefined, {
      baseline: new Map(),
      calendar: calendar(),
      lateOnly: true,
    });
    expect(none.tasks).toHaveLength(draft.length);
  });

  it("places the baseline bar from the bar's left edge, as SVAR places bars", () => {
    // 12 px a day from Monday 3 March
    const origin = localDate('2025-03-03').getTime();
    const days = (date: Date) => Math.round((date.getTime() - origin) / DAY);
    const place = { x: (date: Date) => days(date) * 12, span: (from: Date, to: Date) => (days(to) - days(from)) * 12 };
    const data = buildChartData(draft, scheduled, new Set(), '', undefined, tracking);
    // OG.2's bar starts on Mon 10 (84 px); its baseline ran Wed 5 to Fri 7: 60 px to the left, 3 days wide
    const og2 = data.byId.get(3);
    if (!og2) throw new Error('OG.2 missing');
    expect(baselineBox({ ...og2, $x: 84, $w: 36, $h: 25 }, place)).toEqual({
      left: -60,
      width: 36,
      isMilestone: false,
    });
    // REC, a milestone on Fri 14 (SVAR puts its 25 px diamond half a bar before the day): its
    // baseline, a milestone on Thu 13, is a 10 px mark centred on that day
    const rec = data.byId.get(6);
    if (!rec) throw new Error('REC missing');
    const recX = 11 * 12 - 12.5;
    expect(baselineBox({ ...rec, $x: recX, $w: 25, $h: 25 }, place)).toEqual({
      left: 10 * 12 - 5 - recX,
      width: 10,
      isMilestone: true,
    });
    // a milestone now that was a 3-day task in the baseline: its baseline is a bar
    const asMilestone = buildChartData(
      draft.map((t) => (t.id === 3 ? { ...t, duration: 0 } : t)),
      scheduledMap(draft.map((t) => (t.id === 3 ? { ...t, duration: 0 } : t))),
      new Set(),
      '',
      undefined,
      tracking,
    ).byId.get(3);
    if (!asMilestone) throw new Error('OG.2 missing');
    expect(asMilestone.type).toBe('milestone');
    expect(baselineBox({ ...asMilestone, $x: 0, $w: 25, $h: 25 }, place)).toEqual({
      left: 24,
      width: 36,
      isMilestone: false,
    });
    // a task without a baseline has none
    const og3 = data.byId.get(4);
    if (!og3) throw new Error('OG.3 missing');
    expect(baselineBox({ ...og3, $x: 84, $w: 12, $h: 25 }, place)).toBeNull();
  });
});

describe('chartPlacer (the cut-off line and the baseline bars placed as SVAR places bars)', () => {
  // a week scale from Monday 29 December 2025, 84 px a week: SVAR's diff in weeks (fractional)
  const start = localDate('2025-12-29');
  const weeks = (a: Date, b: Date) => (a.getTime() - b.getTime()) / (7 * DAY);
  const state = {
    cellWidth: 84,
    _scales: { start, lengthUnit: 'week', diff: (a: Date, b: Date) => weeks(a, b) },
  };

  it("puts a day where SVAR's scale puts it: units from the scale's start × the cell width, rounded", () => {
    const place = chartPlacer(state);
    if (!place) throw new Error('no placer');
    // Wednesday 7 January 2026 (the cut-off of a test): a week and two days in, 84 + 24 px
    expect(place.x(localDate('2026-01-07'))).toBe(108);
    expect(place.x(start)).toBe(0);
    // Friday 2 to Friday 9 January (exclusive): one week wide
    expect(place.span(localDate('2026-01-02'), localDate('2026-01-09'))).toBe(84);
  });

  it('is null before the chart has a scale', () => {
    expect(chartPlacer({})).toBeNull();
    expect(chartPlacer({ _scales: state._scales })).toBeNull();
  });
});

describe('a task under way (issue 15)', () => {
  it("shows its planned working days in 'Duración' while its bar spans its actual start to its remaining work", () => {
    // OG.1, 5 days, started Monday 3 March and 40 % done at a cut-off on Monday 10 March: 3 days left,
    // 10–12 March; the bar spans 3–12 March (8 working days), Duración stays 5
    const started = draft.map((t) => (t.id === 2 ? { ...t, progress: 40, actualStart: MON } : t));
    const result = scheduleDraft(started, calendar(), { cutoff: '2025-03-10' });
    if (!result.ok) throw new Error(result.error);
    const map = new Map(result.tasks.map((t) => [t.id, t]));
    expect([map.get(2)?.start, map.get(2)?.end, map.get(2)?.duration]).toEqual(['2025-03-03', '2025-03-12', 8]);
    const bar = buildChartData(started, map, new Set()).byId.get(2);
    expect(bar).toMatchObject({ workDays: 5, startIso: '2025-03-03', endIso: '2025-03-12' });
  });
});
