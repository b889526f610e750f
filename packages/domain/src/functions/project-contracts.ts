import { z } from 'zod';
import { projectRoles } from '../members/roles';
import { edpItemPriceOutputShape } from './price-fields';
import { currencies } from '../format/money';
import { parseDecimal } from '../format/decimal';
import { areaTypeSchema } from './catalogue-contracts';
import { defineFunction } from './contract';
import { messageSchema, noInputSchema, versionSchema } from './common';
import { sequencingModeSchema, workWeeks } from './gantt-contracts';

/**
 * Projects (product-spec.md §2 "New project wizard", "Project list", §3 Project, §7): saveProject
 * creates a project with its generated EDP (domain.md), loadProjects lists them, loadProject gives
 * one with its EDP items, removeProject moves one to the 'Papelera' (issue 30). Issue 12 adds
 * updateProject ('Editar proyecto': the fields outside the EDP, under the project's `version`) and
 * checkProjectCode (the wizard's step 1 asks whether a code is free as it is typed).
 */

/** The fixed EDP templates (their items: edp/edp-templates.ts). */
export const edpTemplateNames = ['plantilla-1', 'plantilla-2'] as const;
export type EdpTemplateName = (typeof edpTemplateNames)[number];

export const projectTemplates = ['generica', ...edpTemplateNames] as const;
export type ProjectTemplate = (typeof projectTemplates)[number];

/** spec §9 defaults. */
export const projectDefaults = {
  priority: '0',
  template: 'generica',
  startYear: '2023',
  endYear: '2023',
  currency: 'USD',
  budget: '0',
  sequencing: 'train',
} as const satisfies Record<string, string>;

export const MAX_PROJECT_AREA_TYPES = 500;
export const MAX_AREA_QUANTITY = 999;
/** issue 35: the most of one sub-area an area type may have in the wizard (the catalogue's own maximum). */
export const MAX_SECTOR_QUANTITY = 999;
/** The largest EDP a project may have (issue 5's limit); the wizard refuses a bigger generated one. */
export const MAX_EDP_ITEMS = 50_000;

const MAX_CODE = 50;
const MAX_NAME = 200;

/** The spec's fixed load message for the project list (§8). */
export const projectsLoadedMessage = 'Proyectos cargados';

/** updateProject's refusal of an edit based on an older `version` (ABORTED). */
export const PROJECT_STALE_MESSAGE = 'El proyecto fue modificado por otra persona; recarga para ver los cambios';

/** domain.md: "Project codes are unique (case-insensitive)"; saveProject's refusal and checkProjectCode's answer. */
export function projectCodeTakenMessage(code: string): string {
  return `Ya existe un proyecto con el código «${code}»`;
}

const projectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

/** Text or number in, canonical text out: the spec keeps priority and years as strings. */
function integerText(options: { min: number; max: number; error: string }) {
  return z.union([z.string(), z.number()], { error: 'debe ser un número' }).transform((value, context) => {
    const text = String(value).trim();
    if (!/^\d+$/.test(text) || Number(text) < options.min || Number(text) > options.max) {
      context.addIssue({ code: 'custom', message: options.error });
      return z.NEVER;
    }
    return String(Number(text));
  });
}

const yearSchema = z.union([z.string(), z.number()], { error: 'debe ser un año' }).transform((value, context) => {
  const text = String(value).trim();
  if (!/^\d{4}$/.test(text) || text.startsWith('0')) {
    context.addIssue({ code: 'custom', message: 'debe ser un año de 4 dígitos' });
    return z.NEVER;
  }
  return text;
});

/** A non-negative exact decimal; numbers and strings both arrive as the canonical string. */
export const budgetSchema = z
  .union([z.string(), z.number()], { error: 'debe ser un número' })
  .transform((value, context) => {
    const result = parseDecimal(value);
    if (!result.ok) {
      context.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.value;
  });

/**
 * An area type chosen in the wizard: the record as loadObjects returned it, with the chosen
 * `quantity` added. Only `_id` and `quantity` count: the server copies the catalogue's current
 * record (projects hold copies, never references).
 */
export const projectAreaTypeInputSchema = z.strictObject({
  _id: projectIdSchema,
  quantity: z
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(0, { error: 'debe ser 0 o más' })
    .max(MAX_AREA_QUANTITY, { error: `debe ser como máximo ${MAX_AREA_QUANTITY}` })
    .default(0),
  id: z.union([z.string(), z.number()]).optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  priority: z.number().optional(),
  sectores: z.array(z.unknown()).max(500).optional(),
  /**
   * issue 35: how many of each of its sub-areas the area type has in this project ('2 torres, cada
   * una 1 subterráneo + 12 pisos tipo + cubierta'), by the sub-area's catalogue `id`; a sub-area
   * not listed keeps the catalogue's quantity (0: none of it).
   */
  sectorQuantities: z
    .array(
      z.strictObject({
        id: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }),
        quantity: z
          .number({ error: 'debe ser un número' })
          .int({ error: 'debe ser un número entero' })
          .min(0, { error: 'debe ser 0 o más' })
          .max(MAX_SECTOR_QUANTITY, { error: `debe ser como máximo ${MAX_SECTOR_QUANTITY}` }),
      }),
    )
    .max(500, { error: 'admite como máximo 500 subáreas' })
    .optional(),
});

const projectNameSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(MAX_NAME, { error: `debe tener como máximo ${MAX_NAME} caracteres` });

/** A project code: no spaces, no dots (the EDP's codes are "{projectCode}.{n}.{m}"). */
export const projectCodeSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(MAX_CODE, { error: `debe tener como máximo ${MAX_CODE} caracteres` })
  .refine((code) => !/\s/.test(code), { error: 'no puede tener espacios' })
  // the EDP's codes are "{projectCode}.{n}.{m}": the project code is their first segment
  .refine((code) => !code.includes('.'), { error: 'no puede contener puntos' });

const prioritySchema = integerText({ min: 0, max: 1_000_000, error: 'debe ser un número entero entre 0 y 1.000.000' });

const currencySchema = z.enum(currencies, { error: `debe ser una de: ${currencies.join(', ')}` });

/** issue 14: 'custom' keeps the calendar's weekdays as they are; a preset replaces them */
const workWeekSchema = z.enum([...workWeeks, 'custom'], {
  error: `debe ser una de: ${[...workWeeks, 'custom'].join(', ')}`,
});

/** saveProject's and updateProject's rule across the two years. */
function refineYears(project: { startYear: string; endYear: string }, context: z.RefinementCtx): void {
  if (Number(project.startYear) > Number(project.endYear)) {
    context.addIssue({
      code: 'custom',
      path: ['endYear'],
      message: 'debe ser igual o posterior al año de inicio de obras',
    });
  }
}

export const projectInputSchema = z
  .strictObject({
    name: projectNameSchema,
    code: projectCodeSchema,
    priority: prioritySchema.default(projectDefaults.priority),
    template: z
      .enum(projectTemplates, { error: `debe ser una de: ${projectTemplates.join(', ')}` })
      .default(projectDefaults.template),
    startYear: yearSchema.default(projectDefaults.startYear),
    endYear: yearSchema.default(projectDefaults.endYear),
    currency: currencySchema.default(projectDefaults.currency),
    budget: budgetSchema.default(projectDefaults.budget),
    // issue 13: how the Gantt's generated tasks are linked ('Tren de actividades' unless chosen otherwise)
    sequencing: sequencingModeSchema.default(projectDefaults.sequencing),
    tiposArea: z
      .array(projectAreaTypeInputSchema)
      .max(MAX_PROJECT_AREA_TYPES, { error: `admite como máximo ${MAX_PROJECT_AREA_TYPES} tipos de área` })
      .default([]),
    // the spec's draft may carry these; the server ignores them and sets its own
    id: z.union([z.string(), z.number()]).optional(),
    date: z.unknown().optional(),
  })
  .superRefine((project, context) => {
    refineYears(project, context);
    const seen = new Set<string>();
    project.tiposArea.forEach((areaType, index) => {
      if (seen.has(areaType._id)) {
        context.addIssue({ code: 'custom', path: ['tiposArea', index, '_id'], message: 'está repetido' });
      }
      seen.add(areaType._id);
      const sectors = new Set<number>();
      (areaType.sectorQuantities ?? []).forEach((sector, position) => {
        if (sectors.has(sector.id)) {
          context.addIssue({
            code: 'custom',
            path: ['tiposArea', index, 'sectorQuantities', position, 'id'],
            message: 'está repetida',
          });
        }
        sectors.add(sector.id);
      });
    });
  });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ParsedProjectInput = z.output<typeof projectInputSchema>;

/**
 * What 'Editar proyecto' changes (issue 12): the wizard's fields outside the EDP, every one
 * required, with saveProject's rules; and the Gantt's work week, the project's one option. The
 * code (the first segment of every EDP code) and the template (which made the EDP) stay.
 */
export const projectUpdateInputSchema = z
  .strictObject({
    name: projectNameSchema,
    priority: prioritySchema,
    currency: currencySchema,
    budget: budgetSchema,
    startYear: yearSchema,
    endYear: yearSchema,
    workWeek: workWeekSchema,
  })
  .superRefine(refineYears);
export type ProjectUpdateInput = z.input<typeof projectUpdateInputSchema>;
export type ParsedProjectUpdateInput = z.output<typeof projectUpdateInputSchema>;

