import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EdcItem } from '../edc/generate-edc';
import { generateEdc } from '../edc/generate-edc';
import type { EdpItem } from '../edp/generate-edp';
import type { Component } from '../functions/catalogue-contracts';
import { edcSourceKey, edpSourceKey, parseGanttSourceKey } from '../edp/source-keys';
import { ganttSources, mergeGanttTasks } from './build-gantt';
import type { GanttTaskRecord } from './build-gantt';
import { WorkingCalendar } from './calendar';
import { hasCycle, reconcileGeneratedLinks } from './generated-links';
import { schedule } from './schedule';
import type { ScheduledTask } from './schedule-types';
import { sequencingModes } from '../functions/gantt-contracts';
import type { SequencingMode } from '../functions/gantt-contracts';
import type { SequenceLink } from './sequence-gantt';
import { sequenceGantt } from './sequence-gantt';

/**
 * The sequencing rules of issue 13 (docs/SEQUENCING.md), one describe per rule, on small projects
 * whose links and dates were worked out by hand; then properties on random catalogues.
 */

const activity = (code: string, name: string, priority: number, duration: number) => ({
  _id: `act-${code}`,
  id: `act-${code}`,
  code,
  name,
  priority,
  duration,
});

/** A component with one subcomponent per entry, each with its activities (priority, duration). */
function component(
  code: string,
  priority: number,
  subs: { code: string; priority: number; activities: [code: string, priority: number, duration: number][] }[],
): Component {
  return {
    _id: `comp-${code}`,
    id: `comp-${code}`,
    code,
    name: `Componente ${code}`,
    priority,
    subcomponents: subs.map((sub, index) => ({
      id: index + 1,
      code: sub.code,
      name: `Sub ${sub.code}`,
      priority: sub.priority,
      actividades: sub.activities.map(([actCode, actPriority, duration]) =>
        activity(actCode, `Actividad ${actCode}`, actPriority, duration),
      ),
    })),
  };
}

/** An EDP item's EDC after dropping these components (each on system S1, or the given one). */
function edcOf(edpCode: string, drops: (Component | [Component, string])[]): EdcItem[] {
  let items: EdcItem[] = [];
  for (const drop of drops) {
    const [comp, system] = Array.isArray(drop) ? drop : [drop, 'S1'];
    const result = generateEdc({
      edpItem: { code: edpCode },
      system: { code: system },
      components: [comp],
      existing: items,
    });
    if (!result.ok) throw new Error(result.error);
    items = [...items, ...result.items];
  }
  return items;
}

/** A link as "item code/EDC item name → item code/EDC item name", readable in expectations. */
function named(
  links: readonly SequenceLink[],
  edp: readonly EdpItem[],
  edc: ReadonlyMap<number, readonly EdcItem[]>,
): string[] {
  const label = (key: string) => {
    const parsed = parseGanttSourceKey(key);
    if (!parsed) return key;
    const item = edp.find((candidate) => candidate.id === parsed.edpItemId);
    const edcItem = edc.get(parsed.edpItemId)?.find((candidate) => candidate.code.toLowerCase() === parsed.edcCode);
    return `${item?.name}/${edcItem?.name ?? ''}`;
  };
  return links.map((link) => `${label(link.from)} → ${label(link.to)}`);
}

// one subcomponent, two activities: Moldaje (priority 1, 3 days), Hormigonado (priority 2, 2 days)
const losa = component('LOS', 1, [
  {
    code: 'LOSA',
    priority: 1,
    activities: [
      ['MOL', 1, 3],
      ['HOR', 2, 2],
    ],
  },
]);

