import { WorkingCalendar, dayNumber, scheduleDraft } from '@cimiento/domain';
import type { GanttDraftTask, LinkType, ScheduledTask } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import type { GanttPrintInput, GanttPrintLabels, PrintBar, PrintLayout, PrintPage } from './print-model';
import { GRID_COLUMNS, PAPER_SIZES, PRINT_GEOMETRY } from './print-model';
import { layoutGanttPrint } from './gantt-print-layout';
import { clipOrthogonal } from './print-link-routing';
import { rowsPerPage, timelineWidth } from './print-pagination';
import { fitText, helveticaWidth, printableText } from './print-text-metrics';
import { TIMELINE_PAD, chooseTimeScale } from './print-time-scale';

const labels: GanttPrintLabels = {
  title: 'Gantt · Edificio Los Aromos (ELA)',
  exportedAt: 'Exportado el 04-03-2026 14:05',
  info: ({ start, finish, count }) => `Del ${start} al ${finish} · ${count} tareas`,
  page: (number, total) => `Página ${number} de ${total}`,
  cutOff: (date) => `Fecha de corte: ${date}`,
  quarter: (quarter) => `T${quarter}`,
  columns: { code: 'Código', name: 'Nombre', start: 'Inicio', finish: 'Fin', duration: 'Duración' },
  legend: {
    task: 'Tarea',
    critical: 'Tarea crítica',
    summary: 'Resumen',
    milestone: 'Hito',
    link: 'Vínculo',
    criticalLink: 'Vínculo crítico',
  },
};

const calendar = new WorkingCalendar('mon-fri', () => [], 2026);

function task(id: number, fields: Partial<GanttDraftTask> = {}): GanttDraftTask {
  return {
    id,
    code: `T${id}`,
    name: `Tarea ${id}`,
    start: '2026-03-02',
    duration: 5,
    progress: 0,
    predecessors: [],
    ...fields,
  };
}

function schedule(tasks: GanttDraftTask[]): Map<number, ScheduledTask> {
  const result = scheduleDraft(tasks, calendar);
  if (!result.ok) throw new Error(result.error);
  return new Map(result.tasks.map((computed) => [computed.id, computed]));
}

function layout(tasks: GanttDraftTask[], extra: Partial<GanttPrintInput> = {}): PrintLayout {
  return layoutGanttPrint({ tasks, scheduled: schedule(tasks), paper: 'A4', labels, locale: 'es-CL', ...extra });
}

/** `count` tasks in parallel, each starting on its own day within the first `spread` days. */
function parallel(count: number, spread = 20): GanttDraftTask[] {
  return Array.from({ length: count }, (_, index) =>
    task(index + 1, { start: `2026-03-${String(2 + (index % spread)).padStart(2, '0')}` }),
  );
}

function texts(page: PrintPage, role: string): string[] {
  return page.texts.filter((text) => text.role === role).map((text) => text.text);
}

function barOf(page: PrintPage, id: number): PrintBar {
  const bar = page.bars.find((candidate) => candidate.taskId === id);
  if (!bar) throw new Error(`no bar for ${id} on page ${page.number}`);
  return bar;
}

function rowCentre(page: PrintPage, id: number): number {
  const row = page.rows.find((candidate) => candidate.taskId === id);
  if (!row) throw new Error(`no row for ${id}`);
  return row.y + PRINT_GEOMETRY.rowHeight / 2;
}

