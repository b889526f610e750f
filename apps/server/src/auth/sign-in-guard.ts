import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Wrong passwords allowed for one email from one address within the window, before sign-in is refused. */
export const MAX_SIGN_IN_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Demasiados intentos fallidos de inicio de sesión. Espera 15 minutos o pide a un administrador que revise tu cuenta.';

function keyOf(ip: string, email: string): string {
  return `${ip}|${email.trim().toLowerCase()}`;
}

/** Counts failed password sign-ins in the database, so every app instance sees the same count. */
export function createSignInGuard(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async isBlocked(ip: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_failure')
        .select(['failures', 'first_failure_at'])
        .where('key', '=', keyOf(ip, email))
        .executeTakeFirst();
      if (!row) return false;
      const isInWindow = now() - Number(row.first_failure_at) < SIGN_IN_FAILURE_WINDOW_MS;
      return isInWindow && row.failures >= MAX_SIGN_IN_FAILURES;
    },

    async recordFailure(ip: string, email: string): Promise<void> {
      const key = keyOf(ip, email);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('login_failure')
          .select(['failures', 'first_failure_at'])
          .where('key', '=', key)
          .executeTakeFirst();
        if (!row) {
          await trx.insertInto('login_failure').values({ key, failures: 1, first_failure_at: at }).execute();
          return;
        }
        const isInWindow = at - Number(row.first_failure_at) < SIGN_IN_FAILURE_WINDOW_MS;
        await trx
          .updateTable('login_failure')
          .set(isInWindow ? { failures: row.failures + 1 } : { failures: 1, first_failure_at: at })
          .where('key', '=', key)
          .execute();
      });
    },

    async clear(ip: string, email: string): Promise<void> {
      await db.deleteFrom('login_failure').where('key', '=', keyOf(ip, email)).execute();
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
