/** `@cimiento/domain/mspdi`: MS Project XML (MSPDI) import and export mapping (issue 14); see ./types.ts. */
export type {
  ImportedLink,
  ImportedProjectRecords,
  ImportedResource,
  ImportedTaskResource,
  ImportedSchedule,
  ImportedTask,
  MspdiExport,
  ParseMspdiResult,
} from './types';
export { DOCTYPE_REFUSED, NOT_MSPDI, createMspdiParser, parseMspdi } from './parse-mspdi';
export type { MspdiParser } from './parse-mspdi';
export { EMPTY_MSPDI, MAX_MSPDI_DEPTH, MAX_MSPDI_VALUES, MAX_MSPDI_VALUE_CHARS } from './mspdi-xml';
export { MAX_IMPORTED_NAME, MspdiImportError, importedProjectRecords } from './imported-project';
export { LINK_ELEMENT_ORDER, MSPDI_CALENDAR_NAME, TASK_ELEMENT_ORDER, writeMspdi } from './write-mspdi';
export type { ImportResourcePlan, NewCatalogueResource } from './mspdi-resources';
export { resourcesForImport } from './mspdi-resources';