describe('pages down', () => {
  it('fits 33 rows on an A4 sheet and 50 on an A3 sheet (5 mm rows under an 18 mm header and a 9 mm scale)', () => {
    // A4 landscape: 210 − 2 × 8 margin − 18 − 9 = 167 mm → 33 rows; A3: 297 − 16 − 18 − 9 = 254 mm → 50
    expect(rowsPerPage('A4')).toBe(Math.floor((210 - 16 - 18 - 9) / 5));
    expect(rowsPerPage('A4')).toBe(33);
    expect(rowsPerPage('A3')).toBe(50);
  });

  it.each([
    [1, 'A4', 1],
    [33, 'A4', 1],
    [34, 'A4', 2],
    [500, 'A4', 16],
    [500, 'A3', 10],
    [5000, 'A4', 152],
  ] as const)('%i tasks on %s make %i pages', (count, paper, pages) => {
    const result = layout(parallel(count), { paper });
    expect(result.pagesAcross).toBe(1);
    expect(result.pages).toHaveLength(pages);
    expect(result.pages.length).toBe(Math.ceil(count / rowsPerPage(paper)));
  });

  it('prints every task exactly once, in tree order, with its depth', () => {
    const tasks = [
      task(1, { code: 'G', duration: 0 }),
      ...parallel(80).map((child) => ({ ...child, id: child.id + 1, parentId: 1, code: `G.${child.id}` })),
    ];
    const result = layout(tasks);
    const printed = result.pages.flatMap((page) => page.rows.map((row) => row.taskId));
    expect(printed).toEqual(tasks.map((candidate) => candidate.id));
    expect(result.pages.flatMap((page) => page.bars.map((bar) => bar.taskId))).toEqual(printed);
    expect(result.pages[0]?.rows[0]).toMatchObject({ taskId: 1, depth: 0, isSummary: true });
    expect(result.pages[0]?.rows[1]).toMatchObject({ taskId: 2, depth: 1, isSummary: false });
    // the grid's name is indented by depth (issue 32: the outline in Nombre, Código flat, as on screen)
    const cells = result.pages[0]?.texts.filter((text) => text.role === 'cell') ?? [];
    const [rootName, childName] = cells.filter((text) => /^Tarea /.test(text.text));
    expect((childName?.x ?? 0) - (rootName?.x ?? 0)).toBeCloseTo(PRINT_GEOMETRY.indent);
    const [rootCode, childCode] = cells.filter((text) => /^G/.test(text.text));
    expect(childCode?.x).toBeCloseTo(rootCode?.x ?? Number.NaN);
  });

  it('repeats the page header, the column titles, the legend and the scale on every page', () => {
    const result = layout(parallel(100));
    expect(result.pages).toHaveLength(4);
    for (const page of result.pages) {
      expect(texts(page, 'title')).toEqual(['Gantt · Edificio Los Aromos (ELA)']);
      expect(texts(page, 'page')).toEqual([`Página ${page.number} de 4`]);
      expect(texts(page, 'exported')).toEqual(['Exportado el 04-03-2026 14:05']);
      expect(texts(page, 'info')).toEqual(['Del 02-03-2026 al 27-03-2026 · 100 tareas']);
      expect(texts(page, 'column')).toEqual(['Código', 'Nombre', 'Inicio', 'Fin', 'Duración']);
      expect(texts(page, 'legend')).toEqual([
        'Tarea',
        'Tarea crítica',
        'Resumen',
        'Hito',
        'Vínculo',
        'Vínculo crítico',
      ]);
      expect(page.legend.map((item) => item.kind)).toEqual([
        'task',
        'critical',
        'summary',
        'milestone',
        'link',
        'criticalLink',
      ]);
      expect(texts(page, 'scale').length).toBeGreaterThan(3);
    }
    // the last page's table ends with its last row
    const last = result.pages[3] as PrintPage;
    expect(last.rows).toHaveLength(1);
    expect(last.frame.bodyBottom - last.frame.bodyTop).toBeCloseTo(PRINT_GEOMETRY.rowHeight);
  });

  it('shows a row as the grid does: code, name, start, finish and working days, long names cut with "..."', () => {
    const long = 'Hormigonado de losas y muros perimetrales del tercer subterráneo, sector oriente';
    const result = layout([task(1, { name: long, duration: 7 })]);
    const cells = result.pages[0]?.texts.filter((text) => text.role === 'cell') ?? [];
    expect(cells.map((cell) => cell.text)).toEqual([
      'T1',
      expect.stringMatching(/^Hormigonado de losas .*\.\.\.$/),
      '02-03-2026',
      '10-03-2026',
      '7',
    ]);
    const name = cells[1];
    expect(helveticaWidth(name?.text ?? '', name?.size ?? 7, false)).toBeLessThanOrEqual(GRID_COLUMNS.A4.name - 2);
    expect(name?.maxWidth).toBe(GRID_COLUMNS.A4.name - 2);
  });
});

