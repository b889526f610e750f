import {
  WorkingCalendar,
  addGanttLink,
  addGanttTask,
  moveGanttTask,
  removeGanttLink,
  resizeGanttTask,
  scheduleDraft,
  updateGanttTask,
} from '@cimiento/domain';
import type { GanttDraftTask, GanttEdit, LinkType, ScheduledTask } from '@cimiento/domain';
import { DataStore } from '@svar-ui/gantt-store';
import { describe, expect, it } from 'vitest';
import type { ChartData, ChartTask } from './gantt-chart-data';
import type { ChartBaselineDates, ChartTracking } from './gantt-chart-tracking';
import { buildChartData, nextIso } from './gantt-chart-data';
import { applyChartPatch, chartPatch } from './gantt-chart-patch';

const calendar = new WorkingCalendar('mon-fri', (year) => (year === 2025 ? ['2025-04-18'] : []), 2025);

/** A small seeded generator (mulberry32): the same sequence of edits on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Three summaries of six leaves, each group a chain; group 2 follows group 1. */
function project(): GanttDraftTask[] {
  const tasks: GanttDraftTask[] = [];
  let id = 1;
  for (let group = 0; group < 3; group += 1) {
    const summary = id++;
    tasks.push({
      id: summary,
      code: `G${group}`,
      name: `Grupo ${group}`,
      start: '2025-03-03',
      duration: 1,
      progress: 0,
      predecessors: [],
    });
    for (let leaf = 0; leaf < 6; leaf += 1) {
      const own = id++;
      tasks.push({
        id: own,
        parentId: summary,
        code: `G${group}.${leaf}`,
        name: `Tarea ${group}.${leaf}`,
        start: '2025-03-03',
        duration: 1 + (leaf % 4),
        progress: leaf === 0 ? 50 : 0,
        predecessors:
          leaf === 0
            ? group === 1
              ? [{ predecessorId: 7, type: 'FS', lag: 0 }]
              : []
            : [{ predecessorId: own - 1, type: 'FS', lag: 0 }],
      });
    }
  }
  return tasks;
}

function schedule(tasks: readonly GanttDraftTask[]): Map<number, ScheduledTask> {
  const result = scheduleDraft(tasks, calendar);
  if (!result.ok) throw new Error(result.error);
  return new Map(result.tasks.map((task) => [task.id, task]));
}

/** A chart task as SVAR keeps it once parsed: a milestone has no end and no duration. */
function asSvar(task: ChartTask): Record<string, unknown> {
  return task.type === 'milestone' ? { ...task, end: undefined, duration: 0 } : { ...task };
}

/** SVAR's data store as far as a patch reaches it: its task tree and link list, and the state set. */
function fakeSvarStore(data: ChartData) {
  const tasks = new Map(data.tasks.map((task) => [task.id, asSvar(task)]));
  const links = new Map(data.links.map((link) => [link.id, { ...link }]));
  let stateChanges = 0;
  // issue 32: the place ($y) SVAR's layout gave each task, cleared before a row opens or closes
  const places = new Map(data.tasks.map((task) => [task.id, { $y: 32 }]));
  return {
    tasks,
    links,
    places,
    stateChanges: () => stateChanges,
    store: {
      getState: () => ({
        tasks: {
          update: (id: number, fields: Record<string, unknown>) => tasks.set(id, { ...tasks.get(id), ...fields }),
          forEach: (each: (task: { $y?: number }) => void) => places.forEach((place) => each(place)),
        },
        links: {
          add: (link: { id: string }) => links.set(link.id, link as never),
          remove: (id: string) => links.delete(id),
        },
      }),
      setState: () => {
        stateChanges += 1;
      },
    },
  };
}

const strip = ({ source: _source, ...data }: ChartData) => data;

/** What SVAR's layout gave each task shown: its place, size and whether it is drawn. */
type Placed = { id: number; $x: number; $y: number; $w: number; $h: number; $skip: boolean };

/**
 * SVAR's real data store (@svar-ui/gantt-store, the one the Gantt runs), configured as our chart
 * configures it: days, automatic scale, the week and day scales.
 */
