import { describe, expect, it } from 'vitest';
import { readP6File } from './p6-test-support';
import { NOT_XER, decodeXer, parseXer, readXer } from './read-xer';
import type { XerFile } from './read-xer';

function read(name: string, codePage?: 'windows-1252' | 'windows-1251'): XerFile {
  const result = readXer(readP6File(name), codePage);
  if (!result.ok) throw new Error(result.error);
  return result.xer;
}

const count = (xer: XerFile, table: string) => xer.tables.get(table)?.rows.length ?? 0;

/*
 * Every XER file of ../shared/data/p6 with the counts its README lists (rows of PROJECT, TASK,
 * TASKPRED, CALENDAR, RSRC and TASKRSRC), the version and base currency of its ERMHDR line, and the
 * encoding the README found by reading the bytes.
 */
const corpus: Array<[string, string, string, string, number[]]> = [
  ['mpxj-PredecessorCalendar.xer', '8.2.0', 'USD', 'utf-8', [1, 1, 0, 1, 0, 0]],
  ['mpxj-ProjectDefaultCalendar.xer', '8.2.0', 'USD', 'utf-8', [1, 1, 0, 1, 0, 0]],
  ['mpxj-SuccessorCalendar.xer', '8.2.0', 'USD', 'utf-8', [1, 1, 0, 1, 0, 0]],
  ['mpxj-TwentyFourHourCalendar.xer', '8.2.0', 'USD', 'utf-8', [1, 1, 0, 1, 0, 0]],
  ['mpxj-resource-rates-test.xer', '20.12', 'USD', 'windows-1252', [1, 1, 0, 1, 1, 5]],
  ['mpxj-invalid-8.4.xer', '8.4', 'USD', 'windows-1252', [1, 12, 0, 3, 0, 0]],
  ['mpxj-percent-complete-8.4.xer', '8.4', 'USD', 'windows-1252', [1, 12, 0, 1, 0, 0]],
  ['jaggelas-test.xer', '23.12', 'USD', 'windows-1252', [2, 695, 1595, 5, 19, 449]],
  ['aspose-MultiprojectWithExternal.xer', '20.12', 'USD', 'windows-1251', [2, 3, 1, 2, 3, 0]],
  ['aspose-encoding1251.xer', '20.12', 'USD', 'windows-1251', [1, 2, 0, 5, 10, 4]],
  ['aspose-test.xer', '5.0', 'USD', 'windows-1252', [1, 2, 0, 1, 4, 7]],
  ['pyp6xer-SP10-COST-LOADED.xer', '8.1', 'GBP', 'windows-1252', [1, 3994, 5966, 6, 180, 692]],
];

describe('readXer on the P6 corpus (issue 34)', () => {
  it.each(corpus)('%s: ERMHDR %s %s, %s, the README counts', (name, version, currency, encoding, counts) => {
    const xer = read(name);
    expect(xer.header).toMatchObject({ version, currency });
    expect(xer.encoding).toBe(encoding);
    expect(['PROJECT', 'TASK', 'TASKPRED', 'CALENDAR', 'RSRC', 'TASKRSRC'].map((table) => count(xer, table))).toEqual(
      counts,
    );
  });

  it('aspose-ScheduleOptions.xer: 4 projects, no activities, base currency TTD', () => {
    const xer = read('aspose-ScheduleOptions.xer');
    expect(xer.header.currency).toBe('TTD');
    expect(count(xer, 'PROJECT')).toBe(4);
    expect(count(xer, 'TASK')).toBe(0);
  });

  it('reads CP1251 as Cyrillic, and CP1252 punctuation as itself', () => {
    const cyrillic = read('aspose-encoding1251.xer');
    expect(cyrillic.tables.get('TASK')?.rows.map((row) => row['task_name'])).toContain('Задача 1');
    // the same bytes in the code page a user chose instead: no Cyrillic left
    const chosen = read('aspose-encoding1251.xer', 'windows-1252');
    expect(chosen.encoding).toBe('windows-1252');
    expect(chosen.tables.get('TASK')?.rows.map((row) => row['task_name'])).not.toContain('Задача 1');
    // HS2's names carry CP1252's ’ (0x92), a no-break space and é: no replacement character anywhere
    const hs2 = read('pyp6xer-SP10-COST-LOADED.xer');
    const names = hs2.tables.get('TASK')?.rows.map((row) => row['task_name'] ?? '') ?? [];
    expect(names.some((task) => task.includes('\u2019'))).toBe(true);
    expect(names.some((task) => task.includes('\uFFFD'))).toBe(false);
  });

  it('drops the byte-order marks at the start of memo fields, and reads 0x7F pairs as line breaks', () => {
    const xer = read('aspose-test.xer');
    const notes = xer.tables.get('RSRC')?.rows.map((row) => row['rsrc_notes'] ?? '') ?? [];
    expect(notes.length).toBe(4);
    for (const note of notes) {
      expect(note.startsWith('\u00EF\u00BB\u00BF')).toBe(false);
      expect(note.startsWith('\uFEFF')).toBe(false);
    }
    const calendar = read('jaggelas-test.xer').tables.get('CALENDAR')?.rows[0]?.['clndr_data'] ?? '';
    expect(calendar).toContain('\n');
    expect(calendar).not.toContain('\u007F');
  });

  it('pads rows shorter than their field list, and survives a truncated calendar', () => {
    const xer = read('mpxj-PredecessorCalendar.xer');
    const project = xer.tables.get('PROJECT');
    // (the README counts the %F tag among its 67 parts: 66 fields, and rows of 61 values)
    expect(project?.fields.length).toBe(66);
    expect(Object.keys(project?.rows[0] ?? {}).length).toBe(66);
    expect(project?.rows[0]?.[project.fields.at(-1) as string]).toBe('');
    const task = xer.tables.get('TASK');
    expect(task?.fields.length).toBe(59);
    expect(task?.rows[0]?.[task.fields.at(-1) as string]).toBe('');
    expect(count(read('mpxj-invalid-8.4.xer'), 'CALENDAR')).toBe(3);
  });

  it('names what the two projects of a file are: one to import, one carried along (export_flag)', () => {
    const xer = read('jaggelas-test.xer');
    const projects = xer.tables.get('PROJECT')?.rows.map((row) => [row['proj_short_name'], row['export_flag']]);
    expect(projects).toEqual([
      ['935', ''],
      ['10001', 'Y'],
    ]);
    // 10001 (proj_id 4533) holds 692 activities; 935 (4517) the 3 its cross-project links reach
    const tasks = xer.tables.get('TASK')?.rows ?? [];
    expect(tasks.filter((task) => task['proj_id'] === '4533')).toHaveLength(692);
    expect(tasks.filter((task) => task['proj_id'] === '4517')).toHaveLength(3);
  });
});

