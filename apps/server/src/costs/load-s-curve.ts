import {
  computeSCurve,
  edpItemEarned,
  edpSubtreeIds,
  formatCount,
  isoDay,
  itemLeaves,
  loadSCurveContract,
  remainingWorkDays,
  spreadItemAmounts,
  withReportedFigures,
} from '@cimiento/domain';
import { defineHandler } from '../core/define-handler';
import type {
  GanttTaskRecord,
  ReportedEstadoPago,
  SCurveForecastInput,
  SCurvePlannedTask,
  SCurveRemainingSpan,
  WorkingCalendar,
} from '@cimiento/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpsError } from '../core/https-error';
import { readCostProject, readCutoffProgress, toCostTasks } from './cost-basis';
import type { SCurveRequest, SCurveAnswer } from './s-curve-queries';
import { loadMergedGantt } from '../gantt/gantt-merge';
import type { Scheduled } from '../gantt/gantt-schedule';
import { calendarFor } from '../gantt/gantt-horizon';
import { estadoPagoFromRow } from './estado-pago-read';

/** The project's approved estados de pago, oldest first, as the S-curve reads them (issue 33). */
async function readApprovedEstadosPago(db: Kysely<Database>, projectId: string): Promise<ReportedEstadoPago[]> {
  const rows = await db
    .selectFrom('estado_pago')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('status', '=', 'approved')
    .orderBy('number')
    .execute();
  return rows.map((row) => {
    const ep = estadoPagoFromRow(row);
    return { number: ep.number, cutoff: ep.cutoff, lines: ep.lines };
  });
}

type PlannedSource =
  { kind: 'current' } | { kind: 'baseline'; id: string; name: string; start: string; finish: string; costs: boolean };

