import { MAX_IMPORTED_TASKS } from '../functions/exchange-contracts';
import { KeptXmlReader } from './kept-xml';
import type { KeptXmlResult, XmlNode, XmlShape } from './kept-xml';

export type { XmlNode } from './kept-xml';
export { MAX_MSPDI_DEPTH, MAX_MSPDI_VALUES, MAX_MSPDI_VALUE_CHARS } from './kept-xml';

/**
 * The MSPDI file read as a stream (issue 30) by the shared KeptXmlReader (kept-xml.ts): only the
 * elements parse-mspdi.ts maps are kept. Everything else (timephased data, baselines, extended
 * attributes, notes, the task fields the mapping does not use) is read past without being kept,
 * so a 48 MB file holds a few tens of MB. The bounds and messages are kept-xml.ts's, worded for MS
 * Project here.
 *
 * To read another field of a task, resource or assignment, add its element name to the lists below.
 */

export const EMPTY_MSPDI = 'El archivo está vacío: elige el archivo XML guardado desde MS Project o ProjectLibre.';
export const DOCTYPE_REFUSED =
  'El archivo contiene una declaración DOCTYPE o entidades, que no se aceptan por seguridad. Guárdalo de nuevo desde MS Project o ProjectLibre como «XML» e inténtalo otra vez.';
const SAVE_AGAIN = 'Revisa que sea el archivo guardado como «XML» desde MS Project o ProjectLibre.';

/** Elements that may repeat; always read as arrays. */
const REPEATED = new Set([
  'Task',
  'PredecessorLink',
  'Calendar',
  'WeekDay',
  'Exception',
  'WorkWeek',
  'WorkingTime',
  'Assignment',
  'Resource',
  'TimephasedData',
  'ExtendedAttribute',
  'Baseline',
  'OutlineCode',
]);

/** The task fields the mapping reads (parse-mspdi.ts); Split/Splits only for their presence. */
const TASK_FIELDS = new Set([
  'UID',
  'Name',
  'OutlineLevel',
  'IsNull',
  'Start',
  'Finish',
  'Duration',
  'DurationFormat',
  'ConstraintType',
  'ConstraintDate',
  'ActualStart',
  'ActualFinish',
  'RemainingDuration',
  'Resume',
  'PercentComplete',
  'Manual',
  'Recurring',
  // issue 34: the task's WBS code, milestone flag, whether it is active, and its priority
  'WBS',
  'Milestone',
  'Active',
  'Priority',
  // issue 34: named as not carried over (yet)
  'Notes',
  'Deadline',
  'CalendarUID',
  'Split',
  'Splits',
]);
// issue 35: a resource's type, initials, maximum, rate, material label and own calendar; an assignment's units
const RESOURCE_FIELDS = new Set([
  'UID',
  'Name',
  'Type',
  'IsNull',
  'Initials',
  'MaterialLabel',
  'MaxUnits',
  'StandardRate',
  'CalendarUID',
]);
const ASSIGNMENT_FIELDS = new Set(['TaskUID', 'ResourceUID', 'Units']);
const TIMEPHASED_FIELDS = new Set(['Type']);

/**
 * How an element is read: its children by kind. 'all': the whole subtree (calendars, links);
 * 'leaf': the element with its own text, its children read past.
 */
type Kind =
  | 'document'
  | 'project'
  | 'tasks'
  | 'task'
  | 'timephased'
  | 'resources'
  | 'resource'
  | 'assignments'
  | 'assignment'
  | 'all'
  | 'leaf';

const PROJECT_CONTAINERS: Readonly<Record<string, Kind>> = {
  Tasks: 'tasks',
  Calendars: 'all',
  // issue 34: the custom fields' names, to say they are not carried over
  ExtendedAttributes: 'all',
  Resources: 'resources',
  Assignments: 'assignments',
};

/** The kind of a child named `name` of an element of kind `parent`; undefined: read past it. */
function childKind(parent: Kind, name: string): Kind | undefined {
  switch (parent) {
    case 'document':
      return name === 'Project' ? 'project' : undefined;
    case 'project':
      return PROJECT_CONTAINERS[name] ?? 'leaf';
    case 'tasks':
      return name === 'Task' ? 'task' : undefined;
    case 'task':
      if (name === 'PredecessorLink') return 'all';
      // issue 34: which custom fields a task has a value in (FieldID and Value are all it holds),
      // and its baselines (Number, Start, Finish, Duration, Cost, Work)
      if (name === 'ExtendedAttribute' || name === 'Baseline') return 'all';
      if (name === 'TimephasedData') return 'timephased';
      return TASK_FIELDS.has(name) ? 'leaf' : undefined;
    case 'timephased':
      return TIMEPHASED_FIELDS.has(name) ? 'leaf' : undefined;
    case 'resources':
      return name === 'Resource' ? 'resource' : undefined;
    case 'resource':
      return RESOURCE_FIELDS.has(name) ? 'leaf' : undefined;
    case 'assignments':
      return name === 'Assignment' ? 'assignment' : undefined;
    case 'assignment':
      return ASSIGNMENT_FIELDS.has(name) ? 'leaf' : undefined;
    case 'all':
      return 'all';
    case 'leaf':
      return undefined;
  }
}

const MSPDI_SHAPE: XmlShape<Kind> = {
  documentKind: 'document',
  childKind,
  repeated: REPEATED,
  // issue 34: a note longer than Cimiento keeps is cut (and named), not the whole file refused
  cut: new Set(['Notes']),
  counted: { name: 'Task', parentKind: 'tasks' },
  messages: {
    empty: EMPTY_MSPDI,
    doctype: DOCTYPE_REFUSED,
    saveAgain: SAVE_AGAIN,
    usualDepth: 'un XML de MS Project tiene unos pocos',
    split: 'Divide el proyecto en MS Project y vuelve a intentarlo.',
  },
};

export type MspdiDocumentResult = { ok: true; document: XmlNode; taskCount: number } | { ok: false; error: string };

/**
 * A reader of one MSPDI file: `write` its text in pieces of any size, then `end` answers the kept
 * tree (or the refusal). After a refusal `write` does nothing more. Tasks are counted to the end
 * (the project row, UID 0, is one of them: past MAX_IMPORTED_TASKS + 1 they are counted, not kept).
 */
export class MspdiXmlReader {
  private readonly reader = new KeptXmlReader(MSPDI_SHAPE, MAX_IMPORTED_TASKS + 1);

  /** Reads the next piece of the file. */
  write(chunk: string): void {
    this.reader.write(chunk);
  }

  /** The whole file has been written: the kept tree, or why it is refused. */
  end(): MspdiDocumentResult {
    const result: KeptXmlResult = this.reader.end();
    return result.ok ? { ok: true, document: result.document, taskCount: result.count } : result;
  }
}
