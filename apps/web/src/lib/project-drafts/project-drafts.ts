import {
  MAX_TASK_NOTES,
  edcItemSchema,
  edpItemSchema,
  linkTypes,
  projectCalendarSchema,
  weekdaysOfWorkWeek,
  workWeeks,
} from '@cimiento/domain';
import type { EdcItem, GanttDraftTask, PricedEdpItem, ProjectCalendar } from '@cimiento/domain';
import { z } from 'zod';
import { WORK_UNITS } from '@cimiento/domain/resources';

/**
 * What each project screen keeps as its draft (lib/drafts), checked with zod before it is used:
 * a draft written by an older version of the app, or changed by hand, is refused as unreadable
 * rather than loaded half right.
 */

/**
 * The EDP's list (issue 16: each item with its price fields), and the row being edited when the
 * draft was written (not committed yet; its price as typed, absent in drafts from before).
 */
export type EdpDraftData = {
  items: PricedEdpItem[];
  editing?: {
    id: number;
    code: string;
    name: string;
    unit?: string | undefined;
    quantity?: string | undefined;
    unitPrice?: string | undefined;
  } | null;
};

/** The Gantt's tasks and the project's calendar ('Calendario', issue 14). */
export type GanttDraftData = { tasks: GanttDraftTask[]; calendar: ProjectCalendar };

/**
 * A row of the EDC grid being edited when the draft was written (not committed yet): `rows` is the
 * list being edited (with the new row of 'Agregar' in it), `index` the row's place there.
 */
export type EdcDraftEditing = {
  rows: EdcItem[];
  index: number;
  isNew: boolean;
  code: string;
  name: string;
  /** issue 35: an activity's quantity as typed ('12,5'); absent: none typed */
  quantity?: string;
};

/**
 * The EDC keeps one draft per EDP item: its list, whether that list is a save that did not go
 * through (the session expired, or it was refused as stale), and the row being edited, if any.
 */
export type EdcDraftData = {
  edpItemId: number;
  code: string;
  name: string;
  list: EdcItem[];
  isSavePending: boolean;
  editing: EdcDraftEditing | null;
};

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const edpDraftSchema = z.object({
  items: z.array(edpItemSchema).min(1),
  editing: z
    .object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      unit: z.string().optional(),
      quantity: z.string().optional(),
      unitPrice: z.string().optional(),
    })
    .nullable()
    .optional(),
});

const ganttDraftTaskSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  start: isoDay,
  duration: z.number().int().min(0),
  progress: z.number().min(0).max(100),
  parentId: z.number().int().optional(),
  sourceKey: z.string().optional(),
  predecessors: z.array(z.object({ predecessorId: z.number().int(), type: z.enum(linkTypes), lag: z.number().int() })),
  // issue 15: the task editor's 'Inicio real' / 'Fin real'
  actualStart: isoDay.optional(),
  actualFinish: isoDay.optional(),
  // issue 34: 'Duración restante'
  remaining: z.number().int().min(0).optional(),
  // issue 34: 'Notas' and 'Fecha límite'
  notes: z.string().max(MAX_TASK_NOTES).optional(),
  deadline: isoDay.optional(),
  // issue 34: 'Inicio fijo («Debe comenzar el»)' and 'Reanudar'
  mustStartOn: z.literal(true).optional(),
  resume: isoDay.optional(),
  // issue 35: 'Recursos' and what 'Redistribuir recursos' did
  resources: z
    .array(z.object({ resourceId: z.string().min(1).max(64), units: z.number().positive().max(10_000) }))
    .max(20)
    .optional(),
  levelingDelay: z.number().int().positive().optional(),
  leveledFrom: isoDay.optional(),
  // issue 35: the quantity's formula the task is sized by, and a duration typed by hand over it
  formula: z
    .object({
      quantity: z.string(),
      workUnit: z.enum(WORK_UNITS),
      productivity: z.string(),
      resourceId: z.string().optional(),
      catalogueCrews: z.number().optional(),
    })
    .optional(),
  durationByHand: z.literal(true).optional(),
});

/**
 * A draft written before issue 14 kept only the work week: then Chile's holidays were always on and
 * a project had no exceptions, so it reads as that calendar.
 */
const ganttDraftSchema = z.union([
  z.object({ tasks: z.array(ganttDraftTaskSchema), calendar: projectCalendarSchema }),
  z.object({ tasks: z.array(ganttDraftTaskSchema), workWeek: z.enum(workWeeks) }).transform(({ tasks, workWeek }) => ({
    tasks,
    calendar: { workingWeekdays: weekdaysOfWorkWeek(workWeek), chileHolidays: true, exceptions: [] },
  })),
]);

const edcDraftSchema = z.object({
  edpItemId: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  list: z.array(edcItemSchema),
  isSavePending: z.boolean(),
  editing: z
    .object({
      rows: z.array(edcItemSchema),
      index: z.number().int().min(0),
      isNew: z.boolean(),
      code: z.string(),
      name: z.string(),
      quantity: z.string().optional(),
    })
    .refine((editing) => editing.index < editing.rows.length)
    .nullable(),
});

function parserOf<T>(schema: z.ZodType<T>): (data: unknown) => T | null {
  return (data) => {
    const result = schema.safeParse(data);
    return result.success ? result.data : null;
  };
}

export const parseEdpDraft: (data: unknown) => EdpDraftData | null = parserOf(edpDraftSchema);
export const parseGanttDraft: (data: unknown) => GanttDraftData | null = parserOf<GanttDraftData>(ganttDraftSchema);
export const parseEdcDraft: (data: unknown) => EdcDraftData | null = parserOf(edcDraftSchema);