describe('parseXer refuses what is not XER, in Spanish, naming the line', () => {
  it('a file that does not start with ERMHDR', () => {
    expect(parseXer('<?xml version="1.0"?>')).toEqual({ ok: false, error: NOT_XER });
    expect(parseXer('')).toEqual({ ok: false, error: NOT_XER });
  });

  it('rows before their fields, a row longer than its fields, a table twice, an unknown line', () => {
    const head = 'ERMHDR\t20.12\t2024-06-12\tProject\tadmin\tAdmin\tdb\tProject Management\tUSD';
    expect(parseXer(`${head}\n%T\tTASK\n%R\t1\t2`)).toEqual({
      ok: false,
      error: 'Hay una fila %R antes de la lista de campos %F de su tabla (línea 3)',
    });
    expect(parseXer(`${head}\n%T\tTASK\n%F\ttask_id\n%R\t1\t2\n%E`)).toEqual({
      ok: false,
      error: 'Una fila de TASK tiene 2 valores y la tabla 1 campos (línea 4)',
    });
    expect(parseXer(`${head}\n%T\tTASK\n%F\ttask_id\n%T\tTASK`)).toEqual({
      ok: false,
      error: 'La tabla TASK aparece dos veces (línea 4)',
    });
    expect(parseXer(`${head}\nhola`)).toEqual({ ok: false, error: 'Línea que no es %T, %F, %R ni %E (línea 2)' });
  });

  it('reads a small file whole: CRLF, a short row padded', () => {
    const head = 'ERMHDR\t8.4\t2015-02-25\tProject\tadmin\tAdmin\tdb\tProject Management\tUSD';
    const result = parseXer(`${head}\r\n%T\tTASK\r\n%F\ttask_id\ttask_name\ttask_code\r\n%R\t1\tExcavar\r\n%E\r\n`);
    expect(result).toEqual({
      ok: true,
      xer: {
        header: { version: '8.4', exportDate: '2015-02-25', currency: 'USD' },
        encoding: 'utf-8',
        tables: new Map([
          [
            'TASK',
            {
              name: 'TASK',
              fields: ['task_id', 'task_name', 'task_code'],
              rows: [{ task_id: '1', task_name: 'Excavar', task_code: '' }],
            },
          ],
        ]),
      },
    });
  });

  it("decodes Windows-1252's 0x80–0x9F as the page says (Node's own decoder reads them as Latin-1)", () => {
    const bytes = new Uint8Array([0x80, 0x85, 0x92, 0x93, 0x94, 0x96, 0xa0, 0xe9, 0xf1]);
    expect(decodeXer(bytes)).toEqual({ text: '€…’“”–\u00A0éñ', encoding: 'windows-1252' });
  });

  it('decodes strict UTF-8 first', () => {
    const bytes = new TextEncoder().encode('ERMHDR\t23.12\nÑuñoa');
    expect(decodeXer(bytes)).toEqual({ text: 'ERMHDR\t23.12\nÑuñoa', encoding: 'utf-8' });
  });
});
