import type { CalendarException } from '../gantt/calendar';
import { dayNumber, isoDay, weekday } from '../gantt/calendar';
import type { LinkType } from '../gantt/schedule-types';
import { MAX_IMPORTED_TASKS } from '../functions/exchange-contracts';
import { MAX_CALENDAR_EXCEPTIONS, MAX_TASK_DURATION } from '../functions/gantt-contracts';
import { MAX_LAG } from '../gantt/predecessors';
import { progressEntryErrors } from '../gantt/progress-entries';
import { formatNumber } from '../format/money';
import { DOCTYPE_REFUSED, MspdiXmlReader } from './mspdi-xml';
import type { XmlNode } from './mspdi-xml';
import {
  CONSTRAINT_NAMES,
  ELAPSED_FORMATS,
  LINK_TYPE_OF_MSPDI,
  MSPDI_NAMESPACE,
  PERCENT_FORMATS,
  datePart,
  durationMinutes,
  listNames,
} from './mspdi-format';
import type { ImportedLink, ImportedSchedule, ImportedTask, ParseMspdiResult } from './types';

/**
 * parseMspdi (issue 14): an MS Project / ProjectLibre XML file ("XML format", MSPDI) as the tasks,
 * links and calendar Cimiento schedules. The XML is read by fast-xml-parser; a DOCTYPE or entity
 * declaration is refused before parsing, and only the five XML entities and character references
 * are decoded, so neither an entity bomb nor an external entity can do anything. The mapping rules
 * (see types.ts and the tests) keep what a day-granular engine models and warn, naming the tasks,
 * about what it does not.
 */

export { DOCTYPE_REFUSED };
export const NOT_MSPDI =
  'El archivo no es un XML de MS Project (MSPDI): en MS Project usa «Guardar como» → «XML» (o «Archivo XML de MS Project» en ProjectLibre) y vuelve a intentarlo.';

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(node: XmlNode | undefined, key: string): XmlNode | undefined {
  const value = node?.[key];
  return isNode(value) ? value : undefined;
}

function children(node: XmlNode | undefined, key: string): XmlNode[] {
  const value = node?.[key];
  if (Array.isArray(value)) return value.filter(isNode);
  return isNode(value) ? [value] : [];
}

