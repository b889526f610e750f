/**
 * Tables as Kysely sees them. The auth tables follow better-auth's schema (camelCase columns, its
 * own names) because better-auth reads and writes them through this same Kysely instance.
 * SQLite keeps booleans as 0/1 and dates as ISO text; PostgreSQL as boolean and timestamptz.
 */
import type { Generated } from 'kysely';
import type {
  LpCommitmentTable,
  LpConstraintTable,
  ProjectLastPlannerTable,
  TaskCompanyTable,
  TaskPhotoTable,
} from './schema-last-planner';

type DbBoolean = boolean | number;
type DbDate = Date | string;

export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: DbBoolean;
  image: string | null;
  createdAt: DbDate;
  updatedAt: DbDate;
  role: string | null;
  banned: DbBoolean | null;
  banReason: string | null;
  banExpires: DbDate | null;
};

export type SessionTable = {
  id: string;
  expiresAt: DbDate;
  token: string;
  createdAt: DbDate;
  updatedAt: DbDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
};

export type AccountTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: DbDate | null;
  refreshTokenExpiresAt: DbDate | null;
  scope: string | null;
  password: string | null;
  createdAt: DbDate;
  updatedAt: DbDate;
};

export type VerificationTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: DbDate;
  createdAt: DbDate;
  updatedAt: DbDate;
};

export type RateLimitTable = {
  id: string;
  key: string;
  count: number;
  lastRequest: number | string;
};

/** The spec's 'users' document keyed by the user's id: profile fields the account does not hold. */
export type UserProfileTable = {
  user_id: string;
  job_title: string;
  birthday: string;
  location: string;
  phone_number: string;
  updated_at: string;
};

/** Stored files (avatars now, project documents later); the bytes live behind the storage interface. */
export type StoredFileTable = {
  _id: string;
  owner_id: string;
  purpose: string;
  path: string;
  content_type: string;
  size: number;
  created_at: string;
};

/** The bytes of an uploaded file when FILE_STORAGE=database (storage/database-storage.ts). */
export type FileContentTable = {
  key: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  created_at: string;
};

/**
 * A stored file nothing references any more (issue 30): its bytes are deleted by the sweep
 * (storage/file-sweep.ts) once `released_at` is older than the grace period, never before.
 */
export type FileReleaseTable = {
  key: string;
  released_at: string;
};

export type LoginFailureTable = {
  key: string;
  failures: number;
  first_failure_at: number | string;
};

export type FirstAccountClaimTable = {
  id: string;
  claimed_at: number | string;
};

/** A top-level catalogue record (area type, activity, system, main component); code_key = code lower-cased, UNIQUE. */
export type CatalogueRecordTable = {
  _id: string;
  code: string;
  code_key: string;
  name: string;
  priority: number;
  created_at: string;
  updated_at: string;
};

/** Issue 35: a resource of the catalogue ('recursos'); money as decimal text in `currency`. */
export type CatalogueResourceTable = CatalogueRecordTable & {
  type: string;
  unit: string;
  max_units: number;
  cost_per_day: string | null;
  cost_per_unit: string | null;
  currency: string;
  /** issue 35: the weekdays of its own calendar, '1,2,3,4' (0 = Sunday); NULL: the project's */
  working_weekdays: string | null;
};

/** Issue 35: a row of a labour resource's crew: a trade and how many. */
export type CatalogueResourceCrewTable = { resource_id: string; trade_id: string; count: number; position: number };

/** Issue 35: a date range with another maximum of units. */
export type CatalogueResourceAvailabilityTable = {
  resource_id: string;
  position: number;
  from_date: string;
  to_date: string;
  max_units: number;
};

/** Issue 35: a non-working date range of a resource's own calendar (both days included). */
export type CatalogueResourceCalendarTable = {
  resource_id: string;
  position: number;
  from_date: string;
  to_date: string;
  name: string;
};

/** Issue 35: a Gantt task's resource and units ('Recursos'), in the task's order. */
export type GanttTaskResourceTable = {
  project_id: string;
  task_id: number;
  resource_id: string;
  units: number;
  position: number;
};

/** An activity: a catalogue record with its default duration in working days (issue 13). */
export type CatalogueActivityTable = CatalogueRecordTable & {
  duration: Generated<number>;
  /** issue 35: unit of work, productivity (decimal text, units per crew-day), default resource, crews (NULL: 1) */
  work_unit: string | null;
  productivity: string | null;
  resource_id: string | null;
  crews: number | null;
};

