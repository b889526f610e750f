import { removeGanttTasks } from '@cimiento/domain';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { chunks } from '../db/db-helpers';
import type { Database } from '../db/schema';

/**
 * What the Gantt stores for deleted EDP or EDC items goes in the same transaction as the items
 * (issue 12). A new EDP item takes the highest id + 1 and a new EDC item may take a deleted one's
 * code, so a stored task `edp:{id}` or `edc:{id}:{code}` left for the next loadGantt to merge away
 * would be inherited by the new item (dates, progress, links), and a `gantt_removed_source` row
 * would keep it from getting a task at all. The purge does what that merge would do: the tasks go
 * (their links with them: both ends of `gantt_link` cascade), a task that hung from one of them
 * moves up to the nearest survivor (removeGanttTasks, as mergeGanttTasks), positions close up
 * (writeGantt relies on them being 0…n-1) and the matching removed sources go, with the removed
 * generated links (issue 13) that name a deleted source at either end.
 *
 * When tasks went or moved, `project.gantt_version` moves on, so a Gantt opened before the
 * deletion cannot save them back (saveGantt would store a task it no longer knows as the user's
 * own). The caller holds the project's row lock (saveEdp and updateItemEdp through the EDP's
 * version claim, saveEdc through lockGantt), so a loadGantt or saveGantt writing the same tasks
 * waits for it, or is refused and reads again.
 *
 * A few statements whatever the size: one read of the project's tasks and one of its removed
 * sources, deletes and parent updates in chunks of 500, one UPDATE for the positions.
 */
export async function purgeGanttSources(
  trx: Transaction<Database>,
  projectId: string,
  isDeleted: (sourceKey: string | null) => boolean,
): Promise<{ tasks: number; moved: number; removedSources: number; removedLinks: number }> {
  const rows = await trx
    .selectFrom('gantt_task')
    .select(['id', 'source_key', 'parent_id'])
    .where('project_id', '=', projectId)
    .execute();
  // PostgreSQL returns bigint columns as strings
  const tasks = rows.map((row) => {
    const task = { id: Number(row.id), sourceKey: row.source_key };
    return row.parent_id === null ? task : { ...task, parentId: Number(row.parent_id) };
  });
  const { removedIds, moved } = tasks.some((task) => isDeleted(task.sourceKey))
    ? removeGanttTasks(tasks, (task) => isDeleted(task.sourceKey))
    : { removedIds: [], moved: [] };

  for (const part of chunks(removedIds)) {
    await trx.deleteFrom('gantt_task').where('project_id', '=', projectId).where('id', 'in', part).execute();
  }
  // one statement per chunk, as writeGantt does (CTE with a column list and UPDATE … FROM)
  for (const part of chunks(moved)) {
    const values = sql.join(
      part.map((task) => sql`(CAST(${task.id} AS bigint), CAST(${task.parentId ?? null} AS bigint))`),
    );
    await sql`WITH moved_task (id, parent_id) AS (VALUES ${values})
      UPDATE gantt_task SET parent_id = moved_task.parent_id
      FROM moved_task
      WHERE gantt_task.project_id = ${projectId} AND gantt_task.id = moved_task.id`.execute(trx);
  }
  if (removedIds.length > 0) {
    // the list order stays; the positions after a removed task close up in one statement
    await sql`WITH ranked (id, pos) AS (
        SELECT id, ROW_NUMBER() OVER (ORDER BY position, id) - 1 FROM gantt_task WHERE project_id = ${projectId}
      )
      UPDATE gantt_task SET position = CAST(ranked.pos AS integer)
      FROM ranked
      WHERE gantt_task.project_id = ${projectId} AND gantt_task.id = ranked.id AND gantt_task.position <> ranked.pos`.execute(
      trx,
    );
  }

  const removedRows = await trx
    .selectFrom('gantt_removed_source')
    .select('source_key')
    .where('project_id', '=', projectId)
    .execute();
  const removedSources = removedRows.map((row) => row.source_key).filter((key) => isDeleted(key));
  for (const part of chunks(removedSources)) {
    await trx
      .deleteFrom('gantt_removed_source')
      .where('project_id', '=', projectId)
      .where('source_key', 'in', part)
      .execute();
  }

  // issue 13: generated links the user deleted, named by a deleted source: a later item reusing its id starts afresh
  const removedLinkRows = await trx
    .selectFrom('gantt_removed_link')
    .select(['from_key', 'to_key'])
    .where('project_id', '=', projectId)
    .execute();
  const deletedLinkKeys = new Set<string>();
  for (const row of removedLinkRows) {
    if (isDeleted(row.from_key)) deletedLinkKeys.add(row.from_key);
    if (isDeleted(row.to_key)) deletedLinkKeys.add(row.to_key);
  }
  let removedLinks = 0;
  for (const part of chunks([...deletedLinkKeys])) {
    const result = await trx
      .deleteFrom('gantt_removed_link')
      .where('project_id', '=', projectId)
      .where((eb) => eb.or([eb('from_key', 'in', part), eb('to_key', 'in', part)]))
      .executeTakeFirst();
    removedLinks += Number(result.numDeletedRows);
  }

  if (removedIds.length > 0 || moved.length > 0) {
    await trx
      .updateTable('project')
      .set((eb) => ({ gantt_version: eb('gantt_version', '+', 1) }))
      .where('_id', '=', projectId)
      .execute();
  }
  return { tasks: removedIds.length, moved: moved.length, removedSources: removedSources.length, removedLinks };
}

/**
 * Takes the project's row lock before a purge that the caller's own claim does not cover (saveEdc
 * claims its list's row): an UPDATE that changes nothing. Taken before any other lock, in the
 * order saveEdp takes them (project, then the EDC lists its deletions cascade to), so the two
 * cannot deadlock; a loadGantt that read before it is refused at its claim and reads again.
 */
export async function lockGantt(trx: Transaction<Database>, projectId: string): Promise<void> {
  await trx
    .updateTable('project')
    .set((eb) => ({ gantt_version: eb.ref('gantt_version') }))
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .execute();
}
