import { companyKindLabels, projectRoleLabels, projectRoles } from '@cimiento/domain/members';
import type { ProjectCompany, ProjectMember, ProjectRole } from '@cimiento/domain/members';
import type { Kysely, Transaction } from 'kysely';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import { isAdminRole } from '../users/user-queries';

/**
 * Issue 36: a project's members and companies as 'Miembros' reads and writes them (docs/MEMBERS.md).
 * Every write runs in one transaction with its history entry.
 */

type Db = Kysely<Database> | Transaction<Database>;

const nameCollator = new Intl.Collator('es-CL', { numeric: true, sensitivity: 'base' });

export function roleOf(role: string): ProjectRole {
  return (projectRoles as readonly string[]).includes(role) ? (role as ProjectRole) : 'lector';
}

/** The live project's name, or NOT_FOUND. */
export async function liveProjectName(db: Db, projectId: string): Promise<string> {
  const project = await db
    .selectFrom('project')
    .select('name')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
  return project.name;
}

/** The members, by name (es-CL). */
export async function readMembers(db: Db, projectId: string): Promise<ProjectMember[]> {
  const rows = await db
    .selectFrom('project_member as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'm.company_id', 'u.name', 'u.email', 'u.role as user_role', 'u.banned'])
    .where('m.project_id', '=', projectId)
    .execute();
  return rows
    .map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      role: roleOf(row.role),
      companyId: row.company_id,
      disabled: row.banned === true || Number(row.banned) === 1,
      admin: isAdminRole(row.user_role),
    }))
    .sort((a, b) => nameCollator.compare(a.name, b.name) || a.email.localeCompare(b.email));
}

/** The companies, contractor first, then by name, each with how many members work for it. */
export async function readCompanies(db: Db, projectId: string): Promise<ProjectCompany[]> {
  const rows = await db
    .selectFrom('project_company as c')
    .select([
      'c.id',
      'c.name',
      'c.rut',
      'c.kind',
      (eb) =>
        eb
          .selectFrom('project_member as m')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('m.company_id', '=', 'c.id')
          .as('members'),
    ])
    .where('c.project_id', '=', projectId)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      rut: row.rut,
      kind: row.kind === 'contratista' ? ('contratista' as const) : ('subcontratista' as const),
      members: Number(row.members ?? 0),
    }))
    .sort((a, b) => (a.kind === b.kind ? nameCollator.compare(a.name, b.name) : a.kind === 'contratista' ? -1 : 1));
}

/** A company of the project, or NOT_FOUND naming it. */
export async function projectCompany(db: Db, projectId: string, companyId: string) {
  const company = await db
    .selectFrom('project_company')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw new HttpsError('NOT_FOUND', 'La empresa no existe en este proyecto');
  return company;
}

/** The count of 'Planificador' members (the project keeps at least one). */
export async function plannerCount(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('project_member')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'planificador')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The refusal of a change that would leave the project without a 'Planificador'. */
export const LAST_PLANNER_MESSAGE =
  'El proyecto debe tener al menos un Planificador: agrega otro Planificador antes de cambiar o quitar a este';

/** 'Terreno' / 'Subcontratista, Constructora Sur' as the history tells a member. */
export function roleText(role: ProjectRole): string {
  return projectRoleLabels[role];
}

export function companyKindText(kind: string): string {
  return kind === 'contratista' ? companyKindLabels.contratista : companyKindLabels.subcontratista;
}

/**
 * Issue 36: the company a caller records progress for when the caller is the project's
 * Subcontratista (they touch its tasks only: task-scope.ts); undefined for everyone else.
 */
export async function subcontractorCompany(
  db: Db,
  projectId: string,
  caller: { userId: string; isAdmin: boolean },
): Promise<string | null | undefined> {
  if (caller.isAdmin) return undefined;
  const row = await db
    .selectFrom('project_member')
    .select(['role', 'company_id'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  return row?.role === 'subcontratista' ? row.company_id : undefined;
}

/** The company of each task that has one (the Last Planner's 'Empresa'), by task id. */
export async function readTaskCompanyIds(db: Db, projectId: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('task_company')
    .select(['task_id', 'company_id'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(rows.map((row) => [Number(row.task_id), row.company_id]));
}
