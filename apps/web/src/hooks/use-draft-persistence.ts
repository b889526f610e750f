import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftKey, readDraft, readDrafts, removeDraft, writeDraft } from '@/lib/drafts';
import type { DraftRead, DraftScope, DraftScreen } from '@/lib/drafts';
import { useSession } from '@/lib/auth';
import { notifyError } from '@/lib/stores/notices-store';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { useUnsavedWork } from './use-unsaved-work';

/** How long after the last edit the draft is written (every edit in a drag would be too often). */
export const DRAFT_WRITE_DELAY_MS = 400;

/**
 * issue 32 (speed): then, the write waits for the page to be idle, at most this long: a draft of
 * 10,000 tasks takes the main thread a while to write, and a key pressed meanwhile waits for it.
 * Leaving the page writes it at once all the same (unsaved-work-guard).
 */
export const DRAFT_IDLE_WAIT_MS = 1_000;

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

export type DraftSnapshot<T> = { baseVersion: number; data: T };

export type UseDraftPersistenceOptions<T> = {
  screen: DraftScreen;
  projectId: string;
  /** The screen keeps a draft per part (the EDC's, per EDP item): the newest is offered back. */
  hasParts?: boolean;
  /** The part of the screen the unsaved edits belong to (the EDC's EDP item id). */
  part?: string;
  /** How the leave question and the alerts name the screen ('el Gantt'). */
  screenLabel: string;
  isDirty: boolean;
  /** Changes with every edit (the edited list itself, for example): when it changes, the edit time does. */
  revision: unknown;
  /** The draft as it is now; read when it is written, never during render. */
  snapshot: () => DraftSnapshot<T>;
  /** Checks a stored draft's data (a zod schema's parse); null when it does not fit. */
  parseData: (data: unknown) => T | null;
};

export type DraftPersistence<T> = {
  /** The stored draft offered back (the newest, for a screen with several parts), or null. */
  offer: DraftRead<T> | null;
  /** The user recovered the offer: it goes from the screen; the stored copy stays until saved. */
  acceptOffer: () => void;
  /** The user discarded the offer: the stored copy is removed (and the next one, if any, offered). */
  discardOffer: () => void;
};

function offerKey(read: DraftRead<unknown>): string {
  return read.status === 'ok' ? read.draft.key : read.key;
}

/**
 * Keeps a screen's unsaved edits safe (issue 12): while the screen has them it is registered with
 * the app-wide guard (every way out asks), and a draft is written to this browser a moment after
 * each edit, and at once when the session expires, when the page is closed, reloaded or hidden
 * (components/layout/unsaved-work-guard, issue 32) and when the screen goes away with edits that
 * the user did not choose to drop. The draft is removed once the edits are saved or reloaded (the
 * screen is no longer dirty), when the user confirms leaving the screen inside the app (that
 * question says the edits will be lost), and by 'Descartar' on the offer; closing the tab or the
 * browser never removes it. Opening the screen offers the stored draft back; while that offer
 * waits, new edits are not written over it.
 */
