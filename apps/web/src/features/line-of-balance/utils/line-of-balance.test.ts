import { dayNumber } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import type { LobTask } from './line-of-balance';
import {
  activityColor,
  bandGeometry,
  chartRange,
  clashDates,
  fitPxPerDay,
  levelOfScale,
  lineOfBalance,
  lobFileName,
  lowerTicks,
  monthStarts,
  pointsText,
  spanRuns,
} from './line-of-balance';

const d = (iso: string) => dayNumber(iso);

/**
 * The Gantt's rows for 'Edificio Los Aromos' (edp:1): Torre 1 (edp:2) and Torre 2 (edp:6), each with
 * Piso 1–3; each floor's EDC: M Estructura (summary) · Moldaje (3 working days) · Hormigonar (2).
 * Two crews: the towers run side by side, floor after floor.
 *   Moldaje     P1 05–07 Jan · P2 08–12 Jan · P3 13–15 Jan        (both towers)
 *   Hormigonar  P1 08–09 Jan · P2 13–14 Jan · P3 16–19 Jan        (Torre 1)
 *               P1 08–09 Jan · P2 12–13 Jan · P3 16–19 Jan        (Torre 2: floor 2 a day early)
 * Torre 2's floor 2 is concreted on Monday 12 while its formwork runs to that day: one clash.
 * A task the user added ('Instalación de faenas', no sourceKey) is left out.
 */
function building(): LobTask[] {
  const tasks: LobTask[] = [];
  let id = 0;
  const add = (task: Omit<LobTask, 'TaskID'>): number => {
    id += 1;
    tasks.push({ TaskID: id, ...task });
    return id;
  };
  const summary = (name: string, sourceKey: string, parent: number | null) =>
    add({
      TaskName: name,
      StartDate: '2026-01-05',
      EndDate: '2026-01-19',
      ParentId: parent,
      isSummary: true,
      sourceKey,
    });
  const root = summary('Edificio Los Aromos', 'edp:1', null);
  const moldaje: Record<string, string[]> = {
    '1': ['2026-01-05', '2026-01-07'],
    '2': ['2026-01-08', '2026-01-12'],
    '3': ['2026-01-13', '2026-01-15'],
  };
  const hormigonar: Record<string, Record<string, string[]>> = {
    '1': { '1': ['2026-01-08', '2026-01-09'], '2': ['2026-01-13', '2026-01-14'], '3': ['2026-01-16', '2026-01-19'] },
    '2': { '1': ['2026-01-08', '2026-01-09'], '2': ['2026-01-12', '2026-01-13'], '3': ['2026-01-16', '2026-01-19'] },
  };
  let item = 1;
  for (const tower of ['1', '2']) {
    item += 1;
    const towerTask = summary(`Torre ${tower}`, `edp:${item}`, root);
    for (const floor of ['1', '2', '3']) {
      item += 1;
      const floorTask = summary(`Piso ${floor}`, `edp:${item}`, towerTask);
      const main = summary('Estructura', `edc:${item}:m`, floorTask);
      const [ms, me] = moldaje[floor] as string[];
      add({
        TaskName: 'Moldaje',
        StartDate: ms as string,
        EndDate: me as string,
        ParentId: main,
        isSummary: false,
        sourceKey: `edc:${item}:act1`,
      });
      const [hs, he] = hormigonar[tower]?.[floor] as string[];
      add({
        TaskName: 'Hormigonar',
        StartDate: hs as string,
        EndDate: he as string,
        ParentId: main,
        isSummary: false,
        sourceKey: `edc:${item}:act2`,
      });
    }
  }
  add({
    TaskName: 'Instalación de faenas',
    StartDate: '2026-01-05',
    EndDate: '2026-01-05',
    ParentId: null,
    isSummary: false,
  });
  return tasks;
}

