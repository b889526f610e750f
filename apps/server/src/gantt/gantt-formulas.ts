import { canonicalDecimal, edcFormula, edcSourceKey } from '@cimiento/domain';
import type { EdcItem, GanttTaskRecord } from '@cimiento/domain';
import { durationByHand, taskFormulaDays } from '@cimiento/domain/resources';
import type { DurationFormula } from '@cimiento/domain/resources';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Issue 35, durations from quantities (docs/RESOURCES.md "Quantities and durations"): the formula
 * of every EDC activity of the project that has one (a quantity, typed or its EDP item's, and its
 * activity's productivity), by its task's source key, as the merge reads them (build-gantt's
 * edcFormula), in one query: what saveGantt sizes the saved leaves with.
 */
export async function readSourceFormulas(
  db: Kysely<Database>,
  projectId: string,
): Promise<Map<string, DurationFormula>> {
  const rows = await db
    .selectFrom('edc_item')
    .innerJoin('edp_item', (join) =>
      join.onRef('edp_item.project_id', '=', 'edc_item.project_id').onRef('edp_item.id', '=', 'edc_item.edp_item_id'),
    )
    .innerJoin('catalogue_activity', 'catalogue_activity._id', 'edc_item.source_id')
    .select([
      'edc_item.edp_item_id',
      'edc_item.code',
      'edc_item.quantity',
      'edp_item.unit',
      'edp_item.quantity as edp_quantity',
      'catalogue_activity.work_unit',
      'catalogue_activity.productivity',
      'catalogue_activity.resource_id',
      'catalogue_activity.crews',
    ])
    .where('edc_item.project_id', '=', projectId)
    .where('edc_item.kind', '=', 'activity')
    .where('catalogue_activity.productivity', 'is not', null)
    .execute();
  const formulas = new Map<string, DurationFormula>();
  for (const row of rows) {
    const item: EdcItem = { code: row.code, name: '', parentCode: '', kind: 'activity' };
    if (row.quantity !== null) item.quantity = canonicalDecimal(row.quantity);
    if (row.work_unit !== null) item.workUnit = row.work_unit as EdcItem['workUnit'];
    if (row.productivity !== null) item.productivity = row.productivity;
    if (row.resource_id !== null) item.resourceId = row.resource_id;
    if (row.crews !== null) item.crews = Number(row.crews);
    const edpItem: { unit?: string; quantity?: string } = {};
    if (row.unit !== null) edpItem.unit = row.unit;
    if (row.edp_quantity !== null) edpItem.quantity = canonicalDecimal(row.edp_quantity);
    const formula = edcFormula(item, edpItem);
    if (formula !== undefined) formulas.set(edcSourceKey(Number(row.edp_item_id), row.code), formula);
  }
  return formulas;
}

/**
 * A saved leaf sized by its formula: a duration typed by hand wins and is kept so (durationByHand:
 * what the save said, else a duration other than the formula's); otherwise the formula's days on
 * the task's resources (its crews) replace the duration sent. Changes `task` in place.
 */
export function sizeByFormula(
  task: GanttTaskRecord,
  formula: DurationFormula | undefined,
  sent: boolean | null | undefined,
  stored: GanttTaskRecord | undefined,
): void {
  // (deleted only where present: a `delete` turns each of 10,000 records into a slow dictionary object)
  if (task.formula !== undefined) delete task.formula;
  const formulaDays = formula === undefined ? undefined : taskFormulaDays(formula, task.resources);
  const byHand = durationByHand({
    formulaDays,
    duration: task.duration,
    byHand: sent,
    storedByHand: stored?.durationByHand,
  });
  if (byHand) task.durationByHand = true;
  else if (task.durationByHand !== undefined) delete task.durationByHand;
  if (formula === undefined) return;
  task.formula = formula;
  if (!byHand && formulaDays !== undefined) task.duration = formulaDays;
}
