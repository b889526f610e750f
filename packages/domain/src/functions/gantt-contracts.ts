import { z } from 'zod';
import { WORK_UNITS } from '../resources/productivity';
import { defineFunction } from './contract';
import { isoDateSchema, messageSchema } from './common';
import { currencies } from '../format/money';
import { MAX_TASK_RESOURCES, assignmentUnitsError } from '../resources/assignments';

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
/** How the Gantt's generated links are made (issue 13; sequenceGantt, gantt/sequence-gantt.ts). */
export const sequencingModes = ['none', 'priority', 'train'] as const;
export type SequencingMode = (typeof sequencingModes)[number];
export const sequencingModeSchema = z.enum(sequencingModes, {
  error: `debe ser una de: ${sequencingModes.join(', ')}`,
});

export const projectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

export const taskIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'es demasiado grande' });

/**
 * A task as saveGantt takes it: the fields of loadGantt's answer that the user decides; computed
 * fields that come along (EndDate, totalFloat, critical, isSummary…) are ignored, so a loaded task
 * can be sent back as it came. Its start (issue 32): `StartNoEarlierThan` when sent, else `StartDate`
 * (at least one of them).
 */
/** issue 34: the longest note a task keeps (MS Project's notes are rich text; we keep the text) */
export const MAX_TASK_NOTES = 10_000;

/**
 * issue 35: one of a task's resources ('Recursos'): a resource of the catalogue ('recursos') and
 * the units the task uses while it runs (assignmentUnitsError: more than 0, at most 10.000, 2 decimals)
 */
export const resourceAssignmentSchema = z.strictObject({
  resourceId: z
    .string({ error: 'debe ser texto' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(64, { error: 'debe tener como máximo 64 caracteres' }),
  units: z.number({ error: 'debe ser un número' }).superRefine((units, context) => {
    const error = assignmentUnitsError(units);
    if (error !== '') context.addIssue({ code: 'custom', message: error });
  }),
});

/** issue 35: a task's resources, each once */
export const taskResourcesSchema = z
  .array(resourceAssignmentSchema)
  .max(MAX_TASK_RESOURCES, { error: `admite como máximo ${MAX_TASK_RESOURCES} recursos por tarea` })
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((assignment, index) => {
      if (seen.has(assignment.resourceId))
        context.addIssue({
          code: 'custom',
          path: [index, 'resourceId'],
          message: `el recurso ${assignment.resourceId} está más de una vez`,
        });
      seen.add(assignment.resourceId);
    });
  });

/** issue 34: a task's notes, plain text */
export const taskNotesSchema = z
  .string({ error: 'debe ser texto' })
  .max(MAX_TASK_NOTES, { error: `debe tener como máximo ${MAX_TASK_NOTES} caracteres` });

/** issue 34: a remaining duration in whole working days, as a Duration */
export const remainingDurationSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero de días hábiles' })
  .min(0, { error: 'debe ser 0 o más' })
  .max(MAX_TASK_DURATION, { error: `debe ser como máximo ${MAX_TASK_DURATION}` });

