import { z } from 'zod';

/**
 * Drafts: a screen's unsaved edits kept in this browser's localStorage, per user, project and
 * screen, so an expired session (or a closed tab) does not lose them; they are offered back when
 * the screen opens again ('Recuperar cambios sin grabar').
 *
 * The key carries the user id, and a read checks the id stored inside too, so one user's draft is
 * never shown to another who signs in on the same browser. A draft that cannot be read (corrupt
 * JSON, or a shape this version does not know) is reported as such and kept until discarded.
 */

export type DraftScreen = 'edp' | 'edc' | 'gantt' | 'progress';

/** Where a draft belongs. `part` tells drafts of one screen apart (the EDC's EDP item id). */
export type DraftScope = { userId: string; projectId: string; screen: DraftScreen; part?: string };

/** What a screen stores: the version its edits were based on, and its own data. */
export type Draft<T> = {
  /** When the last edit was made (ISO). */
  editedAt: string;
  /** The stored version the edits started from (the save sends it for the version check). */
  baseVersion: number;
  data: T;
};

export type StoredDraft<T> = Draft<T> & { key: string; scope: DraftScope };

export type DraftRead<T> =
  | { status: 'ok'; draft: StoredDraft<T> }
  /** Unreadable: the raw text stays stored until the user discards it. */
  | { status: 'corrupt'; key: string; raw: string; editedAt: string | null };

export type DraftWrite = { ok: true } | { ok: false; reason: 'quota' | 'unavailable' };

const KEY_PREFIX = 'cimiento-draft';
const DRAFT_FORMAT = 1;

const envelopeSchema = z.object({
  format: z.literal(DRAFT_FORMAT),
  userId: z.string().min(1),
  projectId: z.string().min(1),
  screen: z.enum(['edp', 'edc', 'gantt', 'progress']),
  part: z.string().optional(),
  editedAt: z.iso.datetime(),
  baseVersion: z.number().int().min(0),
  data: z.unknown(),
});

function keyPart(value: string): string {
  return encodeURIComponent(value);
}

/** The scope's prefix; EDC drafts add ':' + the item id. */
function screenPrefix(scope: Omit<DraftScope, 'part'>): string {
  return [KEY_PREFIX, keyPart(scope.userId), keyPart(scope.projectId), scope.screen].join(':');
}

export function draftKey(scope: DraftScope): string {
  const base = screenPrefix(scope);
  return scope.part === undefined ? base : `${base}:${keyPart(scope.part)}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)
  );
}

export function writeDraft<T>(scope: DraftScope, draft: Draft<T>): DraftWrite {
  const store = storage();
  if (!store) return { ok: false, reason: 'unavailable' };
  const envelope = {
    format: DRAFT_FORMAT,
    userId: scope.userId,
    projectId: scope.projectId,
    screen: scope.screen,
    ...(scope.part === undefined ? {} : { part: scope.part }),
    editedAt: draft.editedAt,
    baseVersion: draft.baseVersion,
    data: draft.data,
  };
  try {
    store.setItem(draftKey(scope), JSON.stringify(envelope));
    return { ok: true };
  } catch (error) {
    if (isQuotaError(error)) return { ok: false, reason: 'quota' };
    return { ok: false, reason: 'unavailable' };
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage blocked: nothing was kept either
  }
}

function editedAtOf(raw: string): string | null {
  const match = /"editedAt"\s*:\s*"([^"]{10,40})"/.exec(raw);
  return match?.[1] ?? null;
}

/**
 * Reads one stored draft for the signed-in user. `parseData` validates the screen's own part
 * (a zod schema's parse, for example) and answers null when it does not fit.
 */
export function readDraftAt<T>(
  key: string,
  scope: DraftScope,
  parseData: (data: unknown) => T | null,
): DraftRead<T> | null {
  const store = storage();
  const raw = store?.getItem(key) ?? null;
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw) as unknown;
  } catch {
    return { status: 'corrupt', key, raw, editedAt: editedAtOf(raw) };
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return { status: 'corrupt', key, raw, editedAt: editedAtOf(raw) };
  const stored = envelope.data;
  // another user's draft under a guessed key is not this user's, whatever the key says
  if (stored.userId !== scope.userId || stored.projectId !== scope.projectId || stored.screen !== scope.screen) {
    return null;
  }
  const data = parseData(stored.data);
  if (data === null) return { status: 'corrupt', key, raw, editedAt: stored.editedAt };
  return {
    status: 'ok',
    draft: {
      key,
      scope: { ...scope, ...(stored.part === undefined ? {} : { part: stored.part }) },
      editedAt: stored.editedAt,
      baseVersion: stored.baseVersion,
      data,
    },
  };
}

/** The draft of exactly this scope. */
export function readDraft<T>(scope: DraftScope, parseData: (data: unknown) => T | null): DraftRead<T> | null {
  return readDraftAt(draftKey(scope), scope, parseData);
}

/**
 * Every draft of this user, project and screen, whatever its part (the EDC keeps one per EDP
 * item), newest first; unreadable ones first of all, so they are not missed.
 */
export function readDrafts<T>(scope: Omit<DraftScope, 'part'>, parseData: (data: unknown) => T | null): DraftRead<T>[] {
  const store = storage();
  if (!store) return [];
  const exact = screenPrefix(scope);
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key !== null && (key === exact || key.startsWith(`${exact}:`))) keys.push(key);
  }
  const reads: DraftRead<T>[] = [];
  for (const key of keys) {
    const read = readDraftAt(key, scope, parseData);
    if (read) reads.push(read);
  }
  const time = (read: DraftRead<T>) => (read.status === 'ok' ? read.draft.editedAt : (read.editedAt ?? ''));
  return reads.sort((left, right) => {
    if (left.status !== right.status) return left.status === 'corrupt' ? -1 : 1;
    return time(right).localeCompare(time(left));
  });
}

/** One line of a draft's comparison with what is saved: what the draft changes, worded for the user. */
export type DraftDifferenceLine = { key: string; text: string };
