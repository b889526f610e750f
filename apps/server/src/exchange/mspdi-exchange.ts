import {
  formatCount,
  parsePredecessors,
  projectCalendarSchema,
  projectCodeSchema,
  projectEventChange,
} from '@cimiento/domain';
import type {
  ExportedFile,
  GanttTaskRecord,
  MspdiPreview,
  Project,
  ProjectCalendar,
  ScheduleResult,
} from '@cimiento/domain';
import { chileHolidaysNamed } from '@cimiento/domain/holidays';
import { MspdiImportError, createMspdiParser, importedProjectRecords, writeMspdi } from '@cimiento/domain/mspdi';
import type { ParseMspdiResult } from '@cimiento/domain/mspdi';
import type { ImportedSchedule, MspdiExport } from '@cimiento/domain/mspdi';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { recordCutoff } from '../gantt/cutoff-history';
import { insertGantt, loadGantt, scheduleOnCalendar } from '../gantt/gantt-store';
import { insertImportedProject, projectCodeTaken } from '../projects/project-queries';
import { TimeSlices } from './time-slices';

/**
 * MSPDI in and out (issue 14): the server's side of `@cimiento/domain/mspdi`. importProject reads
 * an MS Project / ProjectLibre XML file into a new project (EDP from its outline, Gantt tasks and
 * links scheduled by our engine on the file's calendar); exportGanttMspdi writes a project's Gantt
 * as such a file. The mapping is the domain's; here are the checks, the schedule and the storage.
 */

export type ImportProjectInput = {
  format: 'mspdi';
  fileName: string;
  content: string;
  code?: string | undefined;
  name?: string | undefined;
  chileHolidays: boolean;
  dryRun: boolean;
};

export type ImportProjectResult = {
  project?: Project;
  preview: MspdiPreview;
  warnings: string[];
  message: string;
};

function invalid(message: string): HttpsError {
  return new HttpsError('INVALID_ARGUMENT', message);
}

/** The years a project row can hold (4 digits, as saveProject and updateProject take them). */
function checkYear(date: string): number {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw invalid(
      `El archivo tiene fechas fuera de los años 1000 a 9999 (${date}). Revisa las fechas del proyecto en MS Project y guárdalo de nuevo como «XML».`,
    );
  }
  return year;
}

