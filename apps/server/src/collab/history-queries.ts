import type { ProjectChange } from '@cimiento/domain/history';
import { historyAreaSchema } from '@cimiento/domain';
import type { FunctionName, HistoryArea, HistoryDetail, HistoryEntry } from '@cimiento/domain';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ProjectHistoryTable } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { addProjectChangeNotifications } from './notification-queries';

/**
 * The project history ('Historial', issue 19): one `project_history` row per save, written inside
 * the save's own transaction (a refused save throws before its commit and leaves none), then the
 * notifications of that change (notification-queries.ts), in the same transaction. The summary and
 * the detail come from the domain's rules (history/), computed from what the save read and wrote.
 */

/** Who saved, and through which callable function: what every saving store is given. */
export type ChangeAuthor = {
  caller: { userId: string; name: string; email?: string };
  functionName: FunctionName;
};

export type ProjectChangeRecord = {
  projectId: string;
  caller: ChangeAuthor['caller'];
  functionName: FunctionName;
  area: HistoryArea;
  summary: string;
  detail: HistoryDetail;
  /** the project's name when the save has it at hand (else it is read) */
  projectName?: string;
  /**
   * issue 36: users told of this change besides the project's creator and followers (the person
   * responsible for a released constraint, the members of a company whose commitment was missed);
   * members only, as always
   */
  alsoTell?: readonly string[];
};

export function authorName(caller: Pick<ChangeAuthor['caller'], 'name' | 'email'>): string {
  const name = caller.name.trim();
  return name === '' ? (caller.email ?? '') : name;
}

/**
 * Inserts the history row inside `trx` (the save's transaction) and tells the notification store;
 * answers the new entry's id.
 */
export async function recordProjectChange(trx: Transaction<Database>, change: ProjectChangeRecord): Promise<number> {
  const at = new Date().toISOString();
  const userName = authorName(change.caller);
  const inserted = await trx
    .insertInto('project_history')
    .values({
      project_id: change.projectId,
      user_id: change.caller.userId,
      user_name: userName,
      function_name: change.functionName,
      area: change.area,
      summary: change.summary,
      detail: JSON.stringify(change.detail),
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const historyId = Number(inserted.id);
  const projectName =
    change.projectName ??
    (await trx.selectFrom('project').select('name').where('_id', '=', change.projectId).executeTakeFirst())?.name ??
    '';
  await addProjectChangeNotifications(trx, {
    historyId,
    projectId: change.projectId,
    projectName,
    userId: change.caller.userId,
    userName,
    functionName: change.functionName,
    area: change.area,
    summary: change.summary,
    at,
    ...(change.alsoTell === undefined ? {} : { alsoTell: change.alsoTell }),
  });
  return historyId;
}

/** recordProjectChange for a store: the author, the area and the domain's ProjectChange. */
export async function recordChange(
  trx: Transaction<Database>,
  projectId: string,
  author: ChangeAuthor,
  area: HistoryArea,
  change: ProjectChange,
  projectName?: string,
  options: { alsoTell?: readonly string[] } = {},
): Promise<number> {
  return recordProjectChange(trx, {
    projectId,
    caller: author.caller,
    functionName: author.functionName,
    area,
    summary: change.summary,
    detail: change.detail,
    ...(projectName === undefined ? {} : { projectName }),
    ...(options.alsoTell === undefined ? {} : { alsoTell: options.alsoTell }),
  });
}

// ---------------------------------------------------------------- reading

const DEFAULT_PAGE = 20;

type HistoryRow = Pick<
  Selectable<ProjectHistoryTable>,
  'id' | 'project_id' | 'user_id' | 'user_name' | 'function_name' | 'area' | 'summary' | 'created_at'
> & { project_name: string };

/**
 * The history entries with their project's name, as the timeline, the dashboard's recent changes and
 * the live stream send them (table alias `h`; map each row with historyEntryOf). Issue 30: a project
 * in the 'Papelera' has none, except (`trashed: 'deletion'`, the live stream) the entry of its
 * deletion itself, so a screen open on it learns that it went.
 */
export function selectHistoryEntries(
  db: Kysely<Database> | Transaction<Database>,
  options: { trashed?: 'none' | 'deletion' } = {},
) {
  return db
    .selectFrom('project_history as h')
    .innerJoin('project as p', 'p._id', 'h.project_id')
    .where((eb) =>
      options.trashed === 'deletion'
        ? eb.or([eb('p.deleted_at', 'is', null), eb('h.function_name', '=', 'removeProject')])
        : eb('p.deleted_at', 'is', null),
    )
    .select([
      'h.id',
      'h.project_id',
      'p.name as project_name',
      'h.user_id',
      'h.user_name',
      'h.function_name',
      'h.area',
      'h.summary',
      'h.created_at',
    ]);
}

/** A history row as the contract's entry (an unknown area reads as 'project'). */
export function historyEntryOf(row: HistoryRow): HistoryEntry {
  const area = historyAreaSchema.safeParse(row.area);
  return {
    id: Number(row.id),
    projectId: row.project_id,
    projectName: row.project_name,
    userId: row.user_id,
    userName: row.user_name,
    functionName: row.function_name,
    area: area.success ? area.data : 'project',
    summary: row.summary,
    at: row.created_at,
  };
}

export function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

/**
 * loadProjectHistory: the project's entries newest first (by id: the order they were written),
 * `offset`/`limit` (default 20), the total, and whether the caller follows the project. One
 * repeatable-read transaction, so the page and the total agree.
 */
export async function loadProjectHistory(
  db: Kysely<Database>,
  projectId: string,
  callerId: string,
  page: { offset?: number | undefined; limit?: number | undefined },
): Promise<{ entries: HistoryEntry[]; total: number; following: boolean }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await trx
        .selectFrom('project')
        .select([
          'name',
          (eb) =>
            eb
              .selectFrom('project_history')
              .select((inner) => inner.fn.countAll().as('n'))
              .whereRef('project_history.project_id', '=', 'project._id')
              .as('total'),
          (eb) =>
            eb
              .selectFrom('project_follow')
              .select('project_follow.user_id')
              .whereRef('project_follow.project_id', '=', 'project._id')
              .where('project_follow.user_id', '=', callerId)
              .as('follower'),
        ])
        .where('_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!project) throw projectNotFound();
      const rows = await selectHistoryEntries(trx)
        .where('h.project_id', '=', projectId)
        .orderBy('h.id', 'desc')
        .offset(page.offset ?? 0)
        .limit(page.limit ?? DEFAULT_PAGE)
        .execute();
      return {
        entries: rows.map(historyEntryOf),
        total: Number(project.total ?? 0),
        following: project.follower !== null && project.follower !== undefined,
      };
    });
}
