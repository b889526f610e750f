import { projectEventChange } from '@cimiento/domain/history';
import { formatCount, importProjectContract, projectCalendarSchema, projectCodeSchema } from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type { GanttTaskRecord, MspdiPreview, Project, ProjectCalendar, ScheduleResult } from '@cimiento/domain';
import { MspdiImportError, importedProjectRecords } from '@cimiento/domain/mspdi';
import type { ImportedSchedule } from '@cimiento/domain/mspdi';
import { P6XmlReader, mapXer, readXer } from '@cimiento/domain/p6';
import type { ReadXerResult } from '@cimiento/domain/p6';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { chunks, codeKey, isUniqueViolation } from '../db/db-helpers';
import { recordChange } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { recordCutoff } from '../gantt/cutoff-history';
import { insertGantt } from '../gantt/gantt-queries';
import { insertImportedProject, projectCodeTaken } from '../projects/project-queries';
import type { ImportProjectInput, ImportProjectResult } from './mspdi-exchange';
import { parseMspdiInSlices } from './mspdi-exchange';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TimeSlices } from './time-slices';
import { scheduleOnCalendar } from '../gantt/gantt-schedule';
import { readItemAmounts } from '../edp/edp-queries';
import { planImportResources, writeImportResources } from './import-resources';

/** issue 35: MS Project's CurrencyCode as the project's currency, when Cimiento has it (CLF is the UF). */
function fileCurrency(code: string | undefined): 'CLP' | 'UF' | 'USD' | undefined {
  if (code === 'CLP' || code === 'USD') return code;
  return code === 'CLF' ? 'UF' : undefined;
}

function invalid(message: string): HttpsError {
  return new HttpsError('INVALID_ARGUMENT', message);
}

/** The program that wrote the file and how to write it again, for the messages (issue 34). */
type Source = { program: string; saveAgain: string };
const MS_PROJECT: Source = { program: 'MS Project', saveAgain: 'guárdalo de nuevo como «XML»' };
const PRIMAVERA_P6: Source = { program: 'Primavera P6', saveAgain: 'expórtalo de nuevo como XER o XML' };

/** The years a project row can hold (4 digits, as saveProject and updateProject take them). */
function checkYear(date: string, source: Source): number {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw invalid(
      `El archivo tiene fechas fuera de los años 1000 a 9999 (${date}). Revisa las fechas del proyecto en ${source.program} y ${source.saveAgain}.`,
    );
  }
  return year;
}

/** The file's calendar as the project's (Chile's holidays as the preview ticks them), checked like saveGantt's. */
function importedCalendar(schedule: ImportedSchedule, chileHolidays: boolean, source: Source): ProjectCalendar {
  const parsed = projectCalendarSchema.safeParse({
    workingWeekdays: schedule.calendar.workingWeekdays,
    chileHolidays,
    exceptions: schedule.calendar.exceptions,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(
      `El calendario «${schedule.calendarName}» del archivo no se puede usar: ${issue?.message ?? 'no es válido'}. Revísalo en ${source.program} y ${source.saveAgain}.`,
    );
  }
  return parsed.data;
}

type Scheduled = Extract<ScheduleResult, { ok: true }>;

/**
 * The file's tasks scheduled by our engine on its calendar, by UID (a cycle names the tasks by their
 * names in the file, with their UIDs). The calendar starts in the earliest year a task may start.
 */
function scheduleImported(schedule: ImportedSchedule, calendar: ProjectCalendar, source: Source): Scheduled {
  let firstYear = checkYear(schedule.projectStart, source);
  for (const task of schedule.tasks) {
    firstYear = Math.min(firstYear, checkYear(task.start, source));
    // issue 15: work recorded before the file's start still needs its calendar
    if (task.actualStart !== undefined) firstYear = Math.min(firstYear, checkYear(task.actualStart, source));
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
      ...(task.remaining === undefined ? {} : { remaining: task.remaining }),
      ...(task.mustStartOn === true ? { mustStartOn: true } : {}),
      ...(task.resume === undefined ? {} : { resume: task.resume }),
    })),
    schedule.links,
    calendar,
    firstYear,
    schedule.cutoff === undefined ? {} : { cutoff: schedule.cutoff },
  );
  if (!result.ok) throw invalid(result.error);
  return result;
}

