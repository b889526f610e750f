import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema, noInputSchema } from './common';
import { projectIdSchema } from './gantt-contracts';

/**
 * Working together (issue 19): the project history ('Historial'), notifications (the bell and
 * '/pages/notifications'), following a project, and the home dashboard. The live stream is not a
 * callable function: GET /api/events (Server-Sent Events, docs/COLLABORATION.md).
 */

/** What part of a project a save touched; the banner and the timeline's icon follow it. */
export const historyAreaSchema = z.enum(['project', 'edp', 'edc', 'gantt', 'tracking', 'costs', 'lastPlanner']);
export type HistoryArea = z.infer<typeof historyAreaSchema>;

/** One save, as the timeline lists it. `at` is an ISO timestamp. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  projectId: z.string(),
  projectName: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  /** the callable function that saved, e.g. 'saveGantt' */
  functionName: z.string(),
  area: historyAreaSchema,
  /** e.g. 'EDP: 3 ítems agregados, 1 eliminado, 2 renombrados'; 'Gantt: 5 tareas cambiadas' */
  summary: z.string(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const codeNameSchema = z.object({ code: z.string(), name: z.string() });

/** One field of a task that a save changed, both sides as display text ('' when there was none). */
export const taskFieldChangeSchema = z.object({
  field: z.enum([
    'name',
    'code',
    'start',
    'finish',
    'duration',
    'links',
    'progress',
    'actualStart',
    'actualFinish',
    'remaining',
    'notes',
    'deadline',
    'mustStartOn',
    'resume',
    'resources',
    'parent',
  ]),
  from: z.string(),
  to: z.string(),
});
export type TaskFieldChange = z.infer<typeof taskFieldChangeSchema>;

/**
 * The detail of a save. EDP items (or EDC components) added, removed and renamed; Gantt tasks
 * added, removed and changed (duration, start, links…); `notes`: anything else, one line each.
 * Each list keeps at most 500 entries; `omitted` counts what was left out.
 */
export const historyDetailSchema = z.object({
  added: z.array(codeNameSchema),
  removed: z.array(codeNameSchema),
  renamed: z.array(z.object({ code: z.string(), from: z.string(), to: z.string() })),
  tasks: z.array(z.object({ code: z.string(), name: z.string(), changes: z.array(taskFieldChangeSchema) })),
  notes: z.array(z.string()),
  omitted: z.number().int().nonnegative(),
});
export type HistoryDetail = z.infer<typeof historyDetailSchema>;

const pageInput = {
  offset: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un entero' })
    .min(0, { error: 'no puede ser negativo' })
    .max(1_000_000)
    .optional(),
  limit: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un entero' })
    .min(1, { error: 'debe ser al menos 1' })
    .max(100, { error: 'debe ser como máximo 100' })
    .optional(),
};

/** A project's history, newest first, a page at a time (default 20), and whether the caller follows it. */
export const loadProjectHistoryContract = defineFunction({
  name: 'loadProjectHistory',
  input: z.strictObject({ id: projectIdSchema, ...pageInput }),
  output: z.object({
    entries: z.array(historyEntrySchema),
    total: z.number().int(),
    following: z.boolean(),
    message: messageSchema,
  }),
});

export const historyEntryIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un entero' })
  .min(1, { error: 'debe ser al menos 1' });

/** One entry with its detail. Unknown entry, or one of another project → NOT_FOUND. */
export const loadHistoryEntryContract = defineFunction({
  name: 'loadHistoryEntry',
  input: z.strictObject({ id: projectIdSchema, entryId: historyEntryIdSchema }),
  output: z.object({
    entry: historyEntrySchema.extend({ detail: historyDetailSchema }),
    message: messageSchema,
  }),
});

export const notificationKindSchema = z.enum(['project-change', 'account-created', 'made-admin']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * One notification of the caller. `title` e.g. 'Carla Planificadora grabó el Gantt'; `body` the
 * project and the summary. `at` is an ISO timestamp.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  projectId: z.string().nullable(),
  historyId: z.number().int().nullable(),
  actorName: z.string(),
  at: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** The caller's notifications, newest first, a page at a time (default 20); `unread` counts all unread. */
export const loadNotificationsContract = defineFunction({
  name: 'loadNotifications',
  input: z.union([
    z.null(),
    z.undefined(),
    z.strictObject({ ...pageInput, unreadOnly: z.boolean({ error: 'debe ser sí o no' }).optional() }),
  ]),
  output: z.object({
    notifications: z.array(notificationSchema),
    total: z.number().int(),
    unread: z.number().int(),
    message: messageSchema,
  }),
});

/** Marks some of the caller's notifications read ({ids}), or all of them ({all: true}). Others' ids are ignored. */
export const markNotificationsReadContract = defineFunction({
  name: 'markNotificationsRead',
  input: z.union(
    [
      z.strictObject({
        ids: z
          .array(historyEntryIdSchema, { error: 'debe ser una lista' })
          .min(1, { error: 'debe tener al menos un elemento' })
          .max(500, { error: 'debe tener como máximo 500 elementos' }),
      }),
      z.strictObject({ all: z.literal(true, { error: 'debe ser verdadero' }) }),
    ],
    { error: 'ids: debe ser una lista de notificaciones, o envía all: true para marcarlas todas' },
  ),
  output: z.object({ unread: z.number().int(), message: messageSchema }),
});

/** Follow a project (its saves by others reach the caller's bell) or stop following it. */
export const followProjectContract = defineFunction({
  name: 'followProject',
  input: z.strictObject({ id: projectIdSchema, follow: z.boolean({ error: 'debe ser sí o no' }) }),
  output: z.object({ following: z.boolean(), message: messageSchema }),
});

export const dashboardProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  mine: z.boolean(),
  /** YYYY-MM-DD, null while the project has no Gantt task */
  start: z.string().nullable(),
  finish: z.string().nullable(),
  taskCount: z.number().int(),
  criticalCount: z.number().int(),
  /**
   * physical progress 0–100 at the last cut-off; null while nothing is tracked. Issue 33: the Gantt's
   * project figure (rollUpProgress weighted by the amounts, by duration unpriced)
   */
  progress: z.number().nullable(),
  /** issue 33: what `progress` is weighted by */
  progressBasis: z.enum(['amount', 'duration']).optional(),
  /** issue 36: the Last Planner's open constraints due before today ('vencidas') */
  overdueConstraints: z.number().int(),
});
export type DashboardProject = z.infer<typeof dashboardProjectSchema>;

/** A task starting or due in the next two weeks (today included, America/Santiago). */
export const dashboardTaskSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.number().int(),
  code: z.string(),
  name: z.string(),
  start: z.string(),
  finish: z.string(),
  event: z.enum(['start', 'finish']),
  /** YYYY-MM-DD of the event */
  date: z.string(),
  critical: z.boolean(),
});
export type DashboardTask = z.infer<typeof dashboardTaskSchema>;

/** The home dashboard: the projects, the next two weeks' tasks, recent changes and the catalogue counts. */
export const loadDashboardContract = defineFunction({
  name: 'loadDashboard',
  input: noInputSchema,
  output: z.object({
    projects: z.array(dashboardProjectSchema),
    upcoming: z.array(dashboardTaskSchema),
    recent: z.array(historyEntrySchema),
    catalogues: z.object({
      tiposArea: z.number().int(),
      actividades: z.number().int(),
      sistemas: z.number().int(),
      componentes: z.number().int(),
    }),
    message: messageSchema,
  }),
});