describe('lineOfBalance', () => {
  it('puts the six floors up the side in EDP order, grouped by tower, the shared root left out', () => {
    const plan = lineOfBalance(building());
    expect(plan.locations.map((location) => location.label)).toEqual([
      'Torre 1 › Piso 1',
      'Torre 1 › Piso 2',
      'Torre 1 › Piso 3',
      'Torre 2 › Piso 1',
      'Torre 2 › Piso 2',
      'Torre 2 › Piso 3',
    ]);
    expect(plan.locations.map((location) => [location.edpItemId, location.group, location.name])).toEqual([
      [3, 'Torre 1', 'Piso 1'],
      [4, 'Torre 1', 'Piso 2'],
      [5, 'Torre 1', 'Piso 3'],
      [7, 'Torre 2', 'Piso 1'],
      [8, 'Torre 2', 'Piso 2'],
      [9, 'Torre 2', 'Piso 3'],
    ]);
    expect(plan.userTasks).toBe(1);
  });

  it('makes one line per activity, one span per location, from the start of StartDate to the end of EndDate', () => {
    const plan = lineOfBalance(building());
    expect(plan.activities.map((activity) => activity.name)).toEqual(['Moldaje', 'Hormigonar']);
    const [moldaje, hormigonar] = plan.activities;
    expect(moldaje?.spans.map((span) => [span.location, span.start, span.end])).toEqual([
      [0, d('2026-01-05'), d('2026-01-08')],
      [1, d('2026-01-08'), d('2026-01-13')],
      [2, d('2026-01-13'), d('2026-01-16')],
      [3, d('2026-01-05'), d('2026-01-08')],
      [4, d('2026-01-08'), d('2026-01-13')],
      [5, d('2026-01-13'), d('2026-01-16')],
    ]);
    expect(hormigonar?.spans.map((span) => [span.location, span.start, span.end])).toEqual([
      [0, d('2026-01-08'), d('2026-01-10')],
      [1, d('2026-01-13'), d('2026-01-15')],
      [2, d('2026-01-16'), d('2026-01-20')],
      [3, d('2026-01-08'), d('2026-01-10')],
      [4, d('2026-01-12'), d('2026-01-14')],
      [5, d('2026-01-16'), d('2026-01-20')],
    ]);
    // two crews: both towers' floor at once
    expect(plan.activities.map((activity) => activity.crews)).toEqual([2, 2]);
    expect([plan.firstDay, plan.lastDay]).toEqual([d('2026-01-05'), d('2026-01-20')]);
  });

  it("finds the one clash: Torre 2's floor 2 concreted on Monday 12 while its formwork runs", () => {
    const plan = lineOfBalance(building());
    expect(plan.clashes).toEqual([{ location: 4, activities: [0, 1], start: d('2026-01-12'), end: d('2026-01-13') }]);
    expect(clashDates(plan.clashes[0] as (typeof plan.clashes)[number])).toEqual({
      from: '2026-01-12',
      to: '2026-01-12',
    });
  });

  it('a span ending the day another starts is no clash, and one crew runs the floors one after the other', () => {
    const plan = lineOfBalance(building().filter((task) => !/^edp:[6-9]$|^edc:[7-9]:/.test(task.sourceKey ?? 'user')));
    expect(plan.locations).toHaveLength(3);
    expect(plan.clashes).toEqual([]);
    expect(plan.activities.map((activity) => activity.crews)).toEqual([1, 1]);
  });

  it('merges two leaves of one name at a location, and leaves out a location without activities', () => {
    const tasks: LobTask[] = [
      {
        TaskID: 1,
        TaskName: 'Obra',
        StartDate: '2026-03-02',
        EndDate: '2026-03-20',
        isSummary: true,
        sourceKey: 'edp:1',
      },
      {
        TaskID: 2,
        TaskName: 'Losa',
        StartDate: '2026-03-02',
        EndDate: '2026-03-20',
        ParentId: 1,
        isSummary: true,
        sourceKey: 'edp:2',
      },
      {
        TaskID: 3,
        TaskName: 'Pintura',
        StartDate: '2026-03-02',
        EndDate: '2026-03-03',
        ParentId: 2,
        isSummary: false,
        sourceKey: 'edc:2:a',
      },
      {
        TaskID: 4,
        TaskName: 'Pintura',
        StartDate: '2026-03-09',
        EndDate: '2026-03-10',
        ParentId: 2,
        isSummary: false,
        sourceKey: 'edc:2:b',
      },
      // an EDP leaf with no EDC: not a location
      {
        TaskID: 5,
        TaskName: 'Fachada',
        StartDate: '2026-03-02',
        EndDate: '2026-03-06',
        ParentId: 1,
        isSummary: false,
        sourceKey: 'edp:3',
      },
    ];
    const plan = lineOfBalance(tasks);
    expect(plan.locations.map((location) => location.label)).toEqual(['Losa']);
    expect(plan.activities).toEqual([
      {
        name: 'Pintura',
        spans: [{ location: 0, start: d('2026-03-02'), end: d('2026-03-11'), taskIds: [3, 4] }],
        crews: 1,
      },
    ]);
    expect(plan.userTasks).toBe(0);
  });

  it('has nothing to draw for a Gantt of the user’s tasks only', () => {
    const plan = lineOfBalance([
      { TaskID: 1, TaskName: 'Tarea', StartDate: '2026-01-05', EndDate: '2026-01-06', isSummary: false },
    ]);
    expect(plan).toEqual({ locations: [], activities: [], clashes: [], firstDay: 0, lastDay: 0, userTasks: 1 });
  });
});

