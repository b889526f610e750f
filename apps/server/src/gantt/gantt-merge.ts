import {
  GANTT_STALE_MESSAGE,
  ganttSources,
  isoDay,
  mergeGanttTasks,
  reconcileGeneratedLinks,
  sequenceGantt,
} from '@cimiento/domain';
import type { EdcItem, GanttLinkRecord, GanttTaskRecord, PricedEdpItem, ScheduleResult } from '@cimiento/domain';
import type { Kysely, Transaction } from 'kysely';
import { assignmentsKey } from '@cimiento/domain/resources';
import type { Database } from '../db/schema';
import type { ProjectGanttRow, GanttState } from './gantt-queries';
import { readLinks, readProject, readRemovedLinks, readTasks, sameRow, toTaskRow, writeGantt } from './gantt-queries';
import { HttpsError } from '../core/https-error';
import { EDC_ITEM_COLUMNS, edcItemOfRow } from '../edc/edc-queries';
import { readEdpItems } from '../edp/edp-queries';
import { answerStampOf, readSourcesStamp } from './gantt-answer-stamps';
import { verifiedMerges, rememberVerified } from './gantt-merge-cache';
import { scheduleGantt, scheduledOrThrow } from './gantt-schedule';
import type { Scheduled } from './gantt-schedule';
import { calendarFor } from './gantt-horizon';
import { claimVersion } from './gantt-version';

/**
 * issue 19 (the home dashboard): the Gantt as loadGantt would answer it now (merged with the current
 * EDP and EDC, its generated links reconciled with the sequencing's) and its schedule, read in the
 * caller's transaction without writing anything: a Gantt never opened is built in memory.
 */
export async function previewGantt(
  trx: Transaction<Database>,
  projectId: string,
): Promise<{ project: ProjectGanttRow; tasks: GanttTaskRecord[]; result: ScheduleResult }> {
  const project = await readProject(trx, projectId);
  const { edpItems, edc, maxUnitsOf, merged } = await readMerged(trx, projectId, project);
  const reconciled = reconcileGeneratedLinks({
    tasks: merged.tasks,
    links: merged.links,
    sequence: sequenceGantt(edpItems, edc, project.sequencing, maxUnitsOf),
    removed: await readRemovedLinks(trx, projectId),
  });
  const { result } = sequencedLinks(merged.tasks, merged.links, reconciled.links, project);
  return { project, tasks: merged.tasks, result };
}

export type MergedGantt = GanttState & {
  /** index by index with `tasks` */
  scheduled: Scheduled;
  /** the EDP's items in tree order with their prices, as the merge read them */
  edpItems: PricedEdpItem[];
  /** the tasks as stored after the load (what readTasks reads then), in position order */
  stored: GanttTaskRecord[];
};

/**
 * What loadGantt reads and computes before laying out its answer: the project, the Gantt merged
 * with the current EDP and EDC (written when that changed it), its schedule, the EDP items the
 * merge read and the stored tasks. For the costs, which need the stored tasks and their dates but
 * not loadGantt's answer (its activities, holidays and baseline dates), nor a second read of them.
 */
export async function loadMergedGantt(db: Kysely<Database>, projectId: string): Promise<MergedGantt> {
  const state = await loadMerged(db, projectId, true, false);
  return { ...state, edpItems: state.edpItems ?? [] };
}

/** A load whose merge keeps losing the version race to other writers gives up after this many tries. */
const LOAD_ATTEMPTS = 5;

/** The source keys of built tasks the user deleted in the Gantt. */
async function readRemovedSources(db: Kysely<Database>, projectId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('gantt_removed_source')
    .select('source_key')
    .where('project_id', '=', projectId)
    .execute();
  return new Set(rows.map((row) => row.source_key));
}

