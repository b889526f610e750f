import { SaxesParser } from 'saxes';
import type { SaxesTag } from 'saxes';
import { MAX_IMPORTED_TASKS } from '../functions/exchange-contracts';
import { formatNumber } from '../format/money';

/**
 * A schedule file's XML read as a stream (issue 30; shared by MSPDI and, issue 34, P6 XML): the text
 * goes through saxes in pieces, and only the elements a mapping reads are kept, as a plain tree
 * (leaves are trimmed strings, repeated elements arrays, attributes '@_name'). Everything else is
 * read past without being kept, so a large file holds a few tens of MB, and the server can feed it
 * in slices and give the event loop back between them. What is kept is the shape's (`XmlShape`):
 * the kind of each child by its parent's kind. Element names are compared without their namespace
 * prefix ('p6:Activity' is 'Activity').
 *
 * Bounds, each refused with a message that names it: nesting depth, the counted elements (tasks,
 * activities: the 100,000 of MAX_IMPORTED_TASKS, counted to the end so the message says how many),
 * values kept, characters in one value; a DOCTYPE (and so any entity declaration) is refused: saxes
 * never expands entities beyond the five of XML and character references. A syntax error names its
 * line and column; a file that ends too soon says so; an empty one says it is empty.
 */

export type XmlNode = Record<string, unknown>;

/** Elements deeper than this are not a schedule file (MSPDI's deepest is about 7, P6's about 6). */
export const MAX_MSPDI_DEPTH = 64;
/** Values (leaf elements and attributes) kept from one file. */
export const MAX_MSPDI_VALUES = 3_000_000;
/** Characters in one kept value (MS Project's names have at most 255). */
export const MAX_MSPDI_VALUE_CHARS = 10_000;

/** What one kind of file keeps, and how its refusals are worded. */
export type XmlShape<K extends string> = {
  /** the kind of the document itself */
  documentKind: K;
  /** The kind of a child named `name` (no prefix) of an element of kind `parent`; undefined: read past it. */
  childKind: (parent: K, name: string) => K | undefined;
  /** elements that may repeat; always kept as arrays */
  repeated: ReadonlySet<string>;
  /**
   * issue 34: elements whose longer text is cut rather than refused (a task's notes): kept to
   * MAX_MSPDI_VALUE_CHARS + 1 characters, so the mapping sees it was longer and says so
   */
  cut?: ReadonlySet<string>;
  /** the element counted against MAX_IMPORTED_TASKS (a task, an activity), by its name and its parent's kind */
  counted: { name: string; parentKind: K };
  messages: {
    empty: string;
    doctype: string;
    /** the sentence that ends a syntax refusal ('Revisa que sea el archivo guardado como «XML» …') */
    saveAgain: string;
    /** 'un XML de MS Project tiene unos pocos' */
    usualDepth: string;
    /** 'Divide el proyecto en MS Project y vuelve a intentarlo.' */
    split: string;
  };
};

type Frame<K> = {
  name: string;
  kind: K;
  node: XmlNode;
  text: string;
  hasChildren: boolean;
  hasAttributes: boolean;
};

class XmlRefusal extends Error {}

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

/** An element's name without its namespace prefix. */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export type KeptXmlResult = { ok: true; document: XmlNode; count: number } | { ok: false; error: string };

/**
 * A reader of one file: `write` its text in pieces of any size, then `end` answers the kept tree (or
 * the refusal). After a refusal `write` does nothing more.
 */
export class KeptXmlReader<K extends string> {
  private readonly parser = new SaxesParser({ position: true });
  private readonly stack: Frame<K>[];
  /** depth of the element being read past (0: none) */
  private skipping = 0;
  private depth = 0;
  private values = 0;
  /** counted elements seen, kept or not */
  private counted = 0;
  private sawContent = false;
  private refusal: string | undefined;
  private started = false;
  private carry = '';

