import { dayNumber, isoDay } from '../gantt/calendar';
import { MAX_IMPORTED_TASKS } from '../functions/exchange-contracts';
import { MAX_TASK_DURATION, MAX_TASK_NOTES } from '../functions/gantt-contracts';
import { progressEntryErrors } from '../gantt/progress-entries';
import { formatNumber } from '../format/money';
import { formatIsoDate } from '../format/dates';
import { DOCTYPE_REFUSED, MspdiXmlReader } from './mspdi-xml';
import type { XmlNode } from './mspdi-xml';
import {
  CONSTRAINT_NAMES,
  ELAPSED_FORMATS,
  MSPDI_NAMESPACE,
  baselineFinishDay,
  datePart,
  durationMinutes,
  fileRemaining,
  listNames,
} from './mspdi-format';
import { mapCalendar } from './mspdi-calendar';
import { mapLinks } from './mspdi-links';
import { mapResources } from './mspdi-resources';
import { child, children, flag, int, num, text } from './mspdi-nodes';
import type { RawTask } from './mspdi-nodes';
import { WARNING_SENTENCES, Warnings } from './mspdi-warnings';
import type { ImportedSchedule, ImportedTask, ParseMspdiResult } from './types';

/**
 * parseMspdi (issue 14): an MS Project / ProjectLibre XML file ("XML format", MSPDI) as the tasks,
 * links and calendar Cimiento schedules. The XML is read by fast-xml-parser; a DOCTYPE or entity
 * declaration is refused before parsing, and only the five XML entities and character references
 * are decoded, so neither an entity bomb nor an external entity can do anything. The mapping rules
 * (see types.ts and the tests) keep what a day-granular engine models and warn, naming the tasks,
 * about what it does not. Its pieces: reading the file's nodes (mspdi-nodes.ts), the links
 * (mspdi-links.ts), the calendar (mspdi-calendar.ts) and the warnings' sentences (mspdi-warnings.ts).
 */

export { DOCTYPE_REFUSED };
export const NOT_MSPDI =
  'El archivo no es un XML de MS Project (MSPDI): en MS Project usa «Guardar como» → «XML» (o «Archivo XML de MS Project» en ProjectLibre) y vuelve a intentarlo.';

