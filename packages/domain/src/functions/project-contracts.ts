import { z } from 'zod';
import { edpTemplateNames } from '../edp/edp-templates';
import { currencies } from '../format/money';
import { parseDecimal } from '../format/decimal';
import { areaTypeSchema } from './catalogue-contracts';
import { defineFunction } from './contract';
import { messageSchema, noInputSchema } from './common';

/**
 * Projects (product-spec.md §2 "New project wizard", "Project list", §3 Project, §7): saveProject
 * creates a project with its generated EDP (domain.md), loadProjects lists them, loadProject gives
 * one with its EDP items, removeProject deletes one with everything under it.
 */

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
} as const satisfies Record<string, string>;

export const MAX_PROJECT_AREA_TYPES = 500;
export const MAX_AREA_QUANTITY = 999;
/** The largest EDP a project may have (issue 5's limit); the wizard refuses a bigger generated one. */
export const MAX_EDP_ITEMS = 50_000;

const MAX_CODE = 50;
const MAX_NAME = 200;

/** The spec's fixed load message for the project list (§8). */
export const projectsLoadedMessage = 'Proyectos cargados';

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
});

export const projectInputSchema = z
  .strictObject({
    name: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatorio' })
      .max(MAX_NAME, { error: `debe tener como máximo ${MAX_NAME} caracteres` }),
    code: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatorio' })
      .max(MAX_CODE, { error: `debe tener como máximo ${MAX_CODE} caracteres` })
      .refine((code) => !/\s/.test(code), { error: 'no puede tener espacios' })
      // the EDP's codes are "{projectCode}.{n}.{m}": the project code is their first segment
      .refine((code) => !code.includes('.'), { error: 'no puede contener puntos' }),
    priority: integerText({ min: 0, max: 1_000_000, error: 'debe ser un número entero entre 0 y 1.000.000' }).default(
      projectDefaults.priority,
    ),
    template: z
      .enum(projectTemplates, { error: `debe ser una de: ${projectTemplates.join(', ')}` })
      .default(projectDefaults.template),
    startYear: yearSchema.default(projectDefaults.startYear),
    endYear: yearSchema.default(projectDefaults.endYear),
    currency: z
      .enum(currencies, { error: `debe ser una de: ${currencies.join(', ')}` })
      .default(projectDefaults.currency),
    budget: budgetSchema.default(projectDefaults.budget),
    tiposArea: z
      .array(projectAreaTypeInputSchema)
      .max(MAX_PROJECT_AREA_TYPES, { error: `admite como máximo ${MAX_PROJECT_AREA_TYPES} tipos de área` })
      .default([]),
    // the spec's draft may carry these; the server ignores them and sets its own
    id: z.union([z.string(), z.number()]).optional(),
    date: z.unknown().optional(),
  })
  .superRefine((project, context) => {
    if (Number(project.startYear) > Number(project.endYear)) {
      context.addIssue({
        code: 'custom',
        path: ['endYear'],
        message: 'debe ser igual o posterior al año de inicio de obras',
      });
    }
    const seen = new Set<string>();
    project.tiposArea.forEach((areaType, index) => {
      if (seen.has(areaType._id)) {
        context.addIssue({ code: 'custom', path: ['tiposArea', index, '_id'], message: 'está repetido' });
      }
      seen.add(areaType._id);
    });
  });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ParsedProjectInput = z.output<typeof projectInputSchema>;

/** A seconds timestamp, the way the spec's documents carry dates (`date._seconds`). */
export const secondsTimestampSchema = z.object({ _seconds: z.number().int() });

export const projectAreaTypeSchema = areaTypeSchema.extend({ quantity: z.number().int() });
export type ProjectAreaType = z.infer<typeof projectAreaTypeSchema>;

export const edpItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().optional(),
  code: z.string(),
  name: z.string(),
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

/** Deletes a project by its `_id` with everything under it (EDP, EDC, Gantt); unknown → NOT_FOUND. */
export const removeProjectContract = defineFunction({
  name: 'removeProject',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ message: messageSchema }),
});
