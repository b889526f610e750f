import type { LastPlannerTask } from '@cimiento/domain/last-planner';
import type { ProjectRole } from '@cimiento/domain/members';
import type { WeeklyPlan } from './field-queue';

/**
 * Issue 36: the field screen's tasks: the week's candidates (starting or under way that week), a
 * Subcontratista's only its company's, the ones with a commitment this week first, then by start.
 */
export function fieldTasks(
  plan: Pick<WeeklyPlan, 'candidates' | 'commitments'>,
  member: { role: ProjectRole | null; companyId: string | null },
): LastPlannerTask[] {
  const committed = new Set(plan.commitments.map((commitment) => commitment.taskId));
  const mine =
    member.role === 'subcontratista'
      ? plan.candidates.filter((task) => member.companyId !== null && task.companyId === member.companyId)
      : plan.candidates;
  return [...mine].sort(
    (a, b) =>
      Number(committed.has(b.id)) - Number(committed.has(a.id)) ||
      a.start.localeCompare(b.start) ||
      a.code.localeCompare(b.code, 'es-CL', { numeric: true }),
  );
}

/** A number as typed on a phone: '45', '45,5', '45.5', ' 1.234,5 ' (es-CL thousands); undefined when it is not one. */
export function parseEntryNumber(typed: string): number | undefined {
  let text = typed.trim().replace(/\s+/g, '').replace(/%$/, '');
  if (text === '') return undefined;
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The % a quantity done to date is of the task's quantity, two decimals (3 of 7 m³ → 42,86). */
export function progressFromQuantity(done: number, quantity: number): number {
  if (!(quantity > 0)) return Number.NaN;
  return Math.round((done / quantity) * 100 * 100) / 100;
}
