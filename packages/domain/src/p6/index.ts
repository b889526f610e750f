/** `@cimiento/domain/p6`: Primavera P6 files (issue 34): the XER reader, its calendars, and its mapping to an ImportedSchedule. */
export type { ReadXerResult, XerEncoding, XerFile, XerHeader, XerTable } from './read-xer';
export { NOT_XER, decodeWindows1252, decodeXer, parseXer, readXer } from './read-xer';
export type { MapXerResult, XerProject } from './map-xer';
export { MAX_WARNING_NAME, mapXer } from './map-xer';
export type { XerCalendar } from './xer-calendar';
export { excelSerialDate, readXerCalendar } from './xer-calendar';
export type { ReadP6XmlResult } from './read-p6xml';
export { NOT_P6XML, P6XmlReader, readP6Xml } from './read-p6xml';
