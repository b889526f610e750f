import { MAX_EDP_CODE } from '../functions/edp-contracts';
import { edpCodeKey } from '../edp/edp-tree';
import { edpSourceKey } from '../edp/source-keys';
import { listNames } from './mspdi-format';
import type { ImportedProjectRecords, ImportedSchedule } from './types';

/** The longest EDP item and Gantt task name (edp-contracts, gantt-contracts). */
export const MAX_IMPORTED_NAME = 200;

/** A file whose outline cannot become an EDP (codes too long); its message is for the user. */
export class MspdiImportError extends Error {
  override readonly name = 'MspdiImportError';
}

/**
 * importedProjectRecords (issue 14): the EDP items, Gantt tasks and links the server stores for an
 * imported schedule. The EDP root (id 1) carries the project's code and name; then one item per
 * task, ids 2… in outline order, coded with the file's own codes when fileCodes takes them (issue 34),
 * else `{code}.{n.m.k}` by position in our tree; each Gantt task
 * mirrors its item (same id, sourceKey `edp:{id}`); the root's task starts on the project's start.
 * Names are trimmed and cut to 200 characters (with a warning); an empty one becomes 'Tarea {UID}'.
 * Throws MspdiImportError when the outline is so deep that a code would pass MAX_EDP_CODE.
 */
/**
 * The file's own codes (ImportedTask.fileCode: P6's WBS codes and Activity IDs, MS Project's WBS) as
 * the EDP codes, by UID, when every task has one, none longer than MAX_EDP_CODE, all different from
 * each other and from the project's code (case-insensitively, as the EDP compares them), and each
 * child's code starts with the code of a task that holds it (its parent's, or one above). Otherwise why not, in Spanish, or null when the file has no
 * codes at all (nothing to say).
 */
export function fileCodes(
  schedule: ImportedSchedule,
  projectCode: string,
): { codes: Map<number, string> } | { reason: string } | null {
  const withCode = schedule.tasks.filter((task) => (task.fileCode ?? '').trim() !== '');
  if (withCode.length === 0) return null;
  if (withCode.length < schedule.tasks.length) {
    const missing = schedule.tasks.length - withCode.length;
    return { reason: `${missing === 1 ? 'una tarea no tiene' : `${missing} tareas no tienen`} código` };
  }
  const codes = new Map<number, string>();
  const parentOf = new Map(schedule.tasks.map((task) => [task.uid, task.parentUid]));
  const seen = new Map<string, string>([[edpCodeKey(projectCode), projectCode]]);
  for (const task of schedule.tasks) {
    const code = (task.fileCode ?? '').trim();
    if (code.length > MAX_EDP_CODE)
      return { reason: `el código ${code.slice(0, 40)}… tiene más de ${MAX_EDP_CODE} caracteres` };
    const clash = seen.get(edpCodeKey(code));
    if (clash !== undefined) return { reason: `el código ${code} se repite` };
    seen.set(edpCodeKey(code), code);
    // nested: it starts with the code of a task that holds it (its summary's, or one above: our own
    // export codes a generated activity under its EDP item, two levels up)
    const parentUid = task.parentUid;
    if (parentUid !== undefined && codes.has(parentUid)) {
      let holder: number | undefined = parentUid;
      let nested = false;
      for (let guard = 0; holder !== undefined && !nested && guard < schedule.tasks.length; guard += 1) {
        const above = codes.get(holder);
        if (above !== undefined && edpCodeKey(code).startsWith(edpCodeKey(above))) nested = true;
        holder = parentOf.get(holder);
      }
      if (!nested)
        return {
          reason: `el código ${code} no comienza con el de ninguna tarea que lo contiene (${codes.get(parentUid) ?? ''})`,
        };
    }
    codes.set(task.uid, code);
  }
  return { codes };
}

export function importedProjectRecords(
  schedule: ImportedSchedule,
  options: { code: string; name?: string },
): ImportedProjectRecords {
  const code = options.code.trim();
  const cut: string[] = [];
  const fit = (raw: string, fallback: string): string => {
    const name = raw.trim() === '' ? fallback : raw.trim();
    if (name.length <= MAX_IMPORTED_NAME) return name;
    cut.push(`${name.slice(0, 40)}…`);
    return name.slice(0, MAX_IMPORTED_NAME).trimEnd();
  };
  const rootName = fit(options.name ?? schedule.projectName, code);

  const edpItems: ImportedProjectRecords['edpItems'] = [{ id: 1, code, name: rootName }];
  const tasks: ImportedProjectRecords['tasks'] = [
    { id: 1, sourceKey: edpSourceKey(1), code, name: rootName, start: schedule.projectStart, duration: 0, progress: 0 },
  ];
  const own = fileCodes(schedule, code);
  const ownCodes = own !== null && 'codes' in own ? own.codes : undefined;
  const idOfUid = new Map<number, number>();
  const codeOfId = new Map<number, string>([[1, code]]);
  const childCount = new Map<number, number>();
  schedule.tasks.forEach((task, index) => {
    const id = index + 2;
    idOfUid.set(task.uid, id);
    const mappedParent = task.parentUid === undefined ? undefined : idOfUid.get(task.parentUid);
    const parentId = mappedParent ?? 1;
    const position = (childCount.get(parentId) ?? 0) + 1;
    childCount.set(parentId, position);
    const itemCode = ownCodes?.get(task.uid) ?? `${codeOfId.get(parentId) ?? code}.${position}`;
    if (itemCode.length > MAX_EDP_CODE)
      throw new MspdiImportError(
        `El esquema del archivo es demasiado profundo: el código ${itemCode.slice(0, 40)}… supera los ${MAX_EDP_CODE} caracteres. Usa un código de proyecto más corto o reduce los niveles de esquema en MS Project.`,
      );
    codeOfId.set(id, itemCode);
    const name = fit(task.name, `Tarea ${task.uid}`);
    edpItems.push({ id, parentId, code: itemCode, name });
    tasks.push({
      id,
      sourceKey: edpSourceKey(id),
      parentId,
      code: itemCode,
      name,
      start: task.start,
      duration: task.duration,
      progress: task.progress,
      ...(task.actualStart === undefined ? {} : { actualStart: task.actualStart }),
      ...(task.actualFinish === undefined ? {} : { actualFinish: task.actualFinish }),
      ...(task.remaining === undefined ? {} : { remaining: task.remaining }),
      ...(task.mustStartOn === true ? { mustStartOn: true } : {}),
      ...(task.resume === undefined ? {} : { resume: task.resume }),
      ...(task.notes === undefined ? {} : { notes: task.notes }),
      ...(task.deadline === undefined ? {} : { deadline: task.deadline }),
      ...(task.resources === undefined ? {} : { resources: task.resources.map((entry) => ({ ...entry })) }),
    });
  });

  const links: ImportedProjectRecords['links'] = [];
  for (const link of schedule.links) {
    const from = idOfUid.get(link.from);
    const to = idOfUid.get(link.to);
    if (from !== undefined && to !== undefined) links.push({ from, to, type: link.type, lag: link.lag });
  }
  const warnings =
    cut.length > 0 ? [`Se acortaron a ${MAX_IMPORTED_NAME} caracteres los nombres de: ${listNames(cut)}.`] : [];
  if (own !== null && 'reason' in own)
    warnings.push(`No se usaron los códigos del archivo (${own.reason}): el EDP se numeró por posición.`);
  return { edpItems, tasks, links, warnings };
}
