import { z } from 'zod';
import { defineFunction } from './contract';
import { isoDateSchema, messageSchema } from './common';
import { sequencingModes } from '../gantt/sequence-gantt';

/**
 * The Gantt (product-spec.md "Gantt screen", §3 Gantt task, §7 loadGantt; issue 7 adds saveGantt).
 * Tasks keep the spec's field names. `Predecessor` is the one representation of a task's incoming
 * links: `12FS+2,15SS,20FF-1`. The schedule (dates, float, critical) is computed by the domain's
 * engine on every load and save; the saved fields are the user's: start (a "no earlier than"),
 * duration, progress, parent, links. Versioned like the EDP: a stale save is refused with ABORTED.
 */

export const GANTT_STALE_MESSAGE = 'El Gantt fue modificado por otra persona; recarga para ver los cambios';
export const MAX_GANTT_TASKS = 100_000;
export const MAX_TASK_DURATION = 10_000;
export const workWeeks = ['mon-fri', 'mon-sat'] as const;
export const sequencingModeSchema = z.enum(sequencingModes, {
  error: `debe ser una de: ${sequencingModes.join(', ')}`,
});

const projectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

const taskIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'es demasiado grande' });

/** A task as the screen sends it; computed fields that come along (EndDate, totalFloat, critical) are ignored. */
export const ganttTaskInputSchema = z.object({
  TaskID: taskIdSchema,
  TaskCode: z.string({ error: 'debe ser texto' }).trim().max(120, { error: 'debe tener como máximo 120 caracteres' }),
  TaskName: z
    .string({ error: 'debe ser texto' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(200, { error: 'debe tener como máximo 200 caracteres' }),
  /** the task's "start no earlier than" (a loaded task's StartNoEarlierThan, not its computed StartDate) */
  StartDate: isoDateSchema,
  Duration: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero de días hábiles' })
    .min(0, { error: 'debe ser 0 o más' })
    .max(MAX_TASK_DURATION, { error: `debe ser como máximo ${MAX_TASK_DURATION}` }),
  Progress: z
    .number({ error: 'debe ser un número' })
    .min(0, { error: 'debe ser 0 o más' })
    .max(100, { error: 'debe ser como máximo 100' })
    .default(0),
  ParentId: taskIdSchema.nullable().optional(),
  Predecessor: z
    .string({ error: 'debe ser texto' })
    .max(4000, { error: 'debe tener como máximo 4000 caracteres' })
    .default(''),
  /**
   * issue 13: the predecessors (TaskIDs, among Predecessor's) whose link to this task the sequencing
   * generated. A link stays generated only when the stored one was generated with the same type and
   * lag and, when this list is sent, it is listed here; any other link is the user's.
   */
  generatedPredecessors: z
    .array(taskIdSchema)
    .max(10_000, { error: 'admite como máximo 10000 predecesoras' })
    .optional(),
});
export type GanttTaskInput = z.input<typeof ganttTaskInputSchema>;

export const ganttTaskSchema = z.object({
  TaskID: z.number().int(),
  TaskCode: z.string(),
  TaskName: z.string(),
  /**
   * YYYY-MM-DD, computed: the first working day, where the links and the calendar put the task (the
   * date the chart shows). Never a constraint: send StartNoEarlierThan back as saveGantt's StartDate.
   */
  StartDate: z.string(),
  /**
   * YYYY-MM-DD, stored: the task's "start no earlier than", the StartDate saveGantt was sent (a
   * summary's is its rolled-up start). StartDate is this or later; removing the links that pushed
   * the task lets it move back to this day.
   */
  StartNoEarlierThan: z.string(),
  /** YYYY-MM-DD, computed: the last working day (the start for a milestone) */
  EndDate: z.string(),
  /** working days (computed for summaries) */
  Duration: z.number().int(),
  Progress: z.number(),
  ParentId: z.number().int().optional(),
  Predecessor: z.string(),
  /** working days the task can slip without moving the project's finish */
  totalFloat: z.number(),
  critical: z.boolean(),
  isSummary: z.boolean(),
  /** the EDP/EDC item it comes from; absent for tasks the user added */
  sourceKey: z.string().optional(),
  /** issue 13: the predecessors whose link the sequencing generated (absent: none) */
  generatedPredecessors: z.array(z.number().int()).optional(),
});
export type GanttTask = z.infer<typeof ganttTaskSchema>;

/** What the web needs to recompute on its own after each edit: the work week and the holidays. */
export const ganttCalendarSchema = z.object({
  workWeek: z.enum(workWeeks),
  /** the calendar's first year: the project's start year */
  firstYear: z.number().int(),
  /** YYYY-MM-DD, Chile's holidays from firstYear to several years past the finish */
  holidays: z.array(z.string()),
});
export type GanttCalendar = z.infer<typeof ganttCalendarSchema>;

const ganttOutputSchema = z.object({
  activities: z.array(ganttTaskSchema),
  version: z.number().int(),
  calendar: ganttCalendarSchema,
  projectStart: z.string(),
  projectFinish: z.string(),
  /** issue 13: the project's sequencing option ('Sin secuencia', 'Secuencia por prioridad', 'Tren de actividades') */
  sequencing: sequencingModeSchema,
  message: messageSchema,
});
export type GanttOutput = z.infer<typeof ganttOutputSchema>;

/** loadGantt {id (project _id)}: built from the EDP and EDC on the first load, merged on later ones. */
export const loadGanttContract = defineFunction({
  name: 'loadGantt',
  input: z.strictObject({ id: projectIdSchema }),
  output: ganttOutputSchema,
});

/** saveGantt {id, gantt: {activities, workWeek?}, version}: the whole task list, recomputed and stored. */
export const saveGanttContract = defineFunction({
  name: 'saveGantt',
  input: z.strictObject({
    id: projectIdSchema,
    gantt: z.strictObject({
      activities: z
        .array(ganttTaskInputSchema)
        .max(MAX_GANTT_TASKS, { error: `admite como máximo ${MAX_GANTT_TASKS} tareas` }),
      workWeek: z.enum(workWeeks, { error: `debe ser una de: ${workWeeks.join(', ')}` }).optional(),
    }),
    version: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0),
  }),
  output: ganttOutputSchema,
  bodyLimit: 32 * 1024 * 1024,
});

/**
 * regenerateGanttSequence {id, version, sequencing}: 'Regenerar secuencia' (issue 13). Sets the
 * project's sequencing option and replaces the generated links with the ones its rules give now
 * (docs/SEQUENCING.md), including generated links the user had deleted. Every link the user drew or
 * edited, and every duration, start, name and progress, stays. Versioned like saveGantt.
 */
export const regenerateGanttSequenceContract = defineFunction({
  name: 'regenerateGanttSequence',
  input: z.strictObject({
    id: projectIdSchema,
    sequencing: sequencingModeSchema,
    version: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0),
  }),
  output: ganttOutputSchema,
});