describe('the time scale', () => {
  it.each([
    ['2026-03-02', '2026-03-27', 'day'],
    ['2026-03-02', '2026-05-29', 'week'],
    ['2026-01-05', '2027-03-31', 'month'],
    ['2026-01-05', '2029-06-30', 'quarter'],
  ] as const)('%s to %s fits one page width at the %s scale', (first, last, unit) => {
    const scale = chooseTimeScale(dayNumber(first), dayNumber(last), timelineWidth('A4'));
    expect(scale.unit).toBe(unit);
    expect(scale.pagesAcross).toBe(1);
    expect(scale.axisStart).toBeLessThanOrEqual(dayNumber(first));
    expect(scale.axisEnd).toBeGreaterThan(dayNumber(last));
    expect((scale.axisEnd - scale.axisStart) * scale.mmPerDay + 2 * TIMELINE_PAD).toBeLessThanOrEqual(
      timelineWidth('A4') + 1e-9,
    );
  });

  it('a wider sheet keeps a finer scale: 10 weeks are weeks on A4 and days on A3', () => {
    expect(chooseTimeScale(dayNumber('2026-03-02'), dayNumber('2026-04-15'), timelineWidth('A4')).unit).toBe('week');
    expect(chooseTimeScale(dayNumber('2026-03-02'), dayNumber('2026-04-15'), timelineWidth('A3')).unit).toBe('day');
  });

  it('covers the whole span: a week scale starts on the Monday on or before the first day', () => {
    const tasks = [task(1, { start: '2026-03-04' }), task(2, { start: '2026-05-20', duration: 3 })];
    const result = layout(tasks);
    expect(result.scale.unit).toBe('week');
    expect(result.scale.axisStart).toBe(dayNumber('2026-03-02'));
    expect(result.scale.axisEnd).toBe(dayNumber('2026-05-25'));
    const page = result.pages[0] as PrintPage;
    expect(page.dayStart).toBe(result.scale.axisStart);
    expect(page.dayEnd).toBe(result.scale.axisEnd);
    // weeks labelled by their Monday, months above
    expect(texts(page, 'scale')).toEqual(expect.arrayContaining(['marzo 2026', 'abril 2026', '02-03', '18-05']));
    // every bar lies inside the timeline
    for (const bar of page.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(page.frame.timelineLeft);
      expect(bar.x + bar.width).toBeLessThanOrEqual(page.frame.timelineRight);
    }
  });

  it('a span too long for quarters goes over several pages across, then down, each repeating the grid', () => {
    const tasks = [
      ...parallel(40),
      task(41, { start: '2026-03-02', duration: 2600 }),
      task(42, { start: '2035-06-01', duration: 5 }),
    ];
    const result = layout(tasks);
    expect(result.scale.unit).toBe('quarter');
    expect(result.pagesAcross).toBeGreaterThan(1);
    expect(result.pagesDown).toBe(2);
    expect(result.pages).toHaveLength(result.pagesAcross * 2);
    // across first: page 2 is the first rows' second column
    expect(result.pages[1]).toMatchObject({ band: 0, column: 1, rowStart: 0 });
    expect(result.pages[result.pagesAcross]).toMatchObject({ band: 1, column: 0, rowStart: 33 });
    // the columns tile the whole axis
    const columns = result.pages.filter((page) => page.band === 0);
    expect(columns[0]?.dayStart).toBe(result.scale.axisStart);
    expect(columns[columns.length - 1]?.dayEnd).toBe(result.scale.axisEnd);
    for (let index = 1; index < columns.length; index += 1) {
      expect(columns[index]?.dayStart).toBeCloseTo(columns[index - 1]?.dayEnd ?? 0, 6);
    }
    // every page repeats the grid rows of its band; the long task's bar is cut at the edges it crosses
    for (const page of result.pages) {
      expect(page.rows.length).toBe(page.band === 0 ? 33 : 9);
      expect(texts(page, 'column')).toHaveLength(5);
    }
    const secondBand = result.pages.filter((page) => page.band === 1);
    const longBars = secondBand.map((page) => page.bars.find((bar) => bar.taskId === 41)).filter(Boolean);
    expect(longBars.length).toBeGreaterThan(1);
    expect(longBars[0]?.cutEnd).toBe(true);
    expect(longBars[1]?.cutStart).toBe(true);
  });
});

