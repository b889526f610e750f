/** `@cimiento/domain/workbook` (server only): the Excel sheets' rows both ways and the UF values file (docs/EXCHANGE.md). */
export type { SheetCell, SheetRow } from './sheet-rows';
export type { UfFileLayout, UfFileResult, UfFileRow } from './uf-values-file';
export { shownUfValue, ufValuesFromRows, yearInFileName } from './uf-values-file';
export { CsvLimitError, csvRows } from './csv-rows';
export type { CsvLimits } from './csv-rows';
export { cellDate, chileanDate, titleKey } from './sheet-rows';
export type { EdpImportCounts, EdpImportItem, EdpImportResult, EdpSheetRow } from './edp-workbook';
export {
  EDP_SHEET_NAME,
  EDP_SHEET_TITLES,
  EXCEL_MAX_OUTLINE_LEVEL,
  cellPrice,
  edpItemsFromRows,
  edpSheetRows,
} from './edp-workbook';
export type { GanttImportCounts, GanttImportResult, GanttSheetRow } from './gantt-workbook';
export type { SheetPredecessor } from './sheet-predecessors';
export { GANTT_SHEET_NAME, GANTT_SHEET_TITLES, ganttSheetRows, ganttUpdatesFromRows } from './gantt-workbook';
export { parseSheetPredecessors } from './sheet-predecessors';
export type { ProgressImportCounts, ProgressImportResult, ProgressSheetRow } from './progress-workbook';
