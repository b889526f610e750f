import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema } from './common';

/**
 * The 'Registro de cambios' under Administración (issue 30, nothing destroyed without a trace): one
 * entry per change to the catalogues, the UF values and the project trash, with who, when and
 * what, written in the change's own transaction. Read by every signed-in user: the catalogues are
 * kept by whoever plans (not only administrators), and everyone sees every project already.
 */

/** What an entry changed: a catalogue record, UF values, or a project (the trash). */
export const changeLogAreas = ['catalogue', 'uf', 'project'] as const;
export const changeLogAreaSchema = z.enum(changeLogAreas, {
  error: `debe ser una de: ${changeLogAreas.join(', ')}`,
});
export type ChangeLogArea = z.infer<typeof changeLogAreaSchema>;

/**
 * One field that a change set, both sides as display text ('' when there was none: created, or
 * deleted). `item` names the part of the record the field belongs to when it is not the record
 * itself ('Subárea S2 Piso 2', 'UF 01-03-2027').
 */
export const changeLogFieldChangeSchema = z.object({
  item: z.string().optional(),
  field: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ChangeLogFieldChange = z.infer<typeof changeLogFieldChangeSchema>;

/**
 * What an entry changed: its fields before and after, and anything else one line each. Bounded: the
 * two lists keep at most 500 entries together, `omitted` counts the rest; a large import records
 * its counts and range in `notes`, not every value.
 */
export const changeLogDetailSchema = z.object({
  changes: z.array(changeLogFieldChangeSchema),
  notes: z.array(z.string()),
  omitted: z.number().int().nonnegative(),
});
export type ChangeLogDetail = z.infer<typeof changeLogDetailSchema>;

/** One entry, as the 'Registro de cambios' lists it; `at` is an ISO timestamp. */
export const changeLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userName: z.string(),
  area: changeLogAreaSchema,
  /** 'create' | 'update' | 'delete' | 'import' | 'seed' | 'trash' | 'restore' | 'purge' */
  action: z.string(),
  /** the record as a person names it: 'Actividad ACT12 Relleno y compactación', 'UF 01-03-2027' */
  record: z.string(),
  /** one Spanish line: 'creó', 'modificó: Nombre, Duración', 'eliminó' */
  summary: z.string(),
  detail: changeLogDetailSchema,
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;

/** Entries per page when the caller does not say, and the most a page may ask for. */
export const CHANGE_LOG_DEFAULT_PAGE = 20;
export const CHANGE_LOG_MAX_PAGE = 100;

/**
 * loadChangeLog {area?, before?, limit?}: the entries newest first, `limit` at a time (default 20,
 * at most 100), of one area or all. `before` is the cursor: only entries older than that id (the
 * `next` of the previous page), so entries written meanwhile do not shift the pages. `next` is null
 * on the last page.
 */
export const loadChangeLogContract = defineFunction({
  name: 'loadChangeLog',
  input: z.union([
    z.null(),
    z.undefined(),
    z.strictObject({
      area: changeLogAreaSchema.optional(),
      before: z
        .number({ error: 'debe ser un número' })
        .int({ error: 'debe ser un entero' })
        .min(1, { error: 'debe ser al menos 1' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'es demasiado grande' })
        .optional(),
      limit: z
        .number({ error: 'debe ser un número' })
        .int({ error: 'debe ser un entero' })
        .min(1, { error: 'debe ser al menos 1' })
        .max(CHANGE_LOG_MAX_PAGE, { error: `debe ser como máximo ${CHANGE_LOG_MAX_PAGE}` })
        .optional(),
    }),
  ]),
  output: z.object({
    entries: z.array(changeLogEntrySchema),
    next: z.number().int().nullable(),
    message: messageSchema,
  }),
});