/** The file's calendar as the project's (Chile's holidays as the preview ticks them), checked like saveGantt's. */
function importedCalendar(schedule: ImportedSchedule, chileHolidays: boolean): ProjectCalendar {
  const parsed = projectCalendarSchema.safeParse({
    workingWeekdays: schedule.calendar.workingWeekdays,
    chileHolidays,
    exceptions: schedule.calendar.exceptions,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(
      `El calendario «${schedule.calendarName}» del archivo no se puede usar: ${issue?.message ?? 'no es válido'}. Revísalo en MS Project y guarda el archivo de nuevo como «XML».`,
    );
  }
  return parsed.data;
}

type Scheduled = Extract<ScheduleResult, { ok: true }>;

/**
 * The file's tasks scheduled by our engine on its calendar, by UID (a cycle names the tasks by their
 * names in the file, with their UIDs). The calendar starts in the earliest year a task may start.
 */
function scheduleImported(schedule: ImportedSchedule, calendar: ProjectCalendar): Scheduled {
  let firstYear = checkYear(schedule.projectStart);
  for (const task of schedule.tasks) {
    firstYear = Math.min(firstYear, checkYear(task.start));
    // issue 15: work recorded before the file's start still needs its calendar
    if (task.actualStart !== undefined) firstYear = Math.min(firstYear, checkYear(task.actualStart));
  }
  const result = scheduleOnCalendar(
    schedule.tasks.map((task) => ({
      id: task.uid,
      ...(task.parentUid === undefined ? {} : { parentId: task.parentUid }),
      start: task.start,
      duration: task.duration,
      name: task.name,
      // issue 15: the file's progress at its cut-off
      progress: task.progress,
      ...(task.actualStart === undefined ? {} : { actualStart: task.actualStart }),
      ...(task.actualFinish === undefined ? {} : { actualFinish: task.actualFinish }),
    })),
    schedule.links,
    calendar,
    firstYear,
    schedule.cutoff === undefined ? {} : { cutoff: schedule.cutoff },
  );
  if (!result.ok) throw invalid(result.error);
  return result;
}

function previewOf(schedule: ImportedSchedule, calendar: ProjectCalendar, scheduled: Scheduled): MspdiPreview {
  const empty = schedule.tasks.length === 0;
  return {
    projectName: schedule.projectName,
    taskCount: schedule.tasks.length,
    summaryCount: schedule.tasks.filter((task) => task.summary).length,
    milestoneCount: schedule.tasks.filter((task) => !task.summary && task.duration === 0).length,
    linkCount: schedule.links.length,
    calendarName: schedule.calendarName,
    calendar: {
      workingWeekdays: [...calendar.workingWeekdays],
      chileHolidays: calendar.chileHolidays,
      exceptions: calendar.exceptions.map((exception) => ({ ...exception })),
    },
    start: empty ? schedule.projectStart : scheduled.projectStart,
    finish: empty ? schedule.projectStart : scheduled.projectFinish,
  };
}

/** Characters of the file given to the reader at a time. */
const MSPDI_SLICE = 64 * 1024;

/**
 * parseMspdi a slice at a time (issue 30): the reader keeps only what the mapping reads, and the
 * event loop gets a turn between slices, so a 48 MB file does not stop the server while it is read.
 */
export async function parseMspdiInSlices(content: string): Promise<ParseMspdiResult> {
  const parser = createMspdiParser();
  const slices = new TimeSlices();
  for (let at = 0; at < content.length; at += MSPDI_SLICE) {
    parser.write(content.slice(at, at + MSPDI_SLICE));
    await slices.turn();
  }
  return parser.end();
}

/**
 * importProject: checks the file (parseMspdi: XML, MSPDI, no DOCTYPE, at most 100,000 tasks),
 * schedules it (a link cycle → INVALID_ARGUMENT naming the tasks) and answers the preview; unless
 * it is a dry run, writes in one transaction the project (the file's calendar, Chile's holidays
 * as asked), its EDP (the file's outline under a root named like the project) and its Gantt (one
 * task per EDP item with source key `edp:{id}`, so loads merge it like a built Gantt, and the
 * file's links as the user's). A code already taken (case-insensitively) → ALREADY_EXISTS; any
 * refusal writes nothing.
 */
export async function importProject(
  db: Kysely<Database>,
  input: ImportProjectInput,
  caller: { userId: string; name: string },
): Promise<ImportProjectResult> {
  const parsed = await parseMspdiInSlices(input.content);
  if (!parsed.ok) throw invalid(parsed.error);
  const schedule = parsed.schedule;
  const calendar = importedCalendar(schedule, input.chileHolidays);
  const scheduled = scheduleImported(schedule, calendar);
  const preview = previewOf(schedule, calendar, scheduled);
  const counts = `${formatCount(preview.taskCount, 'tarea', 'tareas')}, ${formatCount(preview.linkCount, 'vínculo', 'vínculos')}`;
  const warningText = (warnings: readonly string[]) =>
    warnings.length === 0 ? '' : ` (${formatCount(warnings.length, 'advertencia', 'advertencias')})`;

  if (input.dryRun) {
    return {
      preview,
      warnings: [...schedule.warnings],
      message: `Archivo «${input.fileName}» leído: ${counts}${warningText(schedule.warnings)}`,
    };
  }

  const code = projectCodeSchema.safeParse(input.code ?? '');
  // the contract refuses a bad code already; this keeps a direct caller from writing one
  if (!code.success) throw invalid(`code: ${code.error.issues[0]?.message ?? 'no es válido'}`);
  const name = input.name?.trim() ?? '';
  let records: ReturnType<typeof importedProjectRecords>;
  try {
    records = importedProjectRecords(schedule, { code: code.data, ...(name === '' ? {} : { name }) });
  } catch (error) {
    if (error instanceof MspdiImportError) throw invalid(error.message);
    throw error;
  }
  const warnings = [...schedule.warnings, ...records.warnings];
  const root = records.edpItems[0];
  if (!root) throw new Error('importedProjectRecords: no root item');

  const tasks: GanttTaskRecord[] = records.tasks.map((task) => ({
    id: task.id,
    sourceKey: task.sourceKey,
    ...(task.parentId === undefined ? {} : { parentId: task.parentId }),
    code: task.code,
    name: task.name,
    start: task.start,
    duration: task.duration,
    progress: task.progress,
    ...(task.actualStart === undefined ? {} : { actualStart: task.actualStart }),
    ...(task.actualFinish === undefined ? {} : { actualFinish: task.actualFinish }),
  }));
  const links = records.links.map((link) => ({ from: link.from, to: link.to, type: link.type, lag: link.lag }));

  let project: Project;
  try {
    project = await db.transaction().execute(async (trx) => {
      const created = await insertImportedProject(
        trx,
        {
          code: code.data,
          name: root.name,
          startYear: checkYear(preview.start),
          endYear: checkYear(preview.finish),
          calendar,
          edpItems: records.edpItems,
        },
        caller.userId,
      );
      await insertGantt(trx, created._id, { tasks, links });
      // issue 15: the file's progress, recorded at its cut-off by who imported it
      if (schedule.cutoff !== undefined) await recordCutoff(trx, created._id, schedule.cutoff, tasks, caller);
      // issue 19: the project's first history entry
      const event = {
        kind: 'project-imported',
        name: created.name,
        code: created.code,
        edpItems: records.edpItems.length,
        tasks: tasks.length,
        links: links.length,
      } as const;
      await recordChange(
        trx,
        created._id,
        { caller, functionName: 'importProject' },
        'project',
        projectEventChange(event),
        created.name,
      );
      return created;
    });
  } catch (error) {
    // two imports (or a wizard) saving the same code at once: the UNIQUE code_key decides
    if (isUniqueViolation(error)) throw await projectCodeTaken(db, code.data);
    throw error;
  }
  return {
    project,
    preview,
    warnings,
    message: `Proyecto «${project.name}» importado: ${counts}${warningText(warnings)}`,
  };
}

// ---------------------------------------------------------------- export

/**
 * exportGanttMspdi: the project's Gantt as loadGantt answers it (merged with the EDP and EDC,
 * scheduled) written as an MSPDI file `{code}.xml`: the EDP root as MS Project's project row (its
 * name the project's, its children at the top), the tasks in tree order with their computed dates,
 * links with type and lag, the calendar's weekdays and exceptions and, when Chile's holidays are
 * on, each of them (named) from the project's start year to the later of its end year and the
 * schedule's finish. A leaf whose stored start (its start no earlier than) is later than the
 * earliest stored leaf start was set by the user: it goes as a start-no-earlier-than constraint.
 */
export async function exportGanttMspdi(db: Kysely<Database>, projectId: string): Promise<ExportedFile> {
  const gantt = await loadGantt(db, projectId);
  const project = await db
    .selectFrom('project')
    .select(['code', 'name', 'end_year'])
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');

  // the EDP's root, the one top-level summary, is MS Project's project row (UID 0), not a task:
  // its children go at the top of the outline and an import gives them back under a root again
  const roots = gantt.activities.filter((task) => task.ParentId === undefined);
  const rootCandidate = roots.length === 1 && roots[0]?.isSummary === true ? roots[0] : undefined;
  const links: MspdiExport['links'] = [];
  for (const task of gantt.activities) {
    const parsed = parsePredecessors(task.Predecessor);
    // loadGantt writes the Predecessor text itself: it always parses
    if (!parsed.ok) throw new Error(`exportGanttMspdi: ${parsed.error}`);
    for (const link of parsed.links) {
      links.push({ from: link.predecessorId, to: task.TaskID, type: link.type, lag: link.lag });
    }
  }
  // …unless a link names it: then it stays a task, so the link is not lost
  const root =
    rootCandidate !== undefined &&
    !links.some((link) => link.from === rootCandidate.TaskID || link.to === rootCandidate.TaskID)
      ? rootCandidate
      : undefined;
  const exported = root === undefined ? gantt.activities : gantt.activities.filter((task) => task !== root);

  const leafStarts = exported.filter((task) => !task.isSummary).map((task) => task.StartNoEarlierThan);
  const earliest = leafStarts.reduce((min, start) => (start < min ? start : min), leafStarts[0] ?? '');

  const tasks: MspdiExport['tasks'] = exported.map((task) => ({
    id: task.TaskID,
    ...(task.ParentId === undefined || task.ParentId === root?.TaskID ? {} : { parentId: task.ParentId }),
    code: task.TaskCode,
    name: task.TaskName,
    start: task.StartDate,
    end: task.EndDate,
    duration: task.Duration,
    isSummary: task.isSummary,
    progress: task.Progress,
    ...(!task.isSummary && task.StartNoEarlierThan > earliest ? { startNoEarlierThan: task.StartNoEarlierThan } : {}),
    // issue 15: progress at the cut-off and the chosen baseline
    ...(task.ActualStart === undefined ? {} : { actualStart: task.ActualStart }),
    ...(task.ActualFinish === undefined ? {} : { actualFinish: task.ActualFinish }),
    ...(task.BaselineStart === undefined || task.BaselineFinish === undefined
      ? {}
      : {
          baseline: { start: task.BaselineStart, end: task.BaselineFinish, duration: task.BaselineDuration ?? 0 },
        }),
  }));

  const holidays: { date: string; name: string }[] = [];
  if (gantt.calendar.chileHolidays) {
    const finishYear = gantt.projectFinish === '' ? gantt.calendar.firstYear : Number(gantt.projectFinish.slice(0, 4));
    const lastYear = Math.max(Number(project.end_year), finishYear, gantt.calendar.firstYear);
    for (let year = gantt.calendar.firstYear; year <= lastYear; year += 1) holidays.push(...chileHolidaysNamed(year));
  }

  const content = writeMspdi({
    projectName: root?.TaskName ?? project.name,
    projectStart: gantt.projectStart === '' ? `${gantt.calendar.firstYear}-01-01` : gantt.projectStart,
    projectFinish: gantt.projectFinish === '' ? `${gantt.calendar.firstYear}-01-01` : gantt.projectFinish,
    calendar: {
      workingWeekdays: gantt.calendar.workingWeekdays,
      exceptions: gantt.calendar.exceptions,
      holidays,
    },
    tasks,
    links,
    ...(gantt.cutoff === undefined ? {} : { statusDate: gantt.cutoff }),
  });
  return { fileName: `${project.code}.xml`, mimeType: 'application/xml', content };
}