const ganttTaskInputFields = z.object({
  TaskID: taskIdSchema,
  TaskCode: z.string({ error: 'debe ser texto' }).trim().max(120, { error: 'debe tener como máximo 120 caracteres' }),
  TaskName: z
    .string({ error: 'debe ser texto' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(200, { error: 'debe tener como máximo 200 caracteres' }),
  /**
   * issue 32: YYYY-MM-DD, the task's "start no earlier than", the same field as in loadGantt's
   * answer: the task starts on this working day or later, where its links put it. When sent it is the
   * task's start, whatever StartDate says; a loaded Gantt sent back as it came keeps every task's own
   * start, so a shorter duration moves the successors earlier and a longer one later. A summary's is
   * ignored: it starts with its first task.
   */
  StartNoEarlierThan: isoDateSchema.optional(),
  /**
   * YYYY-MM-DD, only when StartNoEarlierThan is not sent: then it is the task's "start no earlier
   * than" (what saveGantt took before issue 32, and what an older script sends). With
   * StartNoEarlierThan it is ignored: in loadGantt's answer StartDate is the computed start, where
   * the links put the task, and reading it as the constraint would pin every successor at its old start.
   */
  StartDate: isoDateSchema.optional(),
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
  /**
   * issue 15: 'Inicio real' and 'Fin real' of a leaf (null or absent: none). A save that changes a
   * task's Progress, ActualStart or ActualFinish records it at the project's latest cut-off, under
   * saveProgress's rules; an unchanged one is kept as stored.
   */
  ActualStart: isoDateSchema.nullable().optional(),
  ActualFinish: isoDateSchema.nullable().optional(),
  /**
   * issue 34: 'Duración restante', the working days left of a task under way (ActualStart and no
   * ActualFinish), scheduled from the cut-off instead of what its Progress leaves; null: none (the
   * progress decides). Absent: kept as stored while Progress and the actual dates are, else none.
   */
  RemainingDuration: remainingDurationSchema.nullable().optional(),
  /** issue 34: 'Notas' (null: none; absent: kept as stored) */
  Notes: taskNotesSchema.nullable().optional(),
  /**
   * issue 34: 'Fecha límite', YYYY-MM-DD (MS Project's Deadline): a marker on the chart, red when the
   * task finishes after it; it does not move the task (null: none; absent: kept as stored)
   */
  Deadline: isoDateSchema.nullable().optional(),
  /**
   * issue 34: 'Debe comenzar el' (MS Project's Must Start On): true makes StartNoEarlierThan the day
   * the task starts while not started, whatever its links and the cut-off say (its float shows a
   * link it breaks); false or null: no earlier than; absent: kept as stored
   */
  MustStartOn: z.boolean({ error: 'debe ser verdadero o falso' }).nullable().optional(),
  /**
   * issue 34: 'Reanudar', YYYY-MM-DD (MS Project's Resume): the day the remaining work of a task
   * under way starts at the earliest, in place of the cut-off; null: none (at the cut-off). Absent:
   * kept as stored while Progress and the actual dates are, else none (as RemainingDuration).
   */
  Resume: isoDateSchema.nullable().optional(),
  /**
   * issue 35: 'Recursos', the task's resources with their units (MS Project's assignments); [] or
   * null: none; absent: kept as stored. Each resourceId must be in the resources catalogue.
   */
  Resources: taskResourcesSchema.nullable().optional(),
  /**
   * issue 35: what 'Redistribuir recursos' did to the task: the working days it moved the start by
   * and the start it had (both or neither; null: none). Absent: kept as stored while the start is,
   * else none (a start moved by hand is the user's).
   */
  LevelingDelay: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(1, { error: 'debe ser 1 o más' })
    .max(MAX_TASK_DURATION * 10, { error: 'es demasiado grande' })
    .nullable()
    .optional(),
  LeveledFrom: isoDateSchema.nullable().optional(),
  /**
   * issue 35: the Duration was typed by hand and wins over its quantity's formula (true), or the
   * formula sizes it (false: the Duration sent is replaced by the formula's). Absent: a Duration
   * other than the formula's is one typed by hand; one equal to it keeps what was stored. Tasks
   * without a formula keep what is sent or stored.
   */
  DurationByHand: z.boolean({ error: 'debe ser verdadero o falso' }).nullable().optional(),
});

/** The task of saveGantt's list: its fields, and a start (StartNoEarlierThan or StartDate; issue 32). */
export const ganttTaskInputSchema = ganttTaskInputFields.superRefine((task, context) => {
  if ((task.LevelingDelay == null) !== (task.LeveledFrom == null)) {
    context.addIssue({
      code: 'custom',
      path: [task.LevelingDelay == null ? 'LevelingDelay' : 'LeveledFrom'],
      message: 'va junto con LeveledFrom y LevelingDelay (los dos o ninguno)',
    });
  }
  if (task.StartNoEarlierThan === undefined && task.StartDate === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['StartNoEarlierThan'],
      message: 'es obligatorio (el inicio de la tarea; o StartDate)',
    });
  }
});
export type GanttTaskInput = z.input<typeof ganttTaskInputSchema>;

