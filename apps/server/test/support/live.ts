import type { Kysely } from 'kysely';
import { addProjectChangeNotifications } from '../../src/collab/notification-queries';
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
    /**
     * Only the history row, no notifications and no poke: the app's hub finds it only at its next
     * read (a later poke, the poll), as when a stream's replay reads the database before the hub does
     */
    quiet?: boolean;
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
    if (save.quiet) return { historyId, at };
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
  if (!save.quiet) await pokeLiveHubs(db);
  return recorded;
}

/** An empty history detail, as a save that listed nothing writes it. */
const EMPTY_DETAIL = JSON.stringify({ added: [], removed: [], renamed: [], tasks: [], notes: [], omitted: 0 });
/** Rows per INSERT statement: well under SQLite's and PostgreSQL's limits on bound values. */
const ROWS_PER_INSERT = 500;

/**
 * Many saves at once, as the history store records them (issue 30: enough live events to put a
 * stream that never reads behind): `count` project_history rows in one transaction, then the hubs
 * poked (on PostgreSQL pg_notify reaches every instance, another process too; a server process on
 * SQLite finds them at its next poll). No notifications: the events go to every stream alike.
 * Answers the new ids, oldest first.
 */
export async function recordSaves(
  db: Kysely<Database>,
  saves: { projectId: string; user: { userId: string; name: string }; count: number; summary?: string },
): Promise<number[]> {
  const at = new Date().toISOString();
  const summary = saves.summary ?? 'EDP: 12 ítems agregados, 3 eliminados, 4 renombrados, 9 modificados';
  const ids = await db.transaction().execute(async (trx) => {
    const written: number[] = [];
    for (let done = 0; done < saves.count; done += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, saves.count - done) }, () => ({
        project_id: saves.projectId,
        user_id: saves.user.userId,
        user_name: saves.user.name,
        function_name: 'saveEdp',
        area: 'edp',
        summary,
        detail: EMPTY_DETAIL,
        created_at: at,
      }));
      const inserted = await trx.insertInto('project_history').values(rows).returning('id').execute();
      written.push(...inserted.map((row) => Number(row.id)));
    }
    await pokeLiveHubs(trx);
    return written;
  });
  return ids.sort((a, b) => a - b);
}
