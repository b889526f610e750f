/**
 * Issue 36: the tables of the Last Planner System and of the site's photos (docs/LAST-PLANNER.md),
 * apart from schema.ts's other tables; schema.ts's `Database` names them.
 */

/** issue 36: a project's Last Planner settings (no row: the defaults). */
export type ProjectLastPlannerTable = {
  project_id: string;
  look_ahead_weeks: number;
  /** 'cutoff' | 'today' */
  look_ahead_from: string;
  /** JSON arrays of text */
  constraint_types: string;
  causes: string;
  updated_at: string;
};

/** issue 36: the company that does a Gantt task. */
export type TaskCompanyTable = {
  project_id: string;
  task_id: number | string;
  company_id: string;
};

/** issue 36: a constraint ('Restricción') of a task. */
export type LpConstraintTable = {
  id: string;
  project_id: string;
  task_id: number | string;
  type: string;
  description: string;
  responsible: string;
  responsible_company_id: string | null;
  responsible_user_id: string | null;
  /** YYYY-MM-DD */
  due_date: string;
  /** 'abierta' | 'liberada' */
  state: string;
  version: number;
  created_at: string;
  created_by: string | null;
  created_by_name: string;
  released_at: string | null;
  released_by_name: string | null;
};

/** issue 36: a commitment of the weekly plan ('Plan semanal'). */
export type LpCommitmentTable = {
  id: string;
  project_id: string;
  task_id: number | string;
  task_code: string;
  task_name: string;
  company_id: string | null;
  /** the week's Monday, YYYY-MM-DD */
  week: string;
  /** 'percent' | 'quantity' | 'description' */
  kind: string;
  percent: number | null;
  quantity: number | null;
  description: string | null;
  /** null | 'cumplido' | 'no-cumplido' */
  outcome: string | null;
  cause: string | null;
  version: number;
  created_at: string;
  created_by: string | null;
  created_by_name: string;
  closed_at: string | null;
  closed_by_name: string | null;
  transferred_cutoff: string | null;
};

/** issue 36: a photo of a task taken on site (the field screen). */
export type TaskPhotoTable = {
  id: string;
  project_id: string;
  task_id: number | string;
  client_id: string;
  path: string;
  content_type: string;
  size: number;
  caption: string;
  created_at: string;
  created_by: string | null;
  created_by_name: string;
};
