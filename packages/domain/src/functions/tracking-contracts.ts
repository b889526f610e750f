import { z } from 'zod';
import { defineFunction } from './contract';
import { isoDateSchema, messageSchema } from './common';
import { base64WorkbookSchema, exportedFileSchema, workbookRowErrorSchema } from './exchange-contracts';
import { ganttOutputSchema, projectIdSchema, remainingDurationSchema, taskIdSchema } from './gantt-contracts';

/**
 * Tracking (issue 15): baselines ('línea base'), progress at a cut-off date ('fecha de corte') and
 * the history of cut-offs ('Cortes de avance'). The cut-off is P6's data date: the first day of the
 * remaining work; actual dates may not pass it. Every cut-off recorded is kept with who recorded it
 * and each leaf's progress at that date; a cut-off before the latest one is refused.
 */

/** As MS Project: up to 11 baselines per project. */
export const MAX_BASELINES = 11;
/** The most entries one saveProgress takes (as many as a Gantt's tasks). */
export const MAX_PROGRESS_ENTRIES = 100_000;

const versionSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(0, { error: 'debe ser 0 o más' });

const baselineIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

/** One baseline as loadBaselines lists it. */
export const baselineSchema = z.object({
  baselineId: z.string(),
  name: z.string(),
  /** ISO timestamp */
  createdAt: z.string(),
  /** the name of who fixed it */
  createdBy: z.string(),
  taskCount: z.number().int(),
  /** YYYY-MM-DD: the project's start and finish in the baseline */
  projectStart: z.string(),
  projectFinish: z.string(),
});
export type Baseline = z.infer<typeof baselineSchema>;

/** The baselines of a project, newest first, and the one shown and compared. */
const baselinesOutputSchema = z.object({
  baselines: z.array(baselineSchema),
  /** absent: none chosen (or none exists) */
  baselineId: z.string().optional(),
  message: messageSchema,
});
export type BaselinesOutput = z.infer<typeof baselinesOutputSchema>;

/**
 * saveBaseline {id, name}: 'Fijar línea base'. Freezes every task's start, finish and duration as
 * the stored Gantt is scheduled now (not the unsaved draft), under `name`, dated now, recorded by
 * the caller; it becomes the chosen baseline. A 12th baseline → FAILED_PRECONDITION with a message
 * asking to delete one; a name already used in the project → ALREADY_EXISTS.
 */
export const saveBaselineContract = defineFunction({
  name: 'saveBaseline',
  input: z.strictObject({
    id: projectIdSchema,
    name: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatorio' })
      .max(80, { error: 'debe tener como máximo 80 caracteres' }),
  }),
  output: baselinesOutputSchema.extend({ baseline: baselineSchema }),
});

/** loadBaselines {id}: the project's baselines, newest first, and the chosen one. */
export const loadBaselinesContract = defineFunction({
  name: 'loadBaselines',
  input: z.strictObject({ id: projectIdSchema }),
  output: baselinesOutputSchema,
});

/**
 * removeBaseline {id, baselineId}: deletes one baseline. When it was the chosen one, the newest
 * remaining becomes chosen (or none). An unknown baselineId → NOT_FOUND.
 */
export const removeBaselineContract = defineFunction({
  name: 'removeBaseline',
  input: z.strictObject({ id: projectIdSchema, baselineId: baselineIdSchema }),
  output: baselinesOutputSchema,
});

/**
 * chooseBaseline {id, baselineId | null}: which baseline the Gantt shows and compares (null: none).
 * Not a Gantt edit: the Gantt's version does not move. Answers the chosen baseline's dates per
 * task, for the screen to lay over its draft.
 */
export const chooseBaselineContract = defineFunction({
  name: 'chooseBaseline',
  input: z.strictObject({ id: projectIdSchema, baselineId: baselineIdSchema.nullable() }),
  output: baselinesOutputSchema.extend({
    tasks: z.array(
      z.object({
        TaskID: z.number().int(),
        BaselineStart: z.string(),
        BaselineFinish: z.string(),
        BaselineDuration: z.number().int(),
      }),
    ),
  }),
});

