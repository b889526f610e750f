import type { SCurve } from '@cimiento/domain';

/**
 * The S-curve ('Curva S', issue 16; docs/COSTS.md) on the server: what computeSCurve needs, read
 * from the database (its Excel workbook: exchange/s-curve-workbook.ts); and the actual cost entered
 * at a cut-off.
 *
 * - Planned: the asked baseline, else the project's chosen one, else the current schedule
 *   (loadGantt's dates). A baseline's amounts are the ones frozen with it (gantt_baseline_cost, per
 *   task and EDP item); one fixed before there were prices has none, so the current amounts are
 *   laid on its dates (the answer's message says so), a task newer than it on its current dates.
 * - Earned: the current amounts (the cost spread of the stored Gantt) × each leaf's progress at
 *   every recorded cut-off.
 * - Per EDP item: only the money of the item's subtree (the parts and baseline costs of its items),
 *   and on the duration basis only the leaves its items' work is measured on.
 * - Forecast (issue 33): the current schedule (loadMergedGantt's, the remaining work from the latest
 *   cut-off) gives each leaf in scope its remaining span and the estimated finish (the latest of
 *   their finishes); the baseline's finish is its project_finish (an item's: the latest of its
 *   leaves' finishes in the baseline).
 */

export type SCurveAnswer = SCurve & { message: string };

export type SCurveRequest = { baselineId?: string | undefined; edpItemId?: number | undefined };
