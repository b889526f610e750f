import { z } from 'zod';
import { defineFunction } from './contract';
import { isoDateSchema, messageSchema } from './common';
import { exportedFileSchema } from './exchange-contracts';
import { projectIdSchema } from './gantt-contracts';

/**
 * Issue 36, the Last Planner System's functions (docs/LAST-PLANNER.md): the look-ahead ('Intermedia'),
 * the constraints ('Restricciones'), the weekly plan ('Plan semanal'), the PPC and 'Pasar al avance',
 * with each project's settings and the company that does each task. The shapes only: the rules
 * (what is 'lista', which week may take a commitment, the PPC) are `last-planner/`'s, which the
 * server applies with the project's lists and the day it is in America/Santiago.
 */

export const CONSTRAINT_STATES = ['abierta', 'liberada'] as const;
export const COMMITMENT_OUTCOMES = ['cumplido', 'no-cumplido'] as const;
export const LOOK_AHEAD_GROUP_BYS = ['company', 'area'] as const;
export const LOOK_AHEAD_MIN_WEEKS = 3;
export const LOOK_AHEAD_MAX_WEEKS = 6;
/** Where the look-ahead's window starts: the project's last cut-off, or today. */
export const LOOK_AHEAD_FROMS = ['cutoff', 'today'] as const;
export type LookAheadFrom = (typeof LOOK_AHEAD_FROMS)[number];
/** How many tasks one saveTaskCompany may name (a whole 10,000-task Gantt and some). */
export const MAX_TASK_COMPANY_TASKS = 20_000;

const idSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

const taskIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(0, { error: 'no puede ser negativo' })
  .max(Number.MAX_SAFE_INTEGER);

/** A stored record's version: a save or removal names the one it read (stale → ABORTED). */
const recordVersionSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(1, { error: 'debe ser 1 o más' });

const shortText = (max: number) =>
  z.string({ error: 'debe ser texto' }).max(max, { error: `debe tener como máximo ${max} caracteres` });

const weeksSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(LOOK_AHEAD_MIN_WEEKS, { error: 'La intermedia abarca de 3 a 6 semanas' })
  .max(LOOK_AHEAD_MAX_WEEKS, { error: 'La intermedia abarca de 3 a 6 semanas' });

// ---------------------------------------------------------------- settings

export const lastPlannerSettingsSchema = z.object({
  /** 3 to 6 */
  lookAheadWeeks: z.number().int(),
  lookAheadFrom: z.enum(LOOK_AHEAD_FROMS),
  /** the project's list of constraint types ('Tipo'), in its order */
  constraintTypes: z.array(z.string()),
  /** the project's list of causes of non-fulfilment ('Causa de no cumplimiento') */
  causes: z.array(z.string()),
});
export type LastPlannerSettings = z.infer<typeof lastPlannerSettingsSchema>;

export const saveLastPlannerSettingsContract = defineFunction({
  name: 'saveLastPlannerSettings',
  input: z.strictObject({
    id: projectIdSchema,
    settings: z.strictObject({
      lookAheadWeeks: weeksSchema,
      lookAheadFrom: z.enum(LOOK_AHEAD_FROMS, { error: "debe ser 'cutoff' o 'today'" }),
      constraintTypes: z.array(shortText(200)).max(100),
      causes: z.array(shortText(200)).max(100),
    }),
  }),
  output: z.object({ settings: lastPlannerSettingsSchema, message: messageSchema }),
});

// ---------------------------------------------------------------- records as answered

const companyRefSchema = z.object({ id: z.string(), name: z.string(), kind: z.string() });

export const storedConstraintSchema = z.object({
  id: z.string(),
  taskId: z.number().int(),
  type: z.string(),
  description: z.string(),
  responsible: z.string(),
  responsibleCompanyId: z.string().nullable(),
  /** a member of the project who answers for it (told when it is released) */
  responsibleUserId: z.string().nullable(),
  dueDate: z.string(),
  state: z.enum(CONSTRAINT_STATES),
  /** open and due before today */
  overdue: z.boolean(),
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** when and by whom it was released (null while open) */
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
});
export type StoredConstraint = z.infer<typeof storedConstraintSchema>;

