import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema, versionSchema } from './common';
import { loadedEdpSchema } from './edp-contracts';
import { ganttCalendarSchema, ganttTaskSchema, sequencingModeSchema } from './gantt-contracts';
import { projectCodeSchema, projectSchema } from './project-contracts';

/**
 * Exchange with MS Project, ProjectLibre and Excel (issue 14). MSPDI ("XML format") comes in as a
 * new project (importProject) and goes out from a Gantt (exportGantt); the EDP and the Gantt go out
 * to and come back from Excel workbooks built on the server (exportEdp, exportGantt xlsx, importEdp,
 * importGantt). Every import checks the whole file before it writes anything, and answers a
 * `dryRun` with the same preview and errors the write would give, without writing.
 */

/** The largest MSPDI text importProject takes (20 MB). */
export const MAX_MSPDI_CHARS = 20 * 1024 * 1024;
/** The largest workbook importEdp and importGantt take, as base64 text (about 10 MB of xlsx). */
export const MAX_WORKBOOK_BASE64_CHARS = 14 * 1024 * 1024;
/** The most tasks an imported MSPDI file may hold (like MAX_GANTT_TASKS). */
export const MAX_IMPORTED_TASKS = 100_000;

export const exchangeFormats = ['mspdi', 'xlsx'] as const;
export type ExchangeFormat = (typeof exchangeFormats)[number];

const projectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

const fileNameSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(255, { error: 'debe tener como máximo 255 caracteres' });

export const base64WorkbookSchema = z
  .string({ error: 'debe ser texto' })
  .min(1, { error: 'es obligatorio' })
  .max(MAX_WORKBOOK_BASE64_CHARS, { error: 'el archivo supera los 10 MB' })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'debe ser un archivo Excel (.xlsx) en base64' });

/** The largest P6 XER file importProject takes, as base64 text (20 MB of file). */
export const MAX_XER_BASE64_CHARS = Math.ceil((20 * 1024 * 1024) / 3) * 4;

