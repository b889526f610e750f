import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readSourcesStamp } from './gantt-answer-stamps';
import { readProject } from './gantt-queries';

/** How many projects' stamps each server process remembers (the oldest remembered is forgotten first). */
const VERIFIED_PROJECTS = 1000;

export const verifiedByDatabase = new WeakMap<Kysely<Database>, Map<string, string>>();

/** Whether the next load of a project on `db` skips the merge (tests): its stamp now is the one remembered. */
export async function isMergeVerified(db: Kysely<Database>, projectId: string): Promise<boolean> {
  const remembered = verifiedByDatabase.get(db)?.get(projectId);
  if (remembered === undefined) return false;
  return db.transaction().execute(async (trx) => {
    return remembered === (await readSourcesStamp(trx, projectId, await readProject(trx, projectId)));
  });
}

/**
 * The stamp (readSourcesStamp) at which each project's last full load found that merging with the
 * EDP and EDC and reconciling the generated links changed nothing, not even a task's name or
 * place: at the same stamp the stored Gantt is their answer, so a load reads only the Gantt's rows
 * (issue 18: the merge was most of a load of 10,000 tasks). Kept in memory, per database, rather
 * than stored: an instance trusts only what it computed itself, with the rules of the code it runs.
 */
export function verifiedMerges(db: Kysely<Database>): Map<string, string> {
  let verified = verifiedByDatabase.get(db);
  if (!verified) {
    verified = new Map();
    verifiedByDatabase.set(db, verified);
  }
  return verified;
}

export function rememberVerified(verified: Map<string, string>, projectId: string, stamp: string): void {
  verified.delete(projectId);
  verified.set(projectId, stamp);
  if (verified.size > VERIFIED_PROJECTS) verified.delete(verified.keys().next().value as string);
}