describe('links', () => {
  /** Task 1 then task 2 linked by `type`, task 2 starting late enough for a plain connector. */
  function pair(type: LinkType, lag = 0) {
    return [
      task(1, { start: '2026-03-02', duration: 5 }),
      task(2, { start: '2026-03-02', duration: 5, predecessors: [{ predecessorId: 1, type, lag }] }),
    ];
  }

  it.each([
    ['FS', 'end', 'start', 1],
    ['SS', 'start', 'start', 1],
    ['FF', 'end', 'end', -1],
    ['SF', 'start', 'end', -1],
  ] as const)(
    "a %s link leaves the predecessor bar's %s and points into the successor bar's %s",
    (type, out, into, direction) => {
      const result = layout(pair(type, 2));
      const page = result.pages[0] as PrintPage;
      expect(page.links).toHaveLength(1);
      const link = page.links[0];
      const from = barOf(page, 1);
      const to = barOf(page, 2);
      const [firstPoint] = link?.paths[0] ?? [];
      expect(firstPoint?.[0]).toBeCloseTo(out === 'end' ? from.x + from.width : from.x);
      expect(firstPoint?.[1]).toBeCloseTo(rowCentre(page, 1));
      expect(link?.arrow?.x).toBeCloseTo(into === 'end' ? to.x + to.width : to.x);
      expect(link?.arrow?.y).toBeCloseTo(rowCentre(page, 2));
      expect(link?.arrow?.direction).toBe(direction);
      // the last point is the arrowhead's base: the line meets the arrow, not the bar
      const path = link?.paths[link.paths.length - 1] ?? [];
      const last = path[path.length - 1];
      expect(last?.[0]).toBeCloseTo((link?.arrow?.x ?? 0) - direction * PRINT_GEOMETRY.arrowLength);
      // orthogonal: every segment is horizontal or vertical
      for (const piece of link?.paths ?? []) {
        for (let index = 1; index < piece.length; index += 1) {
          const [ax, ay] = piece[index - 1] ?? [0, 0];
          const [bx, by] = piece[index] ?? [0, 0];
          expect(Math.abs(ax - bx) < 1e-9 || Math.abs(ay - by) < 1e-9).toBe(true);
        }
      }
    },
  );

  it("an FS link into a bar that starts where the predecessor ends turns round the successor row's edge", () => {
    const tasks = [
      task(1, { start: '2026-03-02', duration: 3 }),
      task(2, { start: '2026-03-02', duration: 3, predecessors: [{ predecessorId: 1, type: 'FS', lag: 0 }] }),
    ];
    const page = layout(tasks).pages[0] as PrintPage;
    const path = page.links[0]?.paths[0] ?? [];
    expect(path).toHaveLength(6);
    const rowTop = page.rows[1]?.y ?? 0;
    expect(path[2]?.[1]).toBeCloseTo(rowTop);
    expect(path[3]?.[1]).toBeCloseTo(rowTop);
    // it goes back left of the successor's start before entering it
    expect(path[3]?.[0] ?? 0).toBeLessThan(barOf(page, 2).x);
  });

  it("milestones link from and to their diamond's points", () => {
    const tasks = [
      task(1, { start: '2026-03-02', duration: 0 }),
      task(2, { start: '2026-03-09', duration: 2, predecessors: [{ predecessorId: 1, type: 'FS', lag: 0 }] }),
    ];
    const page = layout(tasks).pages[0] as PrintPage;
    const diamond = barOf(page, 1);
    expect(diamond.kind).toBe('milestone');
    expect(page.links[0]?.paths[0]?.[0]?.[0]).toBeCloseTo(diamond.x + PRINT_GEOMETRY.milestoneHalf);
  });

  it('carries the critical flags: bars and the tight links between critical tasks are critical', () => {
    const tasks = [
      task(1, { duration: 5 }),
      task(2, { duration: 5, predecessors: [{ predecessorId: 1, type: 'FS', lag: 0 }] }),
      task(3, { duration: 2 }),
      task(4, { duration: 2, predecessors: [{ predecessorId: 3, type: 'FS', lag: 0 }] }),
    ];
    const page = layout(tasks).pages[0] as PrintPage;
    expect(page.bars.map((bar) => [bar.taskId, bar.critical])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(page.links.map((link) => [link.from, link.to, link.critical])).toEqual([
      [1, 2, true],
      [3, 4, false],
    ]);
  });

  it('a link to a task on the next page leaves this page at its foot and enters the next at its head, with the arrow', () => {
    const tasks = parallel(40);
    tasks[35] = task(36, { start: '2026-03-20', predecessors: [{ predecessorId: 2, type: 'FS', lag: 0 }] });
    const result = layout(tasks);
    const [first, second] = result.pages as [PrintPage, PrintPage];
    const leaving = first.links.find((link) => link.to === 36);
    const entering = second.links.find((link) => link.to === 36);
    expect(leaving?.arrow).toBeUndefined();
    const leavingPath = leaving?.paths[0] ?? [];
    expect(leavingPath[0]?.[0]).toBeCloseTo(barOf(first, 2).x + barOf(first, 2).width);
    expect(leavingPath[leavingPath.length - 1]?.[1]).toBeCloseTo(first.frame.bodyBottom);
    expect(entering?.arrow?.x).toBeCloseTo(barOf(second, 36).x);
    expect(entering?.paths[0]?.[0]?.[1]).toBeCloseTo(second.frame.bodyTop);
    // and the same vertical: the connector is one line cut in two
    expect(entering?.paths[0]?.[0]?.[0]).toBeCloseTo(leavingPath[leavingPath.length - 1]?.[0] ?? Number.NaN);
  });

  it('clipOrthogonal keeps the pieces inside, a run on the bottom edge going to the next frame', () => {
    const points: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 20],
      [30, 20],
    ];
    expect(clipOrthogonal(points, 5, 25, 0, 10)).toEqual([
      [
        [5, 0],
        [10, 0],
        [10, 10],
      ],
    ]);
    expect(clipOrthogonal(points, 5, 25, 10, 20)).toEqual([
      [
        [10, 10],
        [10, 20],
      ],
    ]);
    expect(clipOrthogonal(points, 5, 25, 20, 30)).toEqual([
      [
        [10, 20],
        [25, 20],
      ],
    ]);
  });
});

