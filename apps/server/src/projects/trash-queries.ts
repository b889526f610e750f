import { projectEventChange } from '@cimiento/domain/history';
import {
  TRASH_RETENTION_DAYS,
  TRASH_SWEEP_AUTHOR,
  addDecimals,
  canonicalDecimal,
  currencies,
  describeProjectHoldings,
  edpItemAmount,
  formatDate,
} from '@cimiento/domain';
import type { Currency, ProjectHoldings, TrashedProject } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordAdminChange } from '../collab/change-log-queries';
import type { ChangeLogRecord } from '../collab/change-log-queries';
import { authorName, recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';

/**
 * The 'Papelera' (issue 30). 'Eliminar proyecto' sets `project.deleted_at` / `deleted_by_id` /
 * `deleted_by_name` instead of deleting the row: the project, its history and its notifications
 * stay, and every other function reads projects through a `deleted_at IS NULL` condition, so a
 * project in the trash is not found for them (its code stays taken: the UNIQUE `code_key` still
 * holds it). An administrator restores it (the columns back to null) or purges it (today's cascade
 * delete); `purgeExpiredTrash` purges it 30 days after `deleted_at`. Every move writes a
 * `change_log` row in its own transaction (area 'project': 'trash', 'restore', 'purge'), which
 * hangs from nothing and so outlives the purge.
 *
 * Concurrency: each move is one conditional statement on the project's row (trash: `deleted_at IS
 * NULL`; restore and purge: `deleted_at` equal to what was read), so two racing moves cannot both
 * succeed; on PostgreSQL the row lock makes the second wait for the first and then find nothing to
 * change. Saves claim the same row (`deleted_at IS NULL` in their claims), so a save and a trash
 * queue the same way.
 */

export type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function projectNotFound(): HttpsError {
  return new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
}

export function notInTrash(): HttpsError {
  return new HttpsError(
    'NOT_FOUND',
    'El proyecto no está en la Papelera: pudo ser restaurado o eliminado definitivamente',
  );
}

/** When a project deleted at `deletedAt` is purged by itself (ISO). */
export function purgeDateOf(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + TRASH_RETENTION_DAYS * DAY_MS).toISOString();
}

/** The `deleted_at` before which a project is due for the purge at `now` (ISO). */
export function purgeCutoff(now: Date): string {
  return new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
}

function toCurrency(value: string): Currency {
  return (currencies as readonly string[]).includes(value) ? (value as Currency) : 'CLP';
}

/** The EDP's priced total: every priced item's quantity × unit price, rounded as the currency stores it. */
async function readEdpAmount(db: Db, projectId: string, currency: Currency): Promise<string> {
  const rows = await db
    .selectFrom('edp_item')
    .select(['quantity', 'unit_price'])
    .where('project_id', '=', projectId)
    .where('quantity', 'is not', null)
    .where('unit_price', 'is not', null)
    .execute();
  let total = '0';
  for (const row of rows) {
    if (row.quantity === null || row.unit_price === null) continue;
    const amount = edpItemAmount(
      { quantity: canonicalDecimal(row.quantity), unitPrice: canonicalDecimal(row.unit_price) },
      currency,
    );
    if (amount !== undefined) total = addDecimals(total, amount);
  }
  return total;
}