/** Every EDC list of the project, by EDP item, in list order; a main item hangs from its EDP item. */
async function readEdcLists(
  db: Kysely<Database>,
  projectId: string,
  edpCodeById: ReadonlyMap<number, string>,
): Promise<{ lists: Map<number, EdcItem[]>; maxUnitsOf: (resourceId: string) => number | undefined }> {
  const rows = await db
    .selectFrom('edc_item')
    .select(['edp_item_id', ...EDC_ITEM_COLUMNS])
    .where('project_id', '=', projectId)
    .orderBy('edp_item_id')
    .orderBy('position')
    .execute();
  // issue 35: the activities' default crews as the catalogue holds them now (a new task gets its crew)
  // and (durations from quantities) their units of work and productivities
  const crews = await db
    .selectFrom('catalogue_activity')
    .select(['_id', 'resource_id', 'crews', 'work_unit', 'productivity'])
    .where((eb) => eb.or([eb('resource_id', 'is not', null), eb('productivity', 'is not', null)]))
    .execute();
  const crewOf = new Map(crews.map((row) => [row._id, row]));
  // issue 35: the units each resource has, for the train with crews (rule 4b)
  const maxUnits = !crews.some((row) => row.resource_id !== null)
    ? new Map<string, number>()
    : new Map(
        (await db.selectFrom('catalogue_resource').select(['_id', 'max_units']).execute()).map((row) => [
          row._id,
          Number(row.max_units),
        ]),
      );
  const lists = new Map<number, EdcItem[]>();
  for (const row of rows) {
    const edpItemId = Number(row.edp_item_id);
    // as loadEdc reads it, with the catalogue copies the sequencing and rule 1 (new leaves' durations) read
    const item = edcItemOfRow(row, edpCodeById.get(edpItemId));
    const crew = item.kind === 'activity' && item.sourceId !== undefined ? crewOf.get(item.sourceId) : undefined;
    if (crew !== undefined) {
      if (crew.resource_id !== null) item.resourceId = crew.resource_id;
      if (crew.crews !== null) item.crews = Number(crew.crews);
      if (crew.work_unit !== null) item.workUnit = crew.work_unit as EdcItem['workUnit'];
      if (crew.productivity !== null) item.productivity = crew.productivity;
    }
    const list = lists.get(edpItemId);
    if (list) list.push(item);
    else lists.set(edpItemId, [item]);
  }
  return { lists, maxUnitsOf: (resourceId) => maxUnits.get(resourceId) };
}

/** Two link lists hold the same links (type, lag and generated flag included), whatever their order. */
function sameLinks(a: readonly GanttLinkRecord[], b: readonly GanttLinkRecord[]): boolean {
  if (a.length !== b.length) return false;
  const text = (link: GanttLinkRecord) =>
    `${link.from}>${link.to}${link.type}${link.lag}${link.generated === true ? 'g' : ''}`;
  const left = new Set(a.map(text));
  return b.every((link) => left.has(text(link)));
}

/**
 * The links after the sequencing's (reconcileGeneratedLinks), scheduled. When they cannot be
 * scheduled (a generated link into a leaf the user made a summary, say), the generated links that
 * were not stored before are dropped rather than failing the load; a schedule that fails even then
 * is the stored Gantt's own error.
 */
export function sequencedLinks(
  tasks: readonly GanttTaskRecord[],
  before: readonly GanttLinkRecord[],
  reconciled: readonly GanttLinkRecord[],
  project: ProjectGanttRow,
): { links: GanttLinkRecord[]; result: ScheduleResult } {
  const result = scheduleGantt(tasks, reconciled, project);
  if (result.ok || sameLinks(before, reconciled)) return { links: [...reconciled], result };
  const storedGenerated = new Set(
    before.filter((link) => link.generated === true).map((link) => `${link.from}>${link.to}${link.type}${link.lag}`),
  );
  const withoutNew = reconciled.filter(
    (link) => link.generated !== true || storedGenerated.has(`${link.from}>${link.to}${link.type}${link.lag}`),
  );
  return { links: withoutNew, result: scheduleGantt(tasks, withoutNew, project) };
}

/** The project's EDP and EDC as the sequencing and the merge read them, and the merge of the stored Gantt with them. */
export async function readMerged(trx: Transaction<Database>, projectId: string, project: ProjectGanttRow) {
  const edpItems = await readEdpItems(trx, projectId);
  const { lists: edc, maxUnitsOf } = await readEdcLists(
    trx,
    projectId,
    new Map(edpItems.map((item) => [item.id, item.code])),
  );
  const stored = await readTasks(trx, projectId);
  const storedLinks = await readLinks(trx, projectId);
  const removedSources = await readRemovedSources(trx, projectId);
  // built tasks the user deleted in the Gantt stay deleted
  const sources = ganttSources(edpItems, edc).filter((source) => !removedSources.has(source.key));
  // domain.md: new tasks start on the first working day of January of the project's start year
  const newTaskStart = isoDay(calendarFor(project).dayAt(0));
  const merged = mergeGanttTasks(stored, storedLinks, sources, newTaskStart);
  return { edpItems, edc, maxUnitsOf, stored, storedLinks, merged };
}

