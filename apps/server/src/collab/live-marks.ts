/**
 * The live stream's marks (issue 19): how far a stream was sent, as its event ids say it
 * (`h<history id>-n<notification id>`, what a client sends back as Last-Event-ID), and the hub's
 * window of ids already fanned out near its mark.
 */

/** How far behind its marks the hub reads again: PostgreSQL may commit ids out of order. */
export const REREAD_WINDOW = 64;

/** A stream event's id: the history and notification marks it was sent at. */
export function markId(h: number, n: number): string {
  return `h${h}-n${n}`;
}

/** The marks a Last-Event-ID names, or undefined when it names none. */
export function parseLastEventId(value: string | undefined): { h: number; n: number } | undefined {
  const match = /^h(\d{1,15})-n(\d{1,15})$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return { h: Number(match[1]), n: Number(match[2]) };
}

/** The ids already fanned out near the mark, so a re-read does not send them twice. */
export class SentWindow {
  mark = 0;
  private readonly ids = new Set<number>();

  /** True the first time an id is seen. */
  take(id: number): boolean {
    if (id <= this.mark - REREAD_WINDOW || this.ids.has(id)) return false;
    this.ids.add(id);
    if (id > this.mark) this.mark = id;
    return true;
  }

  /** True when the id was fanned out already (or is too old to be read again). */
  taken(id: number): boolean {
    return id <= this.mark - REREAD_WINDOW || this.ids.has(id);
  }

  /** The window as it is now, which later takes do not change. */
  copy(): SentWindow {
    const copy = new SentWindow();
    copy.mark = this.mark;
    for (const id of this.ids) copy.ids.add(id);
    return copy;
  }

  prune(): void {
    for (const id of this.ids) if (id <= this.mark - REREAD_WINDOW) this.ids.delete(id);
  }
}
