import { projectEventChange } from '@cimiento/domain/history';
import { restoreProjectContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import { refuseUnlessAdmin } from './trash-admin';
import type { Kysely } from 'kysely';
import { recordAdminChange } from '../collab/change-log-queries';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import type { Db } from './trash-queries';
import { notInTrash, readProjectHoldings, recordName } from './trash-queries';

type TrashedRow = {
  _id: string;
  code: string;
  name: string;
  deleted_at: string | null;
  deleted_by_name: string | null;
};

async function readTrashedRow(db: Db, projectId: string): Promise<TrashedRow & { deleted_at: string }> {
  const row = await db
    .selectFrom('project')
    .select(['_id', 'code', 'name', 'deleted_at', 'deleted_by_name'])
    .where('_id', '=', projectId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  if (!row || row.deleted_at === null) throw notInTrash();
  return { ...row, deleted_at: row.deleted_at };
}

/**
 * restoreProject: the project comes back as it was (history, notifications, code), with a history
 * entry saying who restored it and a change log 'restore' row. Not in the trash → NOT_FOUND.
 */
export async function restoreProject(
  db: Kysely<Database>,
  projectId: string,
  author: ChangeAuthor,
): Promise<{ name: string; code: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await readTrashedRow(trx, projectId);
    const result = await trx
      .updateTable('project')
      .set({ deleted_at: null, deleted_by_id: null, deleted_by_name: null })
      .where('_id', '=', projectId)
      .where('deleted_at', '=', row.deleted_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notInTrash();
    const deletedBy = row.deleted_by_name ?? '';
    await recordChange(
      trx,
      projectId,
      author,
      'project',
      projectEventChange({
        kind: 'project-restored',
        name: row.name,
        code: row.code,
        deletedAt: row.deleted_at,
        deletedBy,
      }),
      row.name,
    );
    const holdings = await readProjectHoldings(trx, projectId);
    await recordAdminChange(trx, {
      caller: author.caller,
      area: 'project',
      action: 'restore',
      record: recordName(row.code, row.name),
      summary: `Proyecto «${row.name}» (${row.code}) restaurado desde la Papelera`,
      detail: { projectId, code: row.code, name: row.name, deletedAt: row.deleted_at, deletedBy, holdings },
    });
    return { name: row.name, code: row.code };
  });
}

/** Brings a project back from the 'Papelera' with everything it held (issue 30); administrators only. */
export const handleRestoreProject = defineHandler(restoreProjectContract, async ({ id }, { db, caller }) => {
  refuseUnlessAdmin(caller);
  const { name, code } = await restoreProject(db, id, { caller, functionName: 'restoreProject' });
  return { message: `Proyecto «${name}» (${code}) restaurado: vuelve a estar en la lista de proyectos` };
});
