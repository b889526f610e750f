import { parseChileanDecimal } from '../format/decimal';
import { formatDecimal } from '../format/money';

/**
 * Issue 35: a Gantt task's resources ('Recursos', MS Project's assignments): each a resource of
 * the catalogue with the units the task uses while it runs (2 crews, 1 tower crane, 8 m³ a day).
 * The 'Recursos' column reads like MS Project's: 'Cuadrilla moldaje[2]; Grúa torre' (1 unit
 * unwritten). Pure: the contract's checks, the cell's reading and writing, the server's diff.
 */

export type ResourceAssignment = { resourceId: string; units: number };

/** The most resources one task carries, and the most units of one. */
export const MAX_TASK_RESOURCES = 20;
export const MAX_ASSIGNMENT_UNITS = 10_000;

/** A resource as the cell names it. */
export type NamedResource = { _id: string; code: string; name: string };

/** Units as the cell writes them: '2', '1,5' (every decimal kept). */
export function unitsText(units: number): string {
  return formatDecimal(units);
}

/**
 * What is wrong with one assignment's units ('' when nothing): greater than 0, at most
 * MAX_ASSIGNMENT_UNITS, at most 2 decimals (half a crew, a quarter of a crane's day).
 */
export function assignmentUnitsError(units: number): string {
  if (!Number.isFinite(units)) return 'las unidades deben ser un número';
  if (units <= 0) return 'las unidades deben ser mayores que 0';
  if (units > MAX_ASSIGNMENT_UNITS) return `las unidades deben ser como máximo ${formatDecimal(MAX_ASSIGNMENT_UNITS)}`;
  if (Math.abs(Math.round(units * 100) - units * 100) > 1e-9) return 'las unidades admiten como máximo 2 decimales';
  return '';
}

/**
 * What is wrong with a task's list, one Spanish sentence each: too many, a resource twice, bad
 * units (naming the resource through `nameOf`, else its id).
 */
export function assignmentErrors(
  list: readonly ResourceAssignment[],
  nameOf: (resourceId: string) => string | undefined = () => undefined,
): string[] {
  const errors: string[] = [];
  if (list.length > MAX_TASK_RESOURCES) errors.push(`admite como máximo ${MAX_TASK_RESOURCES} recursos por tarea`);
  const seen = new Set<string>();
  for (const assignment of list) {
    const label = nameOf(assignment.resourceId) ?? assignment.resourceId;
    if (seen.has(assignment.resourceId)) errors.push(`el recurso «${label}» está más de una vez`);
    seen.add(assignment.resourceId);
    const unitsError = assignmentUnitsError(assignment.units);
    if (unitsError !== '') errors.push(`«${label}»: ${unitsError}`);
  }
  return errors;
}

/**
 * The list as comparable text, in its order ('' for none): two lists are the same assignment when
 * their keys are equal (the server rewrites a task's rows only then; the history compares them).
 */
export function assignmentsKey(list: readonly ResourceAssignment[] | undefined): string {
  if (list === undefined || list.length === 0) return '';
  let key = '';
  for (const assignment of list) key += `${assignment.resourceId}\u0000${assignment.units}\u0001`;
  return key;
}

/**
 * The 'Recursos' cell: 'Cuadrilla moldaje[2]; Grúa torre', in the task's order, 1 unit unwritten;
 * a resource no longer in the catalogue reads '(recurso eliminado)'.
 */
export function assignmentsText(
  list: readonly ResourceAssignment[] | undefined,
  nameOf: (resourceId: string) => string | undefined,
): string {
  if (list === undefined || list.length === 0) return '';
  return list
    .map((assignment) => {
      const name = nameOf(assignment.resourceId) ?? '(recurso eliminado)';
      return assignment.units === 1 ? name : `${name}[${unitsText(assignment.units)}]`;
    })
    .join('; ');
}

export type AssignmentsParse = { ok: true; assignments: ResourceAssignment[] } | { ok: false; error: string };

const PART = /^(.*?)\s*(?:\[([^\]]*)\])?$/s;

/**
 * What the user typed in the 'Recursos' cell, as a list: parts split by ';', each a resource's
 * name or code (case and accents as typed, compared case-insensitively; the name first) and, in
 * brackets, its units ('[2]', '[1,5]'; absent: 1). Blank: none. The first problem is the answer's
 * Spanish error, naming the part.
 */
export function parseAssignmentsText(text: string, resources: readonly NamedResource[]): AssignmentsParse {
  const byName = new Map<string, NamedResource>();
  const byCode = new Map<string, NamedResource>();
  for (const resource of resources) {
    const name = resource.name.trim().toLocaleLowerCase('es-CL');
    if (!byName.has(name)) byName.set(name, resource);
    byCode.set(resource.code.trim().toLocaleLowerCase('es-CL'), resource);
  }
  const assignments: ResourceAssignment[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(';')) {
    const part = raw.trim();
    if (part === '') continue;
    const match = PART.exec(part);
    const label = (match?.[1] ?? part).trim();
    const key = label.toLocaleLowerCase('es-CL');
    const resource = byName.get(key) ?? byCode.get(key);
    if (resource === undefined) return { ok: false, error: `No hay un recurso «${label}» en el catálogo de recursos` };
    let units = 1;
    const unitsTyped = match?.[2];
    if (unitsTyped !== undefined) {
      const parsed = parseChileanDecimal(unitsTyped);
      if (!parsed.ok)
        return { ok: false, error: `«${part}»: las unidades deben ser un número, por ejemplo [2] o [1,5]` };
      units = Number(parsed.value);
    }
    const unitsError = assignmentUnitsError(units);
    if (unitsError !== '') return { ok: false, error: `«${part}»: ${unitsError}` };
    if (seen.has(resource._id)) return { ok: false, error: `El recurso «${resource.name}» está más de una vez` };
    seen.add(resource._id);
    assignments.push({ resourceId: resource._id, units });
  }
  if (assignments.length > MAX_TASK_RESOURCES) {
    return { ok: false, error: `Una tarea admite como máximo ${MAX_TASK_RESOURCES} recursos` };
  }
  return { ok: true, assignments };
}