/** A tower of three floors, each with the slab component: the "3 floors × 2 activities". */
function threeFloors() {
  const edp: EdpItem[] = [
    { id: 1, code: 'P', name: 'Proyecto' },
    { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
    { id: 3, parentId: 2, code: 'P.1.1', name: 'Piso 1' },
    { id: 4, parentId: 2, code: 'P.1.2', name: 'Piso 2' },
    { id: 5, parentId: 2, code: 'P.1.3', name: 'Piso 3' },
  ];
  const edc = new Map<number, EdcItem[]>([
    [3, edcOf('P.1.1', [losa])],
    [4, edcOf('P.1.2', [losa])],
    [5, edcOf('P.1.3', [losa])],
  ]);
  return { edp, edc };
}

/** Builds the Gantt as a first load does and schedules it on a plain Monday–Friday calendar. */
function buildAndSchedule(edp: EdpItem[], edc: Map<number, EdcItem[]>, mode: SequencingMode) {
  const merged = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03');
  const links = reconcileGeneratedLinks({
    tasks: merged.tasks,
    links: [],
    sequence: sequenceGantt(edp, edc, mode),
    removed: new Set(),
  }).links;
  const result = schedule(merged.tasks, links, new WorkingCalendar('mon-fri', () => [], 2025));
  if (!result.ok) throw new Error(result.error);
  const byName = new Map<string, ScheduledTask>();
  merged.tasks.forEach((task, index) => {
    const parsed = parseGanttSourceKey(task.sourceKey);
    const item = edp.find((candidate) => candidate.id === parsed?.edpItemId);
    byName.set(`${item?.name}/${task.name}`, result.tasks[index] as ScheduledTask);
  });
  return { tasks: merged.tasks, links, byName, result };
}

describe('rule 1: a leaf task lasts its activity’s catalogue duration', () => {
  it('gives new activity tasks the copied duration, summaries roll up, and a 0 is a milestone', () => {
    const hito = component('HIT', 1, [{ code: 'REC', priority: 1, activities: [['RECEP', 1, 0]] }]);
    const edp: EdpItem[] = [
      { id: 1, code: 'P', name: 'Proyecto' },
      { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
    ];
    const edc = new Map([[2, edcOf('P.1', [losa, hito])]]);
    const tasks = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03').tasks;
    const durations = Object.fromEntries(tasks.map((task) => [task.name, task.duration]));
    expect(durations['Actividad MOL']).toBe(3);
    expect(durations['Actividad HOR']).toBe(2);
    expect(durations['Actividad RECEP']).toBe(0);
  });

  it('gives a leaf without a catalogue duration (typed by hand, or saved before issue 13) 5 days', () => {
    const edp: EdpItem[] = [{ id: 1, code: 'P', name: 'Proyecto' }];
    const edc = new Map<number, EdcItem[]>([
      [
        1,
        [
          { code: 'M', name: 'Manual', parentCode: 'P', kind: 'main' },
          { code: 'M.1', name: 'Sub', parentCode: 'M', kind: 'sub' },
          { code: 'A1', name: 'Aseo', parentCode: 'M.1', kind: 'activity' },
        ],
      ],
    ]);
    const tasks = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03').tasks;
    expect(tasks.find((task) => task.name === 'Aseo')?.duration).toBe(5);
  });

  it('leaves the duration of a task that already exists as the user left it', () => {
    const { edp, edc } = threeFloors();
    const first = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03').tasks;
    const edited = first.map((task) => (task.name === 'Actividad MOL' ? { ...task, duration: 9 } : task));
    const again = mergeGanttTasks(edited, [], ganttSources(edp, edc), '2025-03-03').tasks;
    expect(again.filter((task) => task.name === 'Actividad MOL').map((task) => task.duration)).toEqual([9, 9, 9]);
  });
});

describe('rule 2: within one subcomponent, activities follow each other in priority order', () => {
  it('links each activity to the next priority, finish-to-start', () => {
    const edp: EdpItem[] = [
      { id: 1, code: 'P', name: 'Proyecto' },
      { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
    ];
    const edc = new Map([[2, edcOf('P.1', [losa])]]);
    expect(named(sequenceGantt(edp, edc, 'priority'), edp, edc)).toEqual(['Torre/Actividad MOL → Torre/Actividad HOR']);
  });

  it('runs equal priorities in parallel: both precede the next priority, neither precedes the other', () => {
    const muros = component('MUR', 1, [
      {
        code: 'MURO',
        priority: 1,
        activities: [
          ['ENF', 1, 2],
          ['ARM', 1, 4],
          ['HOR', 2, 1],
          ['DES', 3, 1],
        ],
      },
    ]);
    const edp: EdpItem[] = [{ id: 1, code: 'P', name: 'Proyecto' }];
    const edc = new Map([[1, edcOf('P', [muros])]]);
    expect(named(sequenceGantt(edp, edc, 'priority'), edp, edc)).toEqual([
      'Proyecto/Actividad ARM → Proyecto/Actividad HOR',
      'Proyecto/Actividad ENF → Proyecto/Actividad HOR',
      'Proyecto/Actividad HOR → Proyecto/Actividad DES',
    ]);
    // hand-checked: ENF (2 d) and ARM (4 d) start together; HOR waits for the longer one
    const { byName } = buildAndSchedule(edp, edc, 'priority');
    expect(byName.get('Proyecto/Actividad ENF')?.start).toBe('2025-03-03');
    expect(byName.get('Proyecto/Actividad ARM')?.start).toBe('2025-03-03');
    expect(byName.get('Proyecto/Actividad HOR')?.start).toBe('2025-03-07');
    expect(byName.get('Proyecto/Actividad DES')?.start).toBe('2025-03-10');
    expect(byName.get('Proyecto/Actividad ENF')?.critical).toBe(false);
    expect(byName.get('Proyecto/Actividad ARM')?.critical).toBe(true);
  });
});

describe('rule 3: within one main component, subcomponents follow each other in priority order', () => {
  const estructura = component('EST', 1, [
    {
      code: 'FUND',
      priority: 1,
      activities: [
        ['EXC', 1, 2],
        ['HFU', 2, 1],
      ],
    },
    { code: 'PIL', priority: 2, activities: [['API', 1, 2]] },
    { code: 'VIG', priority: 2, activities: [['AVI', 1, 1]] },
    { code: 'LOS', priority: 3, activities: [['ALO', 1, 3]] },
  ]);

  it('links the last activities of a subcomponent group to the first ones of the next; equal priorities in parallel', () => {
    const edp: EdpItem[] = [{ id: 1, code: 'P', name: 'Proyecto' }];
    const edc = new Map([[1, edcOf('P', [estructura])]]);
    expect(named(sequenceGantt(edp, edc, 'priority'), edp, edc)).toEqual([
      'Proyecto/Actividad EXC → Proyecto/Actividad HFU',
      'Proyecto/Actividad HFU → Proyecto/Actividad API',
      'Proyecto/Actividad HFU → Proyecto/Actividad AVI',
      'Proyecto/Actividad API → Proyecto/Actividad ALO',
      'Proyecto/Actividad AVI → Proyecto/Actividad ALO',
    ]);
  });

  it('keeps a subcomponent without activities in the chain: it is a leaf task of its own', () => {
    const conHueco = component('HUE', 1, [
      { code: 'A', priority: 1, activities: [['X1', 1, 1]] },
      { code: 'B', priority: 2, activities: [] },
      { code: 'C', priority: 3, activities: [['X2', 1, 1]] },
    ]);
    const edp: EdpItem[] = [{ id: 1, code: 'P', name: 'Proyecto' }];
    const edc = new Map([[1, edcOf('P', [conHueco])]]);
    expect(named(sequenceGantt(edp, edc, 'priority'), edp, edc)).toEqual([
      'Proyecto/Actividad X1 → Proyecto/Sub B',
      'Proyecto/Sub B → Proyecto/Actividad X2',
    ]);
  });

  it('runs different main components and different systems of one item in parallel', () => {
    const edp: EdpItem[] = [{ id: 1, code: 'P', name: 'Proyecto' }];
    const edc = new Map([[1, edcOf('P', [losa, [losa, 'S2'], estructura])]]);
    const links = sequenceGantt(edp, edc, 'train');
    // only rule 2 and 3 links inside each main item: 1 for each slab, 5 for the structure
    expect(links).toHaveLength(7);
    const mainOf = new Map<string, string>();
    const list = edc.get(1) as EdcItem[];
    const parentOf = new Map(list.map((item) => [item.code.toLowerCase(), item.parentCode.toLowerCase()]));
    for (const item of list) {
      let code = item.code.toLowerCase();
      while (parentOf.get(code) !== 'p') code = parentOf.get(code) as string;
      mainOf.set(edcSourceKey(1, item.code), code);
    }
    for (const link of links) expect(mainOf.get(link.from)).toBe(mainOf.get(link.to));
  });
});

describe('rule 4: work train across repeated items (3 floors × 2 activities)', () => {
  it('starts each activity on a floor after the same activity has finished on the floor below', () => {
    const { edp, edc } = threeFloors();
    expect(named(sequenceGantt(edp, edc, 'train'), edp, edc)).toEqual([
      'Piso 1/Actividad MOL → Piso 1/Actividad HOR',
      'Piso 2/Actividad MOL → Piso 2/Actividad HOR',
      'Piso 3/Actividad MOL → Piso 3/Actividad HOR',
      'Piso 1/Actividad MOL → Piso 2/Actividad MOL',
      'Piso 1/Actividad HOR → Piso 2/Actividad HOR',
      'Piso 2/Actividad MOL → Piso 3/Actividad MOL',
      'Piso 2/Actividad HOR → Piso 3/Actividad HOR',
    ]);
  });

  it('staggers the floors: they overlap as on a real high-rise, and only the formwork chain is critical', () => {
    const { byName } = buildAndSchedule(threeFloors().edp, threeFloors().edc, 'train');
    const dates = (name: string) => [byName.get(name)?.start, byName.get(name)?.end];
    // hand-checked on Monday–Friday from Monday 2025-03-03: MOL 3 days, HOR 2 days
    expect(dates('Piso 1/Actividad MOL')).toEqual(['2025-03-03', '2025-03-05']);
    expect(dates('Piso 1/Actividad HOR')).toEqual(['2025-03-06', '2025-03-07']);
    expect(dates('Piso 2/Actividad MOL')).toEqual(['2025-03-06', '2025-03-10']);
    expect(dates('Piso 2/Actividad HOR')).toEqual(['2025-03-11', '2025-03-12']);
    expect(dates('Piso 3/Actividad MOL')).toEqual(['2025-03-11', '2025-03-13']);
    expect(dates('Piso 3/Actividad HOR')).toEqual(['2025-03-14', '2025-03-17']);
    // floor 2's formwork overlaps floor 1's concreting: the crews move floor to floor
    const critical = [...byName]
      .filter(([name, task]) => name.includes('Actividad') && task.critical)
      .map(([name]) => name);
    expect(critical.sort()).toEqual([
      'Piso 1/Actividad MOL',
      'Piso 2/Actividad MOL',
      'Piso 3/Actividad HOR',
      'Piso 3/Actividad MOL',
    ]);
    expect(byName.get('Piso 1/Actividad HOR')?.totalFloat).toBe(2);
    expect(byName.get('Piso 2/Actividad HOR')?.totalFloat).toBe(1);
  });

  it('links only siblings that share the activity: a floor without it is passed over', () => {
    const soloMoldaje = component('LOS', 1, [{ code: 'LOSA', priority: 1, activities: [['MOL', 1, 3]] }]);
    const { edp } = threeFloors();
    const edc = new Map<number, EdcItem[]>([
      [3, edcOf('P.1.1', [losa])],
      [4, edcOf('P.1.2', [soloMoldaje])],
      [5, edcOf('P.1.3', [losa])],
    ]);
    expect(named(sequenceGantt(edp, edc, 'train'), edp, edc)).toEqual([
      'Piso 1/Actividad MOL → Piso 1/Actividad HOR',
      'Piso 3/Actividad MOL → Piso 3/Actividad HOR',
      'Piso 1/Actividad MOL → Piso 2/Actividad MOL',
      'Piso 2/Actividad MOL → Piso 3/Actividad MOL',
      'Piso 1/Actividad HOR → Piso 3/Actividad HOR',
    ]);
  });

  it('follows the EDP order of the siblings (Subterráneo → Primer piso → Piso tipo → Cubierta)', () => {
    const edp: EdpItem[] = [
      { id: 1, code: 'P', name: 'Proyecto' },
      { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
      { id: 5, parentId: 2, code: 'P.1.1', name: 'Subterráneo' },
      { id: 3, parentId: 2, code: 'P.1.2', name: 'Primer piso' },
      { id: 4, parentId: 2, code: 'P.1.3', name: 'Cubierta' },
    ];
    const soloMoldaje = component('LOS', 1, [{ code: 'LOSA', priority: 1, activities: [['MOL', 1, 3]] }]);
    const edc = new Map<number, EdcItem[]>([
      [3, edcOf('P.1.2', [soloMoldaje])],
      [4, edcOf('P.1.3', [soloMoldaje])],
      [5, edcOf('P.1.1', [soloMoldaje])],
    ]);
    expect(named(sequenceGantt(edp, edc, 'train'), edp, edc)).toEqual([
      'Subterráneo/Actividad MOL → Primer piso/Actividad MOL',
      'Primer piso/Actividad MOL → Cubierta/Actividad MOL',
    ]);
  });

  it('is not applied by "Secuencia por prioridad" nor by "Sin secuencia"', () => {
    const { edp, edc } = threeFloors();
    expect(sequenceGantt(edp, edc, 'priority')).toHaveLength(3);
    expect(sequenceGantt(edp, edc, 'none')).toEqual([]);
  });
});

describe('rule 4b (issue 35): the train with crews, 2 towers × 4 floors × 3 trades', () => {
  // one subcomponent, three trades in order: formwork 2 days, rebar 1 day, concrete 1 day
  const slab = component('LOS', 1, [
    {
      code: 'LOSA',
      priority: 1,
      activities: [
        ['MOL', 1, 2],
        ['ENF', 2, 1],
        ['HOR', 3, 1],
      ],
    },
  ]);
  /** Torre A (A1–A4) and Torre B (B1–B4); each trade's activity done by its crew resource, 1 crew a task. */
  function towers() {
    const edp: EdpItem[] = [{ id: 1, code: 'E', name: 'Edificio' }];
    const edc = new Map<number, EdcItem[]>();
    let id = 1;
    for (const tower of ['A', 'B']) {
      const towerId = ++id;
      edp.push({ id: towerId, parentId: 1, code: `E.${tower}`, name: `Torre ${tower}` });
      for (let floor = 1; floor <= 4; floor += 1) {
        const floorId = ++id;
        const code = `E.${tower}.${floor}`;
        edp.push({ id: floorId, parentId: towerId, code, name: `${tower}${floor}` });
        edc.set(
          floorId,
          edcOf(code, [slab]).map((item) =>
            item.kind === 'activity' && item.sourceId !== undefined
              ? { ...item, resourceId: `crew-${item.sourceId}`, crews: 1 }
              : item,
          ),
        );
      }
    }
    return { edp, edc };
  }
  function scheduled(crews: number) {
    const { edp, edc } = towers();
    const merged = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03');
    const sequence = sequenceGantt(edp, edc, 'train', () => crews);
    const links = reconcileGeneratedLinks({ tasks: merged.tasks, links: [], sequence, removed: new Set() }).links;
    const result = schedule(merged.tasks, links, new WorkingCalendar('mon-fri', () => [], 2025));
    if (!result.ok) throw new Error(result.error);
    const at = (floor: string, trade: string) => {
      const index = merged.tasks.findIndex((task) => {
        const parsed = parseGanttSourceKey(task.sourceKey);
        return edp.find((item) => item.id === parsed?.edpItemId)?.name === floor && task.name === `Actividad ${trade}`;
      });
      const found = result.tasks[index] as ScheduledTask;
      return [found.start, found.end];
    };
    return { sequence: named(sequence, edp, edc), at, finish: result.projectFinish };
  }

  it('one crew per trade: it moves floor by floor up Torre A, then through Torre B', () => {
    const { sequence, at, finish } = scheduled(1);
    // each trade's single run, A1 → … → A4 → B1 → … → B4
    for (const trade of ['MOL', 'ENF', 'HOR']) {
      const run = sequence.filter(
        (link) => link.endsWith(`/Actividad ${trade}`) && link.includes(`Actividad ${trade} →`),
      );
      expect(run).toEqual([
        `A1/Actividad ${trade} → A2/Actividad ${trade}`,
        `A2/Actividad ${trade} → A3/Actividad ${trade}`,
        `A3/Actividad ${trade} → A4/Actividad ${trade}`,
        `A4/Actividad ${trade} → B1/Actividad ${trade}`,
        `B1/Actividad ${trade} → B2/Actividad ${trade}`,
        `B2/Actividad ${trade} → B3/Actividad ${trade}`,
        `B3/Actividad ${trade} → B4/Actividad ${trade}`,
      ]);
    }
    // hand-worked, Monday 3 March 2025 on, Monday–Friday: the floors staggered by the formwork
    // (the slowest trade, 2 days): A1 3–4, A2 5–6, A3 7–10, A4 11–12, B1 13–14 … B4 21–24
    expect(at('A1', 'MOL')).toEqual(['2025-03-03', '2025-03-04']);
    expect(at('A2', 'MOL')).toEqual(['2025-03-05', '2025-03-06']);
    expect(at('B1', 'MOL')).toEqual(['2025-03-13', '2025-03-14']);
    expect(at('B4', 'MOL')).toEqual(['2025-03-21', '2025-03-24']);
    expect(at('A2', 'ENF')).toEqual(['2025-03-07', '2025-03-07']);
    expect(at('B1', 'HOR')).toEqual(['2025-03-18', '2025-03-18']);
    expect(at('B4', 'HOR')).toEqual(['2025-03-26', '2025-03-26']);
    expect(finish).toBe('2025-03-26');
  });

  it('two crews per trade: each tower has its own, and the towers run at once', () => {
    const { sequence, at, finish } = scheduled(2);
    expect(sequence.filter((link) => link.startsWith('A4/') && link.includes('→ B'))).toEqual([]);
    expect(sequence).toContain('B1/Actividad MOL → B2/Actividad MOL');
    expect(at('B1', 'MOL')).toEqual(['2025-03-03', '2025-03-04']);
    expect(at('B4', 'HOR')).toEqual(at('A4', 'HOR'));
    expect(at('A4', 'HOR')).toEqual(['2025-03-14', '2025-03-14']);
    expect(finish).toBe('2025-03-14');
  });

  it('without a resource (or one the catalogue no longer has) the activity follows rule 4', () => {
    const { edp, edc } = towers();
    const withRule4 = sequenceGantt(edp, edc, 'train', () => undefined);
    expect(named(withRule4, edp, edc)).not.toContain('A4/Actividad MOL → B1/Actividad MOL');
    expect(named(withRule4, edp, edc)).toContain('A3/Actividad MOL → A4/Actividad MOL');
  });
});

describe('rule 5: level-1 areas run in parallel (a building plus an urbanisation)', () => {
  const edp: EdpItem[] = [
    { id: 1, code: 'H', name: 'Hospital' },
    { id: 2, parentId: 1, code: 'H.1', name: 'Edificio' },
    { id: 4, parentId: 2, code: 'H.1.1', name: 'Piso 1' },
    { id: 5, parentId: 2, code: 'H.1.2', name: 'Piso 2' },
    { id: 3, parentId: 1, code: 'H.2', name: 'Urbanización' },
    { id: 6, parentId: 3, code: 'H.2.1', name: 'Calles' },
  ];
  const edc = new Map<number, EdcItem[]>([
    [2, edcOf('H.1', [losa])],
    [3, edcOf('H.2', [losa])],
    [4, edcOf('H.1.1', [losa])],
    [5, edcOf('H.1.2', [losa])],
    [6, edcOf('H.2.1', [losa])],
  ]);

  it('never links the building and the urbanisation, nor trains the level-1 items themselves', () => {
    expect(named(sequenceGantt(edp, edc, 'train'), edp, edc)).toEqual([
      'Edificio/Actividad MOL → Edificio/Actividad HOR',
      'Piso 1/Actividad MOL → Piso 1/Actividad HOR',
      'Piso 2/Actividad MOL → Piso 2/Actividad HOR',
      'Urbanización/Actividad MOL → Urbanización/Actividad HOR',
      'Calles/Actividad MOL → Calles/Actividad HOR',
      'Piso 1/Actividad MOL → Piso 2/Actividad MOL',
      'Piso 1/Actividad HOR → Piso 2/Actividad HOR',
    ]);
  });

  it('starts both areas on the project’s first day', () => {
    const { byName } = buildAndSchedule(edp, edc, 'train');
    expect(byName.get('Piso 1/Actividad MOL')?.start).toBe('2025-03-03');
    expect(byName.get('Calles/Actividad MOL')?.start).toBe('2025-03-03');
    expect(byName.get('Urbanización/Actividad MOL')?.start).toBe('2025-03-03');
  });
});

describe('generated links against the user’s (reconcileGeneratedLinks)', () => {
  const { edp, edc } = threeFloors();
  const tasks = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03').tasks;
  const sequence = sequenceGantt(edp, edc, 'train');
  const idOf = (floor: number, name: string) =>
    (tasks.find((task) => task.sourceKey?.startsWith(`edc:${floor}:`) && task.name === name) as GanttTaskRecord).id;

  it('regenerating twice gives the same links', () => {
    const once = reconcileGeneratedLinks({ tasks, links: [], sequence, removed: new Set() });
    const twice = reconcileGeneratedLinks({ tasks, links: once.links, sequence, removed: new Set() });
    expect(twice.links).toEqual(once.links);
    expect([twice.added, twice.dropped, twice.kept]).toEqual([0, 0, 7]);
  });

  it('keeps every user link, and makes no generated link where the user joined the same two tasks', () => {
    const generated = reconcileGeneratedLinks({ tasks, links: [], sequence, removed: new Set() }).links;
    const userLink = { from: idOf(3, 'Actividad HOR'), to: idOf(4, 'Actividad HOR'), type: 'SS' as const, lag: 2 };
    const other = { from: idOf(3, 'Actividad MOL'), to: idOf(5, 'Actividad HOR'), type: 'FS' as const, lag: 0 };
    const withUser = [
      ...generated.filter((link) => !(link.from === userLink.from && link.to === userLink.to)),
      userLink,
      other,
    ];
    const again = reconcileGeneratedLinks({ tasks, links: withUser, sequence, removed: new Set() });
    expect(again.links).toContainEqual(userLink);
    expect(again.links).toContainEqual(other);
    expect(again.links.filter((link) => link.from === userLink.from && link.to === userLink.to)).toEqual([userLink]);
    expect(again.links.filter((link) => link.generated)).toHaveLength(6);
  });

  it('leaves out a generated link the user deleted, by its tasks’ source keys', () => {
    const from = edcSourceKey(3, (edc.get(3) as EdcItem[]).find((item) => item.name === 'Actividad MOL')?.code ?? '');
    const to = edcSourceKey(4, (edc.get(4) as EdcItem[]).find((item) => item.name === 'Actividad MOL')?.code ?? '');
    const result = reconcileGeneratedLinks({ tasks, links: [], sequence, removed: new Set([`${from}>${to}`]) });
    expect(result.links).toHaveLength(6);
    expect(
      result.links.some((link) => link.from === idOf(3, 'Actividad MOL') && link.to === idOf(4, 'Actividad MOL')),
    ).toBe(false);
  });

  it('drops generated links the rules no longer give, and never closes a loop with the user’s links', () => {
    const stale = {
      from: idOf(5, 'Actividad MOL'),
      to: idOf(3, 'Actividad HOR'),
      type: 'FS' as const,
      lag: 0,
      generated: true,
    };
    // the user's link runs floor 3 → floor 2: the generated floor 2 → floor 3 link would close a loop
    const backwards = { from: idOf(5, 'Actividad MOL'), to: idOf(4, 'Actividad MOL'), type: 'FS' as const, lag: 0 };
    const result = reconcileGeneratedLinks({ tasks, links: [stale, backwards], sequence, removed: new Set() });
    expect(result.links).not.toContainEqual(stale);
    expect(result.dropped).toBe(1);
    expect(result.links).toContainEqual(backwards);
    expect(hasCycle(result.links)).toBe(false);
  });

  it('makes no link to a built task the user deleted', () => {
    const without = tasks.filter((task) => task.id !== idOf(4, 'Actividad MOL'));
    const result = reconcileGeneratedLinks({ tasks: without, links: [], sequence, removed: new Set() });
    expect(
      result.links.every((link) => link.from !== idOf(4, 'Actividad MOL') && link.to !== idOf(4, 'Actividad MOL')),
    ).toBe(true);
  });
});

// ---------------------------------------------------------------- properties on random catalogues

const catalogueArbitrary = fc.array(
  fc.record({
    priority: fc.integer({ min: 1, max: 3 }),
    subs: fc.array(
      fc.record({
        priority: fc.integer({ min: 1, max: 3 }),
        activities: fc.array(
          fc.record({ id: fc.integer({ min: 1, max: 6 }), priority: fc.integer({ min: 1, max: 3 }) }),
          {
            maxLength: 4,
          },
        ),
      }),
      { maxLength: 3 },
    ),
  }),
  { minLength: 1, maxLength: 3 },
);

/** Random EDP trees: each item's parent is an earlier item (list in tree order after sorting by path). */
const projectArbitrary = fc
  .record({
    catalogue: catalogueArbitrary,
    parents: fc.array(fc.nat(), { minLength: 1, maxLength: 14 }),
    drops: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('S1', 'S2')), { maxLength: 30 }),
    mode: fc.constantFrom(...sequencingModes),
  })
  .map(({ catalogue, parents, drops, mode }) => {
    const components = catalogue.map((entry, c) =>
      component(`C${c}`, entry.priority, [
        ...entry.subs.map((sub, s) => ({
          code: `C${c}S${s}`,
          priority: sub.priority,
          // an activity appears once per subcomponent, like a ticked catalogue activity
          activities: [...new Map(sub.activities.map((a) => [a.id, a])).values()].map(
            (a) => [`A${a.id}`, a.priority, 1 + (a.id % 4)] as [string, number, number],
          ),
        })),
      ]),
    );
    // tree: item k + 2 hangs from one of the items before it; then depth-first order
    const childrenOf = new Map<number, number[]>();
    parents.forEach((pick, k) => {
      const id = k + 2;
      const parent = 1 + (pick % (id - 1));
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), id]);
    });
    const edp: EdpItem[] = [];
    const walk = (id: number, parentId: number | undefined, code: string) => {
      edp.push(parentId === undefined ? { id, code, name: `Ítem ${id}` } : { id, parentId, code, name: `Ítem ${id}` });
      (childrenOf.get(id) ?? []).forEach((child, index) => walk(child, id, `${code}.${index + 1}`));
    };
    walk(1, undefined, 'P');
    const edc = new Map<number, EdcItem[]>();
    for (const [itemPick, compPick, system] of drops) {
      const item = edp[itemPick % edp.length] as EdpItem;
      const comp = components[compPick % components.length] as Component;
      const existing = edc.get(item.id) ?? [];
      const result = generateEdc({ edpItem: item, system: { code: system }, components: [comp], existing });
      if (result.ok) edc.set(item.id, [...existing, ...result.items]);
    }
    return { edp, edc, mode };
  });

