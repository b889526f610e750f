import { changeLogDetailSchema } from '../functions/change-log-contracts';
import type { ChangeLogDetail, ChangeLogFieldChange } from '../functions/change-log-contracts';
import { HISTORY_LIST_CAP } from '../history/project-changes';

/**
 * The 'Registro de cambios' (issue 30): what one change to the catalogues, the UF values or the
 * trash records besides who and when. Pure: the server computes it inside the change's own
 * transaction from what it read before writing and what it wrote.
 */

/** One entry: what it did ('create', 'update', 'delete', 'import', 'seed'…), the record, one line, the detail. */
export type AdminChange = {
  action: string;
  /** the record as a person names it: 'Actividad ACT12 Relleno y compactación', 'UF 01-03-2027' */
  record: string;
  /** one Spanish line: 'creó', 'modificó: Nombre, Duración', 'eliminó' */
  summary: string;
  detail: ChangeLogDetail;
};

/** Each of the detail's lists keeps at most this many entries (as the project history's); `omitted` counts the rest. */
export const CHANGE_LOG_LIST_CAP = HISTORY_LIST_CAP;

/** The longest text a note read back from an older or foreign detail keeps. */
const NOTE_TEXT_CAP = 500;

/** A detail filled in a change at a time, each list capped, what did not fit counted. */
export class ChangeLogDetailBuilder {
  private readonly detail: ChangeLogDetail = { changes: [], notes: [], omitted: 0 };

  change(change: ChangeLogFieldChange): this {
    if (this.detail.changes.length < CHANGE_LOG_LIST_CAP) this.detail.changes.push(change);
    else this.detail.omitted += 1;
    return this;
  }

  note(note: string): this {
    if (this.detail.notes.length < CHANGE_LOG_LIST_CAP) this.detail.notes.push(note);
    else this.detail.omitted += 1;
    return this;
  }

  /** Counts `count` entries left out on purpose (not listed at all). */
  omit(count: number): this {
    this.detail.omitted += count;
    return this;
  }

  get size(): number {
    return this.detail.changes.length + this.detail.notes.length + this.detail.omitted;
  }

  build(): ChangeLogDetail {
    return { changes: [...this.detail.changes], notes: [...this.detail.notes], omitted: this.detail.omitted };
  }
}

export function emptyChangeLogDetail(): ChangeLogDetail {
  return { changes: [], notes: [], omitted: 0 };
}

function shortText(text: string): string {
  return text.length > NOTE_TEXT_CAP ? `${text.slice(0, NOTE_TEXT_CAP)}…` : text;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A stored detail as the entry shows it. A detail written in this shape is answered as is; anything
 * else a writer stored (an object of its own, a list, a text) becomes notes, one line per key or
 * element, so an entry always opens (each note at most 500 characters, at most 500 notes).
 */
export function changeLogDetailOf(stored: unknown): ChangeLogDetail {
  const parsed = changeLogDetailSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const builder = new ChangeLogDetailBuilder();
  if (stored === null || stored === undefined) return builder.build();
  if (Array.isArray(stored)) {
    for (const element of stored) builder.note(shortText(valueText(element)));
  } else if (typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored)) builder.note(shortText(`${key}: ${valueText(value)}`));
  } else {
    builder.note(shortText(valueText(stored)));
  }
  return builder.build();
}