function text(node: XmlNode | undefined, key: string): string | undefined {
  const value = node?.[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return undefined;
}

function int(node: XmlNode | undefined, key: string): number | undefined {
  const value = text(node, key)?.trim();
  if (value === undefined || !/^[-+]?\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

function num(node: XmlNode | undefined, key: string): number | undefined {
  const value = text(node, key)?.trim();
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function flag(node: XmlNode | undefined, key: string): boolean {
  const value = text(node, key)?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/** Names of tasks grouped by the kind of warning, in the order they are reported. */
class Warnings {
  private readonly byKind = new Map<string, string[]>();
  private readonly plain: string[] = [];
  add(kind: string, name: string): void {
    const list = this.byKind.get(kind);
    if (list) list.push(name);
    else this.byKind.set(kind, [name]);
  }
  note(message: string): void {
    this.plain.push(message);
  }
  /** The sentences: `sentence(kind)` prefix + the names. */
  build(sentences: readonly (readonly [string, (names: string) => string])[]): string[] {
    const out = [...this.plain];
    for (const [kind, sentence] of sentences) {
      const names = this.byKind.get(kind);
      if (names && names.length > 0) out.push(sentence(listNames(names)));
    }
    return out;
  }
}

const MAX_OUTLINE_LEVEL = 1_000;

type RawTask = {
  node: XmlNode;
  uid: number;
  level: number;
  name: string;
};

/** parseMspdi in pieces: `write` the file's text in slices, then `end` (the server gives the event loop back between slices). */
export type MspdiParser = { write: (chunk: string) => void; end: () => ParseMspdiResult };

export function createMspdiParser(): MspdiParser {
  const reader = new MspdiXmlReader();
  return {
    write: (chunk) => reader.write(chunk),
    end: () => {
      const read = reader.end();
      return read.ok ? mapDocument(read.document, read.taskCount) : read;
    },
  };
}

export function parseMspdi(xml: string): ParseMspdiResult {
  const parser = createMspdiParser();
  parser.write(xml);
  return parser.end();
}

function isProjectRow(node: XmlNode): boolean {
  return int(node, 'UID') === 0 && (int(node, 'OutlineLevel') ?? 0) === 0;
}

function mapDocument(document: XmlNode, taskCount: number): ParseMspdiResult {
  const project = child(document, 'Project');
  if (!project || text(project, '@_xmlns')?.trim() !== MSPDI_NAMESPACE || !isNode(project['Tasks'])) {
    return { ok: false, error: NOT_MSPDI };
  }
  const taskNodes = children(child(project, 'Tasks'), 'Task');
  // the project row is not a task; blank rows are counted (they are rows of the file); past the cap
  // the reader counted the tasks without keeping them
  const count = taskCount - taskNodes.filter(isProjectRow).length;
  if (count > MAX_IMPORTED_TASKS) return { ok: false, error: tooManyTasks(count) };
  return mapProject(project, taskNodes);
}

function tooManyTasks(count: number): string {
  return `El archivo tiene ${formatNumber(count)} tareas; Cimiento importa como máximo ${formatNumber(MAX_IMPORTED_TASKS)} por proyecto. Divide el proyecto en MS Project y vuelve a intentarlo.`;
}

function mapProject(project: XmlNode, taskNodes: XmlNode[]): ParseMspdiResult {
  const warnings = new Warnings();
  const fileMinutesPerDay = num(project, 'MinutesPerDay');
  const minutesPerDay = fileMinutesPerDay !== undefined && fileMinutesPerDay > 0 ? fileMinutesPerDay : 480;
  if (text(project, 'ScheduleFromStart')?.trim() === '0')
    warnings.note(
      'El proyecto se programa desde la fecha de fin en MS Project; Cimiento lo programa desde su fecha de comienzo.',
    );

  const calendar = mapCalendar(project, warnings);

  // the tasks in file order: the project row apart, blank rows skipped, UIDs checked
  let projectRowName: string | undefined;
  let projectRowUid: number | undefined;
  const raw: RawTask[] = [];
  const seenUids = new Set<number>();
  const badRows: string[] = [];
  for (const [index, node] of taskNodes.entries()) {
    if (flag(node, 'IsNull')) continue;
    const uid = int(node, 'UID');
    const levelText = int(node, 'OutlineLevel');
    const level = levelText === undefined ? 1 : Math.min(Math.max(levelText, 0), MAX_OUTLINE_LEVEL);
    const name = (text(node, 'Name') ?? '').trim();
    if (uid === undefined || uid < 0 || seenUids.has(uid)) {
      badRows.push(name || `fila ${index + 1}`);
      continue;
    }
    seenUids.add(uid);
    if (uid === 0 && level === 0) {
      projectRowName = name;
      projectRowUid = uid;
      continue;
    }
    raw.push({ node, uid, level, name: name === '' ? `Tarea ${uid}` : name });
  }
  if (badRows.length > 0)
    warnings.note(
      `Se omitieron tareas sin un identificador único (UID) válido o con el UID repetido: ${listNames(badRows)}.`,
    );

  // project start: <StartDate>, else the earliest task start
  let projectStart = datePart(text(project, 'StartDate'));
  if (projectStart === undefined) {
    const starts = raw
      .map((task) => datePart(text(task.node, 'Start')))
      .filter((date): date is string => date !== undefined)
      .sort();
    projectStart = starts[0];
  }
  if (projectStart === undefined)
    return {
      ok: false,
      error:
        'El archivo no indica la fecha de comienzo del proyecto (StartDate). Ábrelo en MS Project, revisa la fecha de comienzo y guárdalo de nuevo como «XML».',
    };

  // parents by outline: the nearest preceding task with a lower level
  const stack: { level: number; uid: number }[] = [];
  const parentOf = new Map<number, number>();
  const hasChildren = new Set<number>();
  for (const task of raw) {
    while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level >= task.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) {
      parentOf.set(task.uid, parent.uid);
      hasChildren.add(parent.uid);
    }
    stack.push({ level: task.level, uid: task.uid });
  }

  // real resources: an assignment to a resource other than the 'unassigned' placeholders
  const namedResources = new Set(
    children(child(project, 'Resources'), 'Resource')
      .filter((resource) => (text(resource, 'Name') ?? '').trim() !== '')
      .map((resource) => int(resource, 'UID')),
  );
  const tasksWithResources = new Set<number>();
  for (const assignment of children(child(project, 'Assignments'), 'Assignment')) {
    const resource = int(assignment, 'ResourceUID');
    const task = int(assignment, 'TaskUID');
    if (task === undefined || resource === undefined || resource < 0) continue;
    if (resource === 0 && !namedResources.has(0)) continue;
    tasksWithResources.add(task);
  }

  const workingShare = calendar.workingWeekdays.length / 7;
  const tasks: ImportedTask[] = [];
  const durationOf = new Map<number, number>();
  const constraintStartOf = new Map<number, string>();
  for (const task of raw) {
    const { node, uid, name } = task;
    const summary = hasChildren.has(uid);

    // duration: working minutes ÷ MinutesPerDay (elapsed formats: clock time, converted)
    const durationText = text(node, 'Duration');
    let minutes = durationMinutes(durationText);
    if (minutes === undefined) {
      if (durationText !== undefined && durationText.trim() !== '' && !summary) warnings.add('badDuration', name);
      minutes = 0;
    }
    const format = int(node, 'DurationFormat');
    let days: number;
    if (format !== undefined && ELAPSED_FORMATS.has(format)) {
      days = (minutes / 1440) * workingShare;
      if (!summary && minutes !== 0) warnings.add('elapsed', name);
    } else days = minutes / minutesPerDay;
    let duration: number;
    if (days < 0) {
      duration = 0;
      if (!summary) warnings.add('negative', name);
    } else {
      // a task with work takes at least one day
      duration = days > 0 ? Math.max(1, Math.round(days)) : 0;
      if (duration > MAX_TASK_DURATION) {
        duration = MAX_TASK_DURATION;
        if (!summary) warnings.add('tooLong', name);
      } else if (Math.abs(duration - days) > 1e-6 && !summary && !warnedElapsed(format)) warnings.add('rounded', name);
    }
    durationOf.set(uid, duration);

    const percent = num(node, 'PercentComplete') ?? 0;
    const progress = Math.min(100, Math.max(0, percent));

    // constraints: SNET and MSO become the start no earlier than; the rest is not carried over
    let start = projectStart;
    const constraint = int(node, 'ConstraintType') ?? 0;
    if (constraint === 2 || constraint === 4) {
      const date = datePart(text(node, 'ConstraintDate'));
      if (date !== undefined) {
        start = date;
        constraintStartOf.set(uid, date);
      }
    } else if (constraint !== 0 && CONSTRAINT_NAMES[constraint] !== undefined)
      warnings.add(`constraint${constraint}`, name);

    // issue 15: a leaf's actual dates, kept below when they keep the progress rules at the cut-off
    const actualStart = summary ? undefined : datePart(text(node, 'ActualStart'));
    const actualFinish = summary ? undefined : datePart(text(node, 'ActualFinish'));
    if (tasksWithResources.has(uid)) warnings.add('resources', name);
    const calendarUid = int(node, 'CalendarUID');
    if (calendarUid !== undefined && calendarUid !== -1) warnings.add('taskCalendar', name);
    if (flag(node, 'Manual')) warnings.add('manual', name);
    if (flag(node, 'Recurring')) warnings.add('recurring', name);
    if (isSplit(node)) warnings.add('split', name);

    const parentUid = parentOf.get(uid);
    const fileStart = text(node, 'Start')?.trim();
    const fileFinish = text(node, 'Finish')?.trim();
    tasks.push({
      uid,
      ...(parentUid === undefined ? {} : { parentUid }),
      name,
      duration,
      summary,
      progress,
      start,
      ...(fileStart ? { fileStart } : {}),
      ...(fileFinish ? { fileFinish } : {}),
      ...(actualStart === undefined ? {} : { actualStart }),
      ...(actualFinish === undefined ? {} : { actualFinish }),
    });
  }
  const cutoff = keepActuals(tasks, statusDataDate(text(project, 'StatusDate')), warnings);

  // a summary's SNET / MSO holds back every task under it (MS Project's rule): the latest wins
  const inheritedStart = new Map<number, string>();
  for (const task of tasks) {
    const fromParent = task.parentUid === undefined ? undefined : inheritedStart.get(task.parentUid);
    const own = constraintStartOf.get(task.uid);
    const bound = own !== undefined && (fromParent === undefined || own > fromParent) ? own : fromParent;
    if (bound !== undefined) inheritedStart.set(task.uid, bound);
    if (!task.summary && fromParent !== undefined && fromParent > task.start) task.start = fromParent;
  }

  const links = mapLinks(raw, projectRowUid, durationOf, minutesPerDay, workingShare, warnings);

  const projectName =
    projectRowName ||
    (text(project, 'Title') ?? '').trim() ||
    (text(project, 'Name') ?? '').trim().replace(/\.xml$/i, '') ||
    'Proyecto importado';

  return {
    ok: true,
    schedule: {
      projectName,
      projectStart,
      calendarName: calendar.name,
      calendar: { workingWeekdays: calendar.workingWeekdays, exceptions: calendar.exceptions },
      tasks,
      links,
      ...(cutoff === undefined ? {} : { cutoff }),
      warnings: warnings.build(WARNING_SENTENCES),
    } satisfies ImportedSchedule,
  };
}

/**
 * issue 15: MS Project's status date as our cut-off (P6's data date, the first day of the remaining
 * work): a status date at the start of a day (08:00, as Cimiento writes it) is that day; one later
 * in the day (MS Project writes 17:00) has the day recorded, so the remaining work starts the next.
 */
function statusDataDate(value: string | undefined): string | undefined {
  const date = datePart(value);
  if (date === undefined || value === undefined) return undefined;
  const time = value.trim().slice(11, 16);
  return time !== '' && time > '08:00' ? isoDay(dayNumber(date) + 1) : date;
}

/**
 * issue 15: the file's progress as Cimiento records it. The cut-off is the later of the file's
 * status date (statusDataDate) and its latest actual date (MS Project lets actuals pass the status date); a leaf
 * with an actual finish is 100 % done, as MS Project has it. A leaf whose actual dates break the
 * progress rules at that cut-off (progress-entries.ts) keeps only its % complete, with the
 * 'actuals' warning. Answers the cut-off, or undefined when no leaf keeps actual dates.
 */
function keepActuals(tasks: ImportedTask[], statusDate: string | undefined, warnings: Warnings): string | undefined {
  const tracked = tasks.filter((task) => task.actualStart !== undefined || task.actualFinish !== undefined);
  if (tracked.length === 0) return undefined;
  let cutoff = statusDate ?? '';
  for (const task of tracked) {
    for (const date of [task.actualStart, task.actualFinish]) if (date !== undefined && date > cutoff) cutoff = date;
  }
  for (const task of tracked) if (task.actualFinish !== undefined) task.progress = 100;
  const info = new Map(tracked.map((task) => [task.uid, { isSummary: false, code: '', name: task.name }]));
  const refused = new Set(
    progressEntryErrors(
      cutoff,
      tracked.map((task) => ({
        TaskID: task.uid,
        Progress: task.progress,
        ...(task.actualStart === undefined ? {} : { ActualStart: task.actualStart }),
        ...(task.actualFinish === undefined ? {} : { ActualFinish: task.actualFinish }),
      })),
      info,
    ).map((error) => error.TaskID),
  );
  for (const task of tracked) {
    if (!refused.has(task.uid)) continue;
    delete task.actualStart;
    delete task.actualFinish;
    warnings.add('actuals', task.name);
  }
  return refused.size === tracked.length ? undefined : cutoff;
}

/** Elapsed durations get their own warning, not the rounding one as well. */
function warnedElapsed(format: number | undefined): boolean {
  return format !== undefined && ELAPSED_FORMATS.has(format);
}

/**
 * A split task: MS Project records the pieces as the task's timephased data; a <Split> element or
 * TimephasedData of type 11 (the task's splits) under the task is taken as one.
 */
function isSplit(node: XmlNode): boolean {
  if (node['Split'] !== undefined || node['Splits'] !== undefined) return true;
  return children(node, 'TimephasedData').some((data) => int(data, 'Type') === 11);
}

const WARNING_SENTENCES: readonly (readonly [string, (names: string) => string])[] = [
  ['rounded', (names) => `Se redondearon a días completos las duraciones de: ${names}.`],
  [
    'elapsed',
    (names) =>
      `Se convirtieron a días hábiles las duraciones transcurridas (días corridos) de: ${names}. Revisa sus duraciones.`,
  ],
  ['negative', (names) => `Las duraciones negativas se importaron como 0 (hito) en: ${names}.`],
  ['tooLong', (names) => `Se acortaron a ${MAX_TASK_DURATION} días hábiles las duraciones de: ${names}.`],
  ['badDuration', (names) => `No se pudo leer la duración de: ${names}; se importaron como hitos (duración 0).`],
  ...[1, 3, 5, 6, 7].map(
    (type) =>
      [
        `constraint${type}`,
        (names: string) =>
          `No se importan las restricciones «${CONSTRAINT_NAMES[type]}» de: ${names}; esas tareas se programan lo antes posible.`,
      ] as const,
  ),
  [
    'actuals',
    (names) =>
      `No se importan las fechas reales (comienzo o fin real) de: ${names}, porque no cumplen las reglas del avance (un fin real necesita su comienzo real y no puede ser anterior a él; un avance del 100 % necesita el fin real); sí se importa su porcentaje completado.`,
  ],
  [
    'resources',
    (names) => `No se importan los recursos asignados a: ${names}; sus duraciones se importan tal como están.`,
  ],
  [
    'taskCalendar',
    (names) => `No se importan los calendarios propios de: ${names}; se programan con el calendario del proyecto.`,
  ],
  ['split', (names) => `No se importan las divisiones (interrupciones) de: ${names}; se programan de forma continua.`],
  ['manual', (names) => `Las tareas programadas manualmente se programan automáticamente en Cimiento: ${names}.`],
  ['recurring', (names) => `Las tareas periódicas se importan como tareas comunes, sin su periodicidad: ${names}.`],
  ['lagRounded', (names) => `Se redondearon a días completos los desfases de los vínculos hacia: ${names}.`],
  [
    'lagPercent',
    (names) =>
      `Se convirtieron a días los desfases en porcentaje (de la duración de la predecesora) de los vínculos hacia: ${names}.`,
  ],
  [
    'lagElapsed',
    (names) => `Se convirtieron a días hábiles los desfases transcurridos de los vínculos hacia: ${names}.`,
  ],
  ['lagClamped', (names) => `Se limitaron a ${MAX_LAG} días los desfases de los vínculos hacia: ${names}.`],
  [
    'unknownLink',
    (names) =>
      `Se omitieron los vínculos con tareas que no están en el archivo (o con la tarea de resumen del proyecto) de: ${names}.`,
  ],
  ['externalLink', (names) => `Se omitieron los vínculos con tareas de otros proyectos de: ${names}.`],
  ['selfLink', (names) => `Se omitieron los vínculos de una tarea consigo misma: ${names}.`],
  ['duplicateLink', (names) => `Se omitieron los vínculos repetidos entre las mismas tareas hacia: ${names}.`],
];

function mapLinks(
  raw: readonly RawTask[],
  projectRowUid: number | undefined,
  durationOf: ReadonlyMap<number, number>,
  minutesPerDay: number,
  workingShare: number,
  warnings: Warnings,
): ImportedLink[] {
  const links: ImportedLink[] = [];
  const seen = new Set<string>();
  for (const task of raw) {
    const flagged = new Set<string>();
    const warnOnce = (kind: string) => {
      if (flagged.has(kind)) return;
      flagged.add(kind);
      warnings.add(kind, task.name);
    };
    for (const link of children(task.node, 'PredecessorLink')) {
      const from = int(link, 'PredecessorUID');
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
      const typeNumber = int(link, 'Type');
      const type: LinkType = (typeNumber === undefined ? undefined : LINK_TYPE_OF_MSPDI[typeNumber]) ?? 'FS';
      const linkLag = num(link, 'LinkLag') ?? 0;
      const format = int(link, 'LagFormat');
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

type MappedCalendar = { name: string; workingWeekdays: number[]; exceptions: CalendarException[] };

/**
 * The project's base calendar (<CalendarUID>): weekdays 1 (Sunday) … 7 (Saturday) from the
 * calendar or, when it leaves one out, from its base calendar; exceptions in MS Project 2007+'s
 * <Exceptions> or, failing those, 2003's exception weekdays (DayType 0), one per date.
 */
function mapCalendar(project: XmlNode, warnings: Warnings): MappedCalendar {
  const calendars = children(child(project, 'Calendars'), 'Calendar');
  const byUid = new Map<number, XmlNode>();
  for (const calendar of calendars) {
    const uid = int(calendar, 'UID');
    if (uid !== undefined && !byUid.has(uid)) byUid.set(uid, calendar);
  }
  const projectCalendarUid = int(project, 'CalendarUID');
  const base =
    (projectCalendarUid === undefined ? undefined : byUid.get(projectCalendarUid)) ??
    calendars.find((calendar) => flag(calendar, 'IsBaseCalendar')) ??
    calendars[0];
  if (!base) {
    warnings.note('El archivo no trae calendario; se usa uno de lunes a viernes.');
    return { name: 'Estándar', workingWeekdays: [1, 2, 3, 4, 5], exceptions: [] };
  }
  const name = (text(base, 'Name') ?? '').trim() || 'Estándar';

  // the chain: the calendar, then its base calendars (guarding against loops)
  const chain: XmlNode[] = [];
  const visited = new Set<XmlNode>();
  for (let calendar: XmlNode | undefined = base; calendar && !visited.has(calendar);) {
    visited.add(calendar);
    chain.push(calendar);
    const baseUid = int(calendar, 'BaseCalendarUID');
    calendar = baseUid === undefined || baseUid < 0 ? undefined : byUid.get(baseUid);
  }

  const working: (boolean | undefined)[] = new Array(7).fill(undefined);
  for (const calendar of chain) {
    for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
      const type = int(day, 'DayType');
      if (type === undefined || type < 1 || type > 7) continue;
      if (working[type - 1] === undefined) working[type - 1] = flag(day, 'DayWorking');
    }
  }
  // a weekday no calendar defines: MS Project's standard week
  let workingWeekdays = working
    .map((value, index) => ((value ?? (index >= 1 && index <= 5)) ? index : -1))
    .filter((index) => index >= 0);
  if (workingWeekdays.length === 0) {
    warnings.note(`El calendario «${name}» no tiene días laborables en la semana; se usa de lunes a viernes.`);
    workingWeekdays = [1, 2, 3, 4, 5];
  }

  const byDate = new Map<string, CalendarException>();
  let capped = false;
  const add = (date: string, exceptionName: string, isWorking: boolean) => {
    if (byDate.has(date)) return;
    if (byDate.size >= MAX_CALENDAR_EXCEPTIONS) {
      capped = true;
      return;
    }
    byDate.set(date, { date, name: exceptionName.slice(0, 120), working: isWorking });
  };
  const unreadable: string[] = [];
  for (const calendar of chain) {
    const exceptions = children(child(calendar, 'Exceptions'), 'Exception');
    if (exceptions.length > 0) {
      for (const exception of exceptions) {
        const exceptionName = (text(exception, 'Name') ?? '').trim();
        const dates = exceptionDates(exception);
        if (dates === undefined) unreadable.push(exceptionName || 'sin nombre');
        else for (const date of dates) add(date, exceptionName, flag(exception, 'DayWorking'));
      }
    } else {
      for (const day of children(child(calendar, 'WeekDays'), 'WeekDay')) {
        if (int(day, 'DayType') !== 0) continue;
        const period = child(day, 'TimePeriod');
        const dates = rangeDates(text(period, 'FromDate'), text(period, 'ToDate'));
        if (dates === undefined) unreadable.push('sin nombre');
        else for (const date of dates) add(date, '', flag(day, 'DayWorking'));
      }
    }
    if (children(child(calendar, 'WorkWeeks'), 'WorkWeek').length > 0)
      warnings.note(
        `El calendario «${(text(calendar, 'Name') ?? '').trim() || name}» tiene semanas laborales distintas de la predeterminada; no se importan: se usa solo su semana predeterminada.`,
      );
  }
  if (unreadable.length > 0)
    warnings.note(`No se pudieron leer las fechas de las excepciones del calendario: ${listNames(unreadable)}.`);
  if (capped)
    warnings.note(
      `El calendario tiene más de ${MAX_CALENDAR_EXCEPTIONS} fechas de excepción; se importaron las primeras ${MAX_CALENDAR_EXCEPTIONS}.`,
    );
  const exceptions = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { name, workingWeekdays, exceptions };
}

/** Longest span of one exception we expand (about 30 years); beyond it only the cap applies. */
const MAX_EXCEPTION_SPAN_DAYS = 11_000;

/** The dates from FromDate to ToDate inclusive (a ToDate at 00:00 of a later day ends the day before). */
function rangeDates(from: string | undefined, to: string | undefined): string[] | undefined {
  const first = datePart(from);
  const lastDate = datePart(to ?? from);
  if (first === undefined || lastDate === undefined) return undefined;
  let last = dayNumber(lastDate);
  const start = dayNumber(first);
  if (to !== undefined && last > start && /T00:00(:00)?$/.test(to.trim())) last -= 1;
  if (last < start) return undefined;
  const dates: string[] = [];
  for (let day = start; day <= Math.min(last, start + MAX_EXCEPTION_SPAN_DAYS); day += 1) dates.push(isoDay(day));
  return dates;
}

/**
 * The dates of one 2007+ exception: its TimePeriod's days, filtered by its recurrence: daily
 * (every Period days), weekly (DaysOfWeek bit mask, every Period weeks), monthly by day and yearly
 * by day (MonthDay, Month). Recurrences by position (the 'second Monday') give undefined.
 */
function exceptionDates(exception: XmlNode): string[] | undefined {
  const period = child(exception, 'TimePeriod');
  const dates = rangeDates(text(period, 'FromDate'), text(period, 'ToDate'));
  if (dates === undefined) return undefined;
  const type = int(exception, 'Type') ?? 1;
  const every = Math.max(1, int(exception, 'Period') ?? 1);
  // the count of occurrences bounds the range only when the exception was entered by occurrences
  const occurrences = flag(exception, 'EnteredByOccurrences') ? int(exception, 'Occurrences') : undefined;
  const limit = (list: string[]) => (occurrences !== undefined && occurrences > 0 ? list.slice(0, occurrences) : list);
  const first = dayNumber(dates[0] as string);
  switch (type) {
    case 1:
    case 9:
      return limit(dates.filter((date) => (dayNumber(date) - first) % every === 0));
    case 6: {
      const mask = int(exception, 'DaysOfWeek') ?? 0;
      const firstWeek = Math.floor((first - weekday(first)) / 7);
      return limit(
        dates.filter((date) => {
          const day = dayNumber(date);
          const week = Math.floor((day - weekday(day)) / 7);
          return (mask & (1 << weekday(day))) !== 0 && (week - firstWeek) % every === 0;
        }),
      );
    }
    case 4: {
      const monthDay = int(exception, 'MonthDay');
      if (monthDay === undefined) return undefined;
      const firstMonth = monthIndex(dates[0] as string);
      return limit(
        dates.filter((date) => Number(date.slice(8, 10)) === monthDay && (monthIndex(date) - firstMonth) % every === 0),
      );
    }
    case 2: {
      const monthDay = int(exception, 'MonthDay');
      const month = int(exception, 'Month');
      if (monthDay === undefined || month === undefined) return undefined;
      return limit(
        dates.filter((date) => Number(date.slice(8, 10)) === monthDay && Number(date.slice(5, 7)) === month + 1),
      );
    }
    default:
      return undefined;
  }
}

function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}
