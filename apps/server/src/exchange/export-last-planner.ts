import { formatIsoDate } from '@cimiento/domain';
import { COMMITMENT_OUTCOME_LABELS, PPC_TARGET, exportLastPlannerContract } from '@cimiento/domain/last-planner';
import type { StoredConstraint } from '@cimiento/domain/last-planner';
import type { Kysely } from 'kysely';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';
import type { Database } from '../db/schema';
import { loadLookAhead } from '../last-planner/load-look-ahead';
import { loadPpc } from '../last-planner/load-ppc';
import { loadWeeklyPlan } from '../last-planner/load-weekly-plan';
import type { DocumentRow, LastPlannerDocument } from './last-planner-documents';
import { exportedProject } from './export-project';
import { lastPlannerPdf, lastPlannerWorkbook } from './last-planner-documents';

type ExportInput = {
  what: 'lookAhead' | 'weeklyPlan' | 'ppc';
  format: 'xlsx' | 'pdf';
  paper?: 'A4' | 'A3' | undefined;
  groupBy?: 'company' | 'area' | undefined;
  weeks?: number | undefined;
  from?: 'cutoff' | 'today' | undefined;
  week?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  companyId?: string | undefined;
};

const PERCENT = '0.0 "%"';

/** A PPC figure's columns: the trend's and the companies' tables. */
const PPC_FIGURE_COLUMNS = [
  { title: 'Cumplidos', width: 11 },
  { title: 'Cerrados', width: 11 },
  { title: 'Sin cerrar', width: 11 },
  { title: 'PPC', width: 10, numberFormat: PERCENT },
] as const;