/** The level-1 item an EDP item belongs to (the root for the root itself). */
function areaOf(edp: readonly EdpItem[], id: number): number {
  const byId = new Map(edp.map((item) => [item.id, item]));
  let item = byId.get(id) as EdpItem;
  while (item.parentId !== undefined && byId.get(item.parentId)?.parentId !== undefined)
    item = byId.get(item.parentId) as EdpItem;
  return item.id;
}

describe('sequencing: properties on random catalogues (fast-check)', () => {
  it('never makes a cycle, and every link joins tasks of the same area', () => {
    fc.assert(
      fc.property(projectArbitrary, ({ edp, edc, mode }) => {
        const tasks = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03').tasks;
        const idByKey = new Map(tasks.map((task) => [task.sourceKey as string, task.id]));
        const links = sequenceGantt(edp, edc, mode);
        expect(
          hasCycle(
            links.map((link) => ({ from: idByKey.get(link.from) as number, to: idByKey.get(link.to) as number })),
          ),
        ).toBe(false);
        for (const link of links) {
          const from = parseGanttSourceKey(link.from)?.edpItemId as number;
          const to = parseGanttSourceKey(link.to)?.edpItemId as number;
          expect(areaOf(edp, from)).toBe(areaOf(edp, to));
          // links join leaf tasks (activities), never summaries
          expect(idByKey.has(link.from) && idByKey.has(link.to)).toBe(true);
        }
        // and the engine schedules the generated network
        const result = schedule(
          tasks,
          links.map((link) => ({
            from: idByKey.get(link.from) as number,
            to: idByKey.get(link.to) as number,
            type: 'FS' as const,
            lag: 0,
          })),
          new WorkingCalendar('mon-fri', () => [], 2025),
        );
        expect(result.ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same links every time, and regenerating keeps every user link', () => {
    fc.assert(
      fc.property(
        projectArbitrary,
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
        ({ edp, edc, mode }, picks) => {
          const tasks = mergeGanttTasks([], [], ganttSources(edp, edc), '2025-03-03').tasks;
          const sequence = sequenceGantt(edp, edc, mode);
          expect(sequenceGantt(edp, edc, mode)).toEqual(sequence);
          // user links from an earlier task to a later one in list order: never a loop among themselves
          const userLinks = picks
            .map(([a, b]) => [a % tasks.length, b % tasks.length].sort((x, y) => x - y) as [number, number])
            .filter(([a, b]) => a !== b)
            .map(([a, b]) => ({
              from: (tasks[a] as GanttTaskRecord).id,
              to: (tasks[b] as GanttTaskRecord).id,
              type: 'SS' as const,
              lag: 1,
            }));
          const unique = [...new Map(userLinks.map((link) => [`${link.from}>${link.to}`, link])).values()];
          const once = reconcileGeneratedLinks({ tasks, links: unique, sequence, removed: new Set() });
          const twice = reconcileGeneratedLinks({ tasks, links: once.links, sequence, removed: new Set() });
          expect(twice.links).toEqual(once.links);
          for (const link of unique) expect(twice.links).toContainEqual(link);
          expect(hasCycle(twice.links)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('sequenceGantt on an EDP item without EDC', () => {
  it('makes no links and ignores the summaries', () => {
    const edp: EdpItem[] = [
      { id: 1, code: 'P', name: 'Proyecto' },
      { id: 2, parentId: 1, code: 'P.1', name: 'Torre' },
    ];
    expect(sequenceGantt(edp, new Map(), 'train')).toEqual([]);
    expect(edpSourceKey(2)).toBe('edp:2');
  });
});