/**
 * One leaf's progress at the cut-off; ActualStart / ActualFinish null or absent: none. Issue 34:
 * RemainingDuration, the working days left of a task under way ('Duración restante'); null: none
 * (what the progress leaves); absent: the stored one while the progress and the actual dates stay
 * as stored, else none.
 */
export const progressEntrySchema = z.strictObject({
  TaskID: taskIdSchema,
  ActualStart: isoDateSchema.nullable().optional(),
  ActualFinish: isoDateSchema.nullable().optional(),
  Progress: z.number({ error: 'debe ser un número' }),
  RemainingDuration: remainingDurationSchema.nullable().optional(),
});
export type ProgressEntryInput = z.input<typeof progressEntrySchema>;

/**
 * saveProgress {id, cutoff, entries, version}: records the entries' progress at `cutoff` (P6's data
 * date) and answers the Gantt rescheduled from it, in loadGantt's shape. Tasks not in `entries` keep
 * what they had. Checked whole before anything is written (progress-entries.ts: actual finish ≥
 * actual start, both ≤ the cut-off; 100 % ⇔ an actual finish; progress > 0 needs an actual start;
 * 0–100; no summary), and the cut-off may not be before the latest one nor outside the calendar's
 * years → INVALID_ARGUMENT naming every refused task; a stale version → ABORTED. The cut-off is kept
 * in the history with the caller's name and every leaf's progress at it (the same date again
 * replaces that record).
 */
export const saveProgressContract = defineFunction({
  name: 'saveProgress',
  input: z.strictObject({
    id: projectIdSchema,
    cutoff: isoDateSchema,
    entries: z
      .array(progressEntrySchema)
      .max(MAX_PROGRESS_ENTRIES, { error: `admite como máximo ${MAX_PROGRESS_ENTRIES} tareas` }),
    version: versionSchema,
  }),
  output: ganttOutputSchema,
  bodyLimit: 16 * 1024 * 1024,
});

/** One recorded cut-off, as 'Cortes de avance' lists it. */
export const cutoffRecordSchema = z.object({
  /** YYYY-MM-DD */
  cutoff: z.string(),
  /** ISO timestamp of the last time it was recorded */
  recordedAt: z.string(),
  /** the name of who recorded it */
  recordedBy: z.string(),
  /**
   * the project's physical progress at the cut-off, 0–100 (issue 33, one measure): its leaves'
   * progress there weighted by the current amounts ('ponderado por monto'), by planned working days
   * when nothing is priced
   */
  progress: z.number(),
  /** leaves with any progress at the cut-off */
  taskCount: z.number().int(),
});
export type CutoffRecord = z.infer<typeof cutoffRecordSchema>;

/** A leaf's progress at a recorded cut-off. */
export const cutoffTaskSchema = z.object({
  TaskID: z.number().int(),
  TaskCode: z.string(),
  TaskName: z.string(),
  Progress: z.number(),
  ActualStart: z.string().optional(),
  ActualFinish: z.string().optional(),
});
export type CutoffTask = z.infer<typeof cutoffTaskSchema>;

/**
 * loadProgressHistory {id, cutoff?}: every cut-off recorded, newest first; with `cutoff`, also the
 * progress of each leaf at that one (an unknown date → NOT_FOUND).
 */
export const loadProgressHistoryContract = defineFunction({
  name: 'loadProgressHistory',
  input: z.strictObject({ id: projectIdSchema, cutoff: isoDateSchema.optional() }),
  output: z.object({
    /** issue 33: what `progress` is weighted by */
    progressBasis: z.enum(['amount', 'duration']).optional(),
    cutoffs: z.array(cutoffRecordSchema),
    /** with `cutoff` in the input: its leaves, in Gantt order */
    tasks: z.array(cutoffTaskSchema).optional(),
    message: messageSchema,
  }),
});

/**
 * exportProgress {id}: the workbook 'Registrar avance' fills offline: one row per leaf with Código,
 * Nombre, Inicio, Fin (scheduled), Inicio LB, Fin LB (chosen baseline), Avance %, Inicio real,
 * Fin real, as recorded now.
 */