/** A sub-area (sector) of an area type; `id` is numeric and unique within its area type. */
export type CatalogueSectorTable = {
  area_type_id: string;
  id: number | string;
  code: string;
  name: string;
  quantity: number;
  priority: number;
};

/** A subcomponent (componente básico) of a main component; `id` is numeric and unique within its component. */
export type CatalogueSubcomponentTable = {
  component_id: string;
  id: number | string;
  code: string;
  name: string;
  priority: number;
};

/** An activity ticked for a subcomponent; goes when the activity goes. */
export type CatalogueSubcomponentActivityTable = {
  component_id: string;
  subcomponent_id: number | string;
  activity_id: string;
  position: number;
};

/** A project; code_key = code lower-cased, UNIQUE. `budget` is text on SQLite, numeric on PostgreSQL (read as a string). */
export type ProjectTable = {
  _id: string;
  code: string;
  code_key: string;
  name: string;
  priority: number;
  template: string;
  start_year: number;
  end_year: number;
  currency: string;
  budget: string;
  edp_version: Generated<number>;
  /** issue 7: grows on every write of the Gantt (the stale-save check) */
  gantt_version: Generated<number>;
  /** issue 7: 'mon-fri' | 'mon-sat'; issue 14: 'custom' for other weekdays, kept in step with gantt_calendar */
  gantt_work_week: Generated<string>;
  /**
   * issue 14: the Gantt's calendar as JSON {workingWeekdays, chileHolidays, exceptions}; null: the
   * work week's weekdays, Chile's holidays on, no exceptions (projects-store's projectCalendarOf)
   */
  gantt_calendar: string | null;
  /** issue 15: the baseline shown and compared in the Gantt (gantt_baseline._id); null: none */
  gantt_baseline_id: string | null;
  /** issue 16: the contract's payment terms for its estados de pago (null: DEFAULT_ESTADO_PAGO_SETTINGS) */
  ep_contract: string | null;
  ep_contractor: string | null;
  ep_retention_percent: string | null;
  ep_retention_cap_percent: string | null;
  ep_advance_amount: string | null;
  ep_vat_percent: string | null;
  /** issue 12: grows on every updateProject and every work-week change (the stale-save check of 'Editar proyecto') */
  version: Generated<number>;
  /** issue 13: 'none' | 'priority' | 'train' */
  sequencing: Generated<string>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** issue 30: set while the project is in the 'Papelera' (ISO timestamp); null: a live project */
  deleted_at: string | null;
  deleted_by_id: string | null;
  deleted_by_name: string | null;
};

/** An area type as the project was created with it (a copy); `sectores` is the sub-areas as JSON. */
export type ProjectAreaTypeTable = {
  project_id: string;
  position: number;
  area_type_id: string;
  code: string;
  name: string;
  priority: number;
  quantity: number;
  sectores: string;
};

/** One item of a project's EDP; `id` is numeric and unique within the project, `parent_id` null for the root. */
export type EdpItemTable = {
  project_id: string;
  id: number | string;
  parent_id: number | string | null;
  code: string;
  name: string;
  position: number;
  /** issue 16: the item's price; decimals are text on SQLite, numeric read as strings on PostgreSQL ("12.5000") */
  unit: string | null;
  quantity: string | null;
  unit_price: string | null;
};

/** The EDC list of one EDP item (issue 6): its version grows on every save (the stale-save check). */
export type EdcListTable = {
  project_id: string;
  edp_item_id: number | string;
  version: number;
  updated_at: string;
};

/** One item of an EDC list, in list order; code_key = code lower-cased, UNIQUE within the list. */
export type EdcItemTable = {
  project_id: string;
  edp_item_id: number | string;
  position: number;
  code: string;
  code_key: string;
  name: string;
  parent_code: string;
  kind: string;
  source_id: string | null;
  /** issue 12: the catalogue code and name of the record it was generated from (null: typed by hand, or unknown) */
  source_code: string | null;
  source_name: string | null;
  /** issue 13: copies of the catalogue priority (main, sub, activity) and the activity's duration (null: unknown) */
  priority: number | null;
  duration: number | null;
  /** issue 35: an activity's quantity typed in the EDC grid (exact decimal; NULL: none) */
  quantity: string | null;
};