/** A seconds timestamp, the way the spec's documents carry dates (`date._seconds`). */
export const secondsTimestampSchema = z.object({ _seconds: z.number().int() });

export const projectAreaTypeSchema = areaTypeSchema.extend({ quantity: z.number().int() });
export type ProjectAreaType = z.infer<typeof projectAreaTypeSchema>;

export const edpItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().optional(),
  code: z.string(),
  name: z.string(),
  // issue 16: unit, quantity, unitPrice and amount (cost-contracts.ts), absent when not set
  ...edpItemPriceOutputShape,
});

/** A stored project (what saveProject answers and loadProject extends with its EDP). */
export const projectSchema = z.object({
  _id: z.string(),
  /** the same string as `_id` */
  id: z.string(),
  name: z.string(),
  code: z.string(),
  priority: z.string(),
  template: z.enum(projectTemplates),
  startYear: z.string(),
  endYear: z.string(),
  currency: z.enum(currencies),
  /** exact decimal as text, e.g. "1234567.89" */
  budget: z.string(),
  tiposArea: z.array(projectAreaTypeSchema),
  /** creation time */
  date: secondsTimestampSchema,
  edpItemCount: z.number().int(),
  /** the Gantt's working week, the project's option ('Semana laboral'); issue 14: 'custom' for other weekdays */
  workWeek: z.enum([...workWeeks, 'custom']),
  /** issue 13: the Gantt's sequencing option */
  sequencing: sequencingModeSchema,
  /** grows on every updateProject (and when the Gantt changes the work week); updateProject sends it back */
  version: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

/** A project with its EDP; `version` grows on every EDP save (issue 5 sends it back). */
export const loadedProjectSchema = projectSchema.extend({
  edp: z.object({ items: z.array(edpItemSchema), version: z.number().int() }),
});
export type LoadedProject = z.infer<typeof loadedProjectSchema>;

/** One row of the project list. `mine`: the caller created it ('Mis proyectos'). */
export const projectSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  code: z.string(),
  currency: z.enum(currencies),
  budget: z.string(),
  date: secondsTimestampSchema,
  mine: z.boolean(),
  // what 'Editar proyecto' shows from the list (issue 12)
  priority: z.string(),
  startYear: z.string(),
  endYear: z.string(),
  /** issue 14: 'custom' when the calendar's weekdays match neither preset */
  workWeek: z.enum([...workWeeks, 'custom']),
  version: z.number().int(),
  /** issue 36: the caller's role on the project; null: an administrator who is not a member */
  role: z.enum(projectRoles).nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const saveProjectContract = defineFunction({
  name: 'saveProject',
  input: z.strictObject({ project: projectInputSchema }),
  output: z.object({ project: projectSchema, message: messageSchema }),
  bodyLimit: 4 * 1024 * 1024,
});

/** Every project, sorted by name (es-CL), with the spec's 'Proyectos cargados'. */
export const loadProjectsContract = defineFunction({
  name: 'loadProjects',
  input: noInputSchema,
  output: z.object({ projects: z.array(projectSummarySchema), message: messageSchema }),
});

/** One project by its `_id`, with its EDP items in id order; unknown → NOT_FOUND. */
export const loadProjectContract = defineFunction({
  name: 'loadProject',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ project: loadedProjectSchema, message: messageSchema }),
});

/**
 * 'Eliminar proyecto': moves a project by its `_id` to the 'Papelera' (issue 30, trash-contracts.ts),
 * with everything under it kept; unknown or already there → NOT_FOUND.
 */
export const removeProjectContract = defineFunction({
  name: 'removeProject',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ message: messageSchema }),
});

/**
 * updateProject {id, project, version} ('Editar proyecto'): name, priority, currency, budget,
 * years and work week, based on the `version` the dialog loaded (older → ABORTED with
 * PROJECT_STALE_MESSAGE, nothing written); unknown → NOT_FOUND. The EDP is not touched.
 */
export const updateProjectContract = defineFunction({
  name: 'updateProject',
  input: z.strictObject({ id: projectIdSchema, project: projectUpdateInputSchema, version: versionSchema }),
  output: z.object({ project: projectSchema, message: messageSchema }),
});

/**
 * checkProjectCode {code, exceptId?}: whether a project code is free (case-insensitive, as
 * saveProject decides), for the wizard's step 1; `exceptId` leaves that project out. A code
 * saveProject would refuse is INVALID_ARGUMENT with its message.
 */
export const checkProjectCodeContract = defineFunction({
  name: 'checkProjectCode',
  input: z.strictObject({ code: projectCodeSchema, exceptId: projectIdSchema.optional() }),
  output: z.object({ available: z.boolean(), message: messageSchema }),
});