describe('the cut-off date (tracking)', () => {
  it('draws a line at the start of the cut-off day (where the screen draws it) through the scale and the rows, and names it in the header', () => {
    const result = layout(parallel(40), { cutOff: '2026-03-10' });
    expect(result.pages).toHaveLength(2);
    for (const page of result.pages) {
      const day10 = dayNumber('2026-03-10');
      const expectedX =
        page.frame.timelineLeft + TIMELINE_PAD + (day10 - result.scale.axisStart) * result.scale.mmPerDay;
      expect(page.cutOff?.x).toBeCloseTo(expectedX);
      expect(page.cutOff?.top).toBe(page.frame.tableTop);
      expect(page.cutOff?.bottom).toBe(page.frame.bodyBottom);
      expect(texts(page, 'cutOff')).toEqual(['Fecha de corte: 10-03-2026']);
    }
  });

  it('draws neither without a cut-off date (the screen passes none until tracking exists)', () => {
    const page = layout(parallel(3)).pages[0] as PrintPage;
    expect(page.cutOff).toBeUndefined();
    expect(texts(page, 'cutOff')).toEqual([]);
  });

  it('leaves the line off a page whose time range does not hold the date', () => {
    const page = layout(parallel(3), { cutOff: '2027-01-01' }).pages[0] as PrintPage;
    expect(page.cutOff).toBeUndefined();
    expect(texts(page, 'cutOff')).toEqual(['Fecha de corte: 01-01-2027']);
  });
});