/** What the project holds, live or in the trash (one query for the counts, one for the money); undefined when there is no such row. */
export async function readProjectHoldings(db: Db, projectId: string): Promise<ProjectHoldings | undefined> {
  const row = await db
    .selectFrom('project')
    .select((eb) => [
      'project.currency',
      'project.budget',
      eb
        .selectFrom('edp_item')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('edp_item.project_id', '=', 'project._id')
        .as('edp_items'),
      eb
        .selectFrom('edc_item')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('edc_item.project_id', '=', 'project._id')
        .as('edc_items'),
      eb
        .selectFrom('gantt_task')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('gantt_task.project_id', '=', 'project._id')
        .as('tasks'),
      eb
        .selectFrom('estado_pago')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('estado_pago.project_id', '=', 'project._id')
        .as('estados_pago'),
      eb
        .selectFrom('estado_pago')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('estado_pago.project_id', '=', 'project._id')
        .where('estado_pago.status', '=', 'approved')
        .as('approved'),
      eb
        .selectFrom('project_history')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('project_history.project_id', '=', 'project._id')
        .as('history'),
    ])
    .where('project._id', '=', projectId)
    .executeTakeFirst();
  if (!row) return undefined;
  const currency = toCurrency(row.currency);
  return {
    edpItems: Number(row.edp_items ?? 0),
    edcItems: Number(row.edc_items ?? 0),
    tasks: Number(row.tasks ?? 0),
    estadosPago: Number(row.estados_pago ?? 0),
    approvedEstadosPago: Number(row.approved ?? 0),
    historyEntries: Number(row.history ?? 0),
    amount: await readEdpAmount(db, projectId, currency),
    budget: canonicalDecimal(row.budget),
    currency,
  };
}

export function recordName(code: string, name: string): string {
  return `Proyecto ${code} ${name}`;
}

// ---------------------------------------------------------------- trash

/**
 * removeProject: moves a live project to the trash in one transaction: the three columns, the
 * project's history entry (its followers and creator are notified as for any change) and the
 * change log's 'trash' row. In the trash already, or unknown → NOT_FOUND, nothing written.
 */
export async function trashProject(
  db: Kysely<Database>,
  projectId: string,
  author: ChangeAuthor,
): Promise<{ name: string; purgeAt: string }> {
  return db.transaction().execute(async (trx) => {
    const deletedAt = new Date().toISOString();
    const userName = authorName(author.caller);
    // the UPDATE itself tells whether it was live: two removals racing cannot both succeed
    const row = await trx
      .updateTable('project')
      .set({ deleted_at: deletedAt, deleted_by_id: author.caller.userId, deleted_by_name: userName })
      .where('_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .returning(['name', 'code'])
      .executeTakeFirst();
    if (!row) throw projectNotFound();
    const holdings = await readProjectHoldings(trx, projectId);
    if (!holdings) throw projectNotFound();
    const purgeAt = purgeDateOf(deletedAt);
    const holds = describeProjectHoldings(holdings);
    await recordChange(
      trx,
      projectId,
      author,
      'project',
      projectEventChange({ kind: 'project-trashed', name: row.name, code: row.code, holds, purgeAt }),
      row.name,
    );
    await recordAdminChange(trx, {
      caller: author.caller,
      area: 'project',
      action: 'trash',
      record: recordName(row.code, row.name),
      summary: `Proyecto «${row.name}» (${row.code}) enviado a la Papelera; se elimina definitivamente el ${formatDate(purgeAt)}`,
      detail: { projectId, code: row.code, name: row.name, deletedAt, purgeAt, holdings },
    });
    return { name: row.name, purgeAt };
  });
}

/** loadTrash: every project in the trash with what it holds, the most recently deleted first. */
export async function loadTrash(db: Kysely<Database>): Promise<TrashedProject[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom('project')
        .select(['_id', 'code', 'name', 'deleted_at', 'deleted_by_name'])
        .where('deleted_at', 'is not', null)
        .orderBy('deleted_at', 'desc')
        .orderBy('_id')
        .execute();
      const projects: TrashedProject[] = [];
      for (const row of rows) {
        const holdings = await readProjectHoldings(trx, row._id);
        if (!holdings || row.deleted_at === null) continue;
        projects.push({
          id: row._id,
          name: row.name,
          code: row.code,
          deletedAt: row.deleted_at,
          deletedBy: row.deleted_by_name ?? '',
          purgeAt: purgeDateOf(row.deleted_at),
          holdings,
        });
      }
      return projects;
    });
}

/** Who purges: an administrator, or the automatic purge (no user). */
type Purger = ChangeLogRecord['caller'];

const SWEEP_CALLER: Purger = { userId: null, name: TRASH_SWEEP_AUTHOR };