/** The formats importProject reads (issue 34): MS Project's XML, Primavera P6's XER and P6's XML. */
export const importFormats = ['mspdi', 'xer', 'p6xml'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** The code pages a P6 XER file may be written in (P6 writes the exporting PC's and does not say which). */
export const xerCodePages = ['windows-1252', 'windows-1251'] as const;
export type XerCodePage = (typeof xerCodePages)[number];

/** One project of a P6 file that holds several (issue 34): the dry run lists them to choose from. */
export const importedFileProjectSchema = z.object({
  /** what `projectId` takes: P6's internal proj_id */
  id: z.string(),
  /** P6's Project ID */
  shortName: z.string(),
  name: z.string(),
  /** brought along for links to another project (P6's export_flag is not Y) */
  isExternal: z.boolean(),
  activityCount: z.number().int(),
});
export type ImportedFileProject = z.infer<typeof importedFileProjectSchema>;

/** What an MSPDI or XER file holds, as the import preview shows it. */
export const mspdiPreviewSchema = z.object({
  /** the name of MS Project's project row (UID 0), or the file's <Name>/<Title>; P6: the project's WBS node */
  projectName: z.string(),
  taskCount: z.number().int(),
  summaryCount: z.number().int(),
  milestoneCount: z.number().int(),
  linkCount: z.number().int(),
  /** the calendar taken from the file */
  calendarName: z.string(),
  calendar: ganttCalendarSchema.pick({ workingWeekdays: true, chileHolidays: true, exceptions: true }),
  /** YYYY-MM-DD: the schedule our engine computes for the file */
  start: z.string(),
  finish: z.string(),
  /** issue 34, XER and P6 XML: every project of the file, and the one read (its id) */
  projects: z.array(importedFileProjectSchema).optional(),
  projectId: z.string().optional(),
  /** issue 34, MSPDI: the baselines the file brings, as they will be named ('Línea base 0 (MS Project)') */
  baselines: z.array(z.string()).optional(),
  /** issue 34, XER: the code page the text was read in */
  encoding: z.enum(['utf-8', ...xerCodePages]).optional(),
});
export type MspdiPreview = z.infer<typeof mspdiPreviewSchema>;

/** An XML file's text (MSPDI, P6 XML): up to 20 MB. */
const xmlFileSchema = z
  .string({ error: 'debe ser texto' })
  .min(1, { error: 'el archivo está vacío' })
  .max(MAX_MSPDI_CHARS, { error: 'el archivo supera los 20 MB' });

/** issue 34: one project of a P6 file, by its proj_id or Project ID. */
const fileProjectIdSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(100, { error: 'debe tener como máximo 100 caracteres' });

const importedProjectFields = {
  fileName: fileNameSchema,
  code: z.string({ error: 'debe ser texto' }).optional(),
  name: z
    .string({ error: 'debe ser texto' })
    .trim()
    .max(200, { error: 'debe tener como máximo 200 caracteres' })
    .optional(),
  chileHolidays: z.boolean({ error: 'debe ser verdadero o falso' }).default(false),
  dryRun: z.boolean({ error: 'debe ser verdadero o falso' }).default(false),
};

/**
 * importProject: a new project from a schedule file. `format: 'mspdi'`, an MS Project or
 * ProjectLibre XML file as text: its EDP mirrors the file's outline (the root named by the project
 * row), its Gantt holds every task, link, milestone and % complete, on the file's calendar.
 * `format: 'xer'` (issue 34), a Primavera P6 XER file as base64 (P6 writes the PC's code page:
 * read as UTF-8 when it is, else Windows-1252, or `codePage`), one project of it (`projectId`, its
 * proj_id or Project ID; needed when the file holds several and more than one is exported): the
 * EDP from its WBS with P6's codes, its activities, relationships, calendar, constraints and
 * progress at the data date. `format: 'p6xml'`, P6's XML export as text, read the same way (with
 * `projectId`). Chile's holidays are off unless `chileHolidays`. `dryRun`: the preview
 * (with the file's projects for XER) and warnings only (code may be empty), nothing written. A file
 * that cannot be read, a DOCTYPE or entity, a link cycle, too many tasks → INVALID_ARGUMENT; a
 * taken code → ALREADY_EXISTS.
 */
export const importProjectContract = defineFunction({
  name: 'importProject',
  input: z
    .discriminatedUnion(
      'format',
      [
        z.strictObject({
          format: z.literal('mspdi'),
          content: xmlFileSchema,
          ...importedProjectFields,
        }),
        z.strictObject({
          format: z.literal('p6xml'),
          content: xmlFileSchema,
          projectId: fileProjectIdSchema.optional(),
          ...importedProjectFields,
        }),
        z.strictObject({
          format: z.literal('xer'),
          content: z
            .string({ error: 'debe ser texto' })
            .min(1, { error: 'el archivo está vacío' })
            .max(MAX_XER_BASE64_CHARS, { error: 'el archivo supera los 20 MB' })
            .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'debe ser un archivo XER en base64' }),
          codePage: z.enum(xerCodePages, { error: `debe ser una de: ${xerCodePages.join(', ')}` }).optional(),
          projectId: fileProjectIdSchema.optional(),
          ...importedProjectFields,
        }),
      ],
      {
        error: (issue) => (issue.code === 'invalid_union' ? `debe ser una de: ${importFormats.join(', ')}` : undefined),
      },
    )
    .superRefine((input, context) => {
      if (input.dryRun) return;
      const code = projectCodeSchema.safeParse(input.code ?? '');
      if (!code.success)
        for (const issue of code.error.issues)
          context.addIssue({ code: 'custom', path: ['code'], message: issue.message });
    }),
  output: z.object({
    /** absent on a dry run */
    project: projectSchema.optional(),
    preview: mspdiPreviewSchema,
    /** what is not carried over, each naming the tasks */
    warnings: z.array(z.string()),
    message: messageSchema,
  }),
  bodyLimit: 48 * 1024 * 1024,
});

/** A file the server built: `content` is the XML text for MSPDI, base64 for a workbook. */
export const exportedFileSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  content: z.string(),
});
export type ExportedFile = z.infer<typeof exportedFileSchema>;

/**
 * exportGantt {id, format}: 'mspdi' → an MS Project XML file (calendar, tasks with WBS = TaskCode,
 * links with type and lag, dates); 'xlsx' → the task table (Id, Código, Nombre, Inicio, Fin,
 * Duración, Avance, Predecesoras, Holgura, Crítica) grouped by outline.
 */
