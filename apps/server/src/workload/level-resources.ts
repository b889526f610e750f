import { GANTT_STALE_MESSAGE, edcSourceKey, formatCount, formatIsoDate } from '@cimiento/domain';
import type { GanttTaskRecord } from '@cimiento/domain';
import { ganttChange } from '@cimiento/domain/history';
import { levelResourcesContract } from '@cimiento/domain/resources';
import { levelResources, resourceOverloads } from '@cimiento/domain/workload';
import type { LevelOrder, LevelTask, Overload, UnresolvedReason } from '@cimiento/domain/workload';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import { recordChange } from '../collab/history-queries';
import type { ChangeAuthor } from '../collab/history-queries';
import type { Database } from '../db/schema';
import { readItemAmounts } from '../edp/edp-queries';
import { loadMergedGantt } from '../gantt/gantt-merge';
import { BoundedCalendar, MAX_WORKING_INDEX, ScheduleHorizonError, horizonDate } from '../gantt/gantt-horizon';
import { readBaselineDates, writeGantt } from '../gantt/gantt-queries';
import { scheduleGantt, scheduledOrThrow, toOutput, toScheduleTask } from '../gantt/gantt-schedule';
import { claimVersionOrRefuse } from '../gantt/gantt-version';
import { readHistogramResources } from './workload-queries';

/** The priority of each generated task under the 'priority' order: its activity's catalogue priority, by source key. */
async function readActivityPriorities(db: Kysely<Database>, projectId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('edc_item')
    .select(['edp_item_id', 'code', 'priority'])
    .where('project_id', '=', projectId)
    .where('kind', '=', 'activity')
    .where('priority', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [edcSourceKey(Number(row.edp_item_id), row.code), Number(row.priority)]));
}

/** A task with any earlier levelling put back: its start as it was, no delay. */
function withoutLeveling(task: GanttTaskRecord): GanttTaskRecord {
  if (task.leveledFrom === undefined) return task;
  const { levelingDelay: _delay, leveledFrom, ...rest } = task;
  return { ...rest, start: leveledFrom };
}

function reasonOf(
  overload: Overload,
  resourceName: string,
  unresolved: ReadonlyMap<string, { reason: UnresolvedReason; code: string }>,
  fixed: ReadonlyMap<number, string>,
  most: number,
): string {
  const stuck = overload.taskIds
    .map((id) => unresolved.get(`${id}:${overload.resourceId}`))
    .filter((entry) => entry !== undefined);
  const exceeding = stuck.find((entry) => entry.reason === 'exceeds');
  if (exceeding !== undefined) {
    return `La tarea ${exceeding.code} pide más de lo que ${resourceName} tiene como máximo (${most}): redúcelas o aumenta su disponibilidad`;
  }
  const pinned = overload.taskIds.map((id) => fixed.get(id)).find((why) => why !== undefined);
  if (pinned !== undefined) return pinned;
  const slack = stuck.find((entry) => entry.reason === 'slack');
  if (slack !== undefined) {
    return `Resolverla movería la tarea ${slack.code} más allá de su holgura (se pidió redistribuir solo dentro de la holgura)`;
  }
  const search = stuck.find((entry) => entry.reason === 'search');
  if (search !== undefined && overload.offCalendar)
    return `La tarea ${search.code} no cabe entre los días no laborables de ${resourceName} (su calendario propio) antes del horizonte del proyecto: una tarea no se divide; acórtala o revisa el calendario del recurso`;
  if (search !== undefined)
    return `No hay días con capacidad para la tarea ${search.code} antes del horizonte del proyecto`;
  return 'Una tarea resumen con recursos no se redistribuye: asígnalos a sus tareas';
}

/** The reason of an overload, saying so when the resource's own calendar leaves some of its days off. */
export function overloadReason(
  overload: Overload,
  resourceName: string,
  unresolved: ReadonlyMap<string, { reason: UnresolvedReason; code: string }>,
  fixed: ReadonlyMap<number, string>,
  most: number,
): string {
  const reason = reasonOf(overload, resourceName, unresolved, fixed, most);
  if (!overload.offCalendar || reason.includes('calendario propio')) return reason;
  return `${reason}. ${resourceName} no trabaja algunos de esos días (su calendario propio)`;
}

/**
 * 'Redistribuir recursos' (issue 35, docs/RESOURCES.md "Levelling"): the stored Gantt with its earlier
 * levelling put back, levelled by the domain's levelResources, scheduled again; on a dry run nothing
 * is written, else the moved starts and their delays are stored under the Gantt's version.
 */
