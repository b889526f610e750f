import { MAX_TASK_DURATION } from '../functions/gantt-contracts';
import { MAX_LAG } from '../gantt/predecessors';
import type { LinkType } from '../gantt/schedule-types';
import { MAX_WARNING_NAME, baselineFinishDay, fileRemaining, listNames, warningName } from '../mspdi/mspdi-format';
import { Warnings } from '../mspdi/mspdi-warnings';
import type { ImportedLink, ImportedSchedule, ImportedTask } from '../mspdi/types';
import type { XerFile } from './read-xer';
import { readXerCalendar } from './xer-calendar';
import { mapXerResources } from './xer-resources';

/**
 * A P6 XER file's project as the schedule Cimiento imports (issue 34): the same ImportedSchedule an
 * MS Project file gives (mspdi/types.ts), so `importedProjectRecords` and the server's import take
 * it as they take MSPDI. One project of the file: the one asked for (`projectId`, its proj_id or
 * short name), else the only one exported (export_flag Y), else the only one. The mapping:
 *
 * - PROJWBS → summary tasks in the WBS's order (seq_num), the project's own node (proj_node_flag Y)
 *   being the project itself; a WBS node with no activity under it is left out, with a warning. Each
 *   carries P6's WBS code (the short names from the top, joined by dots) as its fileCode, and each
 *   activity its WBS code and Activity ID ('OBRA.EST.A1010'): the EDP's codes when they can be.
 * - TASK → leaves under their WBS node, by early start then Activity ID; duration in working days
 *   (target_drtn_hr_cnt over the activity calendar's hours per day, rounded, with a warning);
 *   milestones (TT_Mile, TT_FinMile) 0; a level of effort (TT_LOE) or WBS summary (TT_WBS) activity
 *   kept as a task, with a warning; progress by its % complete type (physical, duration or units);
 *   actual dates at the project's data date (last_recalc_date, the cut-off).
 * - Constraints: 'Start On or After' (CS_MSOA) and 'Start On' (CS_MSO, with a warning) become the
 *   task's start no earlier than; issue 34: 'Mandatory Start' (CS_MANDSTART) its must-start-on
 *   ('Inicio fijo', P6's mandatory start overrides the logic as MS Project's Must Start On does);
 *   the others are named in a warning and dropped.
 * - TASKPRED → links FS/SS/FF/SF with lag_hr_cnt in working days (rounded, with a warning); a link
 *   to another project's activity, to the activity itself, or a second one between the same two
 *   activities (P6 allows SS and FF together; our Gantt holds one: the first is kept) is left out,
 *   with a warning naming it.
 * - The project's calendar (PROJECT.clndr_id, else the default one) → working weekdays and dated
 *   exceptions; activities on another calendar are named in a warning.
 */

export type XerProject = {
  /** proj_id */
  id: string;
  /** proj_short_name, P6's Project ID */
  shortName: string;
  /** the project's name (its WBS node's), else its short name */
  name: string;
  /** export_flag Y: exported; else brought along for cross-project links */
  isExternal: boolean;
  activityCount: number;
};

export type MapXerResult =
  | { ok: true; schedule: ImportedSchedule; projects: XerProject[]; projectId: string }
  | {
      ok: false;
      error: string;
      projects: XerProject[];
      /** 'choose': several projects and none asked for (the dry run shows them to choose from) */
      reason: 'none' | 'unknown' | 'choose';
    };

export { MAX_WARNING_NAME };

const LINK_TYPES: Record<string, LinkType> = { PR_FS: 'FS', PR_SS: 'SS', PR_FF: 'FF', PR_SF: 'SF' };

const CONSTRAINT_NAMES: Record<string, string> = {
  CS_MSOB: 'Inicio en o antes de',
  CS_MEO: 'Fin en',
  CS_MEOA: 'Fin en o después de',
  CS_MEOB: 'Fin en o antes de',
  CS_ALAP: 'Lo más tarde posible',
  CS_MANDSTART: 'Inicio obligatorio',
  CS_MANDFIN: 'Fin obligatorio',
};

const cut = warningName;

/** 'YYYY-MM-DD HH:MM' → 'YYYY-MM-DD'; undefined when empty or not a date. */
function dayOf(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1] : undefined;
}

