import { SaxesParser } from 'saxes';
import type { SaxesTag } from 'saxes';
import { MAX_IMPORTED_TASKS } from '../functions/exchange-contracts';
import { formatNumber } from '../format/money';

/**
 * The MSPDI file read as a stream (issue 30): the text goes through saxes in pieces, and only the
 * elements the mapping reads are kept, as the plain tree parse-mspdi.ts maps (leaves are trimmed
 * strings, repeated elements arrays, attributes '@_name'). Everything else (timephased data,
 * baselines, extended attributes, notes, the task fields the mapping does not use) is read past
 * without being kept, so a 48 MB file holds a few tens of MB, and the server can feed it in slices
 * and give the event loop back between them.
 *
 * Bounds, each refused with a message that names it: nesting depth, tasks (the 100,000 of
 * MAX_IMPORTED_TASKS, counted to the end so the message says how many), values kept, characters in
 * one value; a DOCTYPE (and so any entity declaration) is refused: saxes never expands entities
 * beyond the five of XML and character references. A syntax error names its line and column;
 * a file that ends too soon says so; an empty one says it is empty.
 *
 * To read another field of a task, resource or assignment, add its element name to the lists below.
 */

export type XmlNode = Record<string, unknown>;

/** Elements deeper than this are not MSPDI (its deepest is about 7). */
export const MAX_MSPDI_DEPTH = 64;
/** Values (leaf elements and attributes) kept from one file. */
export const MAX_MSPDI_VALUES = 3_000_000;
/** Characters in one kept value (MS Project's names have at most 255). */
export const MAX_MSPDI_VALUE_CHARS = 10_000;

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
  'PercentComplete',
  'Manual',
  'Recurring',
  'CalendarUID',
  'Split',
  'Splits',
]);
const RESOURCE_FIELDS = new Set(['UID', 'Name']);
const ASSIGNMENT_FIELDS = new Set(['TaskUID', 'ResourceUID']);
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

type Frame = {
  name: string;
  kind: Kind;
  node: XmlNode;
  text: string;
  hasChildren: boolean;
  hasAttributes: boolean;
};

class MspdiRefusal extends Error {}

const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;
const CHARACTER_REFERENCE = /&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});/g;

/**
 * issue 17: no control character (C0 but tab and line breaks, DEL, C1) or surrogate reaches a name
 * through a character reference: such a reference is kept as the text it is written as.
 */
function keepUnsafeReference(whole: string, body: string): string {
  const code = body.startsWith('x') ? Number.parseInt(body.slice(1), 16) : Number.parseInt(body, 10);
  const safe =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0x10ffff && !(code >= 0x7f && code <= 0x9f) && !(code >= 0xd800 && code <= 0xdfff));
  return safe ? whole : `&amp;${whole.slice(1)}`;
}

export type MspdiDocumentResult = { ok: true; document: XmlNode; taskCount: number } | { ok: false; error: string };

/**
 * A reader of one MSPDI file: `write` its text in pieces of any size, then `end` answers the kept
 * tree (or the refusal). After a refusal `write` does nothing more.
 */
export class MspdiXmlReader {
  private readonly parser = new SaxesParser({ position: true });
  private readonly stack: Frame[];
  /** depth of the element being read past (0: none) */
  private skipping = 0;
  private depth = 0;
  private values = 0;
  /** tasks seen, kept or not (the project row counts here and is taken off at the end) */
  private tasks = 0;
  private sawContent = false;
  private refusal: string | undefined;

  constructor() {
    this.stack = [{ name: '', kind: 'document', node: {}, text: '', hasChildren: false, hasAttributes: false }];
    this.parser.on('error', (error: Error) => {
      throw new MspdiRefusal(this.syntaxMessage(error.message));
    });
    this.parser.on('doctype', () => {
      throw new MspdiRefusal(DOCTYPE_REFUSED);
    });
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', () => this.close());
    this.parser.on('text', (text) => this.addText(text));
    this.parser.on('cdata', (text) => this.addText(text));
  }

  /** Reads the next piece of the file. */
  write(chunk: string): void {
    if (this.refusal !== undefined) return;
    let text = this.carry + (this.started ? chunk : this.start(chunk));
    // a character reference cut at the end of the piece waits for the next one
    const cut = text.lastIndexOf('&');
    if (cut >= 0 && cut >= text.length - 12 && !text.includes(';', cut)) {
      this.carry = text.slice(cut);
      text = text.slice(0, cut);
    } else {
      this.carry = '';
    }
    if (!this.sawContent && /\S/.test(text)) this.sawContent = true;
    // saxes reports a DOCTYPE as one; in other letter cases it is not XML, but the same refusal
    if (DECLARATION.test(text)) {
      this.refusal = DOCTYPE_REFUSED;
      return;
    }
    try {
      this.parser.write(text.includes('&#') ? text.replace(CHARACTER_REFERENCE, keepUnsafeReference) : text);
    } catch (error) {
      this.refusal = this.messageOf(error);
    }
  }