export const exportProgressContract = defineFunction({
  name: 'exportProgress',
  input: z.strictObject({ id: projectIdSchema }),
  output: exportedFileSchema.extend({ message: messageSchema }),
});

/**
 * importProgress {id, cutoff, content (base64 xlsx), version, dryRun?}: progress by Excel — the
 * columns Código, Avance %, Inicio real, Fin real (others ignored), one row per leaf, matched by
 * Código. Every row is checked as saveProgress checks an entry; errors are per row ('Fila 7: …'),
 * and any error refuses the whole file (a dry run lists them instead). Then recorded as saveProgress.
 */
export const importProgressContract = defineFunction({
  name: 'importProgress',
  input: z.strictObject({
    id: projectIdSchema,
    cutoff: isoDateSchema,
    content: base64WorkbookSchema,
    version: versionSchema,
    dryRun: z.boolean({ error: 'debe ser verdadero o falso' }).default(false),
  }),
  output: z.object({
    preview: z.object({
      rows: z.number().int(),
      errors: z.array(workbookRowErrorSchema),
      /** rows that change a task's progress or actual dates */
      updated: z.number().int(),
      unchanged: z.number().int(),
    }),
    /** the rescheduled Gantt; absent on a dry run */
    gantt: ganttOutputSchema.optional(),
    message: messageSchema,
  }),
  bodyLimit: 16 * 1024 * 1024,
});

/** What 'Actualizar según lo programado' does (or would do) to the leaves in scope. */
export const updateAsScheduledCountsSchema = z.object({
  /** planned done by the cut-off: recorded 100 % with their planned dates */
  done: z.number().int(),
  /** planned under way: recorded with their planned start and the planned % */
  underWay: z.number().int(),
  /** already recorded at or above what is planned (or done): left as they are */
  unchanged: z.number().int(),
  /** planned to start on or after the cut-off: left as they are */
  notStarted: z.number().int(),
});
export type UpdateAsScheduledCounts = z.infer<typeof updateAsScheduledCountsSchema>;

/**
 * updateAsScheduled {id, cutoff, taskIds?, preview?, version?} (issue 32): 'Actualizar según lo
 * programado', MS Project's Update Project. For every leaf (or the `taskIds`, a summary standing for
 * its leaves) the progress it should have at `cutoff` on the current schedule (domain
 * `planUpdateAsScheduled`: planned done → 100 % with its planned start and finish as actual dates;
 * under way → its planned start and the planned % (`plannedProgressAt`, the S-curve's count);
 * not started → untouched; recorded progress already at or above → untouched, never lowered).
 * `preview: true` answers the counts and writes nothing; otherwise the entries are recorded as
 * saveProgress records them (the cut-off's history, the S-curve and the estados de pago read them)
 * and the rescheduled Gantt comes back in `gantt` (absent when nothing changes). Refused with
 * INVALID_ARGUMENT and nothing written: a cut-off before the latest recorded one, before the
 * project's start or outside the calendar's years, a task that is not in the Gantt; a stale
 * `version` → ABORTED.
 */
export const updateAsScheduledContract = defineFunction({
  name: 'updateAsScheduled',
  input: z.strictObject({
    id: projectIdSchema,
    cutoff: isoDateSchema,
    taskIds: z
      .array(taskIdSchema)
      .min(1, { error: 'debe nombrar al menos una tarea' })
      .max(MAX_PROGRESS_ENTRIES, { error: `admite como máximo ${MAX_PROGRESS_ENTRIES} tareas` })
      .optional(),
    preview: z.boolean({ error: 'debe ser verdadero o falso' }).optional(),
    /** the Gantt's version the screen shows (as saveProgress): a stale one → ABORTED */
    version: versionSchema.optional(),
  }),
  output: z.object({
    cutoff: z.string(),
    preview: z.boolean(),
    counts: updateAsScheduledCountsSchema,
    /** after writing: the Gantt rescheduled from the cut-off, as saveProgress answers it */
    gantt: ganttOutputSchema.optional(),
    message: messageSchema,
  }),
  bodyLimit: 2 * 1024 * 1024,
});