/** One task of a project's Gantt (issue 7), in list order; `source_key` null for a task the user added. */
export type GanttTaskTable = {
  project_id: string;
  id: number | string;
  source_key: string | null;
  parent_id: number | string | null;
  code: string;
  name: string;
  /** YYYY-MM-DD: the start no earlier than */
  start_date: string;
  duration: number;
  progress: number;
  position: number;
  /** issue 15: YYYY-MM-DD, the leaf's 'Inicio real' / 'Fin real' */
  actual_start: string | null;
  actual_finish: string | null;
  /** issue 34: 'Duración restante' of a task under way, working days (NULL: what the progress leaves) */
  remaining_duration: number | null;
  /** issue 34: 'Notas' and 'Fecha límite' (YYYY-MM-DD); NULL: none */
  notes: string | null;
  deadline: string | null;
  /** issue 34: 1: start_date is a must-start-on ('Debe comenzar el'); NULL: a start no earlier than */
  must_start_on: number | null;
  /** issue 34: YYYY-MM-DD, 'Reanudar' of a task under way; NULL: at the cut-off */
  resume: string | null;
  /** issue 35: the working days 'Redistribuir recursos' added to the start, and the start it had; NULL: not levelled */
  leveling_delay: number | null;
  leveled_from: string | null;
  /** issue 35: 1: the duration was typed by hand over its quantity's formula and wins; NULL: the formula's */
  duration_by_hand: number | null;
};

/** A link between two tasks of the same Gantt: type FS/SS/FF/SF, lag in working days. */
export type GanttLinkTable = {
  project_id: string;
  from_id: number | string;
  to_id: number | string;
  type: string;
  lag: number;
  /** issue 13: made by the sequencing (SQLite 0/1) */
  generated: Generated<boolean | number>;
};

/** The source key of a built task the user deleted in the Gantt, so a later load leaves it out. */
export type GanttRemovedSourceTable = {
  project_id: string;
  source_key: string;
};

/** A generated link the user deleted, by its tasks' source keys (issue 13), so a load does not make it again. */
export type GanttRemovedLinkTable = {
  project_id: string;
  from_key: string;
  to_key: string;
};

/** issue 15: a baseline ('línea base'), a named, dated, read-only snapshot of the Gantt. */
export type GanttBaselineTable = {
  _id: string;
  project_id: string;
  name: string;
  /** ISO timestamp */
  created_at: string;
  created_by: string | null;
  created_by_name: string;
  task_count: number;
  project_start: string;
  project_finish: string;
};

/** One task of a baseline, as the baseline froze it (code and name kept for tasks deleted later). */
export type GanttBaselineTaskTable = {
  baseline_id: string;
  task_id: number | string;
  code: string;
  name: string;
  start_date: string;
  finish_date: string;
  duration: number;
  /** unused: issue 16 keeps a baseline's costs exactly in gantt_baseline_cost */
  cost: number | null;
};

/** issue 16: a baseline task's amount, per EDP item it came from (exact decimal as a string). */
export type GanttBaselineCostTable = {
  baseline_id: string;
  task_id: number | string;
  edp_item_id: number | string;
  amount: string;
};

/** issue 16: a UF value (CLP per UF) on a date; the country's, not a project's. */
export type UfValueTable = {
  /** YYYY-MM-DD */
  date: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
};

/**
 * issue 16: an estado de pago. `document` is the EP as computed, in JSON (cost-contracts.ts
 * estadoPagoSchema less number, cutoff, status and who/when, which are columns); frozen once
 * `status` is 'approved'.
 */
export type EstadoPagoTable = {
  _id: string;
  project_id: string;
  number: number;
  /** YYYY-MM-DD */
  cutoff: string;
  /** 'draft' | 'approved' */
  status: string;
  created_at: string;
  created_by: string | null;
  created_by_name: string;
  approved_at: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  document: string;
};

/** issue 15: a cut-off date recorded ('Cortes de avance'); one per date and project. */
export type GanttCutoffTable = {
  _id: string;
  project_id: string;
  /** YYYY-MM-DD */
  cutoff: string;
  /** ISO timestamp */
  recorded_at: string;
  recorded_by: string | null;
  recorded_by_name: string;
  /** the project's physical progress at the cut-off, 0–100, leaves weighted by duration */
  progress: number;
  /** issue 16: the actual cost to date entered at this cut-off (AC), exact decimal; null: none */
  actual_cost: string | null;
};

/** The progress of one leaf at a cut-off (only leaves with any progress or actual date). */
export type GanttCutoffTaskTable = {
  cutoff_id: string;
  task_id: number | string;
  code: string;
  name: string;
  progress: number;
  actual_start: string | null;
  actual_finish: string | null;
};