const MAX_OUTLINE_LEVEL = 1_000;

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
  // issue 34: an empty <Tasks/> is a project without tasks, not another kind of file
  if (!project || text(project, '@_xmlns')?.trim() !== MSPDI_NAMESPACE || project['Tasks'] === undefined) {
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

  // issue 34: inactive tasks (Active=0, and every task under one) are left out with their links
  const inactive = new Set<number>();
  const inactiveNames: string[] = [];
  for (const task of raw) {
    const parent = parentOf.get(task.uid);
    const isInactive = text(task.node, 'Active')?.trim() === '0' || (parent !== undefined && inactive.has(parent));
    if (!isInactive) continue;
    inactive.add(task.uid);
    if (parent === undefined || !inactive.has(parent)) inactiveNames.push(task.name);
  }
  for (const name of inactiveNames) warnings.add('inactive', name);
  const active = inactive.size === 0 ? raw : raw.filter((task) => !inactive.has(task.uid));
  if (inactive.size > 0) for (const uid of inactive) hasChildren.delete(uid);
  if (inactive.size > 0) {
    // a summary whose every child is inactive is a task again
    const parentsLeft = new Set(active.map((task) => parentOf.get(task.uid)));
    for (const uid of [...hasChildren]) if (!parentsLeft.has(uid)) hasChildren.delete(uid);
  }

  // issue 35: the resources and each task's assignments (mspdi-resources.ts)
  const fileResources = mapResources(project, warnings, calendar);

  const workingShare = calendar.workingWeekdays.length / 7;
  const customFields = new Set<string>();
  const baselineNotes: BaselineNotes = { undated: new Set(), backwards: [], costOrWork: false };
  const tasks: ImportedTask[] = [];
  const durationOf = new Map<number, number>();
  const constraintStartOf = new Map<number, string>();
  for (const task of active) {
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
    // issue 34: Milestone=1 makes a milestone whatever its duration (named when it had one)
    if (!summary && flag(node, 'Milestone') && duration !== 0) {
      warnings.add('milestoneDuration', name);
      duration = 0;
    }
    durationOf.set(uid, duration);

    const percent = num(node, 'PercentComplete') ?? 0;
    const progress = Math.min(100, Math.max(0, percent));

    // constraints: SNET becomes the start no earlier than, MSO the must-start-on (issue 34; a
    // summary's holds its tasks back as a start no earlier than, below); the rest is not carried over
    let start = projectStart;
    let mustStartOn = false;
    const constraint = int(node, 'ConstraintType') ?? 0;
    if (constraint === 2 || constraint === 4) {
      const date = datePart(text(node, 'ConstraintDate'));
      if (date !== undefined) {
        start = date;
        constraintStartOf.set(uid, date);
        mustStartOn = constraint === 2 && !summary;
      }
    } else if (constraint !== 0 && CONSTRAINT_NAMES[constraint] !== undefined)
      warnings.add(`constraint${constraint}`, name);

    // issue 15: a leaf's actual dates, kept below when they keep the progress rules at the cut-off
    const actualStart = summary ? undefined : datePart(text(node, 'ActualStart'));
    const actualFinish = summary ? undefined : datePart(text(node, 'ActualFinish'));
    // issue 34: what is left of a leaf under way, as MS Project has it (in working time)
    const remainingMinutes =
      actualStart !== undefined && actualFinish === undefined && !ELAPSED_FORMATS.has(format ?? -1)
        ? durationMinutes(text(node, 'RemainingDuration'))
        : undefined;
    const remaining = fileRemaining(
      remainingMinutes === undefined ? undefined : remainingMinutes / minutesPerDay,
      duration,
      progress,
    );
    // issue 34: where the remaining work of a leaf under way resumes (kept or not by keepActuals)
    const resume =
      actualStart !== undefined && actualFinish === undefined ? resumeDay(text(node, 'Resume')) : undefined;
    const taskResources = fileResources.byTask.get(uid);
    if (fileResources.crowded.has(uid)) warnings.add('tooManyResources', name);
    const calendarUid = int(node, 'CalendarUID');
    if (calendarUid !== undefined && calendarUid !== -1) warnings.add('taskCalendar', name);
    // issue 34: a manually scheduled task keeps its start, as a start no earlier than
    if (flag(node, 'Manual') && !summary) {
      const manualStart = datePart(text(node, 'Start'));
      if (manualStart !== undefined && !constraintStartOf.has(uid)) {
        start = manualStart;
        constraintStartOf.set(uid, manualStart);
      }
      warnings.add('manual', name);
    }
    if (flag(node, 'Recurring')) warnings.add('recurring', name);
    // issue 34: priorities (500 is MS Project's default) and custom fields are not carried over
    const priority = int(node, 'Priority');
    if (priority !== undefined && priority !== 500) warnings.add('priority', name);
    // issue 34: notes (the plain text MS Project writes beside its rich text) and the deadline come in
    let notes = (text(node, 'Notes') ?? '').replace(/\r\n?/g, '\n').trimEnd();
    if (notes.trim() === '') notes = '';
    else if (notes.length > MAX_TASK_NOTES) {
      notes = notes.slice(0, MAX_TASK_NOTES);
      warnings.add('notesCut', name);
    }
    const deadline = datePart(text(node, 'Deadline'));
    for (const field of children(node, 'ExtendedAttribute')) {
      const id = text(field, 'FieldID')?.trim();
      if (id && (text(field, 'Value') ?? '').trim() !== '') customFields.add(id);
    }
    if (isSplit(node)) warnings.add('split', name);

    const baselines = taskBaselines(node, calendar, minutesPerDay, baselineNotes);
    const parentUid = parentOf.get(uid);
    const fileCode = text(node, 'WBS')?.trim();
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
      ...(fileCode ? { fileCode } : {}),
      ...(fileStart ? { fileStart } : {}),
      ...(fileFinish ? { fileFinish } : {}),
      ...(actualStart === undefined ? {} : { actualStart }),
      ...(actualFinish === undefined ? {} : { actualFinish }),
      ...(remaining === undefined ? {} : { remaining }),
      ...(mustStartOn ? { mustStartOn } : {}),
      ...(resume === undefined || actualStart === undefined || resume < actualStart ? {} : { resume }),
      ...(notes === '' ? {} : { notes }),
      ...(deadline === undefined ? {} : { deadline }),
      ...(baselines.length === 0 ? {} : { baselines }),
      ...(taskResources === undefined ? {} : { resources: taskResources }),
    });
  }
  if (customFields.size > 0) warnings.note(customFieldsNote(project, customFields));
  const baselineNumbers = [...new Set(tasks.flatMap((task) => (task.baselines ?? []).map((b) => b.number)))].sort(
    (a, b) => a - b,
  );
  for (const note of baselineWarnings(baselineNotes, baselineNumbers)) warnings.note(note);
  const baselines = baselineNumbers.map((number) => ({ number, name: mspdiBaselineName(number) }));
  const cutoff = keepActuals(tasks, statusDataDate(text(project, 'StatusDate')), warnings);

  // a summary's SNET / MSO holds back every task under it (MS Project's rule): the latest wins
  const inheritedStart = new Map<number, string>();
  for (const task of tasks) {
    const fromParent = task.parentUid === undefined ? undefined : inheritedStart.get(task.parentUid);
    const own = constraintStartOf.get(task.uid);
    const bound = own !== undefined && (fromParent === undefined || own > fromParent) ? own : fromParent;
    if (bound !== undefined) inheritedStart.set(task.uid, bound);
    if (!task.summary && task.mustStartOn !== true && fromParent !== undefined && fromParent > task.start)
      task.start = fromParent;
  }

  const links = mapLinks(active, projectRowUid, durationOf, minutesPerDay, workingShare, warnings, inactive);

  const projectName =
    projectRowName ||
    (text(project, 'Title') ?? '').trim() ||
    (text(project, 'Name') ?? '').trim().replace(/\.xml$/i, '') ||
    'Proyecto importado';

  // issue 35: only the resources some task kept uses come in
  const usedUids = new Set(tasks.flatMap((task) => (task.resources ?? []).map((entry) => entry.resourceUid)));
  const usedResources = fileResources.resources.filter((resource) => usedUids.has(resource.uid));
  const currencyCode = (text(project, 'CurrencyCode') ?? '').trim().toUpperCase();

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
      ...(baselines.length === 0 ? {} : { baselines }),
      ...(usedResources.length === 0
        ? {}
        : { resources: usedResources, hoursPerDay: minutesPerDay / 60, ...(currencyCode ? { currencyCode } : {}) }),
      warnings: warnings.build(WARNING_SENTENCES),
    } satisfies ImportedSchedule,
  };
}

