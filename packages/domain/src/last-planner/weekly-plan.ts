import { formatIsoDate, isRealIsoDate } from '../format/dates';
import { formatDecimal } from '../format/money';
import type { Constraint } from './constraints';
import { constraintText, openConstraints } from './constraints';
import { COMMITMENT_OUTCOMES } from '../functions/last-planner-contracts';
import { findListItem } from './project-lists';
import { isMonday, weekEnd } from './weeks';

/**
 * Issue 36, the weekly plan ('Plan semanal', docs/LAST-PLANNER.md "Weekly plan"): the commitments
 * for a week (Monday to Sunday, named by its Monday), each taken from a task that is ready ('lista'),
 * by the task's company, saying what will be done: a quantity, a % of the task or a free description
 * (exactly one). At the week's close each is 'Cumplido' or 'No cumplido' with a cause from the
 * project's list.
 */

/** The default list, exactly; each project edits its own (project-lists.ts). */
export const DEFAULT_NONCOMPLIANCE_CAUSES: readonly string[] = [
  'Programación',
  'Materiales',
  'Mano de obra',
  'Equipos',
  'Subcontrato',
  'Clima',
  'Diseño',
  'Cliente',
  'Otra',
];

export { COMMITMENT_OUTCOMES };
export type CommitmentOutcome = (typeof COMMITMENT_OUTCOMES)[number];
export const COMMITMENT_OUTCOME_LABELS: Readonly<Record<CommitmentOutcome, string>> = {
  cumplido: 'Cumplido',
  'no-cumplido': 'No cumplido',
};

export const MAX_COMMITMENT_DESCRIPTION = 300;
export const MAX_COMMITMENT_QUANTITY = 1_000_000_000;

/** What a commitment says will be done: exactly one kind. */
export type CommitmentAmount =
  | { kind: 'percent'; percent: number }
  | { kind: 'quantity'; quantity: number }
  | { kind: 'description'; description: string };

export type Commitment = {
  id?: string;
  taskId: number;
  /** the task's company when it was taken (null: the task had none) */
  companyId: string | null;
  /** the week's Monday, YYYY-MM-DD */
  week: string;
  amount: CommitmentAmount;
  /** null: not closed yet */
  outcome: CommitmentOutcome | null;
  /** 'Causa de no cumplimiento', only with 'no-cumplido' */
  cause: string | null;
};

/** A task as the weekly plan reads it. */
export type CommitmentTask = {
  id: number;
  code: string;
  name: string;
  companyId: string | null;
  progress: number;
  actualFinish?: string | null;
  isSummary?: boolean;
  constraints: readonly Constraint[];
};

/** A commitment as typed: exactly one of percent, quantity and description. */
export type CommitmentInput = {
  week: string;
  percent?: number | null;
  quantity?: number | null;
  description?: string | null;
};

export type CommitmentField = 'task' | 'week' | 'amount';

export type CommitmentCheck =
  { ok: true; commitment: Commitment } | { ok: false; errors: Partial<Record<CommitmentField, string>> };

/** A task in a message: '1.2 «Moldaje losa»' (just «name» with no code). */
export function taskLabel(task: Pick<CommitmentTask, 'code' | 'name'>): string {
  return task.code.trim() === '' ? `«${task.name}»` : `${task.code} «${task.name}»`;
}

/** What a commitment says in one line: '50 % de la tarea', '12,5 (cantidad)', or its description. */
export function commitmentAmountText(amount: CommitmentAmount, unit?: string | null): string {
  if (amount.kind === 'percent') return `${formatDecimal(amount.percent)} % de la tarea`;
  if (amount.kind === 'quantity') {
    const shown = formatDecimal(amount.quantity);
    return unit !== undefined && unit !== null && unit.trim() !== '' ? `${shown} ${unit.trim()}` : shown;
  }
  return amount.description;
}

/**
 * The Spanish reason `task` cannot be committed, or undefined: a summary, finished (an actual finish
 * or 100 %), or not 'lista', which names the task and each of its open constraints.
 */
export function commitmentTaskError(task: CommitmentTask): string | undefined {
  const label = taskLabel(task);
  if (task.isSummary === true) return `Tarea: ${label} es un resumen; los compromisos se toman de sus tareas`;
  if ((task.actualFinish ?? null) !== null || task.progress >= 100) return `Tarea: ${label} ya está terminada`;
  const open = openConstraints(task.constraints);
  if (open.length > 0) {
    const listed = open.map(constraintText).join('; ');
    const noun = open.length === 1 ? 'una restricción abierta' : `${open.length} restricciones abiertas`;
    return `Tarea: ${label} no está lista; tiene ${noun}: ${listed}`;
  }
  return undefined;
}

