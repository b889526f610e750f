/** `@cimiento/domain/mspdi`: MS Project XML (MSPDI) import and export mapping (issue 14); see ./types.ts. */
export type {
  ImportedLink,
  ImportedProjectRecords,
  ImportedSchedule,
  ImportedTask,
  MspdiExport,
  ParseMspdiResult,
} from './types';