  private started = false;
  private carry = '';

  /** The first piece without its byte order mark. */
  private start(chunk: string): string {
    this.started = true;
    return chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
  }

  /** The whole file has been written: the kept tree, or why it is refused. */
  end(): MspdiDocumentResult {
    if (this.refusal === undefined && this.carry !== '') {
      try {
        this.parser.write(this.carry);
      } catch (error) {
        this.refusal = this.messageOf(error);
      }
      this.carry = '';
    }
    if (this.refusal === undefined) {
      if (!this.sawContent) return { ok: false, error: EMPTY_MSPDI };
      try {
        this.parser.close();
      } catch (error) {
        this.refusal = this.messageOf(error);
      }
    }
    if (this.refusal !== undefined) return { ok: false, error: this.refusal };
    return { ok: true, document: (this.stack[0] as Frame).node, taskCount: this.tasks };
  }

  private messageOf(error: unknown): string {
    if (error instanceof MspdiRefusal) return error.message;
    throw error;
  }

  /** saxes's message as the user's: where the XML breaks, or that it ends too soon. */
  private syntaxMessage(detail: string): string {
    const line = this.parser.line;
    const column = this.parser.column + 1;
    const unclosed = /unclosed tag: ([^\s]+)/i.exec(detail)?.[1];
    if (unclosed !== undefined || /unexpected end|document must contain a root element/i.test(detail)) {
      const what = unclosed === undefined ? '' : `: falta cerrar <${unclosed}>`;
      return `El archivo está incompleto, se corta en la línea ${line}, columna ${column}${what}. ${SAVE_AGAIN}`;
    }
    return `El archivo no es un XML válido: hay un error en la línea ${line}, columna ${column}. ${SAVE_AGAIN}`;
  }

  private open(tag: SaxesTag): void {
    this.depth += 1;
    if (this.depth > MAX_MSPDI_DEPTH) {
      throw new MspdiRefusal(
        `El archivo tiene elementos anidados a más de ${MAX_MSPDI_DEPTH} niveles (línea ${this.parser.line}); un XML de MS Project tiene unos pocos. ${SAVE_AGAIN}`,
      );
    }
    if (this.skipping > 0) return;
    const parent = this.stack[this.stack.length - 1] as Frame;
    if (parent.kind === 'tasks' && tag.name === 'Task') {
      this.tasks += 1;
      // past the cap the tasks are counted, not kept, so the message can say how many there are
      // (the project row is one of them: UID 0 at level 0)
      if (this.tasks > MAX_IMPORTED_TASKS + 1) {
        this.skipping = this.depth;
        return;
      }
    }
    const kind = childKind(parent.kind, tag.name);
    if (kind === undefined) {
      this.skipping = this.depth;
      return;
    }
    parent.hasChildren = true;
    const node: XmlNode = {};
    let hasAttributes = false;
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>)) {
      this.countValue();
      node[`@_${name}`] = value;
      hasAttributes = true;
    }
    this.stack.push({ name: tag.name, kind, node, text: '', hasChildren: false, hasAttributes });
  }

  private close(): void {
    this.depth -= 1;
    if (this.skipping > 0) {
      if (this.depth < this.skipping) this.skipping = 0;
      return;
    }
    const frame = this.stack.pop() as Frame;
    const parent = this.stack[this.stack.length - 1] as Frame;
    const text = frame.text.trim();
    let value: unknown;
    if (frame.hasChildren || frame.hasAttributes) {
      if (text !== '') frame.node['#text'] = text;
      value = frame.node;
    } else {
      this.countValue();
      value = text;
    }
    const existing = parent.node[frame.name];
    if (existing === undefined) parent.node[frame.name] = REPEATED.has(frame.name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent.node[frame.name] = [existing, value];
  }

  private addText(text: string): void {
    if (this.skipping > 0 || this.stack.length === 1) return;
    const frame = this.stack[this.stack.length - 1] as Frame;
    // text beside child elements (indentation) is not a value
    if (frame.hasChildren && text.trim() === '') return;
    if (frame.text.length + text.length > MAX_MSPDI_VALUE_CHARS) {
      throw new MspdiRefusal(
        `El archivo tiene un valor de más de ${formatNumber(MAX_MSPDI_VALUE_CHARS)} caracteres en <${frame.name}> (línea ${this.parser.line}); Cimiento lee como máximo ${formatNumber(MAX_MSPDI_VALUE_CHARS)}. ${SAVE_AGAIN}`,
      );
    }
    frame.text += text;
  }

  private countValue(): void {
    this.values += 1;
    if (this.values > MAX_MSPDI_VALUES) {
      throw new MspdiRefusal(
        `El archivo tiene más de ${formatNumber(MAX_MSPDI_VALUES)} datos de tareas, vínculos y calendarios; Cimiento lee como máximo ${formatNumber(MAX_MSPDI_VALUES)}. Divide el proyecto en MS Project y vuelve a intentarlo.`,
      );
    }
  }
}