export const exportGanttContract = defineFunction({
  name: 'exportGantt',
  input: z.strictObject({
    id: projectIdSchema,
    format: z.enum(exchangeFormats, { error: `debe ser una de: ${exchangeFormats.join(', ')}` }),
  }),
  output: exportedFileSchema.extend({ message: messageSchema }),
});

/** exportEdp {id}: the EDP as the workbook 'Exportar a Excel' downloads (Código, Nombre, Nivel). */
export const exportEdpContract = defineFunction({
  name: 'exportEdp',
  input: z.strictObject({ id: projectIdSchema }),
  output: exportedFileSchema.extend({ message: messageSchema }),
});

/** One refused row of an imported workbook: 'Fila 12: el código HRT.1.3 está repetido'. */
export const workbookRowErrorSchema = z.object({
  /** the worksheet's row number (1 = the header) */
  row: z.number().int(),
  /** the column's header ('Código', 'Nombre', …) */
  field: z.string(),
  /** the whole sentence, starting 'Fila N: ' */
  message: z.string(),
});
export type WorkbookRowError = z.infer<typeof workbookRowErrorSchema>;

/**
 * importEdp {id, content (base64 xlsx), version, dryRun?}: replaces the EDP with the workbook's rows
 * (Código, Nombre, Nivel), as 'Exportar a Excel' writes them. Items keep their id (and their EDC and
 * Gantt tasks) when their code stays; the preview counts what is added, renamed and removed, and
 * the EDC lists and Gantt tasks that go with the removed. Any row error → INVALID_ARGUMENT naming
 * the rows (a dry run lists them instead); a stale version → ABORTED.
 */
export const importEdpContract = defineFunction({
  name: 'importEdp',
  input: z.strictObject({
    id: projectIdSchema,
    content: base64WorkbookSchema,
    version: versionSchema,
    dryRun: z.boolean({ error: 'debe ser verdadero o falso' }).default(false),
  }),
  output: z.object({
    preview: z.object({
      rows: z.number().int(),
      errors: z.array(workbookRowErrorSchema),
      added: z.number().int(),
      renamed: z.number().int(),
      removed: z.number().int(),
      kept: z.number().int(),
      /** issue 16: current items whose Unidad, Cantidad or Precio unitario change (renamed ones too) */
      repriced: z.number().int(),
      /** EDC lists (with at least one item) of removed items */
      removedEdcLists: z.number().int(),
    }),
    /** the stored EDP after the import; absent on a dry run */
    edp: loadedEdpSchema.optional(),
    message: messageSchema,
  }),
  bodyLimit: 16 * 1024 * 1024,
});

/**
 * importGantt {id, format: 'xlsx', content, version, dryRun?}: the task table as exportGantt xlsx
 * writes it. Rows whose Código matches a task update its duration, predecessors (by the sheet's Id),
 * progress and start ('Inicio' becomes the start no earlier than); unknown codes are added as new
 * tasks (under the task whose code is the longest prefix of theirs). Errors and staleness as importEdp.
 */
export const importGanttContract = defineFunction({
  name: 'importGantt',
  input: z.strictObject({
    id: projectIdSchema,
    format: z.literal('xlsx', { error: 'debe ser xlsx' }),
    content: base64WorkbookSchema,
    version: z.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0),
    dryRun: z.boolean({ error: 'debe ser verdadero o falso' }).default(false),
  }),
  output: z.object({
    preview: z.object({
      rows: z.number().int(),
      errors: z.array(workbookRowErrorSchema),
      updated: z.number().int(),
      added: z.number().int(),
      unchanged: z.number().int(),
    }),
    /** the stored Gantt after the import, as loadGantt answers it; absent on a dry run */
    gantt: z
      .object({
        activities: z.array(ganttTaskSchema),
        version: z.number().int(),
        calendar: ganttCalendarSchema,
        projectStart: z.string(),
        projectFinish: z.string(),
        sequencing: sequencingModeSchema,
      })
      .optional(),
    message: messageSchema,
  }),
  bodyLimit: 16 * 1024 * 1024,
});