export const commitmentAmountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percent: z.number() }),
  z.object({ kind: z.literal('quantity'), quantity: z.number() }),
  z.object({ kind: z.literal('description'), description: z.string() }),
]);

export const storedCommitmentSchema = z.object({
  id: z.string(),
  taskId: z.number().int(),
  /** the task's code and name when the commitment was taken (kept if the task goes) */
  taskCode: z.string(),
  taskName: z.string(),
  /** the task's EDP path now (empty when the task is gone) */
  area: z.array(z.string()),
  companyId: z.string().nullable(),
  week: z.string(),
  amount: commitmentAmountSchema,
  /** 'Avanzar 30 %', '12 m³', the description */
  amountText: z.string(),
  unit: z.string().nullable(),
  outcome: z.enum(COMMITMENT_OUTCOMES).nullable(),
  cause: z.string().nullable(),
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** the cut-off 'Pasar al avance' recorded it at (null: not passed) */
  transferredCutoff: z.string().nullable(),
});
export type StoredCommitment = z.infer<typeof storedCommitmentSchema>;

/** A task as the Last Planner screens show it: its identity, dates, progress and constraints. */
export const lastPlannerTaskSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** the EDP path from the top: ['Torre A', 'Piso 3'] */
  area: z.array(z.string()),
  companyId: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  progress: z.number(),
  actualStart: z.string().nullable(),
  actualFinish: z.string().nullable(),
  /** the task's quantity and unit of work (an EDC activity's), when known */
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  ready: z.boolean(),
  underWay: z.boolean(),
  openConstraints: z.number().int(),
  overdueConstraints: z.number().int(),
  constraints: z.array(storedConstraintSchema),
});
export type LastPlannerTask = z.infer<typeof lastPlannerTaskSchema>;

// ---------------------------------------------------------------- the look-ahead

export const loadLookAheadContract = defineFunction({
  name: 'loadLookAhead',
  input: z.strictObject({
    id: projectIdSchema,
    groupBy: z.enum(LOOK_AHEAD_GROUP_BYS, { error: "debe ser 'company' o 'area'" }).optional(),
    /** this view's window, else the project's settings */
    weeks: weeksSchema.optional(),
    from: z.enum(LOOK_AHEAD_FROMS, { error: "debe ser 'cutoff' o 'today'" }).optional(),
  }),
  output: z.object({
    settings: lastPlannerSettingsSchema,
    /** YYYY-MM-DD, America/Santiago's */
    today: z.string(),
    cutoff: z.string().nullable(),
    from: z.string(),
    to: z.string(),
    weeks: z.number().int(),
    weekStarts: z.array(z.string()),
    groupBy: z.enum(LOOK_AHEAD_GROUP_BYS),
    groups: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        readyCount: z.number().int(),
        tasks: z.array(lastPlannerTaskSchema),
      }),
    ),
    companies: z.array(companyRefSchema),
    /** the window's tasks and how many are ready; the open and overdue constraints in it */
    taskCount: z.number().int(),
    readyCount: z.number().int(),
    openConstraints: z.number().int(),
    overdueConstraints: z.number().int(),
    message: messageSchema,
  }),
});

// ---------------------------------------------------------------- constraints

export const saveConstraintContract = defineFunction({
  name: 'saveConstraint',
  input: z.strictObject({
    id: projectIdSchema,
    taskId: taskIdSchema,
    constraint: z.strictObject({
      /** absent: a new constraint */
      constraintId: idSchema.optional(),
      version: recordVersionSchema.optional(),
      type: shortText(200),
      description: shortText(2000),
      responsible: shortText(500),
      responsibleCompanyId: idSchema.nullable().optional(),
      responsibleUserId: idSchema.nullable().optional(),
      dueDate: shortText(40),
      state: shortText(40).optional(),
    }),
  }),
  output: z.object({ constraint: storedConstraintSchema, message: messageSchema }),
});
export type SaveConstraintInput = z.infer<typeof saveConstraintContract.input>;

