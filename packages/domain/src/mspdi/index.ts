/** `@cimiento/domain/mspdi`: MS Project XML (MSPDI) import and export mapping (issue 14); see ./types.ts. */
export type {
  ImportedLink,
  ImportedProjectRecords,
  ImportedSchedule,
  ImportedTask,
  MspdiExport,
  ParseMspdiResult,
} from './types';
export { DOCTYPE_REFUSED, NOT_MSPDI, parseMspdi } from './parse-mspdi';
export { MAX_IMPORTED_NAME, MspdiImportError, importedProjectRecords } from './imported-project';
export { LINK_ELEMENT_ORDER, MSPDI_CALENDAR_NAME, TASK_ELEMENT_ORDER, writeMspdi } from './write-mspdi';
