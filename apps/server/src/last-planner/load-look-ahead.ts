import { formatCount, formatIsoDate } from '@cimiento/domain';
import { loadLookAheadContract, lookAhead } from '@cimiento/domain/last-planner';
import type { LastPlannerTask, LookAheadFrom, LookAheadTask } from '@cimiento/domain/last-planner';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import {
  plannerTaskWith,
  plannerToday,
  readCompanyRefs,
  readConstraints,
  readPlannerGantt,
  readSettings,
} from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * loadLookAhead ('Intermedia', issue 36): the master schedule's leaves starting or under way in the
 * next 3 to 6 weeks from the cut-off or today (the project's settings, or this view's), grouped by
 * company or by EDP area, each with its constraints: the domain's lookAhead on the Gantt's dates as
 * loadGantt answers them.
 */
export async function loadLookAhead(
  db: Kysely<Database>,
  projectId: string,
  request: { groupBy?: 'company' | 'area' | undefined; weeks?: number | undefined; from?: LookAheadFrom | undefined },
  today: string = plannerToday(),
) {
  await liveProjectName(db, projectId);
  const [settings, gantt, companies, constraints] = await Promise.all([
    readSettings(db, projectId),
    readPlannerGantt(db, projectId),
    readCompanyRefs(db, projectId),
    readConstraints(db, projectId, today),
  ]);
  const fromKind = request.from ?? settings.lookAheadFrom;
  const from = fromKind === 'cutoff' && gantt.cutoff !== null ? gantt.cutoff : today;
  const weeks = request.weeks ?? settings.lookAheadWeeks;
  const groupBy = request.groupBy ?? 'company';
  const tasks: LookAheadTask[] = gantt.tasks.map((task) => ({
    id: task.id,
    code: task.code,
    name: task.name,
    area: task.area,
    companyId: task.companyId,
    start: task.start,
    end: task.end,
    progress: task.progress,
    actualStart: task.actualStart,
    actualFinish: task.actualFinish,
    constraints: constraints.get(task.id) ?? [],
    isSummary: task.isSummary,
  }));
  const result = lookAhead({ tasks, from, weeks, groupBy, today, companies });
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', result.error);
  let openConstraints = 0;
  let overdueConstraints = 0;
  const groups = result.groups.map((group) => ({
    key: group.key,
    label: group.label,
    readyCount: group.readyCount,
    tasks: group.tasks.flatMap((row): LastPlannerTask[] => {
      const task = gantt.byId.get(row.id);
      if (task === undefined) return [];
      openConstraints += row.openConstraints;
      overdueConstraints += row.overdueConstraints;
      return [plannerTaskWith(task, constraints.get(row.id) ?? [], from)];
    }),
  }));
  const window = `${formatIsoDate(result.from)} al ${formatIsoDate(result.to)}`;
  const message =
    result.taskCount === 0
      ? `Intermedia del ${window}: ninguna tarea empieza ni está en curso en esas ${weeks} semanas`
      : `Intermedia del ${window}: ${formatCount(result.taskCount, 'tarea', 'tareas')}, ${formatCount(result.readyCount, 'lista', 'listas')}` +
        (overdueConstraints === 0
          ? ''
          : `; ${formatCount(overdueConstraints, 'restricción vencida', 'restricciones vencidas')}`);
  return {
    settings,
    today,
    cutoff: gantt.cutoff,
    from: result.from,
    to: result.to,
    weeks,
    weekStarts: result.weekStarts,
    groupBy,
    groups,
    companies,
    taskCount: result.taskCount,
    readyCount: result.readyCount,
    openConstraints,
    overdueConstraints,
    message,
  };
}

export const handleLoadLookAhead = defineHandler(loadLookAheadContract, async ({ id, groupBy, weeks, from }, { db }) =>
  loadLookAhead(db, id, { groupBy, weeks, from }),
);
