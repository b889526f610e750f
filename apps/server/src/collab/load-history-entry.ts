import { loadHistoryEntryContract } from '@cimiento/domain';
import { loadHistoryEntry } from './history-queries';
import { defineHandler } from '../core/define-handler';

/** One history entry with its detail (issue 19); unknown, or of another project → NOT_FOUND. */
export const handleLoadHistoryEntry = defineHandler(loadHistoryEntryContract, async ({ id, entryId }, { db }) => {
  const entry = await loadHistoryEntry(db, id, entryId);
  return { entry, message: entry.summary };
});