/**
 * The day an MSPDI dateTime starts work from: its own day, or the next when its time is `from` or
 * later (HH:MM; a date without a time is its own day).
 */
function workDayFrom(value: string | undefined, from: string): string | undefined {
  const date = datePart(value);
  if (date === undefined || value === undefined) return undefined;
  const time = value.trim().slice(11, 16);
  return time !== '' && time >= from ? isoDay(dayNumber(date) + 1) : date;
}

/**
 * issue 15: MS Project's status date as our cut-off (P6's data date, the first day of the remaining
 * work): a status date at the start of a day (08:00, as Cimiento writes it) is that day; one later
 * in the day (MS Project writes 17:00) has the day recorded, so the remaining work starts the next.
 */
function statusDataDate(value: string | undefined): string | undefined {
  return workDayFrom(value, '08:01');
}

/**
 * issue 34: the day MS Project's Resume names, where the remaining work of a task under way starts:
 * its own day, or the next one when it is at the end of MS Project's standard working day (17:00) or later.
 */
function resumeDay(value: string | undefined): string | undefined {
  return workDayFrom(value, '17:00');
}

/**
 * issue 15: the file's progress as Cimiento records it. The cut-off is the file's status date
 * (statusDataDate) when no actual date passes it; else (none, or MS Project let actuals pass it;
 * issue 34) the day after the latest actual date, the work of that day being recorded; a leaf
 * with an actual finish is 100 % done, as MS Project has it. A leaf whose actual dates break the
 * progress rules at that cut-off (progress-entries.ts) keeps only its % complete, with the
 * 'actuals' warning. Answers the cut-off, or undefined when no leaf keeps actual dates.
 */
function keepActuals(tasks: ImportedTask[], statusDate: string | undefined, warnings: Warnings): string | undefined {
  const tracked = tasks.filter((task) => task.actualStart !== undefined || task.actualFinish !== undefined);
  if (tracked.length === 0) return undefined;
  let latest = '';
  for (const task of tracked) {
    for (const date of [task.actualStart, task.actualFinish]) if (date !== undefined && date > latest) latest = date;
  }
  const cutoff = statusDate !== undefined && statusDate >= latest ? statusDate : isoDay(dayNumber(latest) + 1);
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
    delete task.remaining;
    delete task.resume;
    warnings.add('actuals', task.name);
  }
  for (const task of tracked) if (task.actualFinish !== undefined) delete task.resume;
  if (refused.size === tracked.length) {
    for (const task of tracked) delete task.resume;
    return undefined;
  }
  // issue 34: a task under way keeps MS Project's Resume, where MS Project shows its remaining work
  // (before the status date too: MS Project moves it only when asked to, 'Actualizar proyecto')
  const given = statusDate !== undefined && statusDate >= cutoff;
  // issue 34: a cut-off the file did not give: the tasks not started that MS Project shows before it
  // keep their start as a must-start-on, said, naming them (the tasks under way resume where the file
  // has them: their Resume)
  if (!given) {
    const held = tasks.filter(
      (task) =>
        !task.summary &&
        task.actualStart === undefined &&
        task.actualFinish === undefined &&
        task.fileStart !== undefined &&
        datePart(task.fileStart) !== undefined &&
        (datePart(task.fileStart) as string) < cutoff,
    );
    for (const task of held) {
      task.start = datePart(task.fileStart) as string;
      task.mustStartOn = true;
    }
    if (held.length > 0) {
      const why =
        statusDate === undefined
          ? 'El archivo no tiene fecha de estado'
          : `La fecha de estado del archivo (${formatIsoDate(statusDate)}) es anterior a su avance`;
      warnings.note(
        `${why}: la fecha de corte es el día siguiente a su última fecha real (${formatIsoDate(cutoff)}), y las tareas sin comenzar que MS Project programa antes de ella conservan su inicio como restricción «Debe comenzar el»: ${listNames(held.map((task) => task.name))}.`,
      );
    }
  }
  return cutoff;
}