function ppcText(ppc: number | null): string {
  return ppc === null
    ? 'sin compromisos cerrados'
    : `${ppc.toLocaleString('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

function constraintLine(constraint: StoredConstraint): string {
  const state = constraint.state === 'liberada' ? 'liberada' : constraint.overdue ? 'VENCIDA' : 'abierta';
  return `${constraint.type}: ${constraint.description} (${constraint.responsible}, vence el ${formatIsoDate(constraint.dueDate)}, ${state})`;
}

/** The look-ahead as a document: one group row per company or area, one row per task. */
async function lookAheadDocument(
  db: Kysely<Database>,
  projectId: string,
  input: ExportInput,
): Promise<LastPlannerDocument> {
  const project = await exportedProject(db, projectId);
  const look = await loadLookAhead(db, projectId, { groupBy: input.groupBy, weeks: input.weeks, from: input.from });
  const rows: DocumentRow[] = [];
  for (const group of look.groups) {
    rows.push({ kind: 'group', label: `${group.label} (${group.tasks.length} tareas, ${group.readyCount} listas)` });
    for (const task of group.tasks) {
      rows.push({
        kind: 'row',
        flagged: task.overdueConstraints > 0,
        cells: [
          task.code,
          task.name,
          task.area.join(' › '),
          formatIsoDate(task.start),
          formatIsoDate(task.end),
          task.progress,
          task.ready ? 'Lista' : `No lista (${task.openConstraints})`,
          task.constraints.map(constraintLine).join('\n'),
        ],
      });
    }
  }
  return {
    title: `Intermedia ${formatIsoDate(look.from)} al ${formatIsoDate(look.to)}`,
    header: [
      `Proyecto: ${project.code} ${project.name}`,
      `${look.weeks} semanas desde ${look.cutoff !== null && look.from === look.cutoff ? 'el último corte' : 'hoy'}; agrupada por ${look.groupBy === 'company' ? 'empresa' : 'ubicación'}`,
      `${look.taskCount} tareas, ${look.readyCount} listas; ${look.openConstraints} restricciones abiertas, ${look.overdueConstraints} vencidas`,
    ],
    fileBase: `intermedia-${project.code}-${look.from}`,
    tables: [
      {
        sheetName: 'Intermedia',
        columns: [
          { title: 'Código', width: 12 },
          { title: 'Tarea', width: 28 },
          { title: 'Ubicación', width: 30 },
          { title: 'Inicio', width: 11 },
          { title: 'Fin', width: 11 },
          { title: 'Avance (%)', width: 9, numberFormat: '0.##' },
          { title: 'Estado', width: 12 },
          { title: 'Restricciones', width: 50 },
        ],
        rows,
      },
    ],
  };
}

/** The weekly plan as a document: its commitments by company, with what will be done and how it went. */
async function weeklyPlanDocument(
  db: Kysely<Database>,
  projectId: string,
  input: ExportInput,
): Promise<LastPlannerDocument> {
  const project = await exportedProject(db, projectId);
  const plan = await loadWeeklyPlan(db, projectId, input.week);
  const companyName = new Map(plan.companies.map((company) => [company.id, company.name]));
  const byCompany = new Map<string, typeof plan.commitments>();
  for (const commitment of plan.commitments) {
    const label =
      commitment.companyId === null ? 'Sin empresa' : (companyName.get(commitment.companyId) ?? commitment.companyId);
    byCompany.set(label, [...(byCompany.get(label) ?? []), commitment]);
  }
  const labels = [...byCompany.keys()].sort((a, b) =>
    a === 'Sin empresa' ? 1 : b === 'Sin empresa' ? -1 : a.localeCompare(b, 'es-CL', { numeric: true }),
  );
  const rows: DocumentRow[] = [];
  for (const label of labels) {
    rows.push({ kind: 'group', label });
    for (const commitment of byCompany.get(label) ?? []) {
      rows.push({
        kind: 'row',
        flagged: commitment.outcome === 'no-cumplido',
        cells: [
          commitment.taskCode,
          commitment.taskName,
          commitment.area.join(' › '),
          commitment.amountText,
          commitment.outcome === null ? '' : COMMITMENT_OUTCOME_LABELS[commitment.outcome],
          commitment.cause ?? '',
          commitment.createdBy,
        ],
      });
    }
  }
  return {
    title: `Plan semanal ${formatIsoDate(plan.week)} al ${formatIsoDate(plan.weekEnd)}`,
    header: [
      `Proyecto: ${project.code} ${project.name}`,
      `${plan.commitments.length} compromisos; PPC de la semana: ${ppcText(plan.ppc.ppc)} (${plan.ppc.fulfilled} de ${plan.ppc.closed} cerrados; meta ${PPC_TARGET} %)`,
    ],
    fileBase: `plan-semanal-${project.code}-${plan.week}`,
    tables: [
      {
        sheetName: 'Plan semanal',
        columns: [
          { title: 'Código', width: 12 },
          { title: 'Tarea', width: 28 },
          { title: 'Ubicación', width: 30 },
          { title: 'Qué se hará', width: 26 },
          { title: 'Resultado', width: 12 },
          { title: 'Causa de no cumplimiento', width: 20 },
          { title: 'Tomado por', width: 18 },
        ],
        rows,
      },
    ],
  };
}

/** The PPC as a workbook: the weekly trend, per company and the Pareto of causes. */
async function ppcDocument(db: Kysely<Database>, projectId: string, input: ExportInput): Promise<LastPlannerDocument> {
  const project = await exportedProject(db, projectId);
  const ppc = await loadPpc(db, projectId, { from: input.dateFrom, to: input.dateTo, companyId: input.companyId });
  return {
    title: `PPC ${formatIsoDate(ppc.from)} al ${formatIsoDate(ppc.to)}`,
    header: [
      `Proyecto: ${project.code} ${project.name}`,
      `PPC del periodo: ${ppcText(ppc.overall.ppc)} (${ppc.overall.fulfilled} de ${ppc.overall.closed} cerrados; ${ppc.overall.notClosed} sin cerrar); meta ${PPC_TARGET} %`,
    ],
    fileBase: `ppc-${project.code}-${ppc.from}`,
    tables: [
      {
        sheetName: 'PPC semanal',
        columns: [{ title: 'Semana (lunes)', width: 14 }, ...PPC_FIGURE_COLUMNS],
        rows: ppc.trend.map((week) => ({
          kind: 'row' as const,
          flagged: week.ppc !== null && week.ppc < PPC_TARGET,
          cells: [formatIsoDate(week.week), week.fulfilled, week.closed, week.notClosed, week.ppc],
        })),
      },
      {
        sheetName: 'PPC por empresa',
        columns: [{ title: 'Empresa', width: 30 }, ...PPC_FIGURE_COLUMNS],
        rows: ppc.byCompany.map((company) => ({
          kind: 'row' as const,
          flagged: company.ppc !== null && company.ppc < PPC_TARGET,
          cells: [company.label, company.fulfilled, company.closed, company.notClosed, company.ppc],
        })),
      },
      {
        sheetName: 'Causas',
        columns: [
          { title: 'Causa de no cumplimiento', width: 30 },
          { title: 'Compromisos', width: 13 },
          { title: '%', width: 10, numberFormat: PERCENT },
          { title: '% acumulado', width: 13, numberFormat: PERCENT },
        ],
        rows: ppc.pareto.map((bar) => ({
          kind: 'row' as const,
          cells: [
            bar.inList ? bar.cause : `${bar.cause} (ya no en la lista)`,
            bar.count,
            bar.percent,
            bar.cumulativePercent,
          ],
        })),
      },
    ],
  };
}

const EXPORTED = {
  lookAhead: 'Intermedia exportada',
  weeklyPlan: 'Plan semanal exportado',
  ppc: 'PPC exportado',
} as const;

/** exportLastPlanner (issue 36): the look-ahead or the weekly plan to Excel or PDF, the PPC to Excel. */
export async function exportLastPlanner(db: Kysely<Database>, projectId: string, input: ExportInput) {
  if (input.what === 'ppc' && input.format === 'pdf') {
    throw new HttpsError(
      'INVALID_ARGUMENT',
      'El PPC se exporta a Excel; en PDF se imprimen la intermedia y el plan semanal',
    );
  }
  const document =
    input.what === 'lookAhead'
      ? await lookAheadDocument(db, projectId, input)
      : input.what === 'weeklyPlan'
        ? await weeklyPlanDocument(db, projectId, input)
        : await ppcDocument(db, projectId, input);
  const file =
    input.format === 'pdf' ? await lastPlannerPdf(document, input.paper ?? 'A4') : await lastPlannerWorkbook(document);
  return {
    ...file,
    message: `${EXPORTED[input.what]} a ${input.format === 'pdf' ? `PDF (${input.paper ?? 'A4'})` : 'Excel'}`,
  };
}

export const handleExportLastPlanner = defineHandler(exportLastPlannerContract, async ({ id, ...input }, { db }) =>
  exportLastPlanner(db, id, input),
);
