import { checkProjectCodeContract } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findCodeClash, codeTakenMessage } from './project-queries';

/** checkProjectCode: whether saveProject would take `code` now, and the message to show. */
export async function checkProjectCode(
  db: Kysely<Database>,
  code: string,
  exceptId?: string,
): Promise<{ available: boolean; message: string }> {
  const clash = await findCodeClash(db, code, exceptId);
  return clash
    ? { available: false, message: codeTakenMessage(clash) }
    : { available: true, message: `El código «${code}» está disponible` };
}

/** Whether a project code is free (case-insensitive), for the wizard's step 1; saveProject still decides. */
export const handleCheckProjectCode = defineHandler(checkProjectCodeContract, async ({ code, exceptId }, { db }) =>
  checkProjectCode(db, code, exceptId),
);
