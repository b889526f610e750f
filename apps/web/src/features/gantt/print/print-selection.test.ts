import { WorkingCalendar, scheduleDraft } from '@cimiento/domain';
import type { GanttDraftTask, ScheduledTask } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { defaultLinkLabels } from '../chart/gantt-chart-data';
import type { PrintState } from './print-request';
import { printInputOf } from './print-request';
import {
  THREE_WEEK_DAYS,
  readPrintWindow,
  rowsWindow,
  threeWeekRowIds,
  threeWeekWindow,
  visibleRowIds,
} from './print-selection';
import type { SelectionRow } from './print-selection';

const calendar = new WorkingCalendar('mon-fri', () => [], 2026);

/*
 * A small building: 1 Edificio > 2 Torre A > (3 Excavación, 4 Fundaciones), 5 Torre B > (6 Losa,
 * 7 Muros), 8 Entrega (a milestone). Fixed dates: Excavación from Monday 02-03-2026 (10 days),
 * Fundaciones after it, Losa from 06-04-2026, Muros far later (01-09-2026), the handover at the end.
 */
function building(): GanttDraftTask[] {
  const task = (id: number, fields: Partial<GanttDraftTask>): GanttDraftTask => ({
    id,
    code: `C${id}`,
    name: `Tarea ${id}`,
    start: '2026-03-02',
    duration: 5,
    progress: 0,
    predecessors: [],
    ...fields,
  });
  return [
    task(1, { name: 'Edificio' }),
    task(2, { parentId: 1, name: 'Torre A' }),
    task(3, { parentId: 2, name: 'Excavación', duration: 10 }),
    task(4, { parentId: 2, name: 'Fundaciones', predecessors: [{ predecessorId: 3, type: 'FS', lag: 0 }] }),
    task(5, { parentId: 1, name: 'Torre B' }),
    task(6, { parentId: 5, name: 'Losa', start: '2026-04-06' }),
    task(7, { parentId: 5, name: 'Muros', start: '2026-09-01' }),
    task(8, { parentId: 1, name: 'Entrega', start: '2026-09-30', duration: 0 }),
  ];
}

function stateOf(tasks: GanttDraftTask[], change: Partial<PrintState> = {}): PrintState {
  const result = scheduleDraft(tasks, calendar);
  if (!result.ok) throw new Error(result.error);
  const scheduled = new Map<number, ScheduledTask>(result.tasks.map((computed) => [computed.id, computed]));
  return {
    tasks,
    scheduled,
    closed: new Set(),
    search: '',
    baseline: new Map(),
    baselineId: null,
    calendar,
    lateOnly: false,
    cutoff: null,
    progressAmounts: null,
    ...change,
  };
}

const request = { mode: 'screen' as const, columns: [], paper: 'A4' as const, linkLabels: defaultLinkLabels };

