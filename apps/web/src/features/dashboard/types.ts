import type { DashboardProject, DashboardTask, HistoryEntry } from '@cimiento/domain';

/** loadDashboard's answer, as the screens read it. */
export type DashboardData = {
  projects: DashboardProject[];
  upcoming: DashboardTask[];
  recent: HistoryEntry[];
  catalogues: { tiposArea: number; actividades: number; sistemas: number; componentes: number };
};