/**
 * Deletes a project of the trash for good with everything under it (ON DELETE CASCADE: EDP, EDC,
 * Gantt, baselines, cut-offs, estados de pago, history, notifications, follows) and writes the
 * change log's 'purge' row with what it took. `before`: only if it was deleted before then (the
 * automatic purge). Answers undefined, having written nothing, when the project is not (or no
 * longer) in the trash.
 */
async function purgeOne(
  db: Kysely<Database>,
  projectId: string,
  purger: Purger,
  before?: string,
): Promise<{ name: string; code: string; holdings: ProjectHoldings } | undefined> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('project')
      .select(['_id', 'code', 'name', 'deleted_at', 'deleted_by_name'])
      .where('_id', '=', projectId)
      .where('deleted_at', 'is not', null);
    if (before !== undefined) query = query.where('deleted_at', '<', before);
    const row = await query.executeTakeFirst();
    if (!row || row.deleted_at === null) return undefined;
    const holdings = await readProjectHoldings(trx, projectId);
    if (!holdings) return undefined;
    // equal to what was read: a restore (or another purge) that came first leaves nothing to delete
    const deleted = await trx
      .deleteFrom('project')
      .where('_id', '=', projectId)
      .where('deleted_at', '=', row.deleted_at)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return undefined;
    const automatic = purger.userId === null;
    await recordAdminChange(trx, {
      caller: purger,
      area: 'project',
      action: 'purge',
      record: recordName(row.code, row.name),
      summary: `Proyecto «${row.name}» (${row.code}) eliminado definitivamente${
        automatic ? ` tras ${TRASH_RETENTION_DAYS} días en la Papelera` : ' desde la Papelera'
      }: ${describeProjectHoldings(holdings)}`,
      detail: {
        projectId,
        code: row.code,
        name: row.name,
        deletedAt: row.deleted_at,
        deletedBy: row.deleted_by_name ?? '',
        automatic,
        holdings,
      },
    });
    return { name: row.name, code: row.code, holdings };
  });
}

/** purgeProject: one project of the trash, for good. Not in the trash → NOT_FOUND. */
export async function purgeProject(
  db: Kysely<Database>,
  projectId: string,
  purger: Purger,
): Promise<{ name: string; code: string; holdings: ProjectHoldings }> {
  const purged = await purgeOne(db, projectId, purger);
  if (!purged) throw notInTrash();
  return purged;
}

/** The ids in the trash, oldest deletion first; `before`: deleted before then only. */
async function trashedIds(db: Kysely<Database>, before?: string): Promise<string[]> {
  let query = db.selectFrom('project').select('_id').where('deleted_at', 'is not', null);
  if (before !== undefined) query = query.where('deleted_at', '<', before);
  const rows = await query.orderBy('deleted_at').orderBy('_id').execute();
  return rows.map((row) => row._id);
}

/**
 * emptyTrash: purges every project in the trash, each in its own transaction (one failure leaves
 * the ones before it purged and logged). Answers how many it purged; a project restored or purged
 * meanwhile by someone else is left alone.
 */
export async function emptyTrash(db: Kysely<Database>, purger: Purger): Promise<number> {
  let purged = 0;
  for (const id of await trashedIds(db)) {
    if (await purgeOne(db, id, purger)) purged += 1;
  }
  return purged;
}

/**
 * The automatic purge: every project whose `deleted_at` is more than TRASH_RETENTION_DAYS before
 * `now`, each in its own transaction, logged as done by Cimiento (user id null). Safe with several
 * instances on one database: each project's purge is a conditional DELETE, which only one of them
 * wins (the others find nothing and write nothing). `shouldStop` is asked between projects (the
 * server is stopping).
 */
export async function purgeExpiredTrash(
  db: Kysely<Database>,
  now: Date = new Date(),
  shouldStop: () => boolean = () => false,
): Promise<{ purged: Array<{ id: string; code: string; name: string }> }> {
  const before = purgeCutoff(now);
  const purged: Array<{ id: string; code: string; name: string }> = [];
  for (const id of await trashedIds(db, before)) {
    if (shouldStop()) break;
    const done = await purgeOne(db, id, SWEEP_CALLER, before);
    if (done) purged.push({ id, code: done.code, name: done.name });
  }
  return { purged };
}
