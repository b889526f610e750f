import { historyChangeVerb } from '@cimiento/domain';
import type { AppNotification, NotificationKind } from '@cimiento/domain';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NotificationTable } from '../db/schema';
import { pokeLiveHubs } from './live-poke';
import { isAdminRole } from '../users/user-queries';

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
  /** issue 36: told besides the creator and the followers (members only, as they) */
  alsoTell?: readonly string[];
};

type Db = Kysely<Database> | Transaction<Database>;

/** A user disabled by an administrator is told nothing. */
const notDisabled = (value: unknown) => value === null || value === false || value === 0;

/**
 * Called by the history store in the save's own transaction, right after it wrote the entry: one
 * notification for each of the project's creator and followers, except the one who saved and the
 * disabled; then pokes the live hubs (pokeLiveHubs), since the entry itself is news to every
 * signed-in screen. A save that is rolled back takes its notifications with it.
 */
export async function addProjectChangeNotifications(trx: Transaction<Database>, change: RecordedChange): Promise<void> {
  const project = await trx
    .selectFrom('project')
    .select('created_by')
    .where('_id', '=', change.projectId)
    .executeTakeFirst();
  const followers = await trx
    .selectFrom('project_follow')
    .select('user_id')
    .where('project_id', '=', change.projectId)
    .execute();
  const candidates = new Set<string>(followers.map((row) => row.user_id));
  if (project?.created_by) candidates.add(project.created_by);
  for (const userId of change.alsoTell ?? []) candidates.add(userId);
  if (change.userId !== null) candidates.delete(change.userId);

  if (candidates.size > 0) {
    const users = await trx
      .selectFrom('user')
      .select(['id', 'banned', 'role'])
      .where('id', 'in', [...candidates])
      .execute();
    // issue 36: only who may see the project is told of it (its members, and the administrators)
    const members = await trx
      .selectFrom('project_member')
      .select('user_id')
      .where('project_id', '=', change.projectId)
      .where('user_id', 'in', [...candidates])
      .execute();
    const memberIds = new Set(members.map((row) => row.user_id));
    const recipients = users
      .filter((user) => notDisabled(user.banned) && (memberIds.has(user.id) || isAdminRole(user.role)))
      .map((user) => user.id);
    const title = `${change.userName} ${historyChangeVerb(change.functionName, change.area)}`;
    const body = `${change.projectName}: ${change.summary}`;
    if (recipients.length > 0) {
      await trx
        .insertInto('notification')
        .values(
          recipients.sort().map((userId) => ({
            user_id: userId,
            kind: 'project-change',
            project_id: change.projectId,
            history_id: change.historyId,
            actor_id: change.userId,
            actor_name: change.userName,
            title,
            body,
            created_at: change.at,
            read_at: null,
          })),
        )
        .execute();
    }
  }
  await pokeLiveHubs(trx);
}

/** Who did what to whose account: saveUser's notices to the user it created or made administrator. */
export type AccountNotice = {
  kind: Exclude<NotificationKind, 'project-change'>;
  userId: string;
  /** the new account's email ('account-created') */
  email?: string;
  actorId: string;
  actorName: string;
};

/** The notice's title and body, as the bell shows them. */
export function accountNoticeText(notice: Pick<AccountNotice, 'kind' | 'actorName' | 'email'>): {
  title: string;
  body: string;
} {
  return notice.kind === 'account-created'
    ? {
        title: `${notice.actorName} creó tu cuenta`,
        body: `Bienvenido a Cimiento: entras con tu correo ${notice.email ?? ''} y la contraseña que te dio ${notice.actorName}.`,
      }
    : {
        title: `${notice.actorName} te hizo administrador`,
        body: 'Ahora puedes crear usuarios, habilitarlos o deshabilitarlos y hacerlos administradores.',
      };
}

/** Writes an account notice and pokes the live hubs, in one transaction. */
export async function addAccountNotice(db: Kysely<Database>, notice: AccountNotice): Promise<void> {
  const { title, body } = accountNoticeText(notice);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification')
      .values({
        user_id: notice.userId,
        kind: notice.kind,
        project_id: null,
        history_id: null,
        actor_id: notice.actorId,
        actor_name: notice.actorName,
        title,
        body,
        created_at: new Date().toISOString(),
        read_at: null,
      })
      .execute();
    await pokeLiveHubs(trx);
  });
}

/** The columns a notification is read with (notificationOf). */
export const NOTIFICATION_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'title',
  'body',
  'project_id',
  'history_id',
  'actor_name',
  'created_at',
  'read_at',
] as const;

export type NotificationRow = Pick<Selectable<NotificationTable>, (typeof NOTIFICATION_COLUMNS)[number]>;

export function notificationOf(row: NotificationRow): AppNotification {
  return {
    id: Number(row.id),
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    projectId: row.project_id,
    historyId: row.history_id === null ? null : Number(row.history_id),
    actorName: row.actor_name,
    at: row.created_at,
    read: row.read_at !== null,
  };
}

/** How many of the user's notifications are unread. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Unread counts of several users at once (users with none are absent). */
export async function countUnreadOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('notification')
    .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('count')])
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .groupBy('user_id')
    .execute();
  for (const row of rows) counts.set(row.user_id, Number(row.count));
  return counts;
}

/** A page of the user's notifications, newest first, with how many there are and how many are unread. */
export async function loadNotificationPage(
  db: Kysely<Database>,
  userId: string,
  options: { offset: number; limit: number; unreadOnly: boolean },
): Promise<{ notifications: AppNotification[]; total: number; unread: number }> {
  let mine = db.selectFrom('notification').where('user_id', '=', userId);
  if (options.unreadOnly) mine = mine.where('read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    mine.select(NOTIFICATION_COLUMNS).orderBy('id', 'desc').offset(options.offset).limit(options.limit).execute(),
    mine.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    countUnread(db, userId),
  ]);
  return { notifications: rows.map(notificationOf), total: Number(total.count), unread };
}

/** Marks the user's notifications read (the given ids, or all); others' ids are ignored. The unread count after. */
export async function markNotificationsRead(
  db: Kysely<Database>,
  userId: string,
  which: { ids: number[] } | { all: true },
): Promise<number> {
  const readAt = new Date().toISOString();
  let update = db
    .updateTable('notification')
    .set({ read_at: readAt })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('ids' in which) update = update.where('id', 'in', [...new Set(which.ids)]);
  await update.execute();
  return countUnread(db, userId);
}
