import { describe, expect, it } from 'vitest';
import { edpItemInputSchema } from '../functions/edp-contracts';
import { ganttTaskInputSchema } from '../functions/gantt-contracts';
import { MspdiImportError, importedProjectRecords } from './imported-project';
import type { ImportedSchedule, ImportedTask } from './types';

const task = (uid: number, name: string, extra: Partial<ImportedTask> = {}): ImportedTask => ({
  uid,
  name,
  duration: 1,
  summary: false,
  progress: 0,
  start: '2025-03-03',
  ...extra,
});

const schedule = (tasks: ImportedTask[], links: ImportedSchedule['links'] = []): ImportedSchedule => ({
  projectName: 'Edificio Ñuñoa',
  projectStart: '2025-03-03',
  calendarName: 'Standard',
  calendar: { workingWeekdays: [1, 2, 3, 4, 5], exceptions: [] },
  tasks,
  links,
  warnings: [],
});

describe('importedProjectRecords', () => {
  const sample = schedule(
    [
      task(10, 'Obra gruesa', { summary: true, duration: 7 }),
      task(11, 'Excavación', { parentUid: 10, duration: 3, progress: 40 }),
      task(12, 'Fundaciones', { parentUid: 10, duration: 4, start: '2025-03-10' }),
      task(20, 'Terminaciones', { summary: true }),
      task(21, 'Pintura', { parentUid: 20, duration: 5 }),
      task(30, 'Entrega', { duration: 0 }),
    ],
    [
      { from: 11, to: 12, type: 'FS', lag: 0 },
      { from: 10, to: 20, type: 'SS', lag: 2 },
      { from: 21, to: 30, type: 'FF', lag: -1 },
    ],
  );

  it('makes the EDP root (id 1, the project code and name) and one item per task in outline order', () => {
    const records = importedProjectRecords(sample, { code: 'NUN' });
    expect(records.edpItems).toEqual([
      { id: 1, code: 'NUN', name: 'Edificio Ñuñoa' },
      { id: 2, parentId: 1, code: 'NUN.1', name: 'Obra gruesa' },
      { id: 3, parentId: 2, code: 'NUN.1.1', name: 'Excavación' },
      { id: 4, parentId: 2, code: 'NUN.1.2', name: 'Fundaciones' },
      { id: 5, parentId: 1, code: 'NUN.2', name: 'Terminaciones' },
      { id: 6, parentId: 5, code: 'NUN.2.1', name: 'Pintura' },
      { id: 7, parentId: 1, code: 'NUN.3', name: 'Entrega' },
    ]);
    expect(records.warnings).toEqual([]);
  });

  it('mirrors every item with a Gantt task (same id, sourceKey edp:{id}) and maps the links UID → id', () => {
    const records = importedProjectRecords(sample, { code: 'NUN', name: 'Otro nombre' });
    expect(records.tasks[0]).toEqual({
      id: 1,
      sourceKey: 'edp:1',
      code: 'NUN',
      name: 'Otro nombre',
      start: '2025-03-03',
      duration: 0,
      progress: 0,
    });
    expect(records.tasks.slice(1, 4)).toEqual([
      {
        id: 2,
        sourceKey: 'edp:2',
        parentId: 1,
        code: 'NUN.1',
        name: 'Obra gruesa',
        start: '2025-03-03',
        duration: 7,
        progress: 0,
      },
      {
        id: 3,
        sourceKey: 'edp:3',
        parentId: 2,
        code: 'NUN.1.1',
        name: 'Excavación',
        start: '2025-03-03',
        duration: 3,
        progress: 40,
      },
      {
        id: 4,
        sourceKey: 'edp:4',
        parentId: 2,
        code: 'NUN.1.2',
        name: 'Fundaciones',
        start: '2025-03-10',
        duration: 4,
        progress: 0,
      },
    ]);
    expect(records.edpItems.map((item) => item.id)).toEqual(records.tasks.map((item) => item.id));
    expect(records.links).toEqual([
      { from: 3, to: 4, type: 'FS', lag: 0 },
      { from: 2, to: 5, type: 'SS', lag: 2 },
      { from: 6, to: 7, type: 'FF', lag: -1 },
    ]);
  });

  it('produces items and tasks the EDP and Gantt input schemas accept; long names are cut with a warning', () => {
    const long = 'Hormigonado '.repeat(30);
    const records = importedProjectRecords(schedule([task(1, long), task(2, '   ')]), { code: 'NUN' });
    expect(records.edpItems[1]?.name).toBe(long.slice(0, 200));
    expect(records.edpItems[2]?.name).toBe('Tarea 2');
    expect(records.warnings).toEqual([`Se acortaron a 200 caracteres los nombres de: ${long.slice(0, 40)}….`]);
    for (const item of records.edpItems) expect(edpItemInputSchema.safeParse(item).success).toBe(true);
    for (const row of records.tasks) {
      const parsed = ganttTaskInputSchema.safeParse({
        TaskID: row.id,
        TaskCode: row.code,
        TaskName: row.name,
        StartDate: row.start,
        Duration: row.duration,
        Progress: row.progress,
        ParentId: row.parentId ?? null,
      });
      expect(parsed.success).toBe(true);
    }
  });

  it('refuses an outline so deep that a code would pass 100 characters', () => {
    const deep = Array.from({ length: 60 }, (_, i) => task(i + 1, `N${i + 1}`, i === 0 ? {} : { parentUid: i }));
    expect(() => importedProjectRecords(schedule(deep), { code: 'NUN' })).toThrow(MspdiImportError);
    expect(() => importedProjectRecords(schedule(deep), { code: 'NUN' })).toThrow(/supera los 100 caracteres/);
  });

  describe("the file's own codes (issue 34)", () => {
    const coded = (codes: (string | undefined)[]) =>
      schedule(
        sample.tasks.map((item, index) => {
          const code = codes[index];
          return code === undefined ? item : { ...item, fileCode: code };
        }),
        sample.links,
      );

    it('become the EDP codes when every task has one, unique and nested like the outline', () => {
      const records = importedProjectRecords(coded(['OG', 'OG.A1000', 'OG.A1010', 'TER', 'TER.A2000', 'H-FIN']), {
        code: 'NUN',
      });
      expect(records.edpItems.map((item) => item.code)).toEqual([
        'NUN',
        'OG',
        'OG.A1000',
        'OG.A1010',
        'TER',
        'TER.A2000',
        'H-FIN',
      ]);
      expect(records.tasks.map((item) => item.code)).toEqual(records.edpItems.map((item) => item.code));
      expect(records.warnings).toEqual([]);
    });

    it("take a code that extends a holder's above its summary (our own export: an activity under its EDP item)", () => {
      const records = importedProjectRecords(
        schedule([
          task(10, 'Piso 1', { summary: true, fileCode: 'ELA.1' }),
          task(11, 'Moldaje', { summary: true, parentUid: 10, fileCode: 'ELA.1.M.1' }),
          task(12, 'Excavar', { parentUid: 11, fileCode: 'ELA.1.ACT1' }),
        ]),
        { code: 'RT' },
      );
      expect(records.edpItems.map((item) => item.code)).toEqual(['RT', 'ELA.1', 'ELA.1.M.1', 'ELA.1.ACT1']);
      expect(records.warnings).toEqual([]);
    });

    it.each([
      [['OG', 'OG.1', 'OG.2', 'TER', 'TER.1', undefined], 'una tarea no tiene código'],
      [['OG', 'OG.1', 'og.1', 'TER', 'TER.1', 'FIN'], 'el código og.1 se repite'],
      [['OG', 'OG.1', 'OG.2', 'TER', 'TER.1', 'nun'], 'el código nun se repite'],
      [
        ['OG', 'OG.1', 'OG.2', 'TER', 'X.1', 'FIN'],
        'el código X.1 no comienza con el de ninguna tarea que lo contiene (TER)',
      ],
      [
        ['OG', 'OG.1', 'OG.2', 'TER', 'TER.1', 'F'.repeat(101)],
        `el código ${'F'.repeat(40)}… tiene más de 100 caracteres`,
      ],
    ])('else the outline numbers, with a warning that says why (%j)', (codes, reason) => {
      const records = importedProjectRecords(coded(codes), { code: 'NUN' });
      expect(records.edpItems.map((item) => item.code)).toEqual([
        'NUN',
        'NUN.1',
        'NUN.1.1',
        'NUN.1.2',
        'NUN.2',
        'NUN.2.1',
        'NUN.3',
      ]);
      expect(records.warnings).toEqual([
        `No se usaron los códigos del archivo (${reason}): el EDP se numeró por posición.`,
      ]);
    });
  });
});
