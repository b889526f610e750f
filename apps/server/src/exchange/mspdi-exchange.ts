import { currencies, ganttActivityCodes, parsePredecessors } from '@cimiento/domain';
import type { Currency, ExportedFile, MspdiPreview, Project, importProjectContract } from '@cimiento/domain';
import { chileHolidaysNamed } from '@cimiento/domain/holidays';
import { createMspdiParser, writeMspdi } from '@cimiento/domain/mspdi';
import type { MspdiExport, ParseMspdiResult } from '@cimiento/domain/mspdi';
import type { Kysely } from 'kysely';
import { loadResources } from '../catalogues/resource-queries';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { TimeSlices } from './time-slices';
import { loadGantt } from '../gantt/load-gantt';

/**
 * MSPDI in and out (issue 14): the server's side of `@cimiento/domain/mspdi`. importProject reads
 * an MS Project / ProjectLibre XML file into a new project (EDP from its outline, Gantt tasks and
 * links scheduled by our engine on the file's calendar); exportGanttMspdi writes a project's Gantt
 * as such a file. The mapping is the domain's; here are the checks, the schedule and the storage.
 */

/** importProject's input as its contract parses it: an MSPDI file as text or a P6 XER as base64 (issue 34). */
export type ImportProjectInput = z.output<typeof importProjectContract.input>;

export type ImportProjectResult = {
  project?: Project;
  preview: MspdiPreview;
  warnings: string[];
  message: string;
};

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

// ---------------------------------------------------------------- export

/**
 * The file's StartDate (issue 34): the earliest stored start of its tasks, the start no earlier than
 * they all share (a day off, as MS Project allows, stays that day, so an import gives every task
 * the same start back), unless the schedule starts earlier (work recorded before it); the first of
 * January of the calendar's first year when the Gantt has no date.
 */
function exportedProjectStart(scheduled: string, earliestStored: string, firstYear: number): string {
  if (earliestStored !== '' && (scheduled === '' || earliestStored < scheduled)) return earliestStored;
  return scheduled === '' ? `${firstYear}-01-01` : scheduled;
}

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
    .select(['code', 'name', 'end_year', 'currency'])
    .where('_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!project) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');

  // the EDP's root, the one top-level summary, is MS Project's project row (UID 0), not a task:
  // its children go at the top of the outline and an import gives them back under a root again
  // (issue 34: so is the root of a project without tasks, alone in its Gantt: the file has no task)
  const roots = gantt.activities.filter((task) => task.ParentId === undefined);
  const rootCandidate =
    roots.length === 1 && (roots[0]?.isSummary === true || gantt.activities.length === 1) ? roots[0] : undefined;
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

  // issue 32: the WBS is the task's code unique in the project (an activity's EDP item's and its own)
  const codes = ganttActivityCodes(gantt.activities);
  const tasks: MspdiExport['tasks'] = exported.map((task) => ({
    id: task.TaskID,
    ...(task.ParentId === undefined || task.ParentId === root?.TaskID ? {} : { parentId: task.ParentId }),
    code: codes.get(task.TaskID) ?? task.TaskCode,
    name: task.TaskName,
    start: task.StartDate,
    end: task.EndDate,
    duration: task.Duration,
    isSummary: task.isSummary,
    progress: task.Progress,
    ...(!task.isSummary && (task.StartNoEarlierThan > earliest || task.MustStartOn === true)
      ? { startNoEarlierThan: task.StartNoEarlierThan }
      : {}),
    ...(task.MustStartOn === true ? { mustStartOn: true } : {}),
    ...(task.Resume === undefined ? {} : { resume: task.Resume }),
    // issue 15: progress at the cut-off and the chosen baseline
    ...(task.ActualStart === undefined ? {} : { actualStart: task.ActualStart }),
    ...(task.ActualFinish === undefined ? {} : { actualFinish: task.ActualFinish }),
    ...(task.RemainingDuration === undefined ? {} : { remaining: task.RemainingDuration }),
    ...(task.Notes === undefined ? {} : { notes: task.Notes }),
    ...(task.Deadline === undefined ? {} : { deadline: task.Deadline }),
    ...(task.BaselineStart === undefined || task.BaselineFinish === undefined
      ? {}
      : {
          baseline: { start: task.BaselineStart, end: task.BaselineFinish, duration: task.BaselineDuration ?? 0 },
        }),
  }));

  // issue 35: the resources the exported tasks use, numbered 1…n in the catalogue's order
  const usedIds = new Set(exported.flatMap((task) => (task.Resources ?? []).map((entry) => entry.resourceId)));
  const catalogue = usedIds.size === 0 ? [] : (await loadResources(db)).filter((entry) => usedIds.has(entry._id));
  const uidOfResource = new Map(catalogue.map((entry, index) => [entry._id, index + 1]));
  const resources: NonNullable<MspdiExport['resources']> = catalogue.map((entry, index) => {
    const material = entry.type === 'material' || entry.type === 'subcontract';
    // a rate goes only in the project's currency (MS Project keeps one per file)
    const sameCurrency = entry.currency === project.currency;
    return {
      uid: index + 1,
      name: entry.name,
      code: entry.code,
      kind: material ? 'material' : 'work',
      unit: entry.unit,
      maxUnits: entry.maxUnits,
      ...(sameCurrency && !material && entry.costPerDay !== undefined ? { costPerDay: entry.costPerDay } : {}),
      ...(sameCurrency && material && entry.costPerUnit !== undefined ? { costPerUnit: entry.costPerUnit } : {}),
      // its own calendar, as a resource calendar derived from the project's
      ...(entry.calendar === undefined ? {} : { calendar: entry.calendar }),
    };
  });
  const exportedById = new Map(exported.map((task) => [task.TaskID, task]));
  for (const task of usedIds.size === 0 ? [] : tasks) {
    const assigned = (exportedById.get(task.id)?.Resources ?? []).flatMap((entry) => {
      const resourceUid = uidOfResource.get(entry.resourceId);
      return resourceUid === undefined ? [] : [{ resourceUid, units: entry.units }];
    });
    if (assigned.length > 0) task.resources = assigned;
  }

  const holidays: { date: string; name: string }[] = [];
  if (gantt.calendar.chileHolidays) {
    const finishYear = gantt.projectFinish === '' ? gantt.calendar.firstYear : Number(gantt.projectFinish.slice(0, 4));
    const lastYear = Math.max(Number(project.end_year), finishYear, gantt.calendar.firstYear);
    for (let year = gantt.calendar.firstYear; year <= lastYear; year += 1) holidays.push(...chileHolidaysNamed(year));
  }

  const content = writeMspdi({
    projectName: root?.TaskName ?? project.name,
    // issue 33: a UF project's file says CLF, not CLP
    ...((currencies as readonly string[]).includes(project.currency) ? { currency: project.currency as Currency } : {}),
    projectStart: exportedProjectStart(gantt.projectStart, earliest, gantt.calendar.firstYear),
    projectFinish: gantt.projectFinish === '' ? `${gantt.calendar.firstYear}-01-01` : gantt.projectFinish,
    calendar: {
      workingWeekdays: gantt.calendar.workingWeekdays,
      exceptions: gantt.calendar.exceptions,
      holidays,
    },
    tasks,
    links,
    ...(resources.length === 0 ? {} : { resources }),
    ...(gantt.cutoff === undefined ? {} : { statusDate: gantt.cutoff }),
  });
  return { fileName: `${project.code}.xml`, mimeType: 'application/xml', content };
}
