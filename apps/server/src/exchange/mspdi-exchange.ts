import type { ExportedFile } from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * MSPDI in and out (issue 14): the server's side of `@cimiento/domain/mspdi`. PLACEHOLDER written
 * with the contracts so the Excel work can wire exportGantt; the MSPDI work replaces both bodies.
 */
export async function exportGanttMspdi(db: Kysely<Database>, projectId: string): Promise<ExportedFile> {
  void db;
  void projectId;
  throw new Error('exportGanttMspdi: not built yet');
}