export const ganttTaskSchema = z.object({
  TaskID: z.number().int(),
  TaskCode: z.string(),
  TaskName: z.string(),
  /**
   * YYYY-MM-DD, computed: the first working day, where the links and the calendar put the task (the
   * date the chart shows). Never a constraint: saveGantt reads StartNoEarlierThan when it comes
   * along (issue 32), so a loaded task can be sent back as it is.
   */
  StartDate: z.string(),
  /**
   * YYYY-MM-DD, stored: the task's "start no earlier than", the StartNoEarlierThan saveGantt was
   * sent (or its StartDate, when it came alone); a summary's is its rolled-up start as last saved.
   * StartDate is this or later; removing the links that pushed the task lets it move back to this day.
   * saveGantt takes it back under the same name (issue 32).
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
  /**
   * issue 15: YYYY-MM-DD, the task's dates in the chosen baseline (absent: no baseline chosen, or the
   * task is newer than it); BaselineDuration in working days
   */
  BaselineStart: z.string().optional(),
  BaselineFinish: z.string().optional(),
  BaselineDuration: z.number().int().optional(),
  /** issue 15: YYYY-MM-DD, 'Inicio real' / 'Fin real' (leaves; absent: none) */
  ActualStart: z.string().optional(),
  ActualFinish: z.string().optional(),
  /** issue 15: 'done' (actual finish), 'started' (actual start only); absent: not started (and summaries) */
  status: z.enum(['done', 'started']).optional(),
  /**
   * issue 34: the working days left of a task under way as recorded ('Duración restante'); absent:
   * what its Progress leaves, ⌈Duration × (1 − Progress/100)⌉ (remainingWorkDays)
   */
  RemainingDuration: z.number().int().optional(),
  /** issue 34: 'Notas' (absent: none) */
  Notes: z.string().optional(),
  /** issue 34: 'Fecha límite', YYYY-MM-DD (absent: none) */
  Deadline: z.string().optional(),
  /** issue 34: true: StartNoEarlierThan is a must-start-on ('Debe comenzar el'); absent: no earlier than */
  MustStartOn: z.boolean().optional(),
  /** issue 34: 'Reanudar', YYYY-MM-DD, of a task under way (absent: at the cut-off) */
  Resume: z.string().optional(),
  /** issue 35: 'Recursos', the resources and units in the task's order (absent: none) */
  Resources: z.array(z.object({ resourceId: z.string(), units: z.number() })).optional(),
  /** issue 35: 'Redistribución', the working days levelling added to the start, and the start it had */
  LevelingDelay: z.number().int().optional(),
  LeveledFrom: z.string().optional(),
  /**
   * issue 35: a leaf sized by its EDC activity's quantity: ⌈quantity ÷ (productivity × crews)⌉ working
   * days, the crews being the task's units of `resourceId` (else `catalogueCrews`, else 1)
   */
  DurationFormula: z
    .object({
      quantity: z.string(),
      workUnit: z.enum(WORK_UNITS),
      productivity: z.string(),
      resourceId: z.string().optional(),
      catalogueCrews: z.number().optional(),
    })
    .optional(),
  /** issue 35: true: the Duration was typed by hand and wins over DurationFormula; absent: the formula's */
  DurationByHand: z.boolean().optional(),
});
export type GanttTask = z.infer<typeof ganttTaskSchema>;

export const MAX_CALENDAR_EXCEPTIONS = 5_000;
export const weekdayNumbers = [0, 1, 2, 3, 4, 5, 6] as const;

/** issue 14: one exception of the project's calendar ('Feriado regional', 'Paralización de faena', a worked Saturday). */
export const calendarExceptionSchema = z.strictObject({
  date: isoDateSchema,
  name: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(120, { error: 'debe tener como máximo 120 caracteres' })
    .default(''),
  /** true: an extra working day; false: a non-working day */
  working: z.boolean({ error: 'debe ser verdadero o falso' }),
});

/**
 * issue 14: the project's calendar ('Calendario' in the Gantt). Weekdays 0 = domingo … 6 = sábado,
 * at least one; Chile's national holidays on or off; the project's own exceptions, one per date.
 */
