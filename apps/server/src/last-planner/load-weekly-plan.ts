import { formatCount, formatIsoDate } from '@cimiento/domain';
import { loadWeeklyPlanContract, planCandidates, ppcOf, weekEnd, weekOf } from '@cimiento/domain/last-planner';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import {
  commitmentOf,
  lookAheadTasks,
  plannerTaskWith,
  plannerToday,
  readCompanyRefs,
  readConstraints,
  readPlannerGantt,
  readSettings,
} from './last-planner-queries';
import { liveProjectName } from '../members/member-queries';

/**
 * loadWeeklyPlan ('Plan semanal', issue 36): a week's candidates (the tasks its one-week look-ahead
 * lists, by company, ready or not, with their constraints), its commitments (in the order they were
 * taken) and its PPC.
 */
export async function loadWeeklyPlan(
  db: Kysely<Database>,
  projectId: string,
  requested: string | undefined,
  today: string = plannerToday(),
) {
  await liveProjectName(db, projectId);
  const week = requested ?? weekOf(today);
  const [settings, gantt, companies, constraints, rows] = await Promise.all([
    readSettings(db, projectId),
    readPlannerGantt(db, projectId),
    readCompanyRefs(db, projectId),
    readConstraints(db, projectId, today),
    db
      .selectFrom('lp_commitment')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('week', '=', week)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const result = planCandidates({ tasks: lookAheadTasks(gantt, constraints), week, today, companies });
  if (!result.ok) throw new HttpsError('INVALID_ARGUMENT', `Semana: ${result.error}`);
  const candidates = result.groups.flatMap((group) =>
    group.tasks.flatMap((row) => {
      const task = gantt.byId.get(row.id);
      return task === undefined ? [] : [plannerTaskWith(task, constraints.get(row.id) ?? [], week)];
    }),
  );
  const commitments = rows.map((row) => commitmentOf(row, gantt.byId.get(Number(row.task_id))));
  const ppc = ppcOf(commitments);
  const ready = candidates.filter((task) => task.ready).length;
  return {
    settings,
    today,
    cutoff: gantt.cutoff,
    week,
    weekEnd: weekEnd(week),
    ganttVersion: gantt.version,
    candidates,
    commitments,
    companies,
    ppc,
    message:
      `Semana del ${formatIsoDate(week)}: ${formatCount(commitments.length, 'compromiso', 'compromisos')}; ` +
      `${formatCount(candidates.length, 'tarea candidata', 'tareas candidatas')}, ${formatCount(ready, 'lista', 'listas')}`,
  };
}

export const handleLoadWeeklyPlan = defineHandler(loadWeeklyPlanContract, async ({ id, week }, { db }) =>
  loadWeeklyPlan(db, id, week),
);
