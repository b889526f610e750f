import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A history entry just written in `trx` (issue 19), as the notification store needs it. */
export type RecordedChange = {
  historyId: number;
  projectId: string;
  projectName: string;
  userId: string | null;
  userName: string;
  functionName: string;
  area: string;
  summary: string;
  at: string;
};

/**
 * Called by the history store in the save's own transaction, right after it wrote the entry: tells
 * the project's creator and followers (not the one who saved). Owned by the live lane (issue 19).
 */
export async function addProjectChangeNotifications(
  _trx: Transaction<Database>,
  _change: RecordedChange,
): Promise<void> {
  // scaffold: the live lane writes the recipients' rows here
}
