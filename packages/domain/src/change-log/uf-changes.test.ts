import { describe, expect, it } from 'vitest';
import { CHANGE_LOG_LIST_CAP, changeLogDetailOf } from './change-log-detail';
import { ufImportChange, ufRecordName, ufValuesChange } from './uf-changes';
import type { UfValueWrite } from './uf-changes';

/** `count` consecutive days from 1 January 2025. */
function days(count: number, value: (index: number) => Partial<UfValueWrite>): UfValueWrite[] {
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10),
    ...value(index),
  }));
}

describe('ufValuesChange (issue 30: UF values saved by hand, as the Registro de cambios tells it)', () => {
  it("names one value by its date: 'UF 01-03-2027' creó / modificó: Valor / eliminó", () => {
    expect(ufRecordName('2027-03-01')).toBe('UF 01-03-2027');
    expect(ufValuesChange([{ date: '2027-03-01', after: '39101.11' }])).toEqual({
      action: 'create',
      record: 'UF 01-03-2027',
      summary: 'creó',
      detail: { changes: [{ field: 'Valor', from: '', to: '$39.101,11' }], notes: [], omitted: 0 },
    });
    expect(ufValuesChange([{ date: '2027-03-01', before: '39101.11', after: '39101.1234' }])).toMatchObject({
      action: 'update',
      summary: 'modificó: Valor',
      detail: { changes: [{ field: 'Valor', from: '$39.101,11', to: '$39.101,1234' }] },
    });
    expect(ufValuesChange([{ date: '2027-03-01', before: '39101.11' }])).toMatchObject({
      action: 'delete',
      summary: 'eliminó',
      detail: { changes: [{ field: 'Valor', from: '$39.101,11', to: '' }] },
    });
  });

  it('leaves out values saved as they were stored, and answers null when nothing changed', () => {
    expect(ufValuesChange([{ date: '2027-03-01', before: '39101.11', after: '39101.11' }])).toBeNull();
    expect(ufValuesChange([])).toBeNull();
    const one = ufValuesChange([
      { date: '2027-03-01', before: '39101.11', after: '39101.11' },
      { date: '2027-03-02', before: '39102', after: '39103' },
    ]);
    expect(one?.record).toBe('UF 02-03-2027');
  });

  it("tells several values by their count and range, each in the detail by date: 'creó 2, modificó 1, eliminó 1'", () => {
    const change = ufValuesChange([
      { date: '2027-03-31', before: '39200' },
      { date: '2027-03-02', after: '39102.2' },
      { date: '2027-03-01', after: '39101.1' },
      { date: '2027-03-10', before: '39110', after: '39110.5' },
    ]);
    expect(change?.action).toBe('update');
    expect(change?.record).toBe('Valores UF: 4 valores, del 01-03-2027 al 31-03-2027');
    expect(change?.summary).toBe('creó 2, modificó 1, eliminó 1');
    expect(change?.detail.changes).toEqual([
      { item: 'UF 01-03-2027', field: 'Valor', from: '', to: '$39.101,10' },
      { item: 'UF 02-03-2027', field: 'Valor', from: '', to: '$39.102,20' },
      { item: 'UF 10-03-2027', field: 'Valor', from: '$39.110,00', to: '$39.110,50' },
      { item: 'UF 31-03-2027', field: 'Valor', from: '$39.200,00', to: '' },
    ]);
    expect(ufValuesChange(days(3, () => ({ before: '1' })))?.action).toBe('delete');
    expect(ufValuesChange(days(3, () => ({ after: '1' })))?.action).toBe('create');
  });

  it('keeps at most 500 values in the detail of a large save and counts the rest', () => {
    const change = ufValuesChange(days(1_200, (index) => ({ after: String(38_000 + index) })));
    expect(change?.summary).toBe('creó 1.200');
    expect(change?.record).toBe('Valores UF: 1.200 valores, del 01-01-2025 al 14-04-2028');
    expect(change?.detail.changes).toHaveLength(CHANGE_LOG_LIST_CAP);
    expect(change?.detail.omitted).toBe(700);
  });
});

describe('ufImportChange (issue 30: an import, bounded whatever its size)', () => {
  it("records the file, the range and the counts: 'Valores UF: importación de 365 valores'", () => {
    const writes = days(365, (index) =>
      index < 200
        ? { after: '38000' }
        : index < 210
          ? { before: '38000', after: String(38_001 + index) }
          : { before: '38500', after: '38500' },
    );
    const change = ufImportChange({ fileName: 'uf-bcch.csv', writes });
    expect(change?.action).toBe('import');
    expect(change?.record).toBe('Valores UF: importación de 365 valores');
    expect(change?.summary).toBe('importó uf-bcch.csv: 200 nuevos, 10 modificados, 155 sin cambios');
    expect(change?.detail.notes).toEqual([
      'Archivo: uf-bcch.csv',
      'Fechas: del 01-01-2025 al 31-12-2025',
      '365 valores: 200 nuevos, 10 modificados, 155 sin cambios',
      'Los valores nuevos no se listan uno a uno; los modificados sí, con su valor anterior',
    ]);
    // only the values it replaced, with their value before
    expect(change?.detail.changes).toHaveLength(10);
    expect(change?.detail.changes[0]).toEqual({
      item: 'UF 20-07-2025',
      field: 'Valor',
      from: '$38.000,00',
      to: '$38.201,00',
    });
  });

  it('stays bounded for 100,000 values, and answers null for a file that changed nothing', () => {
    const change = ufImportChange({
      fileName: 'todo.csv',
      writes: days(100_000, (index) => ({ before: '1', after: String(2 + index) })),
    });
    expect(change?.detail.changes).toHaveLength(CHANGE_LOG_LIST_CAP);
    expect(change?.detail.omitted).toBe(100_000 - CHANGE_LOG_LIST_CAP);
    expect(JSON.stringify(change).length).toBeLessThan(64 * 1024);
    expect(ufImportChange({ fileName: 'igual.csv', writes: days(3, () => ({ before: '5', after: '5' })) })).toBeNull();
  });
});

describe('changeLogDetailOf', () => {
  it('answers a detail in its own shape as is', () => {
    const detail = { changes: [{ field: 'Nombre', from: 'a', to: 'b' }], notes: ['x'], omitted: 2 };
    expect(changeLogDetailOf(detail)).toEqual(detail);
  });

  it('turns any other stored detail into notes, so an entry always opens', () => {
    expect(changeLogDetailOf(null)).toEqual({ changes: [], notes: [], omitted: 0 });
    expect(changeLogDetailOf({ proyecto: 'Edificio Sur', código: 'ES1', tareas: 12, extra: { a: 1 } })).toEqual({
      changes: [],
      notes: ['proyecto: Edificio Sur', 'código: ES1', 'tareas: 12', 'extra: {"a":1}'],
      omitted: 0,
    });
    expect(changeLogDetailOf(['uno', 2]).notes).toEqual(['uno', '2']);
    expect(changeLogDetailOf('texto').notes).toEqual(['texto']);
    expect(changeLogDetailOf({ largo: 'x'.repeat(2_000) }).notes[0]).toHaveLength(501);
  });
});
