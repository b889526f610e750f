import type { DashboardProject, DashboardTask } from '@cimiento/domain';

export type DashboardTotals = { projects: number; mine: number; tasks: number; critical: number };

/** The KPI cards' figures: projects (and how many the caller created), tasks and critical tasks. */
export function dashboardTotals(projects: readonly DashboardProject[]): DashboardTotals {
  let tasks = 0;
  let critical = 0;
  let mine = 0;
  for (const project of projects) {
    tasks += project.taskCount;
    critical += project.criticalCount;
    if (project.mine) mine += 1;
  }
  return { projects: projects.length, mine, tasks, critical };
}

export type UpcomingDay = { date: string; starts: number; finishes: number };

/** The upcoming events counted per day, every day from `today` for `days` days (days without events at 0). */
export function upcomingByDay(upcoming: readonly DashboardTask[], today: string, days = 14): UpcomingDay[] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const result: UpcomingDay[] = [];
  const index = new Map<string, UpcomingDay>();
  for (let offset = 0; offset < days; offset += 1) {
    const date = new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
    const entry = { date, starts: 0, finishes: 0 };
    result.push(entry);
    index.set(date, entry);
  }
  for (const task of upcoming) {
    const entry = index.get(task.date);
    if (!entry) continue;
    if (task.event === 'start') entry.starts += 1;
    else entry.finishes += 1;
  }
  return result;
}