export const removeConstraintContract = defineFunction({
  name: 'removeConstraint',
  input: z.strictObject({ id: projectIdSchema, constraintId: idSchema, version: recordVersionSchema }),
  output: z.object({ message: messageSchema }),
});

// ---------------------------------------------------------------- task companies

/** Says which company does each named task (null: none), as the look-ahead and the weekly plan group them. */
export const saveTaskCompanyContract = defineFunction({
  name: 'saveTaskCompany',
  input: z.strictObject({
    id: projectIdSchema,
    taskIds: z
      .array(taskIdSchema)
      .min(1, { error: 'indica al menos una tarea' })
      .max(MAX_TASK_COMPANY_TASKS, { error: `admite como máximo ${MAX_TASK_COMPANY_TASKS} tareas` }),
    companyId: idSchema.nullable(),
  }),
  output: z.object({ changed: z.number().int(), message: messageSchema }),
});

// ---------------------------------------------------------------- the weekly plan

export const loadWeeklyPlanContract = defineFunction({
  name: 'loadWeeklyPlan',
  input: z.strictObject({
    id: projectIdSchema,
    /** the week's Monday; absent: this week */
    week: isoDateSchema.optional(),
  }),
  output: z.object({
    settings: lastPlannerSettingsSchema,
    today: z.string(),
    cutoff: z.string().nullable(),
    week: z.string(),
    weekEnd: z.string(),
    /** the Gantt's version (saveProgress's, for the field screen's entries) */
    ganttVersion: z.number().int(),
    /** the tasks that week's look-ahead lists, ready or not, in the Gantt's order */
    candidates: z.array(lastPlannerTaskSchema),
    commitments: z.array(storedCommitmentSchema),
    companies: z.array(companyRefSchema),
    ppc: z.object({
      fulfilled: z.number().int(),
      closed: z.number().int(),
      notClosed: z.number().int(),
      ppc: z.number().nullable(),
    }),
    message: messageSchema,
  }),
});

export const saveCommitmentContract = defineFunction({
  name: 'saveCommitment',
  input: z.strictObject({
    id: projectIdSchema,
    commitment: z.strictObject({
      commitmentId: idSchema.optional(),
      version: recordVersionSchema.optional(),
      taskId: taskIdSchema,
      week: shortText(40),
      percent: z.number({ error: 'debe ser un número' }).nullable().optional(),
      quantity: z.number({ error: 'debe ser un número' }).nullable().optional(),
      description: shortText(2000).nullable().optional(),
    }),
  }),
  output: z.object({ commitment: storedCommitmentSchema, message: messageSchema }),
});
export type SaveCommitmentInput = z.infer<typeof saveCommitmentContract.input>;

export const removeCommitmentContract = defineFunction({
  name: 'removeCommitment',
  input: z.strictObject({ id: projectIdSchema, commitmentId: idSchema, version: recordVersionSchema }),
  output: z.object({ message: messageSchema }),
});

/** Marks a commitment 'Cumplido' or 'No cumplido' (with its cause), or reopens it (outcome null). */
export const closeCommitmentContract = defineFunction({
  name: 'closeCommitment',
  input: z.strictObject({
    id: projectIdSchema,
    commitmentId: idSchema,
    version: recordVersionSchema,
    outcome: z.enum(COMMITMENT_OUTCOMES, { error: "debe ser 'cumplido' o 'no-cumplido'" }).nullable(),
    cause: shortText(200).nullable().optional(),
  }),
  output: z.object({ commitment: storedCommitmentSchema, message: messageSchema }),
});

// ---------------------------------------------------------------- PPC

