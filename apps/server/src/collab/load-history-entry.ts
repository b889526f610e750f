import { historyDetailSchema, loadHistoryEntryContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { HistoryDetail, HistoryEntry } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { projectNotFound, selectHistoryEntries, historyEntryOf } from './history-queries';

async function readProjectName(db: Kysely<Database>, projectId: string): Promise<string> {
  const project = await db
    .selectFrom('project')
    .select('name')
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw projectNotFound();
  return project.name;
}

/** loadHistoryEntry: one entry of the project with its detail; unknown, or another project's → NOT_FOUND. */
export async function loadHistoryEntry(
  db: Kysely<Database>,
  projectId: string,
  entryId: number,
): Promise<HistoryEntry & { detail: HistoryDetail }> {
  const row = await selectHistoryEntries(db)
    .select('h.detail')
    .where('h.id', '=', entryId)
    .where('h.project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) {
    await readProjectName(db, projectId);
    throw new HttpsError('NOT_FOUND', `No existe la entrada ${entryId} en el historial del proyecto`);
  }
  const parsed = historyDetailSchema.safeParse(JSON.parse(row.detail));
  const detail: HistoryDetail = parsed.success
    ? parsed.data
    : { added: [], removed: [], renamed: [], tasks: [], notes: [], omitted: 0 };
  return { ...historyEntryOf(row), detail };
}

/** One history entry with its detail (issue 19); unknown, or of another project → NOT_FOUND. */
export const handleLoadHistoryEntry = defineHandler(loadHistoryEntryContract, async ({ id, entryId }, { db }) => {
  const entry = await loadHistoryEntry(db, id, entryId);
  return { entry, message: entry.summary };
});