export function useDraftPersistence<T>(options: UseDraftPersistenceOptions<T>): DraftPersistence<T> {
  const { screen, projectId, hasParts = false, part, screenLabel, isDirty, revision, parseData } = options;
  const { t } = useTranslation();
  const { user } = useSession();

  // the user whose edits these are, kept once the session is gone (the draft is written after it)
  const userIdRef = useRef<string | null>(user?.id ?? null);
  if (user?.id) userIdRef.current = user.id;
  const userId = user?.id ?? null;

  const latest = useRef(options);
  latest.current = options;
  const scopeOf = useCallback(
    (forPart: string | undefined): DraftScope | null => {
      const owner = userIdRef.current;
      if (owner === null) return null;
      return { userId: owner, projectId, screen, ...(forPart === undefined ? {} : { part: forPart }) };
    },
    [projectId, screen],
  );

  // the stored draft offered back, read again when the user or the project changes
  const offerSource = `${userId ?? ''}:${projectId}:${screen}`;
  const readOffer = (): DraftRead<T> | null => {
    if (userId === null) return null;
    const base = { userId, projectId, screen };
    if (hasParts) return readDrafts(base, parseData)[0] ?? null;
    return readDraft(base, parseData);
  };
  const [offerState, setOfferState] = useState(() => ({ source: offerSource, offer: readOffer() }));
  if (offerState.source !== offerSource) setOfferState({ source: offerSource, offer: readOffer() });
  const offer = offerState.source === offerSource ? offerState.offer : null;
  const offerRef = useRef(offer);
  offerRef.current = offer;
  const readOfferRef = useRef(readOffer);
  readOfferRef.current = readOffer;

  const editedAt = useRef<string>(new Date().toISOString());
  const recoveredAt = useRef<string | null>(null);
  const isDirtyRef = useRef(isDirty);
  const discarded = useRef(false);
  const warned = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idle = useRef<number | null>(null);
  const writtenKey = useRef<string | null>(null);

  const cancelWrite = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (idle.current !== null) (window as IdleWindow).cancelIdleCallback?.(idle.current);
    idle.current = null;
  }, []);

  /** Writes the draft now, when there is something of the user's to keep. */
  const keepDraft = useCallback(() => {
    cancelWrite();
    const current = latest.current;
    if (!isDirtyRef.current || discarded.current) return;
    const scope = scopeOf(current.part);
    if (!scope) return;
    const key = draftKey(scope);
    // an offered draft is the user's too: it is not overwritten before they choose
    if (offerRef.current && offerKey(offerRef.current) === key) return;
    const snapshot = current.snapshot();
    const written = writeDraft(scope, {
      editedAt: editedAt.current,
      baseVersion: snapshot.baseVersion,
      data: snapshot.data,
    });
    if (written.ok) {
      writtenKey.current = key;
      return;
    }
    if (!warned.current) {
      warned.current = true;
      notifyError(
        t(written.reason === 'quota' ? 'drafts.quotaExceeded' : 'drafts.storageUnavailable', {
          screen: current.screenLabel,
        }),
      );
    }
  }, [cancelWrite, scopeOf, t]);

  const discardDraft = useCallback(() => {
    cancelWrite();
    discarded.current = true;
    const scope = scopeOf(latest.current.part);
    const key = scope ? draftKey(scope) : null;
    // a draft still offered is not these edits: the user has not chosen about it yet
    if (key !== null && !(offerRef.current && offerKey(offerRef.current) === key)) removeDraft(key);
    if (writtenKey.current && writtenKey.current !== key) removeDraft(writtenKey.current);
    writtenKey.current = null;
  }, [cancelWrite, scopeOf]);

  // each edit: a new edit time, and a write a moment later
  useEffect(() => {
    if (!isDirty) return;
    editedAt.current = recoveredAt.current ?? new Date().toISOString();
    recoveredAt.current = null;
    cancelWrite();
    timer.current = setTimeout(() => {
      timer.current = null;
      const page = window as IdleWindow;
      if (page.requestIdleCallback === undefined) keepDraft();
      else idle.current = page.requestIdleCallback(keepDraft, { timeout: DRAFT_IDLE_WAIT_MS });
    }, DRAFT_WRITE_DELAY_MS);
  }, [revision, isDirty, part, cancelWrite, keepDraft]);

  // dirty → clean: saved, reloaded or undone; the draft goes, unless the session has just expired
  useEffect(() => {
    const wasDirty = isDirtyRef.current;
    isDirtyRef.current = isDirty;
    if (isDirty) {
      if (!wasDirty) discarded.current = false;
      return;
    }
    if (!wasDirty) return;
    cancelWrite();
    if (useUnsavedWorkStore.getState().isLeaveAllowed && !discarded.current) return;
    if (writtenKey.current) removeDraft(writtenKey.current);
    writtenKey.current = null;
  }, [isDirty, cancelWrite]);

  // registered with the app-wide guard while there is something to lose
  useUnsavedWork(isDirty, screenLabel, keepDraft, discardDraft);

  // the screen goes away with edits the user did not drop (an expired session, an error): keep them
  useEffect(() => () => keepDraft(), [keepDraft]);

  const acceptOffer = useCallback(() => {
    const current = offerRef.current;
    // the recovered edits keep the time they were made until the user edits again
    if (current?.status === 'ok') {
      recoveredAt.current = current.draft.editedAt;
      // the stored copy is these edits now: saving or leaving removes it
      writtenKey.current = current.draft.key;
    }
    setOfferState((state) => ({ ...state, offer: null }));
  }, []);
  const discardOffer = useCallback(() => {
    const current = offerRef.current;
    if (!current) return;
    removeDraft(offerKey(current));
    setOfferState((state) => ({ ...state, offer: readOfferRef.current() }));
  }, []);

  return { offer, acceptOffer, discardOffer };
}
