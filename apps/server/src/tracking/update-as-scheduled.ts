import { GANTT_STALE_MESSAGE, formatIsoDate, formatNumber, updateAsScheduledContract } from '@cimiento/domain';
import type { GanttOutput, UpdateAsScheduledCounts } from '@cimiento/domain';
import { planUpdateAsScheduled, updateScope } from '@cimiento/domain/progress';
import type { UpdateTask } from '@cimiento/domain/progress';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import { calendarFor } from '../gantt/gantt-horizon';
import { readLinks, readProject, readTasks } from '../gantt/gantt-queries';
import { scheduleGantt, scheduledOrThrow } from '../gantt/gantt-schedule';
import { checkCutoff } from './progress-queries';
import { saveProgress } from './save-progress';

export type UpdateAsScheduledInput = {
  cutoff: string;
  taskIds?: readonly number[] | undefined;
  preview?: boolean | undefined;
  version?: number | undefined;
};

export type UpdateAsScheduledResult = {
  cutoff: string;
  preview: boolean;
  counts: UpdateAsScheduledCounts;
  gantt?: GanttOutput;
  message: string;
};

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** 'Se registrarán 3 tareas terminadas, 2 en curso; 1 sin cambio' (or 'Se registraron …'). */
function countsSentence(counts: UpdateAsScheduledCounts, preview: boolean): string {
  const verb = preview ? 'Se registrarán' : 'Se registraron';
  const parts = [
    `${verb} ${plural(counts.done, 'tarea terminada', 'tareas terminadas')}, ${formatNumber(counts.underWay)} en curso`,
    `${formatNumber(counts.unchanged)} sin cambio`,
  ];
  if (counts.notStarted > 0) parts.push(`${plural(counts.notStarted, 'aún no comienza', 'aún no comienzan')}`);
  return parts.join('; ');
}

/**
 * updateAsScheduled (issue 32): 'Actualizar según lo programado'. Reads the stored Gantt scheduled
 * as it is now (at the latest cut-off), works out with the domain what each leaf in scope should
 * have at `cutoff`, and either answers the counts (`preview`) or records the entries through
 * saveProgress, the same path as 'Registrar avance' (one transaction under the Gantt's version, the
 * cut-off's history, the project's 'Historial'). Every refusal comes before anything is written.
 */
export async function updateAsScheduled(
  db: Kysely<Database>,
  projectId: string,
  input: UpdateAsScheduledInput,
  caller: { userId: string; name: string },
): Promise<UpdateAsScheduledResult> {
  const { cutoff } = input;
  const project = await readProject(db, projectId);
  checkCutoff(cutoff, project);
  if (input.version !== undefined && input.version !== project.version) {
    throw new HttpsError('ABORTED', GANTT_STALE_MESSAGE);
  }
  const stored = await readTasks(db, projectId);
  const scheduled = scheduledOrThrow(scheduleGantt(stored, await readLinks(db, projectId), project));
  if (scheduled.projectStart !== '' && cutoff < scheduled.projectStart) {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      `La fecha de corte (${formatIsoDate(cutoff)}) es anterior al inicio del proyecto (${formatIsoDate(scheduled.projectStart)}): no hay avance programado`,
    );
  }
  const tasks: UpdateTask[] = stored.map((task, index) => {
    const at = scheduled.tasks[index] as (typeof scheduled.tasks)[number];
    return {
      id: task.id,
      parentId: task.parentId,
      isSummary: at.isSummary,
      start: at.start,
      duration: task.duration,
      progress: task.progress,
      actualStart: task.actualStart,
      actualFinish: task.actualFinish,
    };
  });
  const scope = updateScope(tasks, input.taskIds);
  if (scope.unknown.length > 0) {
    const ids = scope.unknown.slice(0, 10).join(', ');
    throw new HttpsError(
      'INVALID_ARGUMENT',
      scope.unknown.length === 1 ? `La tarea ${ids} no existe en el Gantt` : `Las tareas ${ids} no existen en el Gantt`,
    );
  }
  const plan = planUpdateAsScheduled(calendarFor(project), tasks, cutoff, scope.leaves);
  const preview = input.preview === true;
  if (preview || plan.entries.length === 0) {
    const message = preview
      ? `${countsSentence(plan.counts, true)} al ${formatIsoDate(cutoff)}`
      : `No hay avance que registrar al ${formatIsoDate(cutoff)}: todas las tareas están al día o aún no comienzan`;
    return { cutoff, preview, counts: plan.counts, message };
  }
  const gantt = await saveProgress(
    db,
    projectId,
    { cutoff, entries: plan.entries, version: project.version },
    caller,
    'updateAsScheduled',
  );
  return {
    cutoff,
    preview,
    counts: plan.counts,
    gantt,
    message: `${countsSentence(plan.counts, false)} al ${formatIsoDate(cutoff)}`,
  };
}

/** 'Actualizar según lo programado' (issue 32): the preview's counts, or the progress recorded. */
export const handleUpdateAsScheduled = defineHandler(
  updateAsScheduledContract,
  async ({ id, cutoff, taskIds, preview, version }, { db, caller }) =>
    updateAsScheduled(db, id, { cutoff, taskIds, preview, version }, { userId: caller.userId, name: caller.name }),
);