  /** `countLimit`: past it the counted elements are counted, not kept (MSPDI's project row is one more task). */
  constructor(
    private readonly shape: XmlShape<K>,
    private readonly countLimit = MAX_IMPORTED_TASKS,
  ) {
    this.stack = [{ name: '', kind: shape.documentKind, node: {}, text: '', hasChildren: false, hasAttributes: false }];
    this.parser.on('error', (error: Error) => {
      throw new XmlRefusal(this.syntaxMessage(error.message));
    });
    this.parser.on('doctype', () => {
      throw new XmlRefusal(shape.messages.doctype);
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
      this.refusal = this.shape.messages.doctype;
      return;
    }
    try {
      this.parser.write(text.includes('&#') ? text.replace(CHARACTER_REFERENCE, keepUnsafeReference) : text);
    } catch (error) {
      this.refusal = this.messageOf(error);
    }
  }

  /** The first piece without its byte order mark. */
  private start(chunk: string): string {
    this.started = true;
    return chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
  }

  /** The whole file has been written: the kept tree and how many counted elements it has, or why it is refused. */
  end(): KeptXmlResult {
    if (this.refusal === undefined && this.carry !== '') {
      try {
        this.parser.write(this.carry);
      } catch (error) {
        this.refusal = this.messageOf(error);
      }
      this.carry = '';
    }
    if (this.refusal === undefined) {
      if (!this.sawContent) return { ok: false, error: this.shape.messages.empty };
      try {
        this.parser.close();
      } catch (error) {
        this.refusal = this.messageOf(error);
      }
    }
    if (this.refusal !== undefined) return { ok: false, error: this.refusal };
    return { ok: true, document: (this.stack[0] as Frame<K>).node, count: this.counted };
  }

  private messageOf(error: unknown): string {
    if (error instanceof XmlRefusal) return error.message;
    throw error;
  }

  /** saxes's message as the user's: where the XML breaks, or that it ends too soon. */
  private syntaxMessage(detail: string): string {
    const line = this.parser.line;
    const column = this.parser.column + 1;
    const unclosed = /unclosed tag: ([^\s]+)/i.exec(detail)?.[1];
    const { saveAgain } = this.shape.messages;
    if (unclosed !== undefined || /unexpected end|document must contain a root element/i.test(detail)) {
      const what = unclosed === undefined ? '' : `: falta cerrar <${unclosed}>`;
      return `El archivo está incompleto, se corta en la línea ${line}, columna ${column}${what}. ${saveAgain}`;
    }
    return `El archivo no es un XML válido: hay un error en la línea ${line}, columna ${column}. ${saveAgain}`;
  }

  private open(tag: SaxesTag): void {
    this.depth += 1;
    if (this.depth > MAX_MSPDI_DEPTH) {
      throw new XmlRefusal(
        `El archivo tiene elementos anidados a más de ${MAX_MSPDI_DEPTH} niveles (línea ${this.parser.line}); ${this.shape.messages.usualDepth}. ${this.shape.messages.saveAgain}`,
      );
    }
    if (this.skipping > 0) return;
    const parent = this.stack[this.stack.length - 1] as Frame<K>;
    const name = localName(tag.name);
    if (parent.kind === this.shape.counted.parentKind && name === this.shape.counted.name) {
      this.counted += 1;
      // past the cap the elements are counted, not kept, so the message can say how many there are
      if (this.counted > this.countLimit) {
        this.skipping = this.depth;
        return;
      }
    }
    const kind = this.shape.childKind(parent.kind, name);
    if (kind === undefined) {
      this.skipping = this.depth;
      return;
    }
    parent.hasChildren = true;
    const node: XmlNode = {};
    let hasAttributes = false;
    for (const [attribute, value] of Object.entries(tag.attributes as Record<string, string>)) {
      this.countValue();
      node[`@_${attribute}`] = value;
      hasAttributes = true;
    }
    this.stack.push({ name, kind, node, text: '', hasChildren: false, hasAttributes });
  }

  private close(): void {
    this.depth -= 1;
    if (this.skipping > 0) {
      if (this.depth < this.skipping) this.skipping = 0;
      return;
    }
    const frame = this.stack.pop() as Frame<K>;
    const parent = this.stack[this.stack.length - 1] as Frame<K>;
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
    if (existing === undefined) parent.node[frame.name] = this.shape.repeated.has(frame.name) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent.node[frame.name] = [existing, value];
  }

  private addText(text: string): void {
    if (this.skipping > 0 || this.stack.length === 1) return;
    const frame = this.stack[this.stack.length - 1] as Frame<K>;
    // text beside child elements (indentation) is not a value
    if (frame.hasChildren && text.trim() === '') return;
    if (frame.text.length + text.length > MAX_MSPDI_VALUE_CHARS) {
      if (this.shape.cut?.has(frame.name) === true) {
        frame.text = (frame.text + text).slice(0, MAX_MSPDI_VALUE_CHARS + 1);
        return;
      }
      throw new XmlRefusal(
        `El archivo tiene un valor de más de ${formatNumber(MAX_MSPDI_VALUE_CHARS)} caracteres en <${frame.name}> (línea ${this.parser.line}); Cimiento lee como máximo ${formatNumber(MAX_MSPDI_VALUE_CHARS)}. ${this.shape.messages.saveAgain}`,
      );
    }
    frame.text += text;
  }

  private countValue(): void {
    this.values += 1;
    if (this.values > MAX_MSPDI_VALUES) {
      throw new XmlRefusal(
        `El archivo tiene más de ${formatNumber(MAX_MSPDI_VALUES)} datos de tareas, vínculos y calendarios; Cimiento lee como máximo ${formatNumber(MAX_MSPDI_VALUES)}. ${this.shape.messages.split}`,
      );
    }
  }
}
