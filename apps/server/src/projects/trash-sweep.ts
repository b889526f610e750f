import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { purgeExpiredTrash } from './trash-queries';

/** How often a running server looks for projects 30 days in the trash (issue 30). */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

export type TrashSweep = {
  /** Runs the sweep now (once at start-up, then every `intervalMs`); resolves when this run ends. */
  start: () => Promise<void>;
  /** Runs one sweep now, unless one is under way (then waits for it). */
  run: () => Promise<void>;
  /** Stops the timer and waits for a sweep under way, which stops between two projects. */
  stop: () => Promise<void>;
};

/**
 * The trash's automatic purge (issue 30): at start-up and then every hour, every project whose
 * `deleted_at` is more than 30 days old is purged (trash-queries.ts purgeExpiredTrash, each logged in
 * the change log as done by Cimiento). The timer is unref'd, so it never keeps a process alive; a
 * failed run is logged and tried again at the next tick. Several instances on one PostgreSQL may
 * sweep at once: each project's purge is a conditional DELETE that only one of them wins.
 */
export function createTrashSweep(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
}): TrashSweep {
  const { db, log } = options;
  const intervalMs = options.intervalMs ?? TRASH_SWEEP_MS;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        const { purged } = await purgeExpiredTrash(db, now(), () => stopped);
        if (purged.length > 0) {
          log.info({ purged: purged.map((project) => project.code) }, 'trash: projects purged after 30 days');
        }
      } catch (error) {
        if (!stopped) log.warn({ err: error }, 'trash: the automatic purge failed; it runs again at the next tick');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  return {
    start: async () => {
      if (stopped || timer !== undefined) return;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      await run();
    },
    run,
    stop: async () => {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
