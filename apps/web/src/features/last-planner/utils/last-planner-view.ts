import { formatNumber } from '@cimiento/domain';
import { addDays } from '@cimiento/domain/last-planner';
import { roleAllows } from '@cimiento/domain/members';
import type { ProjectRole } from '@cimiento/domain/members';

/** A PPC or a share as the screens say it, es-CL with one decimal ('71,4 %'); none is '—', never 0 %. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${formatNumber(value, 1)} %`;
}

/** A task's progress (two decimals at most, as saveProgress keeps it): '42,86 %', '30 %'. */
export function formatProgress(value: number): string {
  return `${formatNumber(value, Number.isInteger(value) ? 0 : 2)} %`;
}

/**
 * What the caller may do on these screens, from its role on the project (null: an administrator
 * who is not a member, who may do everything; undefined: not known yet, so nothing). The server
 * checks it anyway; the screens hide what the role cannot use.
 */
export type LastPlannerAbilities = {
  /** the look-ahead's constraints, closing commitments, 'Pasar al avance', the settings */
  canRun: boolean;
  /** taking and withdrawing commitments (a Subcontratista: its company's tasks) */
  canCommit: boolean;
  /** 'Asignar empresa' (saveTaskCompany needs 'plan') */
  canPlan: boolean;
};

export function abilitiesOf(role: ProjectRole | null | undefined): LastPlannerAbilities {
  if (role === undefined) return { canRun: false, canCommit: false, canPlan: false };
  if (role === null) return { canRun: true, canCommit: true, canPlan: true };
  return {
    canRun: roleAllows(role, 'lastPlanner'),
    canCommit: roleAllows(role, 'commitments'),
    canPlan: roleAllows(role, 'plan'),
  };
}

/**
 * Where a task falls in the look-ahead's week columns: 'on' where its dates [start, end] touch the
 * column (its first day and six more), 'late' in the first column for a task that should have
 * finished before the window and has not, 'off' elsewhere.
 */
export type WeekCell = 'on' | 'late' | 'off';

export function weekCells(task: { start: string; end: string }, weekStarts: readonly string[]): WeekCell[] {
  return weekStarts.map((first, index) => {
    if (task.start <= addDays(first, 6) && task.end >= first) return 'on';
    return index === 0 && task.end < first ? 'late' : 'off';
  });
}

/** Whether a typed value is a real YYYY-MM-DD day. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A decimal typed the Chilean way ('12,5', '1.234,5' or '12.5'); null when it is not one. */
export function readDecimal(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  // with a decimal comma, dots group thousands ('1.234,5')
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(trimmed)) return Number(trimmed.replace(/\./g, '').replace(',', '.'));
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}
