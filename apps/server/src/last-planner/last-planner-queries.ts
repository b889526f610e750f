import { formatIsoDate, santiagoToday } from '@cimiento/domain';
import {
  DEFAULT_CONSTRAINT_TYPES,
  DEFAULT_NONCOMPLIANCE_CAUSES,
  LOOK_AHEAD_FROMS,
  commitmentAmountText,
  isConstraintOverdue,
} from '@cimiento/domain/last-planner';
import type {
  CommitmentAmount,
  LastPlannerSettings,
  LastPlannerTask,
  LookAheadFrom,
  StoredCommitment,
  StoredConstraint,
} from '@cimiento/domain/last-planner';
import { NOT_A_MEMBER_MESSAGE } from '@cimiento/domain/members';
import type { ProjectRole } from '@cimiento/domain/members';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import type { LpCommitmentTable, LpConstraintTable } from '../db/schema-last-planner';
import { readGanttAnswerStamp } from '../gantt/gantt-answer-stamps';
import { loadMerged } from '../gantt/gantt-merge';
import { readTaskCompanyIds, roleOf } from '../members/member-queries';

/**
 * Issue 36: what the Last Planner's functions share (docs/LAST-PLANNER.md): the project's settings
 * and lists, its companies, the company of each task, the constraints and commitments as answered,
 * and the Gantt's tasks as the screens read them (the dates loadGantt answers, the EDP path, the
 * quantity of an EDC activity).
 */

type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_LOOK_AHEAD_WEEKS = 4;

export function defaultSettings(): LastPlannerSettings {
  return {
    lookAheadWeeks: DEFAULT_LOOK_AHEAD_WEEKS,
    lookAheadFrom: 'cutoff',
    constraintTypes: [...DEFAULT_CONSTRAINT_TYPES],
    causes: [...DEFAULT_NONCOMPLIANCE_CAUSES],
  };
}

function textList(json: string, fallback: readonly string[]): string[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
      return value as string[];
    }
  } catch {
    // a damaged row reads as the defaults
  }
  return [...fallback];
}

/** The project's settings (no row: the defaults). */
export async function readSettings(db: Db, projectId: string): Promise<LastPlannerSettings> {
  const row = await db
    .selectFrom('project_last_planner')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (row === undefined) return defaultSettings();
  return {
    lookAheadWeeks: Number(row.look_ahead_weeks),
    lookAheadFrom: (LOOK_AHEAD_FROMS as readonly string[]).includes(row.look_ahead_from)
      ? (row.look_ahead_from as LookAheadFrom)
      : 'cutoff',
    constraintTypes: textList(row.constraint_types, DEFAULT_CONSTRAINT_TYPES),
    causes: textList(row.causes, DEFAULT_NONCOMPLIANCE_CAUSES),
  };
}

export type CompanyRef = { id: string; name: string; kind: string };

/** The project's companies, by name (es-CL). */
export async function readCompanyRefs(db: Db, projectId: string): Promise<CompanyRef[]> {
  const rows = await db
    .selectFrom('project_company')
    .select(['id', 'name', 'kind'])
    .where('project_id', '=', projectId)
    .execute();
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'es-CL', { numeric: true }) || a.id.localeCompare(b.id));
}

// ---------------------------------------------------------------- the caller

/** The caller as the task-by-task rules read them: an administrator acts as a Planificador. */
export type PlannerCaller = { role: ProjectRole; companyId: string | null };