function previewOf(read: ReadFile, calendar: ProjectCalendar, scheduled: Scheduled): MspdiPreview {
  const { schedule } = read;
  const empty = schedule.tasks.length === 0;
  const baselines = (schedule.baselines ?? []).map((baseline) => baseline.name);
  return {
    ...read.about,
    ...(baselines.length === 0 ? {} : { baselines }),
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

/** Characters of a P6 XML file given to its reader at a time (as MSPDI's). */
const XML_SLICE = 64 * 1024;

/** A file read into the schedule to import, who wrote it, and what the preview says of the file itself. */
type ReadFile = {
  schedule: ImportedSchedule;
  source: Source;
  about: Pick<MspdiPreview, 'projects' | 'projectId' | 'encoding'>;
};

/**
 * The file as the schedule to import (issue 34): MSPDI or P6 XML text read a slice at a time, a P6
 * XER's bytes decoded in their code page and read; for P6, one project of the file mapped. A P6
 * file with several projects and none asked for: a dry run reads the first exported one (the
 * preview lists them all to choose from), an import is refused naming them.
 */
async function readImportedFile(input: ImportProjectInput): Promise<ReadFile> {
  if (input.format === 'mspdi') {
    const parsed = await parseMspdiInSlices(input.content);
    // issue 30: the reading's last step (mapping the tasks) is long for a large file; a turn after it
    await nextTurn();
    if (!parsed.ok) throw invalid(parsed.error);
    return { schedule: parsed.schedule, source: MS_PROJECT, about: {} };
  }
  const slices = new TimeSlices();
  let read: ReadXerResult;
  if (input.format === 'p6xml') {
    const reader = new P6XmlReader();
    for (let at = 0; at < input.content.length; at += XML_SLICE) {
      reader.write(input.content.slice(at, at + XML_SLICE));
      await slices.turn();
    }
    read = reader.end();
  } else {
    const bytes = Buffer.from(input.content, 'base64');
    await slices.turn();
    read = readXer(bytes, input.codePage);
  }
  if (!read.ok) throw invalid(read.error);
  await slices.turn();
  const options = {
    fileName: input.fileName,
    ...(input.projectId === undefined ? {} : { projectId: input.projectId }),
  };
  let mapped = mapXer(read.xer, options);
  if (!mapped.ok && mapped.reason === 'choose' && input.dryRun) {
    const first = mapped.projects.find((project) => !project.isExternal) ?? mapped.projects[0];
    if (first) mapped = mapXer(read.xer, { ...options, projectId: first.id });
  }
  if (!mapped.ok) throw invalid(mapped.error);
  return {
    schedule: mapped.schedule,
    source: PRIMAVERA_P6,
    about: {
      projects: mapped.projects,
      projectId: mapped.projectId,
      ...(input.format === 'xer' ? { encoding: read.xer.encoding } : {}),
    },
  };
}

/**
 * issue 34: each of the file's baselines with dates (ImportedSchedule.baselines) as a Cimiento
 * baseline under its name ('Línea base 0 (MS Project)', a P6 baseline project's name), holding the
 * tasks that have dates in it (their first and last working days and duration, frozen as
 * saveBaseline freezes them), dated now and recorded by who imported the file; the first (MS
 * Project's lowest number, P6's current baseline) becomes the chosen one. Its costs are not carried
 * (the file's costs are not the EDP's amounts).
 */
async function insertFileBaselines(
  trx: Kysely<Database>,
  projectId: string,
  schedule: ImportedSchedule,
  tasks: readonly GanttTaskRecord[],
  caller: { userId: string; name: string },
): Promise<void> {
  let chosen: string | undefined;
  for (const { number, name } of schedule.baselines ?? []) {
    // the schedule's task i is the Gantt's task i + 2 (1 is the EDP root)
    const rows = schedule.tasks.flatMap((task, index) => {
      const baseline = task.baselines?.find((candidate) => candidate.number === number);
      const record = tasks[index + 1];
      if (!baseline || !record) return [];
      return [{ id: record.id, code: record.code, name: record.name, ...baseline }];
    });
    if (rows.length === 0) continue;
    const baselineId = uuidv7();
    await trx
      .insertInto('gantt_baseline')
      .values({
        _id: baselineId,
        project_id: projectId,
        name,
        created_at: new Date().toISOString(),
        created_by: caller.userId,
        created_by_name: caller.name,
        task_count: rows.length,
        project_start: rows.reduce((min, row) => (row.start < min ? row.start : min), rows[0]?.start ?? ''),
        project_finish: rows.reduce((max, row) => (row.finish > max ? row.finish : max), rows[0]?.finish ?? ''),
      })
      .execute();
    const taskRows = rows.map((row) => ({
      baseline_id: baselineId,
      task_id: row.id,
      code: row.code,
      name: row.name,
      start_date: row.start,
      finish_date: row.finish,
      duration: row.duration,
      cost: null,
    }));
    for (const part of chunks(taskRows)) await trx.insertInto('gantt_baseline_task').values(part).execute();
    chosen ??= baselineId;
  }
  if (chosen !== undefined)
    await trx.updateTable('project').set({ gantt_baseline_id: chosen }).where('_id', '=', projectId).execute();
}

/**
 * importProject: reads the file (readImportedFile: MSPDI, P6 XER or P6 XML; no DOCTYPE, at most
 * 100,000 tasks) and maps its records (the dry run too, so it refuses and warns as the import does),
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
  const read = await readImportedFile(input);
  const { schedule, source } = read;
  const calendar = importedCalendar(schedule, input.chileHolidays, source);
  const scheduled = scheduleImported(schedule, calendar, source);
  const preview = previewOf(read, calendar, scheduled);
  // issue 30: a large file's schedule and its records are long steps; the event loop gets a turn
  // between them, so other requests are answered meanwhile
  await nextTurn();
  const counts = `${formatCount(preview.taskCount, 'tarea', 'tareas')}, ${formatCount(preview.linkCount, 'vínculo', 'vínculos')}`;
  const warningText = (warnings: readonly string[]) =>
    warnings.length === 0 ? '' : ` (${formatCount(warnings.length, 'advertencia', 'advertencias')})`;

  const code = projectCodeSchema.safeParse(input.code ?? '');
  // the contract refuses a bad code already; this keeps a direct caller from writing one
  if (!code.success && !input.dryRun) throw invalid(`code: ${code.error.issues[0]?.message ?? 'no es válido'}`);
  const name = input.name?.trim() ?? '';
  // a dry run maps the records too (issue 34): the same refusals and warnings as the import
  let records: ReturnType<typeof importedProjectRecords>;
  try {
    records = importedProjectRecords(schedule, {
      code: code.success ? code.data : '',
      ...(name === '' ? {} : { name }),
    });
  } catch (error) {
    if (error instanceof MspdiImportError) throw invalid(error.message);
    throw error;
  }
  // issue 35: the file's resources against the catalogue (the dry run says it too)
  const resourcePlan = await planImportResources(db, schedule);
  const warnings = [...schedule.warnings, ...records.warnings, ...(resourcePlan?.notes ?? [])];
  await nextTurn();

  if (input.dryRun || !code.success) {
    return {
      preview,
      warnings,
      message: `Archivo «${input.fileName}» leído: ${counts}${warningText(warnings)}`,
    };
  }

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
    ...(task.remaining === undefined ? {} : { remaining: task.remaining }),
    ...(task.mustStartOn === true ? { mustStartOn: true } : {}),
    ...(task.resume === undefined ? {} : { resume: task.resume }),
    ...(task.notes === undefined ? {} : { notes: task.notes }),
    ...(task.deadline === undefined ? {} : { deadline: task.deadline }),
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
          startYear: checkYear(preview.start, source),
          endYear: checkYear(preview.finish, source),
          calendar,
          edpItems: records.edpItems,
          currency: fileCurrency(schedule.currencyCode),
        },
        caller.userId,
      );
      // issue 35: the resources the catalogue gains, then each task's by their catalogue ids
      if (resourcePlan !== undefined) {
        const resourceIds = await writeImportResources(trx, resourcePlan, caller);
        records.tasks.forEach((record, index) => {
          const assigned = (record.resources ?? []).flatMap((entry) => {
            const resourceId = resourceIds.get(entry.resourceUid);
            return resourceId === undefined ? [] : [{ resourceId, units: entry.units }];
          });
          if (assigned.length > 0) (tasks[index] as GanttTaskRecord).resources = assigned;
        });
      }
      await insertGantt(trx, created._id, { tasks, links });
      // issue 34: MS Project's baselines, the first (Baseline 0 when there is one) chosen
      await insertFileBaselines(trx, created._id, schedule, tasks, caller);
      // issue 15: the file's progress, recorded at its cut-off by who imported it
      if (schedule.cutoff !== undefined) {
        const amounts = await readItemAmounts(trx, created._id);
        await recordCutoff(trx, created._id, schedule.cutoff, tasks, caller, amounts);
      }
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
    // two imports (or a wizard) saving the same code at once: the UNIQUE code_key decides; issue 35:
    // or a resource of the same code added to the catalogue meanwhile (nothing was written)
    if (isUniqueViolation(error)) {
      const taken = await db
        .selectFrom('project')
        .select('_id')
        .where('code_key', '=', codeKey(code.data))
        .executeTakeFirst();
      if (taken !== undefined || resourcePlan === undefined || resourcePlan.created.length === 0)
        throw await projectCodeTaken(db, code.data);
      throw new HttpsError(
        'ABORTED',
        'Alguien cambió el catálogo de recursos mientras se importaba el archivo; no se importó nada. Inténtalo de nuevo.',
      );
    }
    throw error;
  }
  return {
    project,
    preview,
    warnings,
    message: `Proyecto «${project.name}» importado: ${counts}${warningText(warnings)}`,
  };
}

/**
 * 'Importar programa (MS Project o Primavera P6)' (issues 14 and 34): a new project from an MS
 * Project or ProjectLibre XML file, or a Primavera P6 XER or XML file, or (dryRun) its preview and
 * warnings without writing. Open to every signed-in user, like saveProject.
 */
export const handleImportProject = defineHandler(importProjectContract, async (input, { db, caller }) =>
  importProject(db, input, caller),
);