describe('the view (PNG)', () => {
  it('makes one page of the rows in view, from the first one scrolled to, over the dates in view', () => {
    const tasks = parallel(60);
    const rowIds = tasks.map((candidate) => candidate.id).filter((id) => id % 2 === 0);
    const result = layout(tasks, {
      view: { rowIds, firstRow: 5, rowCount: 12, start: '2026-03-09', end: '2026-03-31' },
    });
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0] as PrintPage;
    expect(page.rows.map((row) => row.taskId)).toEqual(rowIds.slice(5, 17));
    expect(result.pageHeight).toBeCloseTo(2 * 8 + 18 + 9 + 12 * PRINT_GEOMETRY.rowHeight);
    expect(result.pageWidth).toBe(PAPER_SIZES.A4.width);
    expect(page.dayStart).toBe(dayNumber('2026-03-09'));
    expect(page.dayEnd).toBe(dayNumber('2026-04-01'));
  });
});

describe('text', () => {
  it('keeps Spanish letters and turns what Helvetica cannot print into plain forms', () => {
    expect(printableText('Ñuñoa – “Año” … 🏗')).toBe('Ñuñoa - "Año" ... ?');
  });

  it('measures Helvetica: "Código" at 7 pt', () => {
    // jsPDF's Helvetica: C 720 + ó 550 + d 550 + i 220 + g 550 + o 550 = 3,140/1,000 em
    expect(helveticaWidth('Código', 7, false)).toBeCloseTo((3.14 * 7 * 25.4) / 72, 6);
    expect(helveticaWidth('Código', 7, true)).toBeGreaterThan(helveticaWidth('Código', 7, false));
  });

  it('fits a text with "..." or drops it when nothing fits', () => {
    expect(fitText('Excavación', 100, 7, false, helveticaWidth)).toBe('Excavación');
    const cut = fitText('Excavación masiva', 10, 7, false, helveticaWidth);
    expect(cut.endsWith('...')).toBe(true);
    expect(helveticaWidth(cut, 7, false)).toBeLessThanOrEqual(10);
    expect(fitText('Excavación', 0.5, 7, false, helveticaWidth)).toBe('');
  });
});

