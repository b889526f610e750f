import { describe, expect, it } from 'vitest';
import { cellDate, cellDecimal, cellInteger, cellText, chileanDate, findSheetHeader, titleKey } from './sheet-rows';

describe('sheet cells', () => {
  it('compares titles without case, accents, spaces or punctuation', () => {
    expect(titleKey(' CÓDIGO ')).toBe('codigo');
    expect(titleKey('Duración (días)')).toBe('duraciondias');
    expect(titleKey('% completado')).toBe('%completado');
  });

  it('reads dates from date cells (their UTC day), Excel serials and dd-mm-aaaa, dd/mm/aaaa or aaaa-mm-dd text', () => {
    expect(cellDate(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    expect(cellDate(new Date('2026-03-02T23:30:00Z'))).toBe('2026-03-02');
    expect(cellDate(46083)).toBe('2026-03-02');
    expect(cellDate('02-03-2026')).toBe('2026-03-02');
    expect(cellDate('2/3/2026')).toBe('2026-03-02');
    expect(cellDate('2026-03-02')).toBe('2026-03-02');
    expect(cellDate('')).toBeUndefined();
    expect(cellDate(null)).toBeUndefined();
    expect(cellDate('29-02-2026')).toBeNull();
    expect(cellDate('mañana')).toBeNull();
    expect(cellDate(new Date(Number.NaN))).toBeNull();
    expect(chileanDate('2026-03-02')).toBe('02-03-2026');
  });

  it('reads whole numbers and decimals from numbers or Chilean text', () => {
    expect(cellInteger(12)).toBe(12);
    expect(cellInteger('1.234')).toBe(1234);
    expect(cellInteger(' 7 ')).toBe(7);
    expect(cellInteger('')).toBeUndefined();
    expect(cellInteger(2.5)).toBeNaN();
    expect(cellInteger('dos')).toBeNaN();
    expect(cellDecimal('12,5')).toBe(12.5);
    expect(cellDecimal('40 %')).toBe(40);
    expect(cellDecimal(33.3)).toBe(33.3);
    expect(cellDecimal('x')).toBeNaN();
    expect(cellText(true)).toBe('Sí');
    expect(cellText(new Date('2026-01-05T00:00:00Z'))).toBe('2026-01-05');
  });
});

describe('findSheetHeader', () => {
  const columns = [
    { key: 'code', title: 'Código', aliases: ['Code'], required: true },
    { key: 'name', title: 'Nombre', aliases: ['Descripción'], required: true },
  ] as const;

  it('prefers a column with the title over one with another accepted name, wherever it is', () => {
    const found = findSheetHeader([{ row: 1, cells: ['Descripción', 'Code', 'Nombre'] }], columns);
    expect(found).toEqual({ ok: true, header: { row: 1, columns: { code: 1, name: 2 } } });
  });

  it('names the missing columns of the row that came closest', () => {
    const found = findSheetHeader(
      [
        { row: 1, cells: ['Informe'] },
        { row: 2, cells: ['x', 'y'] },
      ],
      columns,
    );
    expect(found).toEqual({
      ok: false,
      error: {
        row: 1,
        field: 'Código',
        message: 'Fila 1: no se encontró la fila de títulos; la hoja debe tener las columnas Código y Nombre',
      },
    });
    const closest = findSheetHeader([{ row: 3, cells: ['Nombre'] }], columns);
    expect(closest).toMatchObject({
      ok: false,
      error: { row: 3, message: 'Fila 3: falta la columna Código; la fila de títulos debe tener Código y Nombre' },
    });
  });
});