describe('the rows the screen shows (built as the chart builds them)', () => {
  it('prints every row expanded, in tree order', () => {
    expect(printInputOf(stateOf(building()), request).rowIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('prints a collapsed summary as one row, its children (and theirs) left out', () => {
    // 'Contraer todo' closes every summary: only the root shows
    expect(printInputOf(stateOf(building(), { closed: new Set([1, 2, 5]) }), request).rowIds).toEqual([1]);
    // Torre A collapsed, Torre B open
    expect(printInputOf(stateOf(building(), { closed: new Set([2]) }), request).rowIds).toEqual([1, 2, 5, 6, 7, 8]);
    // a closed summary under a closed one stays hidden when the upper one opens
    expect(printInputOf(stateOf(building(), { closed: new Set([2, 5]) }), request).rowIds).toEqual([1, 2, 5, 8]);
  });

  it('prints the search as the chart shows it: the matches and their summaries, opened', () => {
    const state = stateOf(building(), { search: 'losa', closed: new Set([1, 5]) });
    expect(printInputOf(state, request).rowIds).toEqual([1, 5, 6]);
  });

  it("prints 'Atrasadas': only the late tasks against the baseline and their summaries", () => {
    // the baseline had Losa finishing on 06-04 (it now finishes on 10-04: late); every other task on time
    const tasks = building();
    const plain = stateOf(tasks);
    const baseline = new Map(
      [...plain.scheduled.values()].map((computed) => [
        computed.id,
        { start: computed.start, finish: computed.end, duration: computed.duration },
      ]),
    );
    baseline.set(6, { start: '2026-04-06', finish: '2026-04-06', duration: 1 });
    const state = stateOf(tasks, { baseline, baselineId: 'lb1', lateOnly: true });
    const input = printInputOf(state, request);
    expect(input.rowIds).toEqual([1, 5, 6]);
    // the baseline is shown: its bars print
    expect(input.baseline).toBe(baseline);
  });

  it('passes the cut-off when there is one, the baseline only when one is chosen', () => {
    const without = printInputOf(stateOf(building()), request);
    expect(without.cutOff).toBeUndefined();
    expect(without.baseline).toBeUndefined();
    expect(printInputOf(stateOf(building(), { cutoff: '2026-03-16' }), request).cutOff).toBe('2026-03-16');
  });

  it("prints the chart's visible columns with the screen's texts", () => {
    const input = printInputOf(stateOf(building()), {
      ...request,
      columns: [
        { id: 'taskId', title: 'Id' },
        { id: 'code', title: 'Código' },
        { id: 'text', title: 'Nombre' },
        { id: 'workDays', title: 'Duración' },
        { id: 'predecessors', title: 'Predecesoras' },
      ],
    });
    const columns = input.columns ?? [];
    expect(columns.map((column) => column.title)).toEqual(['Id', 'Código', 'Nombre', 'Duración', 'Predecesoras']);
    const state = stateOf(building());
    const task4 = state.tasks[3] as GanttDraftTask;
    const cells = columns.map((column) =>
      column.value({ task: task4, computed: state.scheduled.get(4) as ScheduledTask }),
    );
    expect(cells[0]).toBe('4');
    expect(cells[1]).toBe('C4');
    expect(cells[2]).toBe('Fundaciones');
    expect(cells[3]).toBe('5');
    // the predecessor as the grid spells it (code and name)
    expect(cells[4]).toContain('C3');
  });
});

describe('visibleRowIds', () => {
  const row = (id: number, parent: number, open?: boolean): SelectionRow => ({
    id,
    parent,
    ...(open !== undefined && { open }),
    type: open === undefined ? 'task' : 'summary',
    startIso: '2026-03-02',
    endIso: '2026-03-06',
    progress: 0,
  });

  it('keeps a row whose parent the chart does not show at the top, as the chart does', () => {
    expect(visibleRowIds([row(1, 0, false), row(2, 1), row(3, 99)])).toEqual([1, 3]);
  });
});

describe("'Programa a 3 semanas'", () => {
  it('runs from the cut-off (else today) to three weeks later', () => {
    expect(THREE_WEEK_DAYS).toBe(21);
    expect(threeWeekWindow('2026-03-09', '2026-07-01')).toEqual({ start: '2026-03-09', end: '2026-03-30' });
    expect(threeWeekWindow(null, '2026-12-20')).toEqual({ start: '2026-12-20', end: '2027-01-10' });
  });

  it('prints the tasks under way or starting in the window, with their summaries, whatever the outline', () => {
    // window 09-03 … 30-03: Excavación (02-03 … 13-03) is under way, Fundaciones (16-03 … 20-03)
    // starts in it; Losa starts on 06-04 (after it), Muros and Entrega months later
    const state = stateOf(building(), { closed: new Set([1, 2, 5]) });
    const window = threeWeekWindow('2026-03-09', '2026-01-01');
    const input = printInputOf(state, { ...request, mode: 'three-weeks', window });
    expect(input.rowIds).toEqual([1, 2, 3, 4]);
    expect(input.window).toEqual(window);
    // the window a week later takes Losa and leaves the finished excavation out
    const later = printInputOf(state, { ...request, mode: 'three-weeks', window: threeWeekWindow('2026-03-16', '') });
    expect(later.rowIds).toEqual([1, 2, 4, 5, 6]);
  });

  it('leaves finished tasks out (done at a cut-off or at 100 %)', () => {
    const rows: SelectionRow[] = [
      { id: 1, parent: 0, open: true, type: 'summary', startIso: '2026-03-02', endIso: '2026-03-20', progress: 50 },
      { id: 2, parent: 1, type: 'task', startIso: '2026-03-02', endIso: '2026-03-10', progress: 100 },
      { id: 3, parent: 1, type: 'task', startIso: '2026-03-02', endIso: '2026-03-10', progress: 0, status: 'done' },
      { id: 4, parent: 1, type: 'task', startIso: '2026-03-02', endIso: '2026-03-20', progress: 40, status: 'started' },
      { id: 5, parent: 0, type: 'milestone', startIso: '2026-03-30', endIso: '2026-03-30', progress: 0 },
      { id: 6, parent: 0, type: 'milestone', startIso: '2026-03-31', endIso: '2026-03-31', progress: 0 },
    ];
    expect(threeWeekRowIds(rows, { start: '2026-03-09', end: '2026-03-30' })).toEqual([1, 4, 5]);
  });
});

describe('the print dialog’s dates', () => {
  it("reads 'Desde' and 'Hasta' typed as dd-mm-aaaa", () => {
    expect(readPrintWindow('02-03-2026', '30/03/2026')).toEqual({
      ok: true,
      window: { start: '2026-03-02', end: '2026-03-30' },
    });
    expect(readPrintWindow(' 2-3-2026 ', '2-3-2026')).toEqual({
      ok: true,
      window: { start: '2026-03-02', end: '2026-03-02' },
    });
  });

  it('says what is wrong at each field and gives no window', () => {
    expect(readPrintWindow('31-02-2026', 'abc')).toEqual({ ok: false, errors: { start: 'format', end: 'format' } });
    expect(readPrintWindow('10-03-2026', '09-03-2026')).toEqual({ ok: false, errors: { end: 'order' } });
    expect(readPrintWindow('01-01-2026', '01-01-2206')).toEqual({ ok: false, errors: { end: 'tooLong' } });
  });

  it('defaults to the whole span of the rows', () => {
    expect(
      rowsWindow([
        { startIso: '2026-03-02', endIso: '2026-03-13' },
        { startIso: '2026-01-05', endIso: '2026-02-01' },
        { startIso: '2026-04-01', endIso: '2026-09-30' },
      ]),
    ).toEqual({ start: '2026-01-05', end: '2026-09-30' });
    expect(rowsWindow([])).toBeNull();
  });
});