/** issue 19: one save of a project ('Historial'), written in the save's transaction. */
export type ProjectHistoryTable = {
  id: Generated<number>;
  project_id: string;
  user_id: string | null;
  user_name: string;
  /** the callable function that saved, e.g. 'saveGantt' */
  function_name: string;
  /** collaboration-contracts.ts historyAreaSchema: 'project' | 'edp' | 'edc' | 'gantt' | 'tracking' | 'costs' */
  area: string;
  summary: string;
  /** JSON: collaboration-contracts.ts historyDetailSchema */
  detail: string;
  /** ISO timestamp */
  created_at: string;
};

/** issue 19: a notification for one recipient. */
export type NotificationTable = {
  id: Generated<number>;
  user_id: string;
  /** 'project-change' | 'account-created' | 'made-admin' */
  kind: string;
  project_id: string | null;
  history_id: number | null;
  actor_id: string | null;
  actor_name: string;
  title: string;
  body: string;
  /** ISO timestamp */
  created_at: string;
  read_at: string | null;
};

/** issue 19: a user following a project (its changes reach their bell). */
export type ProjectFollowTable = {
  project_id: string;
  user_id: string;
  created_at: string;
};

/** issue 30: one change to the catalogues, the UF values or the trash ('Registro de cambios'). */
export type ChangeLogTable = {
  id: Generated<number>;
  /** ISO timestamp */
  created_at: string;
  user_id: string | null;
  user_name: string;
  /** 'catalogue' | 'uf' | 'project' */
  area: string;
  /** e.g. 'create' | 'update' | 'delete' | 'import' | 'seed' | 'trash' | 'restore' | 'purge' */
  action: string;
  /** what was changed, as a person names it: 'Actividad ACT12 Relleno y compactación', 'UF 01-03-2027' */
  record: string;
  /** one Spanish line */
  summary: string;
  /** JSON: the fields before and after, as the area's writer records them */
  detail: string;
};

/** issue 36: a project's companies ('Empresas'). */
export type ProjectCompanyTable = {
  id: string;
  project_id: string;
  name: string;
  /** '76.086.428-5' */
  rut: string;
  /** 'contratista' | 'subcontratista' */
  kind: string;
  created_at: string;
};

/** issue 36: who is a member of a project, with which role. */
export type ProjectMemberTable = {
  project_id: string;
  user_id: string;
  /** 'planificador' | 'terreno' | 'subcontratista' | 'lector' */
  role: string;
  company_id: string | null;
  created_at: string;
};

export type Database = {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  user_profile: UserProfileTable;
  stored_file: StoredFileTable;
  file_content: FileContentTable;
  file_release: FileReleaseTable;
  login_failure: LoginFailureTable;
  first_account_claim: FirstAccountClaimTable;
  catalogue_area_type: CatalogueRecordTable;
  catalogue_sector: CatalogueSectorTable;
  catalogue_activity: CatalogueActivityTable;
  catalogue_system: CatalogueRecordTable;
  catalogue_component: CatalogueRecordTable;
  catalogue_subcomponent: CatalogueSubcomponentTable;
  catalogue_subcomponent_activity: CatalogueSubcomponentActivityTable;
  catalogue_trade: CatalogueRecordTable;
  catalogue_resource: CatalogueResourceTable;
  catalogue_resource_crew: CatalogueResourceCrewTable;
  catalogue_resource_availability: CatalogueResourceAvailabilityTable;
  catalogue_resource_calendar: CatalogueResourceCalendarTable;
  project: ProjectTable;
  project_area_type: ProjectAreaTypeTable;
  edp_item: EdpItemTable;
  edc_list: EdcListTable;
  edc_item: EdcItemTable;
  gantt_task: GanttTaskTable;
  gantt_link: GanttLinkTable;
  gantt_task_resource: GanttTaskResourceTable;
  gantt_removed_source: GanttRemovedSourceTable;
  gantt_removed_link: GanttRemovedLinkTable;
  gantt_baseline: GanttBaselineTable;
  gantt_baseline_task: GanttBaselineTaskTable;
  gantt_cutoff: GanttCutoffTable;
  gantt_cutoff_task: GanttCutoffTaskTable;
  gantt_baseline_cost: GanttBaselineCostTable;
  uf_value: UfValueTable;
  estado_pago: EstadoPagoTable;
  project_history: ProjectHistoryTable;
  notification: NotificationTable;
  project_follow: ProjectFollowTable;
  change_log: ChangeLogTable;
  project_company: ProjectCompanyTable;
  project_member: ProjectMemberTable;
  project_last_planner: ProjectLastPlannerTable;
  task_company: TaskCompanyTable;
  lp_constraint: LpConstraintTable;
  lp_commitment: LpCommitmentTable;
  task_photo: TaskPhotoTable;
};

export type DatabaseDialect = 'sqlite' | 'postgres';
