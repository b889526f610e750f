import type { GanttDraftTask } from './gantt-edits';
import { ganttLinkCandidates, ganttTaskDirectory, searchKey } from './gantt-task-directory';
import type { GanttTaskDirectory, GanttTaskRef } from './gantt-task-directory';
import { MAX_LAG } from './predecessors';
import type { PredecessorLink } from './predecessors';
import type { LinkType } from './schedule-types';

/**
 * Predecessors as a planner types them (issue 32), MS Project style and in Spanish: entries
 * separated by ';' or ',', each the predecessor's row number ('Id') or unique code, then the link
 * type — FC (fin-comienzo, FS), CC (comienzo-comienzo, SS), FF (fin-fin), CF (comienzo-fin, SF), or
 * the English FS, SS, FF, SF; finish-to-start when left out — and the lag in working days ('+2',
 * '-1d', '+2d', '+3 días'; negative: a lead): '8', '8FC+2', '12CC', '15FF-1d', '8FS+2',
 * 'ELA.1.1.ACT3 CC+2d'. After a code the type is set apart by a space. What the grid's
 * 'Predecesoras' column writes (plannerPredecessorText) reads back the same. Every entry is checked
 * against the Gantt: the task exists, is not the task itself, its summary or one of its tasks, is not
 * named twice, and does not already depend on the task (the link would close a loop). Each faulty
 * entry gets its own Spanish message. Pure: the task editor and the grid's cells use it.
 */

export type TypedPredecessorError = { entry: string; message: string };

export type TypedPredecessorsResult =
  | { ok: true; links: PredecessorLink[] }
  | { ok: false; errors: TypedPredecessorError[]; /** the messages in one line */ error: string };

const TYPES: Record<string, LinkType> = {
  FS: 'FS',
  SS: 'SS',
  FF: 'FF',
  SF: 'SF',
  FC: 'FS',
  CC: 'SS',
  CF: 'SF',
};

// the type and the lag after the row number or the code
const TYPE = '(FS|SS|FF|SF|FC|CC|CF)';
const LAG = '([+-])\\s*(\\d{1,9}(?:[.,]\\d+)?)\\s*(%|d|días|dias|día|dia)?\\.?';
const ROW_ENTRY = new RegExp(`^(\\d{1,9})\\s*${TYPE}?\\s*(?:${LAG})?$`, 'i');
const CODE_WITH_TYPE = new RegExp(`^(.*?\\S)\\s+${TYPE}\\s*(?:${LAG})?$`, 'i');
const CODE_WITH_LAG = new RegExp(`^(.*?[^\\s+-])\\s*${LAG}$`, 'i');

type Named = { ref: GanttTaskRef } | { missing: string } | { ambiguous: GanttTaskRef[]; code: string };
type Entry = Named & { type: LinkType; sign?: string; amount?: string; unit?: string };

/** A code typed: the task with that unique code, else the one task with that own code or name. */
function byCode(code: string, directory: GanttTaskDirectory): Named {
  const wanted = searchKeyOfCode(code);
  const exact = directory.byCode.get(wanted);
  if (exact) return { ref: exact };
  const own = directory.refs.filter((ref) => ref.code !== '' && ref.code.toLowerCase() === wanted);
  if (own.length === 1) return { ref: own[0] as GanttTaskRef };
  if (own.length > 1) return { ambiguous: own, code: code.trim() };
  const byName = directory.refs.filter((ref) => ref.uniqueCode === '' && searchKey(ref.name) === searchKey(code));
  if (byName.length === 1) return { ref: byName[0] as GanttTaskRef };
  return { missing: code.trim() };
}

function readEntry(entry: string, directory: GanttTaskDirectory): Entry | undefined {
  const row = ROW_ENTRY.exec(entry);
  if (row) {
    const ref = directory.byRow.get(Number(row[1]));
    return {
      ...(ref ? { ref } : { missing: row[1] as string }),
      type: TYPES[(row[2] ?? 'FS').toUpperCase()] as LinkType,
      ...lagParts(row[3], row[4], row[5]),
    };
  }
  const whole = byCode(entry, directory);
  if (!('missing' in whole)) return { ...whole, type: 'FS' };
  const withType = CODE_WITH_TYPE.exec(entry);
  if (withType) {
    return {
      ...byCode(withType[1] as string, directory),
      type: TYPES[(withType[2] as string).toUpperCase()] as LinkType,
      ...lagParts(withType[3], withType[4], withType[5]),
    };
  }
  const withLag = CODE_WITH_LAG.exec(entry);
  if (withLag) {
    const named = byCode(withLag[1] as string, directory);
    if (!('missing' in named)) return { ...named, type: 'FS', ...lagParts(withLag[2], withLag[3], withLag[4]) };
  }
  if (/^[\p{L}\p{N}_.\-/]+$/u.test(entry)) return { missing: entry, type: 'FS' };
  return undefined;
}

