/** `@cimiento/domain/p6`: Primavera P6 files (issue 34); the XER reader first (read-xer.ts). */
export type { ReadXerResult, XerEncoding, XerFile, XerHeader, XerTable } from './read-xer';
export { NOT_XER, decodeWindows1252, decodeXer, parseXer, readXer } from './read-xer';