function svarStore(data: ChartData, cellWidth = 30) {
  const store = new DataStore((() => ({})) as never);
  store.init({
    tasks: data.tasks.map((task) => ({ ...task })),
    links: data.links.map((link) => ({ ...link })),
    scales: [
      { unit: 'week', step: 1, format: 'w' },
      { unit: 'day', step: 1, format: 'd' },
    ],
    lengthUnit: 'day',
    durationUnit: 'day',
    cellWidth,
    cellHeight: 32,
    scaleHeight: 28,
    autoScale: true,
    _weekStart: 1,
  } as never);
  const placed = (): Placed[] =>
    (store.getState() as unknown as { _tasks: Placed[] })._tasks.map(({ id, $x, $y, $w, $h, $skip }) => ({
      id,
      $x,
      $y,
      $w,
      $h,
      $skip: $skip === true,
    }));
  const linkPaths = () =>
    (store.getState() as unknown as { _links: { id: string; $p: string }[] })._links
      .map(({ id, $p }) => `${id} ${$p}`)
      .sort();
  // the scale's first and last day (SVAR's automatic scale, from the tasks' span)
  const scale = () => {
    const { _start, _end } = store.getState() as unknown as { _start: Date; _end: Date };
    return [_start.getTime(), _end.getTime()];
  };
  return { store, placed, linkPaths, scale };
}

