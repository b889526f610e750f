import { assignmentsKey, assignmentsText, parseAssignmentsText } from '../resources/assignments';
import type { NamedResource, ResourceAssignment } from '../resources/assignments';

/**
 * Issue 35: the Gantt workbook's 'Recursos' cell read back (gantt-workbook.ts): the column as the
 * Gantt writes it, 'Cuadrilla moldaje[2]; Grúa torre', names or codes of the resources catalogue in
 * any case (parseAssignmentsText, the rules of the Gantt's cell). Pure.
 */

export type SheetResources =
  { ok: true; assignments: ResourceAssignment[]; changed: boolean } | { ok: false; error: string };

/** The first letter in lower case, so the cell's sentence reads after 'Fila 7: Recursos: '. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLocaleLowerCase('es-CL') + text.slice(1);
}

/**
 * A task's Recursos cell against the catalogue: blank means none. A cell that reads exactly as the
 * task's resources are written now is unchanged (so a catalogue with two resources of one name
 * gives each task back its own), else it is parsed; `changed` says whether the list differs from
 * `current`. The error is one Spanish sentence naming the column: 'Recursos: no hay un recurso
 * «Grua» en el catálogo de recursos'.
 */
export function readSheetResources(
  text: string,
  current: readonly ResourceAssignment[] | undefined,
  resources: readonly NamedResource[],
  nameOf: (resourceId: string) => string | undefined,
): SheetResources {
  const trimmed = text.trim();
  if (current !== undefined && current.length > 0 && trimmed === assignmentsText(current, nameOf)) {
    return { ok: true, assignments: [...current], changed: false };
  }
  if (trimmed !== '' && resources.length === 0) {
    return { ok: false, error: 'Recursos: el catálogo de recursos está vacío; créalos en Administración › Recursos' };
  }
  const parsed = parseAssignmentsText(trimmed, resources);
  if (!parsed.ok) return { ok: false, error: `Recursos: ${lowerFirst(parsed.error)}` };
  return {
    ok: true,
    assignments: parsed.assignments,
    changed: assignmentsKey(parsed.assignments) !== assignmentsKey(current),
  };
}
