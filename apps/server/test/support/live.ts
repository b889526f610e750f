import type { Kysely } from 'kysely';
import { addProjectChangeNotifications } from '../../src/collab/notification-store';
import { pokeLiveHubs } from '../../src/collab/live-poke';
import type { Database } from '../../src/db/schema';

export type RecordedSave = { historyId: number; at: string };

/**
 * A save as the history store records it (issue 19): one project_history row and, in the same
 * transaction, addProjectChangeNotifications; through a test's own connection to the app's database.
 * On SQLite that connection is not the app's, so the app's hub is poked again once it has committed
 * (on PostgreSQL the transaction's pg_notify reaches every instance on commit).
 */
export async function recordSave(
  db: Kysely<Database>,
  save: {
    projectId: string;
    user: { userId: string; name: string };
    functionName?: string;
    area?: string;
    summary?: string;
    /** the save is refused after its history and notifications were written: the transaction rolls back */
    refuse?: boolean;
  },
): Promise<RecordedSave> {
  const at = new Date().toISOString();
  const functionName = save.functionName ?? 'saveGantt';
  const area = save.area ?? 'gantt';
  const summary = save.summary ?? 'Gantt: 1 tarea cambiada';
  const recorded = await db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('project')
      .select('name')
      .where('_id', '=', save.projectId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('project_history')
      .values({
        project_id: save.projectId,
        user_id: save.user.userId,
        user_name: save.user.name,
        function_name: functionName,
        area,
        summary,
        detail: JSON.stringify({ added: [], removed: [], renamed: [], tasks: [], notes: [], omitted: 0 }),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const historyId = Number(row.id);
    await addProjectChangeNotifications(trx, {
      historyId,
      projectId: save.projectId,
      projectName: project.name,
      userId: save.user.userId,
      userName: save.user.name,
      functionName,
      area,
      summary,
      at,
    });
    if (save.refuse) throw new Error('la grabación fue rechazada');
    return { historyId, at };
  });
  await pokeLiveHubs(db);
  return recorded;
}