/** The baseline the curve is planned on: the asked one (NOT_FOUND when not the project's), else the chosen one. */
async function plannedSource(
  db: Kysely<Database>,
  projectId: string,
  asked: string | undefined,
  chosen: string | undefined,
): Promise<PlannedSource> {
  const id = asked ?? chosen;
  if (id === undefined) return { kind: 'current' };
  const row = await db
    .selectFrom('gantt_baseline')
    .select(['_id', 'name', 'project_start', 'project_finish'])
    .where('_id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new HttpsError('NOT_FOUND', 'Línea base no encontrada');
  const cost = await db
    .selectFrom('gantt_baseline_cost')
    .select('task_id')
    .where('baseline_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return {
    kind: 'baseline',
    id: row._id,
    name: row.name,
    start: row.project_start,
    finish: row.project_finish,
    costs: cost !== undefined,
  };
}

/**
 * issue 33: where the current schedule places what is left of a leaf (docs/COSTS.md 'Forecast'):
 * none when it is done; a task under way, its remaining working days (remainingWorkDays: as
 * recorded, else ⌈duration × (1 − avance)⌉; the engine's count, docs/TRACKING.md) ending where the
 * schedule ends it, from the cut-off or later; a task not started, its whole scheduled span (a
 * milestone on its date).
 */
function remainingSpan(
  calendar: WorkingCalendar,
  task: GanttTaskRecord,
  computed: Scheduled['tasks'][number],
): SCurveRemainingSpan | undefined {
  if (computed.status === 'done') return undefined;
  if (computed.status === 'started') {
    const left = remainingWorkDays(task.duration, task.progress, task.remaining);
    if (left <= 0) return undefined;
    return { taskId: task.id, start: isoDay(calendar.dayAt(computed.finishIndex - left)), duration: left };
  }
  return { taskId: task.id, start: computed.start, duration: computed.duration };
}

/** loadSCurve: see the module's comment. Unknown project, baseline or EDP item → NOT_FOUND. */
export async function loadSCurve(
  db: Kysely<Database>,
  projectId: string,
  request: SCurveRequest,
): Promise<SCurveAnswer> {
  // the Gantt merged with the current EDP first (a new item's tasks exist before its money is placed)
  const gantt = await loadMergedGantt(db, projectId);
  const project = await readCostProject(db, projectId);
  const items = gantt.edpItems;
  let scope: Set<number> | undefined;
  if (request.edpItemId !== undefined) {
    const subtree = edpSubtreeIds(items, request.edpItemId);
    if (subtree.length === 0) throw new HttpsError('NOT_FOUND', 'Partida del EDP no encontrada');
    scope = new Set(subtree);
  }
  const inScope = (itemId: number) => scope === undefined || scope.has(itemId);
  const source = await plannedSource(db, projectId, request.baselineId, gantt.project.baselineId);

  const tasks = gantt.stored;
  const costTasks = toCostTasks(tasks);
  // each item's spread depends only on its amount and its leaves: only the items in scope are spread
  const costs = spreadItemAmounts(
    scope === undefined ? items : items.filter((item) => inScope(item.id)),
    costTasks,
    project.currency,
  );
  const parts = costs.parts;
  // the leaves in scope: every leaf, or the ones the subtree's items are measured on
  const parents = new Set(tasks.flatMap((task) => (task.parentId === undefined ? [] : [task.parentId])));
  let leaves = tasks.filter((task) => !parents.has(task.id)).map((task) => task.id);
  if (scope !== undefined) {
    const measured = new Set<number>();
    for (const [itemId, list] of itemLeaves(costTasks)) {
      if (scope.has(itemId)) for (const leaf of list) measured.add(leaf.taskId);
    }
    leaves = leaves.filter((id) => measured.has(id));
  }

  // the current schedule's dates (loadGantt's StartDate and Duration)
  const current = new Map<number, { start: string; duration: number }>();
  gantt.tasks.forEach((task, index) => {
    const computed = gantt.scheduled.tasks[index] as Scheduled['tasks'][number];
    current.set(task.id, { start: computed.start, duration: computed.isSummary ? computed.duration : task.duration });
  });
  const currentDates = (taskId: number) => current.get(taskId);
  let datesOf = currentDates;
  const planned: SCurvePlannedTask[] = [];
  let start = gantt.scheduled.projectStart === '' ? undefined : gantt.scheduled.projectStart;
  let baselineLeavesFinish: string | undefined;
  if (source.kind === 'baseline') {
    start = source.start;
    const rows = await db
      .selectFrom('gantt_baseline_task')
      .select(['task_id', 'start_date', 'finish_date', 'duration'])
      .where('baseline_id', '=', source.id)
      .execute();
    const baselineDates = new Map(
      rows.map((row) => [Number(row.task_id), { start: row.start_date, duration: Number(row.duration) }]),
    );
    if (scope !== undefined) {
      const measured = new Set(leaves);
      for (const row of rows) {
        if (!measured.has(Number(row.task_id))) continue;
        if (baselineLeavesFinish === undefined || row.finish_date > baselineLeavesFinish) {
          baselineLeavesFinish = row.finish_date;
        }
      }
    }
    // a task newer than the baseline is planned on its current dates
    datesOf = (taskId) => baselineDates.get(taskId) ?? currentDates(taskId);
    if (source.costs) {
      const costRows = await db
        .selectFrom('gantt_baseline_cost')
        .select(['task_id', 'edp_item_id', 'amount'])
        .where('baseline_id', '=', source.id)
        .execute();
      for (const row of costRows) {
        const dates = baselineDates.get(Number(row.task_id));
        if (dates === undefined || !inScope(Number(row.edp_item_id))) continue;
        planned.push({ taskId: Number(row.task_id), ...dates, amount: String(row.amount) });
      }
    }
  }
  if (source.kind === 'current' || !source.costs) {
    for (const part of parts) {
      const dates = datesOf(part.taskId);
      if (dates !== undefined) planned.push({ taskId: part.taskId, ...dates, amount: part.amount });
    }
  }
  // every leaf in scope once more with no money: the curve's span, and its weight on the duration basis
  const placed = new Set(planned.map((task) => task.taskId));
  for (const leaf of leaves) {
    const dates = placed.has(leaf) ? undefined : datesOf(leaf);
    if (dates !== undefined) planned.push({ taskId: leaf, ...dates, amount: '0' });
  }

  // issue 33: the forecast on the current schedule: the leaves in scope, what is left of each and the latest finish
  const calendar = calendarFor(project);
  const inScopeLeaves = new Set(leaves);
  const remaining: SCurveRemainingSpan[] = [];
  let finish: string | undefined;
  gantt.tasks.forEach((task, index) => {
    if (!inScopeLeaves.has(task.id)) return;
    const computed = gantt.scheduled.tasks[index] as Scheduled['tasks'][number];
    if (finish === undefined || computed.end > finish) finish = computed.end;
    const span = remainingSpan(calendar, task, computed);
    if (span !== undefined) remaining.push(span);
  });
  let forecast: SCurveForecastInput | undefined;
  if (finish !== undefined) {
    forecast = { remaining, finish };
    if (source.kind === 'baseline') {
      // the whole project's finish as the baseline froze it; an item's: the latest of its leaves there
      const baselineFinish = scope === undefined ? source.finish : baselineLeavesFinish;
      if (baselineFinish !== undefined) forecast.baselineFinish = baselineFinish;
    }
  }

  const cutoffs = await readCutoffProgress(db, projectId);
  const curve = computeSCurve({
    calendar,
    currency: project.currency,
    ...(start === undefined ? {} : { start }),
    planned,
    earned: parts.map((part) => ({ taskId: part.taskId, amount: part.amount })),
    cutoffs,
    ...(forecast === undefined ? {} : { forecast }),
  });

  // issue 33: at each approved estado de pago's cut-off, the figures it reported (and the ones the
  // data gives now, when they moved since)
  const approved = await readApprovedEstadosPago(db, projectId);
  const progressAt = new Map(cutoffs.map((entry) => [entry.cutoff, entry.progress]));
  const points =
    approved.length === 0
      ? curve.points
      : withReportedFigures(
          curve.points,
          approved,
          (cutoff) => edpItemEarned(parts, progressAt.get(cutoff) ?? new Map()),
          project.currency,
          scope,
        );

  const messages: string[] = [];
  if (gantt.tasks.length === 0) {
    messages.push('El proyecto no tiene Gantt: genera el EDP y la EDC para construirlo');
  } else {
    messages.push(
      source.kind === 'baseline'
        ? `Curva S sobre la línea base «${source.name}»`
        : 'Curva S sobre el programa actual (el proyecto no tiene línea base)',
    );
    messages.push(
      cutoffs.length === 0
        ? 'sin cortes de avance'
        : formatCount(cutoffs.length, 'corte de avance', 'cortes de avance'),
    );
  }
  let message = messages.join(', ');
  if (source.kind === 'baseline' && !source.costs && curve.basis === 'cost') {
    message += `. La línea base «${source.name}» se fijó antes de que hubiera precios: lo programado usa los montos actuales sobre sus fechas`;
  }
  if (curve.basis === 'duration' && gantt.tasks.length > 0) {
    message += '. Sin precios: avance ponderado por duración';
  }
  return {
    ...curve,
    points,
    ...(source.kind === 'baseline' ? { baselineId: source.id, baselineName: source.name } : {}),
    ...(request.edpItemId === undefined ? {} : { edpItemId: request.edpItemId }),
    message,
  };
}

/** 'Curva S' (issue 16): planned against earned value at every month and cut-off, with SPI and CPI. */
export const handleLoadSCurve = defineHandler(loadSCurveContract, async ({ id, baselineId, edpItemId }, { db }) =>
  loadSCurve(db, id, { baselineId, edpItemId }),
);
