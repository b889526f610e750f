import type { CalendarException } from '../gantt/calendar';

/**
 * A P6 calendar's `clndr_data` (issue 34): nested nodes `(0||name(attributes)(children))`, as
 *
 *   (0||CalendarData()(
 *     (0||DaysOfWeek()( (0||1()()) (0||2()( (0||0(s|08:00|f|12:00)()) (0||1(s|13:00|f|17:00)()) )) … ))
 *     (0||Exceptions()( (0||0(d|45519)()) (0||1(d|45597)( (0||0(s|08:00|f|12:00)()) )) … ))))
 *
 * Days of the week 1 = Sunday … 7 = Saturday, working when they hold at least one interval
 * (`s|start|f|finish`); an exception is a date (`d|N`, days since 1899-12-30, as Excel counts
 * them), non-working when it holds no interval and working when it holds some. MPXJ's corpus has
 * a calendar cut short (`(0||CalendarData()(`): what was read before the break is kept and the
 * answer says it is incomplete.
 */
export type XerCalendar = {
  /** 0 = Sunday … 6 = Saturday (the Gantt's numbering); empty when the data names no working day */
  workingWeekdays: number[];
  /** hours per working weekday, by weekday 0–6 (0 for a non-working one) */
  weekdayHours: number[];
  exceptions: CalendarException[];
  /** the data broke off or did not read as P6's nodes: what was read is kept */
  isIncomplete: boolean;
};

type CalendarNode = { name: string; attributes: string; children: CalendarNode[] };

/** Reads the nested nodes; stops at the first thing that is not one (the rest is dropped). */
function parseNodes(text: string): { nodes: CalendarNode[]; isComplete: boolean } {
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] as string)) at += 1;
  };
  // a node: '(' '0||' name '(' attributes ')' '(' children ')' ')'
  const node = (): CalendarNode | null => {
    skipSpace();
    if (text[at] !== '(') return null;
    const head = /^\((\d+)\|\|([^()]*)\(([^()]*)\)\(/.exec(text.slice(at, at + 400));
    if (!head) return null;
    at += head[0].length;
    const children: CalendarNode[] = [];
    for (;;) {
      skipSpace();
      if (text[at] === ')') break;
      const child = node();
      if (!child) return null;
      children.push(child);
    }
    at += 1; // the children's ')'
    skipSpace();
    if (text[at] !== ')') return null;
    at += 1;
    return { name: head[2] as string, attributes: head[3] as string, children };
  };
  const nodes: CalendarNode[] = [];
  for (;;) {
    skipSpace();
    if (at >= text.length) return { nodes, isComplete: true };
    const start = at;
    const next = node();
    if (!next) {
      at = start;
      return { nodes, isComplete: false };
    }
    nodes.push(next);
  }
}

/** A node's attributes as pairs: 's|08:00|f|12:00' → {s: '08:00', f: '12:00'} (P6 writes them in either order). */
function attributesOf(node: CalendarNode): Map<string, string> {
  const parts = node.attributes.split('|');
  const pairs = new Map<string, string>();
  for (let index = 0; index + 1 < parts.length; index += 2)
    pairs.set(parts[index] as string, parts[index + 1] as string);
  return pairs;
}

function minutesOf(time: string | undefined): number | null {
  const match = time === undefined ? null : /^(\d{1,2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The hours of the intervals under a node ('s|08:00|f|12:00' → 4); a finish at or before its start runs past midnight. */
function hoursOf(node: CalendarNode): number {
  let minutes = 0;
  for (const child of node.children) {
    const pairs = attributesOf(child);
    const start = minutesOf(pairs.get('s'));
    let finish = minutesOf(pairs.get('f'));
    if (start === null || finish === null) continue;
    if (finish <= start) finish += 24 * 60;
    minutes += finish - start;
  }
  return minutes / 60;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** An Excel day number as YYYY-MM-DD (45519 → 2024-08-15). */
export function excelSerialDate(serial: number): string {
  return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
}

/** Finds a node by name anywhere under these. */
function find(nodes: readonly CalendarNode[], name: string): CalendarNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const inside = find(node.children, name);
    if (inside) return inside;
  }
  return undefined;
}

/** A P6 calendar's working weekdays, their hours and its exceptions, from its `clndr_data`. */
export function readXerCalendar(data: string, name = ''): XerCalendar {
  const { nodes, isComplete } = parseNodes(data);
  const weekdayHours = [0, 0, 0, 0, 0, 0, 0];
  const days = find(nodes, 'DaysOfWeek');
  for (const day of days?.children ?? []) {
    const number = Number(day.name);
    if (Number.isInteger(number) && number >= 1 && number <= 7) weekdayHours[number - 1] = hoursOf(day);
  }
  const exceptions: CalendarException[] = [];
  for (const entry of find(nodes, 'Exceptions')?.children ?? []) {
    const serial = Number(attributesOf(entry).get('d'));
    if (!Number.isInteger(serial) || serial <= 0) continue;
    exceptions.push({ date: excelSerialDate(serial), name, working: hoursOf(entry) > 0 });
  }
  exceptions.sort((left, right) => left.date.localeCompare(right.date));
  return {
    workingWeekdays: weekdayHours.flatMap((hours, weekday) => (hours > 0 ? [weekday] : [])),
    weekdayHours,
    exceptions,
    isIncomplete: !isComplete || days === undefined,
  };
}
