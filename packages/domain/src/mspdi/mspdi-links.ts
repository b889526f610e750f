import type { LinkType } from '../gantt/schedule-types';
import { MAX_LAG } from '../gantt/predecessors';
import { ELAPSED_FORMATS, LAG_FORMATS, LINK_TYPE_OF_MSPDI, PERCENT_FORMATS } from './mspdi-format';
import { children, flag, int, num, text } from './mspdi-nodes';
import type { RawTask } from './mspdi-nodes';
import type { Warnings } from './mspdi-warnings';
import type { ImportedLink } from './types';

/**
 * parseMspdi's links: each task's <PredecessorLink>s as links between task UIDs, lags in whole
 * working days (percent and elapsed lags converted), with a warning naming the task for what is
 * rounded, converted, clamped or left out.
 */
export function mapLinks(
  raw: readonly RawTask[],
  projectRowUid: number | undefined,
  durationOf: ReadonlyMap<number, number>,
  minutesPerDay: number,
  workingShare: number,
  warnings: Warnings,
  /** issue 34: inactive tasks, left out with their links (their own warning names them) */
  leftOut: ReadonlySet<number> = new Set(),
): ImportedLink[] {
  const links: ImportedLink[] = [];
  const seen = new Set<string>();
  const nameOf = new Map(raw.map((task) => [task.uid, task.name]));
  for (const task of raw) {
    const flagged = new Set<string>();
    const warnOnce = (kind: string) => {
      if (flagged.has(kind)) return;
      flagged.add(kind);
      warnings.add(kind, task.name);
    };
    for (const link of children(task.node, 'PredecessorLink')) {
      const from = int(link, 'PredecessorUID');
      if (from !== undefined && leftOut.has(from)) continue;
      if (flag(link, 'CrossProject')) {
        warnOnce('externalLink');
        continue;
      }
      if (from === undefined || from === projectRowUid || !durationOf.has(from)) {
        warnOnce('unknownLink');
        continue;
      }
      if (from === task.uid) {
        warnOnce('selfLink');
        continue;
      }
      const key = `${from}>${task.uid}`;
      if (seen.has(key)) {
        warnOnce('duplicateLink');
        continue;
      }
      seen.add(key);
      // issue 34: a type or lag format MSPDI does not define is not guessed (FS, working minutes): named
      const typeNumber = int(link, 'Type');
      const typeText = text(link, 'Type')?.trim() ?? '';
      const known = typeNumber === undefined ? undefined : LINK_TYPE_OF_MSPDI[typeNumber];
      if (known === undefined && typeText !== '') {
        warnings.add('badLinkType', `${nameOf.get(from) ?? from} → ${task.name} (${typeText.slice(0, 20)})`);
        continue;
      }
      const type: LinkType = known ?? 'FS';
      const linkLag = num(link, 'LinkLag') ?? 0;
      const format = int(link, 'LagFormat');
      const formatText = text(link, 'LagFormat')?.trim() ?? '';
      if (formatText !== '' && (format === undefined || !LAG_FORMATS.has(format))) {
        warnings.add('badLagFormat', `${nameOf.get(from) ?? from} → ${task.name} (${formatText.slice(0, 20)})`);
        continue;
      }
      let days: number;
      // a converted lag gets its conversion's warning, not the rounding one as well
      let converted = false;
      if (linkLag === 0) days = 0;
      else if (format !== undefined && PERCENT_FORMATS.has(format)) {
        // LinkLag holds the percent of the predecessor's duration
        days = (linkLag / 100) * (durationOf.get(from) ?? 0);
        converted = true;
        warnOnce('lagPercent');
      } else if (format !== undefined && ELAPSED_FORMATS.has(format)) {
        days = (linkLag / 10 / 1440) * workingShare;
        converted = true;
        warnOnce('lagElapsed');
      } else days = linkLag / 10 / minutesPerDay;
      let lag = Math.round(days);
      if (Math.abs(lag - days) > 1e-6 && !converted) warnOnce('lagRounded');
      if (Math.abs(lag) > MAX_LAG) {
        lag = Math.sign(lag) * MAX_LAG;
        warnOnce('lagClamped');
      }
      links.push({ from, to: task.uid, type, lag: lag === 0 ? 0 : lag });
    }
  }
  return links;
}
