import type { EdpItem } from '@cimiento/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildEdpWorkbook, edpFileName, edpSheetRows } from './edp-workbook';

const items: EdpItem[] = [
  { id: 1, code: 'P01', name: 'Proyecto' },
  { id: 2, parentId: 1, code: 'P01.1', name: 'Torre A' },
  { id: 3, parentId: 2, code: 'P01.1.1', name: 'Piso 1' },
  { id: 4, parentId: 1, code: 'P01.2', name: 'Torre B' },
];

const labels = { sheet: 'EDP', code: 'Código', name: 'Nombre', level: 'Nivel' };

describe('EDP Excel export', () => {
  it('has one row per item in tree order, Nivel being the depth with the root at 0', () => {
    expect(edpSheetRows(items)).toEqual([
      { code: 'P01', name: 'Proyecto', level: 0 },
      { code: 'P01.1', name: 'Torre A', level: 1 },
      { code: 'P01.1.1', name: 'Piso 1', level: 2 },
      { code: 'P01.2', name: 'Torre B', level: 1 },
    ]);
  });

  it('is named EDP-{project code}.xlsx', () => {
    expect(edpFileName('HRT')).toBe('EDP-HRT.xlsx');
    expect(edpFileName('A/B')).toBe('EDP-A_B.xlsx');
  });

  it('writes a workbook with the header, the rows and Excel outline levels (at most 7)', async () => {
    const deep = Array.from({ length: 10 }, (_, index) => ({ code: `D${index}`, name: 'x', level: index }));
    const buffer = await buildEdpWorkbook([...edpSheetRows(items), ...deep], labels);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.getWorksheet('EDP');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push([...(row.values as unknown[]).slice(1), row.outlineLevel]));
    expect(rows.slice(0, 5)).toEqual([
      ['Código', 'Nombre', 'Nivel', 0],
      ['P01', 'Proyecto', 0, 0],
      ['P01.1', 'Torre A', 1, 1],
      ['P01.1.1', 'Piso 1', 2, 2],
      ['P01.2', 'Torre B', 1, 1],
    ]);
    expect(rows.at(-1)).toEqual(['D9', 'x', 9, 7]);
  });
});
