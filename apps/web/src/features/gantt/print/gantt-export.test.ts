import { describe, expect, it } from 'vitest';
import { ganttFileName, readChartColumns, readChartView } from './gantt-export';

const tasks = Array.from({ length: 40 }, (_, index) => ({ id: index + 1 }));

describe('readChartView', () => {
  it('reads the rows from the first one scrolled to and the days in view on a day scale', () => {
    const view = readChartView(
      {
        _tasks: tasks,
        scrollTop: 5 * 32 + 10,
        scrollLeft: 3 * 12,
        cellHeight: 32,
        _scales: { start: new Date(2026, 0, 1), lengthUnit: 'day', lengthUnitWidth: 12 },
      },
      12 * 20,
      32 * 10,
    );
    expect(view).toEqual({
      rowIds: tasks.map((task) => task.id),
      firstRow: 5,
      rowCount: 10,
      start: '2026-01-04',
      end: '2026-01-24',
    });
  });

  it('follows a week or a month scale, and stops at the last row', () => {
    const weeks = readChartView(
      {
        _tasks: tasks,
        scrollTop: 38 * 30,
        cellHeight: 30,
        scrollLeft: 0,
        _scales: { start: new Date(2026, 0, 5), lengthUnit: 'week', lengthUnitWidth: 70 },
      },
      140,
      600,
    );
    expect(weeks).toMatchObject({ firstRow: 38, rowCount: 2, start: '2026-01-05', end: '2026-01-19' });
    const months = readChartView(
      {
        _tasks: tasks,
        cellHeight: 30,
        scrollLeft: 100,
        _scales: { start: new Date(2026, 0, 1), lengthUnit: 'month', lengthUnitWidth: 100 },
      },
      150,
      300,
    );
    expect(months).toMatchObject({ start: '2026-02-01', end: '2026-03-16' });
  });

  it('says nothing when the chart has no rows or no scale yet', () => {
    expect(readChartView({ _tasks: [], cellHeight: 32 }, 100, 100)).toBeUndefined();
    expect(readChartView({ _tasks: tasks, cellHeight: 32 }, 100, 100)).toBeUndefined();
  });
});

describe('ganttFileName', () => {
  it('names the file by the project code and the day, keeping letters and digits', () => {
    expect(ganttFileName('ELA/01 Ñuñoa', 'pdf', new Date(2026, 2, 4))).toBe('gantt-ELA_01_Ñuñoa-20260304.pdf');
    expect(ganttFileName('ELA', 'png', new Date(2026, 11, 31))).toBe('gantt-ELA-20261231.png');
  });
});

describe('readChartColumns (issue 32)', () => {
  it("reads the chart's shown columns in order with their titles, leaving the hidden ones out", () => {
    expect(
      readChartColumns({
        columns: [
          { id: 'taskId', header: [{ text: 'Id' }], hidden: true },
          { id: 'code', header: [{ text: 'Código' }] },
          { id: 'text', header: 'Nombre' },
          { id: 'workDays', header: [{ text: 'Duración' }], hidden: false },
          { id: 7, header: 'not a column id' },
        ],
      }),
    ).toEqual([
      { id: 'code', title: 'Código' },
      { id: 'text', title: 'Nombre' },
      { id: 'workDays', title: 'Duración' },
    ]);
    expect(readChartColumns({})).toEqual([]);
  });
});