export async function levelProjectResources(
  db: Kysely<Database>,
  projectId: string,
  request: { version: number; dryRun: boolean; order: LevelOrder; withinSlack: boolean },
  author: ChangeAuthor,
) {
  const gantt = await loadMergedGantt(db, projectId);
  const { project, links } = gantt;
  if (project.version !== request.version) throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
  const tasks = gantt.tasks.map(withoutLeveling);
  const [resources, priorities] = await Promise.all([
    readHistogramResources(db),
    readActivityPriorities(db, projectId),
  ]);
  const levelTasks: LevelTask[] = tasks.map((task) => {
    const input: LevelTask = toScheduleTask(task);
    if (task.resources !== undefined) input.resources = task.resources;
    const priority = task.sourceKey === null ? undefined : priorities.get(task.sourceKey);
    if (priority !== undefined) input.priority = priority;
    return input;
  });
  const calendar = new BoundedCalendar(project.calendar, project.startYear);
  // the bounded calendar reads no working day past it
  const lastIndex = MAX_WORKING_INDEX;
  let result: ReturnType<typeof levelResources>;
  try {
    result = levelResources(levelTasks, links, resources, calendar, {
      order: request.order,
      withinSlack: request.withinSlack,
      cutoff: project.cutoff,
      lastIndex,
    });
  } catch (error) {
    if (!(error instanceof ScheduleHorizonError)) throw error;
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `El cronograma debe terminar antes del ${formatIsoDate(horizonDate(project.startYear))}: revisa las duraciones y los desfases`,
    );
  }
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', result.error);

  const delayById = new Map(result.delays.map((delay) => [delay.id, delay]));
  const next = tasks.map((task): GanttTaskRecord => {
    const delay = delayById.get(task.id);
    return delay === undefined
      ? task
      : { ...task, start: delay.to, levelingDelay: delay.days, leveledFrom: task.start };
  });
  const scheduled = scheduledOrThrow(scheduleGantt(next, links, project));
  const nextLevelTasks = levelTasks.map((task) => {
    const delay = delayById.get(task.id);
    return delay === undefined ? task : { ...task, start: delay.to };
  });

  // what is left, and why
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const unresolved = new Map(
    result.unresolved.map((entry) => [
      `${entry.id}:${entry.resourceId}`,
      { reason: entry.reason, code: byId.get(entry.id)?.code ?? String(entry.id) },
    ]),
  );
  const fixed = new Map<number, string>();
  for (const task of tasks) {
    if (task.actualStart !== undefined || task.actualFinish !== undefined) {
      fixed.set(task.id, `La tarea ${task.code} tiene avance real: el trabajo realizado o en curso no se mueve`);
    } else if (task.mustStartOn === true) {
      fixed.set(task.id, `La tarea ${task.code} tiene inicio fijo («Debe comenzar el»): no se mueve`);
    }
  }
  const resourceById = new Map(resources.map((resource) => [resource._id, resource]));
  const overloads = resourceOverloads(nextLevelTasks, scheduled.tasks, resources, calendar).map((overload) => {
    const resource = resourceById.get(overload.resourceId);
    const name = resource === undefined ? overload.resourceId : `${resource.code} ${resource.name}`;
    let most = resource?.maxUnits ?? 0;
    for (const range of resource?.availability ?? []) most = Math.max(most, range.maxUnits);
    return {
      resourceId: overload.resourceId,
      resourceName: name,
      from: overload.from,
      to: overload.to,
      units: overload.units,
      maxUnits: overload.maxUnits,
      tasks: overload.taskIds.map((id) => ({ TaskID: id, TaskCode: byId.get(id)?.code ?? String(id) })),
      reason: overloadReason(overload, name, unresolved, fixed, most),
    };
  });
  const scheduledById = new Map(scheduled.tasks.map((task) => [task.id, task]));
  const moved = result.delays.map((delay) => {
    const task = byId.get(delay.id) as GanttTaskRecord;
    return {
      TaskID: delay.id,
      TaskCode: task.code,
      TaskName: task.name,
      days: delay.days,
      from: delay.from,
      to: delay.to,
      finish: scheduledById.get(delay.id)?.end ?? delay.to,
    };
  });
  const finishBefore = gantt.scheduled.projectFinish;
  const summary = [
    request.dryRun
      ? `${formatCount(moved.length, 'tarea se movería', 'tareas se moverían')}`
      : `Recursos redistribuidos: ${formatCount(moved.length, 'tarea movida', 'tareas movidas')}`,
    `fin del proyecto ${formatIsoDate(scheduled.projectFinish)}${scheduled.projectFinish === finishBefore ? ' (sin cambio)' : ` (antes ${formatIsoDate(finishBefore)})`}`,
    overloads.length === 0
      ? 'sin sobrecargas'
      : `${formatCount(overloads.length, 'sobrecarga queda', 'sobrecargas quedan')} sin resolver`,
  ].join('; ');
  const answer = { moved, finish: scheduled.projectFinish, finishBefore, overloads, message: summary };
  if (request.dryRun) return answer;

  await db.transaction().execute(async (trx) => {
    await claimVersionOrRefuse(trx, projectId, request.version);
    await writeGantt(trx, projectId, { tasks: gantt.stored, links }, { tasks: next, links });
    const names = new Map(resources.map((resource) => [resource._id, resource.name]));
    const history = ganttChange(
      { tasks: gantt.stored, links },
      { tasks: next, links },
      {
        prefix: 'Recursos redistribuidos',
        namesFollowSources: true,
        resourceName: (resourceId) => names.get(resourceId),
      },
    );
    await recordChange(trx, projectId, author, 'gantt', history);
  });
  const output = toOutput(
    { project: { ...project, version: request.version + 1 }, tasks: next, links },
    scheduled,
    summary,
    await readBaselineDates(db, project.baselineId),
    await readItemAmounts(db, projectId),
  );
  return { ...answer, gantt: output };
}

/** 'Redistribuir recursos' (issue 35). */
export const handleLevelResources = defineHandler(levelResourcesContract, async (input, { db, caller }) =>
  levelProjectResources(db, input.id, input, { caller, functionName: 'levelResources' }),
);
