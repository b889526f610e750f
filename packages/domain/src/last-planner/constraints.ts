import { formatIsoDate, isRealIsoDate } from '../format/dates';
import { CONSTRAINT_STATES } from '../functions/last-planner-contracts';
import { findListItem } from './project-lists';

/**
 * Issue 36, 'Restricciones' (docs/LAST-PLANNER.md "Constraints"): what stands between a task and
 * its start. A task may have any number; each has a type from the project's list, a description, a
 * person or company responsible for releasing it, a due date and a state. A task is 'lista' (ready)
 * when none of its constraints is open; an open constraint whose due date is before today is
 * overdue. 'Today' is a date-only value the caller passes (America/Santiago's, santiagoToday).
 */

/** The default list, exactly; each project edits its own (project-lists.ts). */
export const DEFAULT_CONSTRAINT_TYPES: readonly string[] = [
  'Diseño',
  'Materiales',
  'Mano de obra',
  'Equipos',
  'Permisos',
  'Espacio',
  'Actividad previa',
  'Otra',
];

export { CONSTRAINT_STATES };
export type ConstraintState = (typeof CONSTRAINT_STATES)[number];
export const CONSTRAINT_STATE_LABELS: Readonly<Record<ConstraintState, string>> = {
  abierta: 'Abierta',
  liberada: 'Liberada',
};

export const MAX_CONSTRAINT_DESCRIPTION = 500;
export const MAX_CONSTRAINT_RESPONSIBLE = 120;

/** A constraint as the rules read it (a stored one carries its id). */
export type Constraint = {
  id?: string;
  /** one of the project's constraint types (as it was when recorded) */
  type: string;
  description: string;
  /** the person or company who releases it, as shown */
  responsible: string;
  /** when the responsible is one of the project's companies */
  responsibleCompanyId?: string | null;
  /** YYYY-MM-DD: the day it must be released by */
  dueDate: string;
  state: ConstraintState;
};

export type ConstraintInput = {
  type: string;
  description: string;
  responsible: string;
  responsibleCompanyId?: string | null;
  dueDate: string;
  /** absent: 'abierta' */
  state?: string;
};

export type ConstraintField = 'type' | 'description' | 'responsible' | 'dueDate' | 'state';

export type ConstraintCheck =
  { ok: true; constraint: Constraint } | { ok: false; errors: Partial<Record<ConstraintField, string>> };

/**
 * A constraint as typed, every field checked at once: 'Tipo' in the project's list (case and
 * accents aside; the list's spelling is kept), 'Descripción' 1–500 characters, 'Responsable' 1–120
 * characters (and, when it names a company, one of the project's `companyIds`), 'Fecha límite' a real
 * YYYY-MM-DD day, 'Estado' 'abierta' or 'liberada'. Texts are trimmed. The constraint, or each
 * field's Spanish message.
 */
export function checkConstraintInput(
  input: ConstraintInput,
  options: { types: readonly string[]; companyIds?: readonly string[] },
): ConstraintCheck {
  const errors: Partial<Record<ConstraintField, string>> = {};
  const typed = input.type.trim();
  const type = findListItem(options.types, typed);
  if (typed === '') errors.type = 'Tipo: es obligatorio';
  else if (type === undefined)
    errors.type = `Tipo: «${typed}» no está en la lista de tipos de restricción del proyecto`;
  const description = input.description.trim();
  if (description === '') errors.description = 'Descripción: es obligatoria';
  else if (description.length > MAX_CONSTRAINT_DESCRIPTION)
    errors.description = `Descripción: debe tener como máximo ${MAX_CONSTRAINT_DESCRIPTION} caracteres`;
  const responsible = input.responsible.trim();
  const companyId = input.responsibleCompanyId ?? null;
  if (responsible === '') errors.responsible = 'Responsable: es obligatorio';
  else if (responsible.length > MAX_CONSTRAINT_RESPONSIBLE)
    errors.responsible = `Responsable: debe tener como máximo ${MAX_CONSTRAINT_RESPONSIBLE} caracteres`;
  else if (companyId !== null && options.companyIds !== undefined && !options.companyIds.includes(companyId))
    errors.responsible = 'Responsable: la empresa no es del proyecto';
  const dueDate = input.dueDate.trim();
  if (dueDate === '') errors.dueDate = 'Fecha límite: es obligatoria';
  else if (!isRealIsoDate(dueDate)) errors.dueDate = 'Fecha límite: no es una fecha válida (AAAA-MM-DD)';
  const state = input.state ?? 'abierta';
  if (!(CONSTRAINT_STATES as readonly string[]).includes(state))
    errors.state = 'Estado: debe ser «abierta» o «liberada»';
  if (Object.keys(errors).length > 0 || type === undefined) return { ok: false, errors };
  return {
    ok: true,
    constraint: {
      type,
      description,
      responsible,
      ...(companyId === null ? {} : { responsibleCompanyId: companyId }),
      dueDate,
      state: state as ConstraintState,
    },
  };
}

export function isConstraintOpen(constraint: Pick<Constraint, 'state'>): boolean {
  return constraint.state === 'abierta';
}

/** Overdue: open, and its due date is before today (due today is not yet overdue). */
export function isConstraintOverdue(constraint: Pick<Constraint, 'state' | 'dueDate'>, today: string): boolean {
  return isConstraintOpen(constraint) && constraint.dueDate < today;
}

export function openConstraints<T extends Pick<Constraint, 'state'>>(constraints: readonly T[]): T[] {
  return constraints.filter(isConstraintOpen);
}

/** 'lista': no open constraint (a task with none at all is ready). */
export function isTaskReady(constraints: readonly Pick<Constraint, 'state'>[]): boolean {
  return !constraints.some(isConstraintOpen);
}

/** A constraint in one line for a message: 'Materiales: Llegada de moldajes (vence el 10-03-2026)'. */
export function constraintText(constraint: Pick<Constraint, 'type' | 'description' | 'dueDate'>): string {
  const due = isRealIsoDate(constraint.dueDate) ? ` (vence el ${formatIsoDate(constraint.dueDate)})` : '';
  return `${constraint.type}: ${constraint.description}${due}`;
}