/** Two task lists hold the same tasks in the same order, every stored field equal. */
function sameTaskList(a: readonly GanttTaskRecord[], b: readonly GanttTaskRecord[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((task, index) => {
    const other = b[index] as GanttTaskRecord;
    return (
      task.id === other.id &&
      sameRow(toTaskRow(task, index), toTaskRow(other, index)) &&
      assignmentsKey(task.resources) === assignmentsKey(other.resources)
    );
  });
}

type LoadedState = GanttState & {
  result: ScheduleResult;
  /** absent when the caller did not ask for them and the merge was skipped */
  edpItems: PricedEdpItem[] | undefined;
  /** the Gantt's tasks as stored after the load (its write, when it wrote), in position order */
  stored: GanttTaskRecord[];
  /** the answer's stamp (answerStampOf) when the load wrote nothing */
  answerStamp?: string;
};

/**
 * One try of loadGantt's read, merge and sequencing, in one transaction. `undefined`: the merge
 * or the sequencing changed the Gantt but another writer moved the version meanwhile; the caller
 * reads again.
 */
async function readAndMerge(
  db: Kysely<Database>,
  projectId: string,
  withEdpItems: boolean,
  fullMerge: boolean,
): Promise<LoadedState | undefined> {
  const verified = verifiedMerges(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await readProject(trx, projectId);
      const stamp = await readSourcesStamp(trx, projectId, project);
      if (!fullMerge && verified.get(projectId) === stamp) {
        // the merge and the sequencing found nothing to change at this stamp: the stored Gantt is
        // what they would answer (see verifiedMerges)
        const tasks = await readTasks(trx, projectId);
        const links = await readLinks(trx, projectId);
        const result = scheduleGantt(tasks, links, project);
        const edpItems = withEdpItems ? await readEdpItems(trx, projectId) : undefined;
        const answerStamp = answerStampOf(projectId, project, stamp);
        return { project, tasks, links, result, edpItems, stored: tasks, answerStamp };
      }
      const { edpItems, edc, maxUnitsOf, stored, storedLinks, merged } = await readMerged(trx, projectId, project);
      // issue 13: the generated links follow the rules, less the ones the user deleted
      const reconciled = reconcileGeneratedLinks({
        tasks: merged.tasks,
        links: merged.links,
        sequence: sequenceGantt(edpItems, edc, project.sequencing, maxUnitsOf),
        removed: await readRemovedLinks(trx, projectId),
      });
      const { links, result } = sequencedLinks(merged.tasks, merged.links, reconciled.links, project);
      if (merged.added === 0 && merged.removed === 0 && merged.resized === 0 && sameLinks(storedLinks, links)) {
        // nothing to write; when the merge did not even rename or reorder a task, the next load at
        // the same stamp can skip it. Issue 35: not a Gantt sized by quantities, whose formulas
        // (loadGantt's DurationFormula) are not stored: the skipping load reads the stored rows only
        if (
          !fullMerge &&
          sameTaskList(stored, merged.tasks) &&
          !merged.tasks.some((task) => task.formula !== undefined)
        ) {
          rememberVerified(verified, projectId, stamp);
        }
        const answerStamp = answerStampOf(projectId, project, stamp);
        return { project, tasks: merged.tasks, links, result, edpItems, stored, answerStamp };
      }
      if (!(await claimVersion(trx, projectId, project.version))) return undefined;
      await writeGantt(trx, projectId, { tasks: stored, links: storedLinks }, { tasks: merged.tasks, links });
      return {
        project: { ...project, version: project.version + 1 },
        tasks: merged.tasks,
        links,
        result,
        edpItems,
        stored: merged.tasks,
      };
    });
}

/** loadMergedGantt, with the EDP's items only when `withEdpItems` or the merge read them. */
export async function loadMerged(
  db: Kysely<Database>,
  projectId: string,
  withEdpItems: boolean,
  fullMerge: boolean,
): Promise<Omit<MergedGantt, 'edpItems'> & { edpItems: PricedEdpItem[] | undefined; answerStamp?: string }> {
  for (let attempt = 1; attempt <= LOAD_ATTEMPTS; attempt += 1) {
    let state: LoadedState | undefined;
    try {
      state = await readAndMerge(db, projectId, withEdpItems, fullMerge);
    } catch (error) {
      // PostgreSQL's repeatable read refuses an UPDATE of a row another transaction changed
      // since the snapshot (40001): the same race as a lost claim, so read again
      if ((error as { code?: string }).code !== '40001') throw error;
    }
    if (state) {
      const { project, tasks, links, edpItems, stored, answerStamp } = state;
      const scheduled = scheduledOrThrow(state.result);
      return {
        project,
        tasks,
        links,
        edpItems,
        stored,
        scheduled,
        ...(answerStamp === undefined ? {} : { answerStamp }),
      };
    }
  }
  throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
}