/** Half away from zero, never -0 (-0,5 day of lag → -1). */
function roundDays(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

function numberOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

type Row = Record<string, string>;

/** The warnings' sentences, in the order they are reported (mspdi's Warnings groups the names). */
const WARNINGS: ReadonlyArray<readonly [string, (names: string) => string]> = [
  ['emptyWbs', (names) => `Se omitieron los nodos de la EDT sin actividades: ${names}.`],
  ['rounded', (names) => `Se redondearon a días completos las duraciones de: ${names}.`],
  [
    'zeroWorked',
    (names) =>
      `Las actividades de duración 0 que no son hitos y ya comenzaron se importaron con 1 día, para conservar sus fechas reales: ${names}.`,
  ],
  ['tooLong', (names) => `Se acortaron a ${MAX_TASK_DURATION} días hábiles las duraciones de: ${names}.`],
  [
    'loe',
    (names) => `Las actividades de nivel de esfuerzo se importaron como tareas con la duración del archivo: ${names}.`,
  ],
  ['wbsSummary', (names) => `Las actividades resumen de EDT se importaron como tareas: ${names}.`],
  ['startOn', (names) => `La restricción 'Inicio en' se importó como 'Comienzo no antes del' en: ${names}.`],
  ['constraint', (names) => `Se omitieron restricciones que Cimiento no aplica en: ${names}.`],
  [
    'otherCalendar',
    (names) =>
      `Estas actividades usan otro calendario que el del proyecto; se programan con el del proyecto: ${names}.`,
  ],
  ['lagRounded', (names) => `Se redondearon a días completos los desfases de los vínculos: ${names}.`],
  ['external', (names) => `Se omitieron los vínculos con actividades de otros proyectos: ${names}.`],
  ['badLink', (names) => `Se omitieron vínculos de tipo desconocido: ${names}.`],
  ['selfLink', (names) => `Se omitieron los vínculos de una actividad consigo misma: ${names}.`],
  [
    'duplicateLink',
    (names) =>
      `Cimiento admite un solo vínculo entre dos actividades: se conservó el primero del archivo y se omitieron: ${names}.`,
  ],
  ['lagClamped', (names) => `Se limitaron a ${MAX_LAG} días los desfases de los vínculos: ${names}.`],
];

function chooseProject(
  rows: readonly Row[],
  projects: XerProject[],
  projectId: string | undefined,
): { row: Row } | { error: string; reason: 'none' | 'unknown' | 'choose' } {
  if (rows.length === 0) return { error: 'El archivo XER no tiene proyectos (tabla PROJECT)', reason: 'none' };
  if (projectId !== undefined) {
    const row = rows.find(
      (candidate) => candidate['proj_id'] === projectId || candidate['proj_short_name'] === projectId,
    );
    return row ? { row } : { error: `El archivo no tiene el proyecto ${cut(projectId)}`, reason: 'unknown' };
  }
  const exported = rows.filter((row) => row['export_flag'] === 'Y');
  if (exported.length === 1) return { row: exported[0] as Row };
  if (rows.length === 1) return { row: rows[0] as Row };
  const names = projects.map((project) => project.shortName);
  return { error: `El archivo tiene ${rows.length} proyectos: elige uno (${listNames(names)})`, reason: 'choose' };
}

/** Progress 0–100 by the activity's % complete type. */
function progressOf(task: Row): number {
  if (task['status_code'] === 'TK_Complete') return 100;
  if (task['status_code'] === 'TK_NotStart') return 0;
  let percent: number | undefined;
  if (task['complete_pct_type'] === 'CP_Drtn') {
    const target = numberOf(task['target_drtn_hr_cnt']);
    const remain = numberOf(task['remain_drtn_hr_cnt']);
    if (target !== undefined && target > 0 && remain !== undefined) percent = ((target - remain) / target) * 100;
  } else if (task['complete_pct_type'] === 'CP_Units') {
    const target = numberOf(task['target_work_qty']);
    const actual = numberOf(task['act_work_qty']);
    if (target !== undefined && target > 0 && actual !== undefined) percent = (actual / target) * 100;
  }
  percent ??= numberOf(task['phys_complete_pct']) ?? 0;
  return Math.min(100, Math.max(0, Math.round(percent * 100) / 100));
}

/** The longest baseline name (saveBaseline's). */
const MAX_BASELINE_NAME = 80;

/**
 * P6 XML's baseline projects of this project (BaselineProject whose OriginalProjectObjectId is its
 * ObjectId), P6's current one first: each activity of a baseline that is an activity of the project
 * (by Activity ID) gets the baseline's first and last working day and duration (a finish at 08:00
 * or earlier ends the working day before, on the project's calendar); each baseline with any such
 * activity is named '{its name} (P6)', cut to 80 characters, a repeated name numbered.
 */
function mapBaselineProjects(
  xer: XerFile,
  project: Row,
  taskOfActivityId: ReadonlyMap<string, ImportedTask>,
  calendar: { workingWeekdays: number[]; exceptions: { date: string; working: boolean }[] },
  dayHours: (calendarId: string | undefined) => number,
): NonNullable<ImportedSchedule['baselines']> {
  const current = project['current_baseline_id'] ?? '';
  const own = (xer.baselineProjects ?? []).filter((baseline) => baseline.originalProjectId === project['proj_id']);
  own.sort((left, right) => Number(right.id === current) - Number(left.id === current));
  const names = new Set<string>();
  const mapped: NonNullable<ImportedSchedule['baselines']> = [];
  own.forEach((baseline, number) => {
    let count = 0;
    for (const row of baseline.activities) {
      const task = taskOfActivityId.get((row['task_code'] ?? '').trim());
      const start = dayOf(row['early_start_date']) ?? dayOf(row['target_start_date']);
      const finishText = row['early_end_date'] || row['target_end_date'] || '';
      const finish = start === undefined ? undefined : baselineFinishDay(finishText, start, calendar);
      if (!task || start === undefined || finish === undefined || finish < start) continue;
      const type = row['task_type'] ?? '';
      const hours = numberOf(row['target_drtn_hr_cnt']) ?? 0;
      const duration =
        type === 'TT_Mile' || type === 'TT_FinMile'
          ? 0
          : Math.min(MAX_TASK_DURATION, Math.max(0, roundDays(hours / dayHours(row['clndr_id']))));
      (task.baselines ??= []).push({ number, start, finish, duration });
      count += 1;
    }
    if (count === 0) return;
    const base = `${baseline.name.slice(0, MAX_BASELINE_NAME - 5).trim()} (P6)`;
    let name = base;
    for (let copy = 2; names.has(name.toLocaleLowerCase('es-CL')); copy += 1) name = `${base} ${copy}`;
    names.add(name.toLocaleLowerCase('es-CL'));
    mapped.push({ number, name });
  });
  return mapped;
}

/** Maps one project of an XER file (readXer's) to the schedule Cimiento imports. */
export function mapXer(xer: XerFile, options: { projectId?: string; fileName?: string } = {}): MapXerResult {
  const table = (name: string): Row[] => xer.tables.get(name)?.rows ?? [];
  const taskRows = table('TASK');
  const projectRows = table('PROJECT');
  const projectNodes = new Map(
    table('PROJWBS')
      .filter((row) => row['proj_node_flag'] === 'Y')
      .map((row) => [row['proj_id'] ?? '', row['wbs_name'] ?? ''] as const),
  );
  const projects: XerProject[] = projectRows.map((row) => ({
    id: row['proj_id'] ?? '',
    shortName: row['proj_short_name'] ?? '',
    name: cut(projectNodes.get(row['proj_id'] ?? '') || row['proj_short_name'] || ''),
    isExternal: row['export_flag'] !== 'Y',
    activityCount: taskRows.filter((task) => task['proj_id'] === row['proj_id']).length,
  }));
  const chosen = chooseProject(projectRows, projects, options.projectId);
  if ('error' in chosen) return { ok: false, error: chosen.error, projects, reason: chosen.reason };
  const project = chosen.row;
  const projId = project['proj_id'] ?? '';
  const warnings = new Warnings();
  const warn = (kind: string, name: string) => warnings.add(kind, cut(name));

  // the calendars: hours per day (durations and lags) and the project's working days
  const calendarRows = table('CALENDAR');
  const hoursPerDay = new Map(
    calendarRows.map((row) => [row['clndr_id'] ?? '', numberOf(row['day_hr_cnt']) ?? 8] as const),
  );
  const projectCalendarRow =
    calendarRows.find((row) => row['clndr_id'] === project['clndr_id']) ??
    calendarRows.find((row) => row['default_flag'] === 'Y') ??
    calendarRows[0];
  const projectCalendarId = projectCalendarRow?.['clndr_id'] ?? '';
  const calendarName = projectCalendarRow?.['clndr_name'] ?? '';
  const read =
    xer.calendars?.get(projectCalendarId) ?? readXerCalendar(projectCalendarRow?.['clndr_data'] ?? '', calendarName);
  const calendar =
    read.workingWeekdays.length > 0
      ? { workingWeekdays: read.workingWeekdays, exceptions: read.exceptions }
      : { workingWeekdays: [1, 2, 3, 4, 5], exceptions: [] };
  if (read.isIncomplete || read.workingWeekdays.length === 0) {
    warnings.note(
      `El calendario del proyecto (${cut(calendarName)}) no se pudo leer completo; se usó lunes a viernes.`,
    );
  }
  const dayHours = (calendarId: string | undefined) => {
    const hours = hoursPerDay.get(calendarId ?? '') ?? hoursPerDay.get(projectCalendarId) ?? 8;
    return hours > 0 ? hours : 8;
  };

  const projectStart =
    dayOf(project['plan_start_date']) ??
    taskRows
      .filter((task) => task['proj_id'] === projId)
      .map((task) => dayOf(task['early_start_date']) ?? dayOf(task['target_start_date']))
      .filter((day) => day !== undefined)
      .sort()[0] ??
    '';
  const dataDate = dayOf(project['last_recalc_date']);

  // the WBS: the project's node is the project; the rest are summaries, in seq_num order
  const wbsRows = table('PROJWBS').filter((row) => row['proj_id'] === projId);
  const rootWbs = wbsRows.find((row) => row['proj_node_flag'] === 'Y');
  const wbsChildren = new Map<string, Row[]>();
  for (const row of wbsRows) {
    if (row === rootWbs) continue;
    const parent = wbsRows.some((other) => other['wbs_id'] === row['parent_wbs_id'])
      ? (row['parent_wbs_id'] ?? '')
      : (rootWbs?.['wbs_id'] ?? '');
    const list = wbsChildren.get(parent) ?? [];
    list.push(row);
    wbsChildren.set(parent, list);
  }
  for (const list of wbsChildren.values()) {
    list.sort(
      (left, right) =>
        (numberOf(left['seq_num']) ?? 0) - (numberOf(right['seq_num']) ?? 0) ||
        (left['wbs_short_name'] ?? '').localeCompare(right['wbs_short_name'] ?? ''),
    );
  }
  const activities = taskRows.filter((task) => task['proj_id'] === projId);
  const activitiesOf = new Map<string, Row[]>();
  const knownWbs = new Set(wbsRows.map((row) => row['wbs_id']));
  for (const task of activities) {
    const wbs = knownWbs.has(task['wbs_id']) ? (task['wbs_id'] ?? '') : (rootWbs?.['wbs_id'] ?? '');
    const list = activitiesOf.get(wbs) ?? [];
    list.push(task);
    activitiesOf.set(wbs, list);
  }
  // by early start (else planned start; none: last), then Activity ID
  const startKey = (task: Row) => dayOf(task['early_start_date']) ?? dayOf(task['target_start_date']) ?? '9999-12-31';
  for (const list of activitiesOf.values()) {
    list.sort(
      (left, right) =>
        startKey(left).localeCompare(startKey(right)) ||
        (left['task_code'] ?? '').localeCompare(right['task_code'] ?? ''),
    );
  }
  // a WBS node counts when an activity is under it, at any depth
  const holdsActivities = new Map<string, boolean>();
  const holds = (wbsId: string): boolean => {
    const known = holdsActivities.get(wbsId);
    if (known !== undefined) return known;
    holdsActivities.set(wbsId, false);
    const answer =
      (activitiesOf.get(wbsId)?.length ?? 0) > 0 ||
      (wbsChildren.get(wbsId) ?? []).some((child) => holds(child['wbs_id'] ?? ''));
    holdsActivities.set(wbsId, answer);
    return answer;
  };

  const tasks: ImportedTask[] = [];
  const uidOfActivity = new Map<string, number>();
  const taskOfActivityId = new Map<string, ImportedTask>();
  let nextUid = 1;
  const addActivity = (task: Row, parentUid: number | undefined, wbsCode: string) => {
    const uid = nextUid;
    nextUid += 1;
    uidOfActivity.set(task['task_id'] ?? '', uid);
    const name = `${task['task_code'] ?? ''} ${task['task_name'] ?? ''}`.trim();
    const hours = dayHours(task['clndr_id']);
    const type = task['task_type'] ?? '';
    let duration = 0;
    if (type !== 'TT_Mile' && type !== 'TT_FinMile') {
      const exact = (numberOf(task['target_drtn_hr_cnt']) ?? 0) / hours;
      duration = Math.max(0, roundDays(exact));
      if (Math.abs(exact - duration) > 1e-9) warn('rounded', name);
      if (duration > MAX_TASK_DURATION) {
        duration = MAX_TASK_DURATION;
        warn('tooLong', name);
      }
    }
    // a task (not a milestone) planned at 0 hours that P6 shows worked from its actual start to its
    // actual finish: 1 day, so our Gantt keeps both dates instead of a milestone
    const isMilestoneType = type === 'TT_Mile' || type === 'TT_FinMile';
    if (!isMilestoneType && duration === 0 && dayOf(task['act_start_date']) !== undefined) {
      duration = 1;
      warn('zeroWorked', name);
    }
    if (type === 'TT_LOE') warn('loe', name);
    if (type === 'TT_WBS') warn('wbsSummary', name);
    if (task['clndr_id'] !== undefined && task['clndr_id'] !== '' && task['clndr_id'] !== projectCalendarId) {
      warn('otherCalendar', name);
    }
    let start = projectStart;
    let mustStartOn = false;
    const constraint = task['cstr_type'] ?? '';
    const constraintDate = dayOf(task['cstr_date']);
    if ((constraint === 'CS_MSOA' || constraint === 'CS_MSO') && constraintDate !== undefined) {
      start = constraintDate > projectStart ? constraintDate : projectStart;
      if (constraint === 'CS_MSO') warn('startOn', name);
    } else if (constraint === 'CS_MANDSTART' && constraintDate !== undefined) {
      start = constraintDate;
      mustStartOn = true;
    } else if (constraint !== '') {
      warn('constraint', `${name} (${CONSTRAINT_NAMES[constraint] ?? constraint})`);
    }
    const imported: ImportedTask = {
      uid,
      name: task['task_name'] ?? '',
      duration,
      summary: false,
      progress: progressOf(task),
      start,
    };
    if (mustStartOn) imported.mustStartOn = true;
    if (parentUid !== undefined) imported.parentUid = parentUid;
    const activityId = (task['task_code'] ?? '').trim();
    if (activityId !== '') imported.fileCode = wbsCode === '' ? activityId : `${wbsCode}.${activityId}`;
    const fileStart = task['early_start_date'] || task['act_start_date'] || task['target_start_date'];
    const fileFinish = task['early_end_date'] || task['act_end_date'] || task['target_end_date'];
    if (fileStart) imported.fileStart = fileStart.replace(' ', 'T');
    if (fileFinish) imported.fileFinish = fileFinish.replace(' ', 'T');
    const actualStart = dayOf(task['act_start_date']);
    const actualFinish = dayOf(task['act_end_date']);
    if (actualStart !== undefined) imported.actualStart = actualStart;
    if (actualStart !== undefined && actualFinish !== undefined) imported.actualFinish = actualFinish;
    // issue 34: what is left of an activity under way, as P6 has it
    if (actualStart !== undefined && actualFinish === undefined) {
      const left = numberOf(task['remain_drtn_hr_cnt']);
      const remaining = fileRemaining(left === undefined ? undefined : left / hours, duration, imported.progress);
      if (remaining !== undefined) imported.remaining = remaining;
    }
    tasks.push(imported);
    if (activityId !== '') taskOfActivityId.set(activityId, imported);
  };
  // P6's WBS code: the short names from the project's node down, joined by dots
  const addWbs = (wbsId: string, parentUid: number | undefined, wbsCode: string) => {
    for (const task of activitiesOf.get(wbsId) ?? []) addActivity(task, parentUid, wbsCode);
    for (const child of wbsChildren.get(wbsId) ?? []) {
      const childId = child['wbs_id'] ?? '';
      if (!holds(childId)) {
        warn('emptyWbs', `${child['wbs_short_name'] ?? ''} ${child['wbs_name'] ?? ''}`.trim());
        continue;
      }
      const uid = nextUid;
      nextUid += 1;
      const summary: ImportedTask = {
        uid,
        name: child['wbs_name'] ?? child['wbs_short_name'] ?? '',
        duration: 0,
        summary: true,
        progress: 0,
        start: projectStart,
      };
      if (parentUid !== undefined) summary.parentUid = parentUid;
      const shortName = (child['wbs_short_name'] ?? '').trim();
      const childCode = shortName === '' ? '' : wbsCode === '' ? shortName : `${wbsCode}.${shortName}`;
      if (childCode !== '') summary.fileCode = childCode;
      tasks.push(summary);
      addWbs(childId, uid, childCode);
    }
  };
  addWbs(rootWbs?.['wbs_id'] ?? '', undefined, '');
  // activities whose WBS node is missing and no project node to hang them on
  if (!rootWbs)
    for (const task of activities) if (!uidOfActivity.has(task['task_id'] ?? '')) addActivity(task, undefined, '');

  const links: ImportedLink[] = [];
  const linkOfPair = new Map<string, ImportedLink>();
  const activityById = new Map(activities.map((task) => [task['task_id'] ?? '', task]));
  // another project's activity is named too (a cross-project link's warning)
  const anyById = new Map(taskRows.map((task) => [task['task_id'] ?? '', task]));
  const nameOf = (id: string | undefined) => {
    const task = anyById.get(id ?? '');
    return task ? task['task_code'] || task['task_name'] || '' : (id ?? '');
  };
  for (const row of table('TASKPRED')) {
    const from = uidOfActivity.get(row['pred_task_id'] ?? '');
    const to = uidOfActivity.get(row['task_id'] ?? '');
    const label = `${nameOf(row['pred_task_id'])} → ${nameOf(row['task_id'])}`;
    if (from === undefined && to === undefined) continue;
    if (from === undefined || to === undefined) {
      warn('external', label);
      continue;
    }
    const type = LINK_TYPES[row['pred_type'] ?? ''];
    if (type === undefined) {
      warn('badLink', `${label} (${row['pred_type'] ?? ''})`);
      continue;
    }
    if (from === to) {
      warn('selfLink', label);
      continue;
    }
    // P6 allows two relationships between the same pair (SS and FF); our Gantt holds one
    const pair = `${from}>${to}`;
    const kept = linkOfPair.get(pair);
    if (kept !== undefined) {
      warn('duplicateLink', `${label} (${type}; se conservó ${kept.type})`);
      continue;
    }
    const successor = activityById.get(row['task_id'] ?? '');
    const exact = (numberOf(row['lag_hr_cnt']) ?? 0) / dayHours(successor?.['clndr_id']);
    let lag = roundDays(exact);
    if (Math.abs(exact - lag) > 1e-9) warn('lagRounded', label);
    if (Math.abs(lag) > MAX_LAG) {
      lag = Math.sign(lag) * MAX_LAG;
      warn('lagClamped', label);
    }
    const link = { from, to, type, lag };
    linkOfPair.set(pair, link);
    links.push(link);
  }

  const baselines = mapBaselineProjects(xer, project, taskOfActivityId, calendar, dayHours);
  // issue 35: the resources the chosen project's activities are assigned
  const assigned = mapXerResources(table, projId, uidOfActivity);
  for (const task of tasks) {
    const list = assigned.byTask.get(task.uid);
    if (list !== undefined) task.resources = list;
  }

  const schedule: ImportedSchedule = {
    projectName: (rootWbs?.['wbs_name'] || project['proj_short_name'] || options.fileName) ?? '',
    projectStart,
    calendarName,
    calendar,
    tasks,
    links,
    warnings: warnings.build(WARNINGS),
    ...(baselines.length === 0 ? {} : { baselines }),
    ...(assigned.resources.length === 0
      ? {}
      : {
          resources: assigned.resources,
          hoursPerDay: dayHours(projectCalendarId),
          ...(assigned.currencyCode === undefined ? {} : { currencyCode: assigned.currencyCode }),
        }),
  };
  if (dataDate !== undefined && tasks.some((task) => task.actualStart !== undefined)) schedule.cutoff = dataDate;
  return { ok: true, schedule, projects, projectId: projId };
}
