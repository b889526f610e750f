import { TRASH_ADMIN_ONLY_MESSAGE } from '@cimiento/domain';
import type { Caller } from '../core/context';
import { HttpsError } from '../core/https-error';

/** The trash's own functions are for administrators (issue 30): PERMISSION_DENIED, in Spanish, for anyone else. */
export function refuseUnlessAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new HttpsError('PERMISSION_DENIED', TRASH_ADMIN_ONLY_MESSAGE);
}