describe('the geometry', () => {
  it('splits an activity into runs of neighbouring rows of one tower: missing at a location, or at a tower change', () => {
    const span = (location: number) => ({ location, start: 0, end: 1, taskIds: [] });
    const locations = ['T1', 'T1', 'T1', 'T1', 'T1', 'T2', 'T2'].map((group) => ({ group }));
    const runs = spanRuns([span(0), span(1), span(3), span(4), span(5), span(6)], locations);
    expect(runs.map((run) => run.map((each) => each.location))).toEqual([
      [0, 1],
      [3, 4],
      [5, 6],
    ]);
  });

  it('draws a band: per row a rectangle, the first location lowest, joined by the start and finish lines', () => {
    // 10 px a day from day 100; rows of 40 px, the band 50 % of them: 10 px in from each edge
    const x = (day: number) => (day - 100) * 10;
    const rows = { rowTop: (location: number) => (1 - location) * 40, rowHeight: 40, bandShare: 0.5 };
    const band = bandGeometry(
      [
        { location: 0, start: 100, end: 103, taskIds: [1] },
        { location: 1, start: 103, end: 105, taskIds: [2] },
      ],
      x,
      rows,
    );
    expect(band.startLine).toEqual([
      [0, 70],
      [0, 50],
      [30, 30],
      [30, 10],
    ]);
    expect(band.finishLine).toEqual([
      [30, 70],
      [30, 50],
      [50, 30],
      [50, 10],
    ]);
    expect(pointsText(band.polygon)).toBe('0,70 0,50 30,30 30,10 50,10 50,30 30,50 30,70');
  });

  it('spans whole weeks, Monday to Monday', () => {
    // Friday 2 January to Monday 19 January (exclusive 20): from Monday 29 December to Monday 26 January
    expect(chartRange({ firstDay: d('2026-01-02'), lastDay: d('2026-01-20') })).toEqual({
      from: d('2025-12-29'),
      to: d('2026-01-26'),
    });
  });

  it("fits the days to the width ('Ajustar') and picks the ticks that read at that scale", () => {
    expect(fitPxPerDay(28, 840)).toBe(30);
    expect(fitPxPerDay(100, 840)).toBe(8.4);
    expect(fitPxPerDay(2000, 840)).toBe(1);
    expect([levelOfScale(30), levelOfScale(18), levelOfScale(12), levelOfScale(5), levelOfScale(3.3)]).toEqual([
      'day',
      'day',
      'week',
      'week',
      'month',
    ]);
  });

  it('ticks by day, by Monday and by month', () => {
    expect(monthStarts(d('2025-12-29'), d('2026-03-01'))).toEqual([d('2026-01-01'), d('2026-02-01')]);
    expect(monthStarts(d('2026-01-01'), d('2026-01-05'))).toEqual([d('2026-01-01')]);
    expect(lowerTicks('week', d('2025-12-29'), d('2026-01-26'))).toEqual([
      d('2025-12-29'),
      d('2026-01-05'),
      d('2026-01-12'),
      d('2026-01-19'),
    ]);
    expect(lowerTicks('day', d('2026-01-05'), d('2026-01-08'))).toEqual([
      d('2026-01-05'),
      d('2026-01-06'),
      d('2026-01-07'),
    ]);
  });

  it('names the files and colours the activities, distinct and repeating dashed past ten', () => {
    expect(lobFileName('ELA', 'png')).toBe('ELA-linea-de-balance.png');
    expect(lobFileName('ob ra/1', 'pdf')).toBe('ob_ra_1-linea-de-balance.pdf');
    const light = Array.from({ length: 10 }, (_, index) => activityColor(index, 'light').color);
    expect(new Set(light).size).toBe(10);
    expect(activityColor(10, 'light')).toEqual({ color: light[0], dashed: true });
    expect(activityColor(0, 'dark')).toEqual({ color: '#64b5f6', dashed: false });
  });
});
