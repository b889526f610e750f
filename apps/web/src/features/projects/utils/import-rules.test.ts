import { describe, expect, it } from 'vitest';
import type { WeekdayWords } from './import-rules';
import { canCreateImported, describeWeekdays, megabytes, refuseScheduleFile, scheduleFileFormat } from './import-rules';

const names = {
  sun: 'domingo',
  mon: 'lunes',
  tue: 'martes',
  wed: 'miércoles',
  thu: 'jueves',
  fri: 'viernes',
  sat: 'sábado',
};
const words: WeekdayWords = {
  name: (key) => names[key],
  range: (from, to) => `${from} a ${to}`,
  and: ' y ',
  none: 'ningún día',
};

describe("'Importar programa (MS Project o Primavera P6)' rules", () => {
  it('sends a .xml or a .xer of up to 20 MB only, each in its format', () => {
    expect(scheduleFileFormat('Obra.xml')).toBe('mspdi');
    expect(scheduleFileFormat('OBRA.XER')).toBe('xer');
    expect(scheduleFileFormat('Obra.mpp')).toBeUndefined();
    expect(scheduleFileFormat('Obra.pmxml')).toBe('p6xml');
    // a .xml is P6's when its root is P6's, whatever its namespace prefix
    expect(
      scheduleFileFormat('Obra.xml', '\uFEFF<?xml version="1.0"?>\n<!-- P6 -->\n<APIBusinessObjects xmlns="x">'),
    ).toBe('p6xml');
    expect(scheduleFileFormat('Obra.xml', '<p6:APIBusinessObjects>')).toBe('p6xml');
    expect(scheduleFileFormat('Obra.xml', '<Project xmlns="http://schemas.microsoft.com/project">')).toBe('mspdi');
    expect(scheduleFileFormat('Obra.xml', '<APIBusinessObjectsList>')).toBe('mspdi');
    expect(refuseScheduleFile({ name: 'Obra.pmxml', size: 10 })).toBeNull();
    expect(refuseScheduleFile({ name: 'Programa P6.xer', size: 1000 })).toBeNull();
    expect(refuseScheduleFile({ name: 'Programa P6.xer', size: 0 })).toEqual({ kind: 'empty' });
    expect(refuseScheduleFile({ name: 'Obra.xml', size: 1000 })).toBeNull();
    expect(refuseScheduleFile({ name: 'OBRA.XML', size: 20 * 1024 * 1024 })).toBeNull();
    expect(refuseScheduleFile({ name: 'Obra.mpp', size: 1000 })).toEqual({ kind: 'wrongType' });
    expect(refuseScheduleFile({ name: 'xml', size: 1000 })).toEqual({ kind: 'wrongType' });
    expect(refuseScheduleFile({ name: 'Obra.xml', size: 0 })).toEqual({ kind: 'empty' });
    expect(refuseScheduleFile({ name: 'Obra.xml', size: 20 * 1024 * 1024 + 1 })).toEqual({
      kind: 'tooLarge',
      megabytes: '20,0',
    });
    expect(megabytes(21.5 * 1024 * 1024)).toBe('21,5');
  });

  it('words the working weekdays Monday first, runs of three or more as a range', () => {
    expect(describeWeekdays([1, 2, 3, 4, 5], words)).toBe('lunes a viernes');
    expect(describeWeekdays([6, 5, 4, 3, 2, 1], words)).toBe('lunes a sábado');
    expect(describeWeekdays([0, 1, 2, 3, 4, 5, 6], words)).toBe('lunes a domingo');
    expect(describeWeekdays([1, 3, 5], words)).toBe('lunes, miércoles y viernes');
    expect(describeWeekdays([1, 2], words)).toBe('lunes y martes');
    expect(describeWeekdays([1, 2, 3, 4, 6], words)).toBe('lunes a jueves y sábado');
    expect(describeWeekdays([0, 5, 6], words)).toBe('viernes a domingo');
    expect(describeWeekdays([0, 1], words)).toBe('lunes y domingo');
    expect(describeWeekdays([3], words)).toBe('miércoles');
    expect(describeWeekdays([], words)).toBe('ningún día');
  });

  it("allows 'Crear proyecto' with a well-formed code not known to be taken, and a name", () => {
    const available = { status: 'available', message: 'El código está libre' } as const;
    expect(canCreateImported({ code: 'OBRA', name: 'Obra' }, available)).toBe(true);
    expect(canCreateImported({ code: 'OBRA', name: 'Obra' }, { status: 'unknown' })).toBe(true);
    expect(canCreateImported({ code: 'OBRA', name: 'Obra' }, { status: 'checking' })).toBe(false);
    expect(canCreateImported({ code: 'OBRA', name: 'Obra' }, { status: 'taken', message: 'ya existe' })).toBe(false);
    expect(canCreateImported({ code: 'OB.RA', name: 'Obra' }, { status: 'idle' })).toBe(false);
    expect(canCreateImported({ code: '', name: 'Obra' }, { status: 'idle' })).toBe(false);
    expect(canCreateImported({ code: 'OBRA', name: '  ' }, available)).toBe(false);
  });
});
