import { formatCount, loadBaselinesContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BaselineList } from './baseline-queries';
import { readList } from './baseline-queries';

/** loadBaselines: the project's baselines, newest first, and the chosen one. */
export async function loadBaselines(
  db: Kysely<Database>,
  projectId: string,
): Promise<BaselineList & { message: string }> {
  const list = await readList(db, projectId);
  const count = list.baselines.length;
  return {
    ...list,
    message: count === 0 ? 'El proyecto no tiene líneas base' : formatCount(count, 'línea base', 'líneas base'),
  };
}

/** The project's baselines, newest first, and the chosen one. */
export const handleLoadBaselines = defineHandler(loadBaselinesContract, async ({ id }, { db }) =>
  loadBaselines(db, id),
);