function amountOf(input: CommitmentInput): { amount?: CommitmentAmount; error?: string } {
  const given = [
    input.percent !== undefined && input.percent !== null,
    input.quantity !== undefined && input.quantity !== null,
    input.description !== undefined && input.description !== null && input.description.trim() !== '',
  ].filter(Boolean).length;
  if (given !== 1)
    return { error: 'Qué se hará: indica una cantidad, un % de la tarea o una descripción (solo una de ellas)' };
  if (input.percent !== undefined && input.percent !== null) {
    const percent = input.percent;
    if (!Number.isFinite(percent) || percent <= 0 || percent > 100)
      return { error: 'Qué se hará: el % de la tarea debe ser mayor que 0 y como máximo 100' };
    return { amount: { kind: 'percent', percent } };
  }
  if (input.quantity !== undefined && input.quantity !== null) {
    const quantity = input.quantity;
    if (!Number.isFinite(quantity) || quantity <= 0 || quantity > MAX_COMMITMENT_QUANTITY)
      return { error: 'Qué se hará: la cantidad debe ser mayor que 0' };
    return { amount: { kind: 'quantity', quantity } };
  }
  const description = (input.description ?? '').trim();
  if (description.length > MAX_COMMITMENT_DESCRIPTION)
    return { error: `Qué se hará: la descripción debe tener como máximo ${MAX_COMMITMENT_DESCRIPTION} caracteres` };
  return { amount: { kind: 'description', description } };
}

/**
 * A commitment as typed for `task` (undefined: not in the Gantt), every field checked at once:
 * 'Tarea' (commitmentTaskError; and not already committed in that week: `weekCommitments` are the
 * week's commitments already taken), 'Semana' (a real Monday; a week that already ended before
 * `today` is refused: the plan is for the coming week or the current one), 'Qué se hará' (exactly one
 * of a % in (0, 100], a quantity above 0, a description of at most 300 characters). The commitment,
 * open, with the task's company; or each field's Spanish message.
 */
export function checkCommitmentInput(
  input: CommitmentInput,
  options: {
    task: CommitmentTask | undefined;
    today: string;
    weekCommitments?: readonly Pick<Commitment, 'taskId' | 'week'>[];
  },
): CommitmentCheck {
  const errors: Partial<Record<CommitmentField, string>> = {};
  const { task } = options;
  const week = input.week.trim();
  if (!isRealIsoDate(week)) errors.week = 'Semana: no es una fecha válida (AAAA-MM-DD)';
  else if (!isMonday(week)) errors.week = 'Semana: se nombra por su lunes (la semana va de lunes a domingo)';
  else if (weekEnd(week) < options.today) errors.week = `Semana: la semana del ${formatIsoDate(week)} ya terminó`;
  if (task === undefined) errors.task = 'Tarea: no existe en el Gantt';
  else {
    const taskError = commitmentTaskError(task);
    if (taskError !== undefined) errors.task = taskError;
    else if ((options.weekCommitments ?? []).some((taken) => taken.taskId === task.id && taken.week === week))
      errors.task = `Tarea: ${taskLabel(task)} ya tiene un compromiso en la semana del ${formatIsoDate(week)}`;
  }
  const { amount, error } = amountOf(input);
  if (error !== undefined) errors.amount = error;
  if (Object.keys(errors).length > 0 || task === undefined || amount === undefined) return { ok: false, errors };
  return {
    ok: true,
    commitment: { taskId: task.id, companyId: task.companyId, week, amount, outcome: null, cause: null },
  };
}

export type CommitmentCloseInput = { outcome: string | null; cause?: string | null };
export type CommitmentCloseField = 'outcome' | 'cause';

export type CommitmentCloseCheck =
  | { ok: true; outcome: CommitmentOutcome | null; cause: string | null }
  | { ok: false; errors: Partial<Record<CommitmentCloseField, string>> };

/**
 * A commitment's close as typed: 'Cumplido' carries no cause; 'No cumplido' needs one from the
 * project's `causes` (case and accents aside; the list's spelling is kept); null reopens it (no
 * cause). With `week` and `today`, a week that has not begun cannot be closed.
 */
export function checkCommitmentClose(
  input: CommitmentCloseInput,
  options: { causes: readonly string[]; week?: string; today?: string },
): CommitmentCloseCheck {
  const errors: Partial<Record<CommitmentCloseField, string>> = {};
  const outcome = input.outcome;
  const typedCause = (input.cause ?? '').trim();
  if (outcome !== null && !(COMMITMENT_OUTCOMES as readonly string[]).includes(outcome)) {
    errors.outcome = 'Resultado: debe ser «Cumplido» o «No cumplido»';
    return { ok: false, errors };
  }
  if (outcome !== null && options.week !== undefined && options.today !== undefined && options.today < options.week)
    errors.outcome = `Resultado: la semana del ${formatIsoDate(options.week)} aún no comienza`;
  let cause: string | null = null;
  if (outcome === 'no-cumplido') {
    const found = findListItem(options.causes, typedCause);
    if (typedCause === '') errors.cause = 'Causa de no cumplimiento: es obligatoria cuando el compromiso no se cumplió';
    else if (found === undefined)
      errors.cause = `Causa de no cumplimiento: «${typedCause}» no está en la lista de causas del proyecto`;
    else cause = found;
  } else if (typedCause !== '') {
    errors.cause =
      outcome === 'cumplido'
        ? 'Causa de no cumplimiento: un compromiso cumplido no lleva causa'
        : 'Causa de no cumplimiento: un compromiso sin cerrar no lleva causa';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, outcome: outcome as CommitmentOutcome | null, cause };
}