export const loadPpcContract = defineFunction({
  name: 'loadPpc',
  input: z.strictObject({
    id: projectIdSchema,
    /** YYYY-MM-DD; absent: the first week with a commitment, and this week */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    companyId: idSchema.optional(),
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    target: z.number(),
    overall: z.object({
      fulfilled: z.number().int(),
      closed: z.number().int(),
      notClosed: z.number().int(),
      ppc: z.number().nullable(),
    }),
    trend: z.array(
      z.object({
        week: z.string(),
        fulfilled: z.number().int(),
        closed: z.number().int(),
        notClosed: z.number().int(),
        ppc: z.number().nullable(),
      }),
    ),
    byCompany: z.array(
      z.object({
        companyId: z.string().nullable(),
        label: z.string(),
        fulfilled: z.number().int(),
        closed: z.number().int(),
        notClosed: z.number().int(),
        ppc: z.number().nullable(),
      }),
    ),
    pareto: z.array(
      z.object({
        cause: z.string(),
        count: z.number().int(),
        percent: z.number(),
        cumulativePercent: z.number(),
        inList: z.boolean(),
      }),
    ),
    companies: z.array(companyRefSchema),
    message: messageSchema,
  }),
});

// ---------------------------------------------------------------- 'Pasar al avance'

export const transferCommitmentsContract = defineFunction({
  name: 'transferCommitments',
  input: z.strictObject({
    id: projectIdSchema,
    cutoff: isoDateSchema,
    /** the Gantt's version the screen read (saveProgress's rule) */
    version: recordVersionSchema,
    dryRun: z.boolean({ error: 'debe ser verdadero o falso' }),
  }),
  output: z.object({
    cutoff: z.string(),
    tasks: z.array(
      z.object({
        taskId: z.number().int(),
        code: z.string(),
        name: z.string(),
        previousProgress: z.number(),
        progress: z.number(),
        capped: z.boolean(),
        commitments: z.number().int(),
      }),
    ),
    skipped: z.array(z.object({ commitmentId: z.string().nullable(), reason: z.string() })),
    saved: z.boolean(),
    /** the Gantt's version after the save (the same when nothing was saved) */
    version: z.number().int(),
    message: messageSchema,
  }),
});

// ---------------------------------------------------------------- exports

export const LAST_PLANNER_EXPORTS = ['lookAhead', 'weeklyPlan', 'ppc'] as const;
export const LAST_PLANNER_PAPERS = ['A4', 'A3'] as const;

/**
 * exportLastPlanner: the look-ahead or the weekly plan as an Excel workbook or a PDF to print (A4 or
 * A3, landscape), or the PPC (trend, per company, Pareto) as a workbook; each as its load function
 * reads it with the same options.
 */
export const exportLastPlannerContract = defineFunction({
  name: 'exportLastPlanner',
  input: z.strictObject({
    id: projectIdSchema,
    what: z.enum(LAST_PLANNER_EXPORTS, { error: "debe ser 'lookAhead', 'weeklyPlan' o 'ppc'" }),
    format: z.enum(['xlsx', 'pdf'], { error: "debe ser 'xlsx' o 'pdf'" }),
    paper: z.enum(LAST_PLANNER_PAPERS, { error: "debe ser 'A4' o 'A3'" }).optional(),
    // the look-ahead's
    groupBy: z.enum(LOOK_AHEAD_GROUP_BYS, { error: "debe ser 'company' o 'area'" }).optional(),
    weeks: weeksSchema.optional(),
    from: z.enum(LOOK_AHEAD_FROMS, { error: "debe ser 'cutoff' o 'today'" }).optional(),
    // the weekly plan's
    week: isoDateSchema.optional(),
    // the PPC's
    dateFrom: isoDateSchema.optional(),
    dateTo: isoDateSchema.optional(),
    companyId: idSchema.optional(),
  }),
  output: exportedFileSchema.extend({ message: messageSchema }),
});