function lagParts(sign: string | undefined, amount: string | undefined, unit: string | undefined) {
  return {
    ...(sign === undefined ? {} : { sign }),
    ...(amount === undefined ? {} : { amount }),
    ...(unit === undefined ? {} : { unit: unit.toLowerCase() }),
  };
}

function searchKeyOfCode(code: string): string {
  return code.trim().toLowerCase();
}

/** Whether `from` already depends on `on` through the links (walking predecessors), but `on`'s own. */
function dependsOn(byId: ReadonlyMap<number, GanttDraftTask>, from: number, on: number): boolean {
  const seen = new Set<number>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === on) return true;
    const task = byId.get(id);
    if (!task) continue;
    for (const link of task.predecessors) {
      if (seen.has(link.predecessorId)) continue;
      seen.add(link.predecessorId);
      stack.push(link.predecessorId);
    }
  }
  return false;
}

/** How a task is named in a message: its row number, and its unique code when it has one. */
function named(ref: GanttTaskRef): string {
  return ref.uniqueCode === '' ? String(ref.rowId) : `${ref.rowId} (${ref.uniqueCode})`;
}

/**
 * The links `text` gives task `taskId`, or an error per faulty entry. `directory` may be passed
 * when the caller has it (ganttTaskDirectory(tasks)).
 */
export function parseTypedPredecessors(
  text: string,
  tasks: readonly GanttDraftTask[],
  taskId: number,
  directory: GanttTaskDirectory = ganttTaskDirectory(tasks),
): TypedPredecessorsResult {
  const links: PredecessorLink[] = [];
  const errors: TypedPredecessorError[] = [];
  const seen = new Set<number>();
  const candidates = new Set(ganttLinkCandidates(tasks, taskId));
  const byId = new Map(tasks.map((task) => [task.id, task]));
  for (const raw of text.split(/[;,]/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const fail = (message: string) => errors.push({ entry, message });
    const read = readEntry(entry, directory);
    if (!read) {
      fail(`«${entry}» no es una predecesora válida (ejemplos: 8, 8FC+2, 12CC, 15FF-1d o el código de la tarea)`);
      continue;
    }
    if ('missing' in read) {
      fail(/^\d+$/.test(read.missing) ? `La fila ${read.missing} no existe` : `La tarea «${read.missing}» no existe`);
      continue;
    }
    if ('ambiguous' in read) {
      const some = read.ambiguous.slice(0, 3).map((ref) => ref.uniqueCode);
      fail(
        `«${read.code}» corresponde a ${read.ambiguous.length} tareas (${some.join(', ')}${read.ambiguous.length > 3 ? '…' : ''}); escribe su Id o su código completo`,
      );
      continue;
    }
    const ref = read.ref;
    let lag = 0;
    if (read.amount !== undefined) {
      if (read.unit === '%') {
        fail(`«${entry}»: el desfase en porcentaje no se admite; escríbelo en días hábiles (+2, -1d)`);
        continue;
      }
      if (!/^\d+$/.test(read.amount)) {
        fail(`«${entry}»: el desfase debe ser un número entero de días hábiles`);
        continue;
      }
      lag = (read.sign === '-' ? -1 : 1) * Number(read.amount);
      if (Math.abs(lag) > MAX_LAG) {
        fail(`«${entry}»: el desfase debe estar entre -${MAX_LAG} y ${MAX_LAG} días`);
        continue;
      }
    }
    if (ref.id === taskId) {
      fail('Una tarea no puede depender de sí misma');
      continue;
    }
    if (!candidates.has(ref.id)) {
      fail(`La tarea ${named(ref)} es resumen o parte de esta tarea; no se pueden vincular`);
      continue;
    }
    if (seen.has(ref.id)) {
      fail(`La tarea ${named(ref)} aparece dos veces`);
      continue;
    }
    seen.add(ref.id);
    if (dependsOn(byId, ref.id, taskId)) {
      fail(`La tarea ${named(ref)} ya depende de esta tarea: el vínculo cerraría un ciclo`);
      continue;
    }
    links.push({ predecessorId: ref.id, type: read.type, lag: lag === 0 ? 0 : lag });
  }
  if (errors.length > 0) return { ok: false, errors, error: errors.map((error) => error.message).join('; ') };
  return { ok: true, links };
}