describe('print what you see (issue 32)', () => {
  it('prints only the rows asked for (a collapsed outline), on one page', () => {
    const tasks = [
      task(1, { name: 'Edificio' }),
      ...parallel(80).map((child) => ({ ...child, id: child.id + 1, parentId: 1 })),
    ];
    const result = layout(tasks, { rowIds: [1] });
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0] as PrintPage;
    expect(page.rows.map((row) => row.taskId)).toEqual([1]);
    expect(texts(page, 'cell')).toContain('Edificio');
    expect(texts(page, 'cell')).not.toContain('Tarea 2');
    // no link to a row not printed
    expect(page.links).toEqual([]);
  });

  it('lays the time scale over the window only and cuts the bars at its edges', () => {
    // T1 runs 02-03 … 06-03, T2 09-03 … 13-03 (cut by the window's end on 11-03), T3 from 23-03 (outside)
    const tasks = [task(1), task(2, { start: '2026-03-09' }), task(3, { start: '2026-03-23' })];
    const result = layout(tasks, { window: { start: '2026-03-04', end: '2026-03-11' } });
    const page = result.pages[0] as PrintPage;
    expect(result.scale.axisStart).toBe(dayNumber('2026-03-04'));
    expect(result.scale.axisEnd).toBe(dayNumber('2026-03-12'));
    expect(result.scale.unit).toBe('day');
    // the window fills the timeline
    const left = page.frame.timelineLeft + TIMELINE_PAD;
    const right = page.frame.timelineRight - TIMELINE_PAD;
    expect(result.scale.mmPerDay * 8).toBeCloseTo(right - left);
    const first = barOf(page, 1);
    expect(first.x).toBeCloseTo(left);
    expect(first.cutStart).toBe(true);
    expect(first.cutEnd).toBe(false);
    const second = barOf(page, 2);
    expect(second.x + second.width).toBeCloseTo(right);
    expect(second.cutEnd).toBe(true);
    expect(page.bars.some((bar) => bar.taskId === 3)).toBe(false);
    // the scale's day labels: 4 … 11 only
    expect(texts(page, 'scale').filter((label) => /^\d+$/.test(label))).toEqual([
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
    ]);
    // the header names the window
    expect(texts(page, 'info')[0]).toContain('04-03-2026 al 11-03-2026');
  });

  it('prints the columns asked for, in their order, and leaves out the last ones that do not fit', () => {
    const value = (id: string) => () => id;
    const column = (id: string, width: number) => ({
      id,
      title: id === 'taskId' ? 'Id' : id.toUpperCase(),
      width,
      align: 'left' as const,
      value: value(id),
    });
    const result = layout(parallel(3), {
      columns: [
        column('taskId', 9),
        column('code', 24),
        column('text', 54),
        column('a', 40),
        column('b', 40),
        column('c', 40),
      ],
    });
    // A4: the grid keeps at most 60 % of 281 mm = 168.6 mm: Nombre narrows to 30, then 'c' goes
    expect(result.columns.map((printed) => printed.id)).toEqual(['taskId', 'code', 'text', 'a', 'b']);
    expect(result.columns.find((printed) => printed.id === 'text')?.width).toBe(30);
    const page = result.pages[0] as PrintPage;
    expect(texts(page, 'column')).toEqual(['Id', 'CODE', 'TEXT', 'A', 'B']);
    expect(page.frame.timelineLeft).toBeCloseTo(8 + 9 + 24 + 30 + 40 + 40);
    expect(texts(page, 'cell').slice(0, 5)).toEqual(['taskId', 'code', 'text', 'a', 'b']);
  });

  it('draws each task’s baseline bar in grey at the foot of its row, and names it in the legend', () => {
    const tasks = [task(1), task(2, { start: '2026-03-09' })];
    const baseline = new Map([
      [1, { start: '2026-03-02', finish: '2026-03-04', duration: 3 }],
      [2, { start: '2026-03-05', finish: '2026-03-05', duration: 0 }],
    ]);
    const result = layout(tasks, {
      baseline,
      labels: { ...labels, legend: { ...labels.legend, baseline: 'Línea base' } },
    });
    const page = result.pages[0] as PrintPage;
    const [base1, base2] = page.baselineBars;
    const X = (iso: string) =>
      page.frame.timelineLeft + TIMELINE_PAD + (dayNumber(iso) - result.scale.axisStart) * result.scale.mmPerDay;
    expect(base1?.x).toBeCloseTo(X('2026-03-02'));
    expect((base1?.x ?? 0) + (base1?.width ?? 0)).toBeCloseTo(X('2026-03-05'));
    expect(base2?.isMilestone).toBe(true);
    // under the bar, inside the row
    const row = page.rows[0];
    const bar = barOf(page, 1);
    expect(base1?.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect((base1?.y ?? 0) + (base1?.height ?? 0)).toBeLessThanOrEqual((row?.y ?? 0) + PRINT_GEOMETRY.rowHeight);
    expect(texts(page, 'legend')).toContain('Línea base');
    // without a baseline: none, and no legend entry
    const plain = layout(tasks).pages[0] as PrintPage;
    expect(plain.baselineBars).toEqual([]);
    expect(texts(plain, 'legend')).not.toContain('Línea base');
  });

  it('leaves the cut-off line off when the window does not hold it', () => {
    const tasks = parallel(3);
    const inside = layout(tasks, { cutOff: '2026-03-05', window: { start: '2026-03-02', end: '2026-03-20' } });
    expect(inside.pages[0]?.cutOff).toBeDefined();
    const outside = layout(tasks, { cutOff: '2026-03-25', window: { start: '2026-03-02', end: '2026-03-20' } });
    expect(outside.pages[0]?.cutOff).toBeUndefined();
  });
});
