import type { EdpItem } from '@cimiento/domain';
import { edpTreeRows } from '@/lib/edp-tree-rows';

/** One sheet row: Nivel is the depth, the root's level being 0. */
export type EdpSheetRow = { code: string; name: string; level: number };

export type EdpSheetLabels = { sheet: string; code: string; name: string; level: string };

/** Excel groups rows in at most 7 outline levels; deeper items share the 7th. */
export const EXCEL_MAX_OUTLINE_LEVEL = 7;

/** The rows of the export, one per item in tree order. */
export function edpSheetRows(items: readonly EdpItem[]): EdpSheetRow[] {
  return edpTreeRows(items).map(({ item, depth }) => ({ code: item.code, name: item.name, level: depth }));
}

/** `EDP-{project code}.xlsx`, without characters a file name cannot carry. */
export function edpFileName(projectCode: string): string {
  return `EDP-${projectCode.replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`;
}

/**
 * The .xlsx file: header Código, Nombre, Nivel, then one row per item with Excel's outline level
 * set to its depth, the parent above its group, so levels fold in Excel. exceljs is imported here,
 * on demand, so it is its own chunk and only loads when someone exports.
 */
export async function buildEdpWorkbook(rows: readonly EdpSheetRow[], labels: EdpSheetLabels): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cimiento';
  const sheet = workbook.addWorksheet(labels.sheet, {
    properties: { outlineProperties: { summaryBelow: false, summaryRight: false } },
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: labels.code, key: 'code', width: 28 },
    { header: labels.name, key: 'name', width: 60 },
    { header: labels.level, key: 'level', width: 8 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row);
    added.outlineLevel = Math.min(row.level, EXCEL_MAX_OUTLINE_LEVEL);
    added.getCell('code').alignment = { indent: Math.min(row.level, 15) };
  }
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}