export const projectCalendarSchema = z.strictObject({
  workingWeekdays: z
    .array(
      z
        .number({ error: 'debe ser un número' })
        .int({ error: 'debe ser un número entero' })
        .min(0, { error: 'debe ser un día de la semana (0 = domingo … 6 = sábado)' })
        .max(6, { error: 'debe ser un día de la semana (0 = domingo … 6 = sábado)' }),
    )
    .min(1, { error: 'debe tener al menos un día hábil' })
    .max(7, { error: 'tiene como máximo 7 días' })
    .refine((days) => new Set(days).size === days.length, { error: 'tiene días repetidos' })
    .transform((days) => [...days].sort((a, b) => a - b)),
  chileHolidays: z.boolean({ error: 'debe ser verdadero o falso' }),
  exceptions: z
    .array(calendarExceptionSchema)
    .max(MAX_CALENDAR_EXCEPTIONS, { error: `admite como máximo ${MAX_CALENDAR_EXCEPTIONS} excepciones` })
    .superRefine((exceptions, context) => {
      const seen = new Set<string>();
      exceptions.forEach((exception, index) => {
        if (seen.has(exception.date))
          context.addIssue({
            code: 'custom',
            path: [index, 'date'],
            message: `la fecha ${exception.date} está repetida`,
          });
        seen.add(exception.date);
      });
    })
    .transform((exceptions) => [...exceptions].sort((a, b) => a.date.localeCompare(b.date))),
});
export type ProjectCalendarInput = z.input<typeof projectCalendarSchema>;

/**
 * What the web needs to recompute on its own after each edit: the project's calendar (issue 14)
 * and, when Chile's holidays are on, their dates.
 */
export const ganttCalendarSchema = z.object({
  /** the 'Semana laboral' option the weekdays match; 'custom' for any other set */
  workWeek: z.enum([...workWeeks, 'custom']),
  /** the calendar's first year: the project's start year */
  firstYear: z.number().int(),
  /** YYYY-MM-DD, Chile's holidays from firstYear to several years past the finish; empty when chileHolidays is off */
  holidays: z.array(z.string()),
  /** issue 14: 0 = domingo … 6 = sábado, ascending */
  workingWeekdays: z.array(z.number().int()),
  chileHolidays: z.boolean(),
  /** issue 14: ascending by date */
  exceptions: z.array(z.object({ date: z.string(), name: z.string(), working: z.boolean() })),
});
export type GanttCalendar = z.infer<typeof ganttCalendarSchema>;

export const ganttOutputSchema = z.object({
  activities: z.array(ganttTaskSchema),
  version: z.number().int(),
  calendar: ganttCalendarSchema,
  projectStart: z.string(),
  projectFinish: z.string(),
  /** issue 13: the project's sequencing option ('Sin secuencia', 'Secuencia por prioridad', 'Tren de actividades') */
  sequencing: sequencingModeSchema,
  /**
   * issue 15: YYYY-MM-DD, the latest cut-off recorded ('Fecha de corte'), from which the remaining
   * work is scheduled; absent: none recorded yet
   */
  cutoff: z.string().optional(),
  /** issue 15: the baseline shown and compared (loadBaselines' id); absent: none */
  baselineId: z.string().optional(),
  /**
   * issue 33: the priced EDP items' amounts (exact decimals) in the project's currency: the summaries'
   * progress is weighted by them as the costs spread them ('ponderado por monto', taskProgressWeights);
   * absent or no items: by duration
   */
  progressAmounts: z
    .object({
      currency: z.enum(currencies),
      items: z.array(z.object({ edpItemId: z.number().int(), amount: z.string() })),
    })
    .optional(),
  message: messageSchema,
});
export type GanttOutput = z.infer<typeof ganttOutputSchema>;

/** loadGantt {id (project _id)}: built from the EDP and EDC on the first load, merged on later ones. */
export const loadGanttContract = defineFunction({
  name: 'loadGantt',
  input: z.strictObject({ id: projectIdSchema }),
  output: ganttOutputSchema,
});

/**
 * saveGantt {id, gantt: {activities, workWeek?, calendar?}, version}: the whole task list,
 * recomputed and stored; the calendar (issue 14) is saved with it under the same version check.
 * Each task's start is its StartNoEarlierThan, or its StartDate when that is not sent (issue 32):
 * loadGantt's activities sent back with one duration changed move that task's successors, earlier
 * or later. The history records only what the user changed (issue 32): not a summary's start and
 * duration, which the engine rolls up.
 */
export const saveGanttContract = defineFunction({
  name: 'saveGantt',
  input: z.strictObject({
    id: projectIdSchema,
    gantt: z.strictObject({
      activities: z
        .array(ganttTaskInputSchema)
        .max(MAX_GANTT_TASKS, { error: `admite como máximo ${MAX_GANTT_TASKS} tareas` }),
      workWeek: z.enum(workWeeks, { error: `debe ser una de: ${workWeeks.join(', ')}` }).optional(),
      /** issue 14: the project's whole calendar; wins over workWeek when both come */
      calendar: projectCalendarSchema.optional(),
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