describe('buildChartData from the build before (issue 18)', () => {
  it('after 300 random edits, each build from the one before equals a build from nothing, and the chart patched from what it showed equals the new build', () => {
    const next = random(18);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    let tasks = project();
    let scheduled = schedule(tasks);
    let closed = new Set<number>();
    const baseline = new Map<number, ChartBaselineDates>();
    let tracking: ChartTracking = { baseline, calendar };
    let previous = buildChartData(tasks, scheduled, closed, '', undefined, tracking);
    let chart = fakeSvarStore(previous);
    let patched = 0;
    let rebuilt = 0;
    for (let step = 0; step < 300; step += 1) {
      const leaves = tasks.filter((task) => !tasks.some((other) => other.parentId === task.id));
      const leaf = pick(leaves);
      const shown = scheduled.get(leaf.id) as ScheduledTask;
      const kind = pick(['move', 'resize', 'duration', 'link', 'unlink', 'close', 'open', 'baseline', 'add']);
      let edit: GanttEdit | null = null;
      switch (kind) {
        case 'move':
          edit = moveGanttTask(tasks, leaf.id, nextIso(shown.start, Math.floor(next() * 9) - 3), calendar);
          break;
        case 'resize':
          edit = resizeGanttTask(tasks, leaf.id, shown.start, nextIso(shown.end, Math.floor(next() * 7) - 2), calendar);
          break;
        case 'duration':
          edit = updateGanttTask(tasks, leaf.id, { ...leaf, duration: Math.floor(next() * 6) });
          break;
        case 'link': {
          const type = pick<LinkType>(['FS', 'SS', 'FF', 'SF']);
          edit = addGanttLink(tasks, pick(leaves).id, leaf.id, type, Math.floor(next() * 3));
          break;
        }
        case 'unlink': {
          const link = leaf.predecessors[0];
          if (link) edit = removeGanttLink(tasks, link.predecessorId, leaf.id);
          break;
        }
        case 'close':
          closed = new Set([...closed, pick(tasks.filter((task) => task.parentId === undefined)).id]);
          break;
        case 'open':
          closed = new Set();
          break;
        case 'baseline': {
          const copy = new Map(baseline);
          copy.set(leaf.id, { start: shown.start, finish: shown.end, duration: leaf.duration });
          tracking = { baseline: copy, calendar };
          break;
        }
        case 'add':
          edit = addGanttTask(tasks, leaf.id, {
            id: Math.max(...tasks.map((task) => task.id)) + 1,
            start: shown.start,
          });
      }
      if (edit?.ok) {
        const result = scheduleDraft(edit.tasks, calendar);
        if (result.ok) {
          tasks = edit.tasks;
          scheduled = new Map(result.tasks.map((task) => [task.id, task]));
        }
      }
      const built = buildChartData(tasks, scheduled, closed, '', undefined, tracking, previous);
      expect(strip(built)).toEqual(strip(buildChartData(tasks, scheduled, closed, '', undefined, tracking)));
      const patch = chartPatch(previous, built);
      if (patch) {
        patched += 1;
        applyChartPatch(chart.store, patch);
        expect(chart.stateChanges()).toBe(patched);
      } else {
        rebuilt += 1;
        chart = fakeSvarStore(built);
        patched = chart.stateChanges();
      }
      expect([...chart.tasks.values()]).toEqual(built.tasks.map(asSvar));
      expect([...chart.links.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [...built.links].sort((a, b) => a.id.localeCompare(b.id)),
      );
      previous = built;
    }
    // both paths were taken: patches, and new lists when a task was added
    expect(rebuilt).toBeGreaterThan(0);
    expect(patched).toBeGreaterThan(0);
  });

  it('keeps the same chart task for a task whose inputs did not change, a new one for the others', () => {
    const tasks = project();
    const before = buildChartData(tasks, schedule(tasks), new Set());
    const edit = resizeGanttTask(tasks, 16, '2025-03-03', '2025-03-20', calendar);
    if (!edit.ok) throw new Error(edit.error);
    const after = buildChartData(edit.tasks, schedule(edit.tasks), new Set(), '', undefined, undefined, before);
    // group 3 (ids 15–21) alone changed: 16 and its successors, and the summary 15
    const changed = after.tasks.filter((task) => task !== before.byId.get(task.id)).map((task) => task.id);
    expect(changed).toEqual([15, 16, 17, 18, 19, 20, 21]);
  });

  it('keeps the chart task of a task whose float alone changed, and the links while no predecessor changes (issue 32, speed)', () => {
    const tasks = project();
    const before = buildChartData(tasks, schedule(tasks), new Set());
    // group 2 (ids 8–14, after group 1) finishes the project: a day more on its second task moves
    // the finish, and with it the float of every task of group 3 (ids 15–21)
    const first = tasks.find((task) => task.id === 9) as GanttDraftTask;
    const edit = updateGanttTask(tasks, first.id, { ...first, duration: first.duration + 1 });
    if (!edit.ok) throw new Error('edit refused');
    const scheduledAfter = schedule(edit.tasks);
    const floats = [...scheduledAfter.values()].filter(
      (task) => task.totalFloat !== schedule(tasks).get(task.id)?.totalFloat,
    );
    expect(floats.map((task) => task.id).sort((a, b) => a - b)).toEqual([15, 16, 17, 18, 19, 20, 21]);
    const after = buildChartData(edit.tasks, scheduledAfter, new Set(), '', undefined, undefined, before);
    const changed = after.tasks.filter((task) => task !== before.byId.get(task.id)).map((task) => task.id);
    expect(changed).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(after.links).toBe(before.links);
    expect(after.criticalLinks).toBe(before.criticalLinks);
    expect(after.criticalIds).toBe(before.criticalIds);
    expect(chartPatch(before, after)?.addLinks).toEqual([]);
    // a link added: a new list
    const linked = addGanttLink(edit.tasks, 2, 16, 'FS', 0);
    if (!linked.ok) throw new Error('link refused');
    const relinked = buildChartData(linked.tasks, schedule(linked.tasks), new Set(), '', undefined, undefined, after);
    expect(relinked.links).not.toBe(after.links);
    expect(relinked.links.map((link) => link.id)).toContain('2_16');
  });

  it('a change of the critical path changes the critical set, and patches no task that did not move (issue 32, speed)', () => {
    const tasks = project();
    const before = buildChartData(tasks, schedule(tasks), new Set());
    // groups 1 and 2 (ids 1–14) are the critical chain; 20 days more on group 3's first task make
    // group 3 (ids 15–21) the longest
    const first = tasks.find((task) => task.id === 16) as GanttDraftTask;
    const edit = updateGanttTask(tasks, first.id, { ...first, duration: first.duration + 20 });
    if (!edit.ok) throw new Error('edit refused');
    const after = buildChartData(edit.tasks, schedule(edit.tasks), new Set(), '', undefined, undefined, before);
    expect([...before.criticalIds].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect([...after.criticalIds].sort((a, b) => a - b)).toEqual([15, 16, 17, 18, 19, 20, 21]);
    const patch = chartPatch(before, after);
    expect(patch?.tasks.map((entry) => entry.id)).toEqual([15, 16, 17, 18, 19, 20, 21]);
    expect(after.tasks.filter((task) => task.id <= 14).every((task) => task === before.byId.get(task.id))).toBe(true);
  });
});

describe('chartPatch', () => {
  const tasks = project();
  const data = buildChartData(tasks, schedule(tasks), new Set());

  it('patches each field SVAR keeps when it alone changes (the float is ours alone)', () => {
    const sample = data.byId.get(3) as ChartTask;
    const changes: Partial<Record<keyof ChartTask, unknown>> = {
      text: 'otro',
      start: new Date(2030, 2, 4),
      end: new Date(2030, 2, 9),
      duration: 9,
      progress: 7,
      type: 'milestone',
      rowNumber: 99,
      code: 'X',
      startIso: '2030-03-04',
      endIso: '2030-03-09',
      workDays: 9,
      title: 'otro',
      predecessors: 'otro',
      predecessorsTitle: 'otro',
      base_start: new Date(2025, 1, 1),
      base_end: new Date(2025, 1, 2),
      baseStart: new Date(2025, 1, 1),
      baseEnd: new Date(2025, 1, 2),
      baseStartIso: '2025-02-01',
      baseEndIso: '2025-02-01',
      finishVariance: 3,
      actualStart: '2025-03-03',
      actualFinish: '2025-03-04',
      status: 'started',
      late: true,
      remainingDays: 77,
      deadlineIso: '2025-03-20',
      deadlineMissed: true,
      resourceText: 'Grúa torre',
      levelingDelay: 5,
    };
    // every field but the ones a patch never sends alone (the tree's) is tried
    const untried = Object.keys(sample).filter((key) => !(key in changes) && !['id', 'parent', 'open'].includes(key));
    expect(untried).toEqual([]);
    for (const [key, value] of Object.entries(changes)) {
      const changed = { ...sample, [key]: value };
      const patch = chartPatch(data, { ...data, tasks: data.tasks.map((task) => (task.id === 3 ? changed : task)) });
      expect(
        patch?.tasks.map((entry) => entry.id),
        key,
      ).toEqual([3]);
      const fields = patch?.tasks[0]?.fields ?? {};
      expect(key in fields, key).toBe(true);
      // a milestone, as SVAR parses one: no end, no duration
      if (key === 'type') expect(fields).toMatchObject({ type: 'milestone', end: undefined, duration: 0 });
      else expect(fields[key], key).toEqual(value);
    }
    // a task the same in every field, in a new object, is no change
    expect(
      chartPatch(data, { ...data, tasks: data.tasks.map((task) => (task.id === 3 ? { ...sample } : task)) })?.tasks,
    ).toEqual([]);
  });

  it('gives no patch when the rows change: a task more, another parent, a task gaining children', () => {
    expect(chartPatch(data, { ...data, tasks: data.tasks.slice(1) })).toBeNull();
    const moved = data.tasks.map((task) => (task.id === 3 ? { ...task, parent: 8 } : task));
    expect(chartPatch(data, { ...data, tasks: moved })).toBeNull();
    const parent = data.tasks.map((task) => (task.id === 3 ? { ...task, open: true } : task));
    expect(chartPatch(data, { ...data, tasks: parent })).toBeNull();
  });

  it('clears every task’s place when a row opens or closes, so no link is drawn to a hidden task (issue 32)', () => {
    const summary = data.tasks.find((task) => task.open === true) as ChartTask;
    const closedData = buildChartData(tasks, schedule(tasks), new Set([summary.id]));
    const patch = chartPatch(data, closedData);
    expect(patch?.tasks.map((entry) => Object.keys(entry.fields))).toContainEqual(['open']);
    const chart = fakeSvarStore(data);
    applyChartPatch(chart.store, patch as NonNullable<typeof patch>);
    expect([...chart.places.values()].every((place) => place.$y === 0)).toBe(true);
    // an edit of dates alone keeps the places
    const other = fakeSvarStore(data);
    const moved = { ...data, tasks: data.tasks.map((task, index) => (index === 3 ? { ...task, progress: 50 } : task)) };
    applyChartPatch(other.store, chartPatch(data, moved) as NonNullable<ReturnType<typeof chartPatch>>);
    expect([...other.places.values()].every((place) => place.$y === 32)).toBe(true);
  });

  it('adds, removes and replaces links by id', () => {
    const [first, second, ...rest] = data.links;
    if (!first || !second) throw new Error('no links');
    const patch = chartPatch(data, {
      ...data,
      links: [{ ...first, type: 's2s' }, ...rest, { id: '1_9', source: 1, target: 9, type: 'e2s' }],
    });
    expect(patch?.removeLinks.sort()).toEqual([first.id, second.id].sort());
    expect(patch?.addLinks).toEqual([
      { ...first, type: 's2s' },
      { id: '1_9', source: 1, target: 9, type: 'e2s' },
    ]);
  });
});

describe('applyChartPatch on SVAR’s own data store (issue 32, speed)', () => {
  it('places the bars it moves as SVAR’s full layout does, and SVAR lays out nothing more', () => {
    const next = random(32);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    let tasks = project();
    let scheduled = schedule(tasks);
    let closed = new Set<number>();
    let shown = buildChartData(tasks, scheduled, closed);
    let chart = svarStore(shown);
    let placedHere = 0;
    for (let step = 0; step < 200; step += 1) {
      const leaves = tasks.filter((task) => !tasks.some((other) => other.parentId === task.id));
      const leaf = pick(leaves);
      const at = scheduled.get(leaf.id) as ScheduledTask;
      const kind = pick(['move', 'resize', 'duration', 'milestone', 'link', 'close', 'open']);
      let edit: GanttEdit | null = null;
      if (kind === 'move')
        edit = moveGanttTask(tasks, leaf.id, nextIso(at.start, Math.floor(next() * 9) - 4), calendar);
      if (kind === 'resize') {
        edit = resizeGanttTask(tasks, leaf.id, at.start, nextIso(at.end, Math.floor(next() * 7) - 2), calendar);
      }
      if (kind === 'duration')
        edit = updateGanttTask(tasks, leaf.id, { ...leaf, duration: 1 + Math.floor(next() * 6) });
      if (kind === 'milestone') edit = updateGanttTask(tasks, leaf.id, { ...leaf, duration: 0 });
      if (kind === 'link') edit = addGanttLink(tasks, pick(leaves).id, leaf.id, pick<LinkType>(['FS', 'SS', 'FF']), 0);
      if (kind === 'close') closed = new Set([...closed, pick(tasks.filter((task) => task.parentId === undefined)).id]);
      if (kind === 'open') closed = new Set();
      if (edit?.ok) {
        const result = scheduleDraft(edit.tasks, calendar);
        if (result.ok) {
          tasks = edit.tasks;
          scheduled = new Map(result.tasks.map((task) => [task.id, task]));
        }
      }
      const built = buildChartData(tasks, scheduled, closed, '', undefined, undefined, shown);
      const patch = chartPatch(shown, built);
      if (!patch) {
        chart = svarStore(built);
      } else {
        applyChartPatch(chart.store, patch);
        const moved = patch.tasks.some(({ fields }) => 'start' in fields);
        // placed here, not by SVAR (a bar placed wrong here is not put right by a layout of SVAR's)
        if (patch.sameStart && moved && !patch.tasks.some(({ fields }) => 'open' in fields)) placedHere += 1;
      }
      // the reference: the same build given to a new store, laid out by SVAR from nothing
      const fresh = svarStore(built);
      expect(chart.placed()).toEqual(fresh.placed());
      expect(chart.linkPaths()).toEqual(fresh.linkPaths());
      expect(chart.scale()).toEqual(fresh.scale());
      shown = built;
    }
    // the fast path ran, on moves, stretches and milestones
    expect(placedHere).toBeGreaterThan(20);
  });

  it('widens the scale when the finish moves later, and leaves the layout to SVAR when the start moves', () => {
    const tasks = project();
    const shown = buildChartData(tasks, schedule(tasks), new Set());
    const last = tasks[tasks.length - 1] as GanttDraftTask;
    const longer = updateGanttTask(tasks, last.id, { ...last, duration: last.duration + 20 });
    if (!longer.ok) throw new Error('edit refused');
    const built = buildChartData(longer.tasks, schedule(longer.tasks), new Set(), '', undefined, undefined, shown);
    const patch = chartPatch(shown, built);
    expect(patch).toMatchObject({ sameStart: true, sameEnd: false });
    const chart = svarStore(shown);
    applyChartPatch(chart.store, patch as NonNullable<typeof patch>);
    expect(chart.placed()).toEqual(svarStore(built).placed());
    expect(chart.scale()).toEqual(svarStore(built).scale());
    // the first task two weeks earlier: every bar's place changes
    const first = tasks[1] as GanttDraftTask;
    const earlier = moveGanttTask(tasks, first.id, '2025-02-17', calendar);
    if (!earlier.ok) throw new Error('edit refused');
    const moved = buildChartData(earlier.tasks, schedule(earlier.tasks), new Set(), '', undefined, undefined, shown);
    const early = chartPatch(shown, moved);
    expect(early?.sameStart).toBe(false);
    const other = svarStore(shown);
    applyChartPatch(other.store, early as NonNullable<typeof early>);
    expect(other.placed()).toEqual(svarStore(moved).placed());
    expect(other.scale()).toEqual(svarStore(moved).scale());
  });
});