export async function plannerCaller(db: Db, projectId: string, caller: Caller): Promise<PlannerCaller> {
  if (caller.isAdmin) return { role: 'planificador', companyId: null };
  const row = await db
    .selectFrom('project_member')
    .select(['role', 'company_id'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  // the functions routes let only members through; a membership removed since is a refusal
  if (row === undefined) throw new HttpsError('PERMISSION_DENIED', NOT_A_MEMBER_MESSAGE);
  return { role: roleOf(row.role), companyId: row.company_id };
}

// ---------------------------------------------------------------- records

export function constraintOf(row: Selectable<LpConstraintTable>, today: string): StoredConstraint {
  const state = row.state === 'liberada' ? 'liberada' : 'abierta';
  return {
    id: row.id,
    taskId: Number(row.task_id),
    type: row.type,
    description: row.description,
    responsible: row.responsible,
    responsibleCompanyId: row.responsible_company_id,
    responsibleUserId: row.responsible_user_id,
    dueDate: row.due_date,
    state,
    overdue: isConstraintOverdue({ state, dueDate: row.due_date }, today),
    version: Number(row.version),
    createdBy: row.created_by_name,
    createdAt: row.created_at,
    releasedAt: row.released_at,
    releasedBy: row.released_by_name,
  };
}

/** The project's constraints by task id, each task's in due-date order. */
export async function readConstraints(
  db: Db,
  projectId: string,
  today: string,
): Promise<Map<number, StoredConstraint[]>> {
  const rows = await db
    .selectFrom('lp_constraint')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('due_date')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const byTask = new Map<number, StoredConstraint[]>();
  for (const row of rows) {
    const constraint = constraintOf(row, today);
    const list = byTask.get(constraint.taskId);
    if (list === undefined) byTask.set(constraint.taskId, [constraint]);
    else list.push(constraint);
  }
  return byTask;
}

export function amountOfRow(
  row: Pick<Selectable<LpCommitmentTable>, 'kind' | 'percent' | 'quantity' | 'description'>,
): CommitmentAmount {
  if (row.kind === 'percent') return { kind: 'percent', percent: Number(row.percent ?? 0) };
  if (row.kind === 'quantity') return { kind: 'quantity', quantity: Number(row.quantity ?? 0) };
  return { kind: 'description', description: row.description ?? '' };
}

export function commitmentOf(
  row: Selectable<LpCommitmentTable>,
  task: Pick<PlannerTask, 'area' | 'unit'> | undefined,
): StoredCommitment {
  const amount = amountOfRow(row);
  const unit = task?.unit ?? null;
  return {
    id: row.id,
    taskId: Number(row.task_id),
    taskCode: row.task_code,
    taskName: row.task_name,
    area: task === undefined ? [] : [...task.area],
    companyId: row.company_id,
    week: row.week,
    amount,
    amountText: commitmentAmountText(amount, unit),
    unit,
    outcome: row.outcome === 'cumplido' || row.outcome === 'no-cumplido' ? row.outcome : null,
    cause: row.cause,
    version: Number(row.version),
    createdBy: row.created_by_name,
    createdAt: row.created_at,
    closedBy: row.closed_by_name,
    closedAt: row.closed_at,
    transferredCutoff: row.transferred_cutoff,
  };
}

/** A project's commitment, for a write (NOT_FOUND when someone withdrew it). */
export async function commitmentToWrite(db: Db, projectId: string, commitmentId: string) {
  const row = await db
    .selectFrom('lp_commitment')
    .selectAll()
    .where('id', '=', commitmentId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new HttpsError('NOT_FOUND', 'El compromiso ya no existe: otra persona lo retiró');
  return row;
}

/** A project's constraint, for a write (NOT_FOUND when someone deleted it). */
export async function constraintToWrite(db: Db, projectId: string, constraintId: string) {
  const row = await db
    .selectFrom('lp_constraint')
    .selectAll()
    .where('id', '=', constraintId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new HttpsError('NOT_FOUND', 'La restricción ya no existe: otra persona la eliminó');
  return row;
}

/** A stale save or removal: someone changed the record since the screen read it. */
export function staleRecord(what: string): HttpsError {
  return new HttpsError(
    'ABORTED',
    `${what} cambió desde que la abriste (otra persona la grabó): recarga para ver su versión y vuelve a aplicar tu cambio`,
  );
}

// ---------------------------------------------------------------- the Gantt's tasks

/** A Gantt task as the Last Planner reads it (before its constraints). */
export type PlannerTask = Omit<
  LastPlannerTask,
  'ready' | 'underWay' | 'openConstraints' | 'overdueConstraints' | 'constraints'
> & { isSummary: boolean };

export type PlannerGantt = {
  /** every task in the Gantt's order, summaries included */
  tasks: PlannerTask[];
  byId: Map<number, PlannerTask>;
  cutoff: string | null;
  version: number;
};

/** The Gantt's part of PlannerGantt, before the tasks' companies. */
type PlannerBase = { tasks: PlannerTask[]; cutoff: string | null; version: number };

/** How many projects' Gantts each process remembers for the Last Planner. */
const REMEMBERED_GANTTS = 20;
const basesByDatabase = new WeakMap<Kysely<Database>, Map<string, { stamp: string; base: PlannerBase }>>();

function rememberedBases(db: Kysely<Database>): Map<string, { stamp: string; base: PlannerBase }> {
  let remembered = basesByDatabase.get(db);
  if (remembered === undefined) {
    remembered = new Map();
    basesByDatabase.set(db, remembered);
  }
  return remembered;
}

function plannerBase(gantt: Awaited<ReturnType<typeof loadMerged>>): PlannerBase {
  const names = new Map(gantt.tasks.map((task) => [task.id, task.name]));
  const parents = new Map(gantt.tasks.map((task) => [task.id, task.parentId]));
  const areas = new Map<number, string[]>();
  // a Gantt with one top task (the generated EDP's root, the project itself) is not a location: the
  // paths start below it ('Torre A › Piso 3', not 'Edificio … › Torre A › Piso 3')
  const tops = gantt.tasks.filter((task) => task.parentId === undefined);
  const root = tops.length === 1 && gantt.tasks.length > 1 ? tops[0]?.id : undefined;
  const areaOf = (id: number | undefined): string[] => {
    if (id === undefined || id === root) return [];
    const known = areas.get(id);
    if (known !== undefined) return known;
    const path = [...areaOf(parents.get(id)), names.get(id) ?? ''];
    areas.set(id, path);
    return path;
  };
  const tasks: PlannerTask[] = gantt.tasks.map((task, index) => {
    const scheduled = gantt.scheduled.tasks[index];
    const quantity = task.formula === undefined ? null : Number(task.formula.quantity);
    return {
      id: task.id,
      code: task.code,
      name: task.name,
      area: areaOf(task.parentId),
      companyId: null,
      start: scheduled?.start ?? task.start,
      end: scheduled?.end ?? task.start,
      progress: task.progress,
      actualStart: task.actualStart ?? null,
      actualFinish: task.actualFinish ?? null,
      quantity: quantity !== null && Number.isFinite(quantity) ? quantity : null,
      unit: task.formula?.workUnit ?? null,
      isSummary: scheduled?.isSummary ?? false,
    };
  });
  return { tasks, cutoff: gantt.project.cutoff ?? null, version: gantt.project.version };
}

/**
 * The Gantt as loadGantt answers it (merged, scheduled: its dates, the actual ones, the remaining
 * work from the cut-off), each task with its EDP path (its summaries' names from the top), its
 * company and, for an EDC activity sized by quantity, its quantity and unit of work. The Gantt's
 * part is remembered at loadGantt's answer stamp (gantt-answer-stamps.ts: every write it depends on
 * moves the stamp on), so the Last Planner's reads of an unchanged Gantt do not merge and schedule
 * it again; the companies are read each time.
 */
export async function readPlannerGantt(db: Kysely<Database>, projectId: string): Promise<PlannerGantt> {
  const remembered = rememberedBases(db);
  const [stamp, companies] = await Promise.all([
    readGanttAnswerStamp(db, projectId),
    readTaskCompanyIds(db, projectId),
  ]);
  const hit = remembered.get(projectId);
  let base: PlannerBase;
  if (hit !== undefined && stamp !== undefined && hit.stamp === stamp) base = hit.base;
  else {
    const gantt = await loadMerged(db, projectId, false, false);
    base = plannerBase(gantt);
    remembered.delete(projectId);
    if (gantt.answerStamp !== undefined) {
      remembered.set(projectId, { stamp: gantt.answerStamp, base });
      if (remembered.size > REMEMBERED_GANTTS) remembered.delete(remembered.keys().next().value as string);
    }
  }
  const tasks =
    companies.size === 0
      ? base.tasks
      : base.tasks.map((task) => {
          const companyId = companies.get(task.id);
          return companyId === undefined ? task : { ...task, companyId };
        });
  return { tasks, byId: new Map(tasks.map((task) => [task.id, task])), cutoff: base.cutoff, version: base.version };
}

/** A task with its constraints, as the screens show it (`underWay` against the window's first day). */
export function plannerTaskWith(
  task: PlannerTask,
  constraints: readonly StoredConstraint[],
  from: string,
): LastPlannerTask {
  const { isSummary: _summary, ...fields } = task;
  const open = constraints.filter((constraint) => constraint.state === 'abierta').length;
  return {
    ...fields,
    ready: open === 0,
    underWay: task.actualStart !== null || task.start < from,
    openConstraints: open,
    overdueConstraints: constraints.filter((constraint) => constraint.overdue).length,
    constraints: [...constraints],
  };
}

/** 'código «nombre»', as the history names a task. */
export function taskText(task: { code: string; name: string }): string {
  return `${task.code} «${task.name}»`;
}

/** Today in America/Santiago, as every Last Planner rule reads it. */
export function plannerToday(): string {
  return santiagoToday();
}

export function weekText(week: string): string {
  return formatIsoDate(week);
}

/** The members who work for one of `companyIds` (the people a company's notices reach). */
export async function companyMemberIds(
  db: Db,
  projectId: string,
  companyIds: readonly (string | null)[],
): Promise<string[]> {
  const ids = [...new Set(companyIds.filter((companyId): companyId is string => companyId !== null))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('project_member')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('company_id', 'in', ids)
    .execute();
  return rows.map((row) => row.user_id);
}

/** The Gantt's tasks as the look-ahead's rules read them, with their constraints. */
export function lookAheadTasks(
  gantt: PlannerGantt,
  constraints: ReadonlyMap<number, readonly StoredConstraint[]>,
): (PlannerTask & { constraints: readonly StoredConstraint[] })[] {
  return gantt.tasks.map((task) => ({ ...task, constraints: constraints.get(task.id) ?? [] }));
}

/** A subcontractor's refusal: the task is not its company's. */
export function notYourCompanysTask(task: { code: string; name: string }): HttpsError {
  return new HttpsError(
    'PERMISSION_DENIED',
    `Tu rol en este proyecto es Subcontratista: ${taskText(task)} no es una tarea de tu empresa`,
  );
}