/**
 * issue 34: the custom fields (ExtendedAttribute) the tasks have values in, by the alias the user
 * gave them, else MS Project's field name ('Texto1' is 'Text1' in the file), else the field's id.
 */
function customFieldsNote(project: XmlNode, used: ReadonlySet<string>): string {
  const names = new Map<string, string>();
  for (const field of children(child(project, 'ExtendedAttributes'), 'ExtendedAttribute')) {
    const id = text(field, 'FieldID')?.trim();
    const name = (text(field, 'Alias') ?? '').trim() || (text(field, 'FieldName') ?? '').trim();
    if (id && name) names.set(id, name);
  }
  const shown = [...used].map((id) => names.get(id) ?? `campo ${id}`);
  return `No se importan los campos personalizados de las tareas: ${listNames(shown)}.`;
}

/** The name an MS Project baseline gets in Cimiento: 'Línea base 0 (MS Project)'. */
export function mspdiBaselineName(number: number): string {
  return `Línea base ${number} (MS Project)`;
}

type BaselineNotes = { undated: Set<number>; backwards: string[]; costOrWork: boolean };

/**
 * issue 34: a task's MS Project baselines that have both dates: the first working day of its Start,
 * the last of its Finish (a Finish at the start of a day, 08:00 or earlier, is the end of the working
 * day before, as MS Project writes a task ending at the end of a day), its Duration in working days.
 * Baselines without dates (MS Project keeps a cost or work alone), and dates that run backwards,
 * are noted for baselineWarnings.
 */
function taskBaselines(
  node: XmlNode,
  calendar: { workingWeekdays: number[]; exceptions: { date: string; working: boolean }[] },
  minutesPerDay: number,
  notes: BaselineNotes,
): NonNullable<ImportedTask['baselines']> {
  const found: NonNullable<ImportedTask['baselines']> = [];
  for (const baseline of children(node, 'Baseline')) {
    const number = int(baseline, 'Number');
    if (number === undefined || number < 0 || number > 10) continue;
    if ((text(baseline, 'Cost') ?? '').trim() !== '' || (text(baseline, 'Work') ?? '').trim() !== '')
      notes.costOrWork = true;
    const startText = text(baseline, 'Start');
    const finishText = text(baseline, 'Finish');
    const start = datePart(startText);
    const finish = start === undefined ? undefined : baselineFinishDay(finishText ?? '', start, calendar);
    if (start === undefined || finish === undefined) {
      notes.undated.add(number);
      continue;
    }
    if (finish < start) {
      notes.backwards.push(`${(text(node, 'Name') ?? '').trim()} (Línea base ${number})`);
      continue;
    }
    const minutes = durationMinutes(text(baseline, 'Duration'));
    const duration = minutes === undefined || minutes < 0 ? 0 : Math.round(minutes / minutesPerDay);
    found.push({ number, start, finish, duration: Math.min(duration, MAX_TASK_DURATION) });
  }
  return found;
}

/** issue 34: what of MS Project's baselines is not carried over. */
function baselineWarnings(notes: BaselineNotes, imported: readonly number[]): string[] {
  const out: string[] = [];
  const undated = [...notes.undated].filter((number) => !imported.includes(number)).sort((a, b) => a - b);
  if (undated.length > 0)
    out.push(
      `No se importan las líneas base de MS Project que no tienen comienzo y fin en ninguna tarea (solo costo, trabajo o una de las fechas): ${listNames(undated.map((number) => `Línea base ${number}`))}.`,
    );
  if (notes.backwards.length > 0)
    out.push(`Se omitieron fechas de línea base cuyo fin es anterior a su comienzo: ${listNames(notes.backwards)}.`);
  if (notes.costOrWork && imported.length > 0)
    out.push('De las líneas base de MS Project se importan las fechas y duraciones; sus costos y trabajo no.');
  return out;
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
