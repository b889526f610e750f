import { z } from 'zod';
import { currencies, formatCount, formatMoney } from '../format/money';
import type { Currency } from '../format/money';
import { defineFunction } from './contract';
import { messageSchema, noInputSchema } from './common';
import { projectIdSchema } from './gantt-contracts';

/**
 * The 'Papelera' (issue 30, "nothing destroyed without a trace"). removeProject ('Eliminar
 * proyecto', any signed-in user) moves a project to the trash: the project, its history and its
 * notifications are kept, the deletion is a history entry with who and when, and every function but
 * these treats the project as not found. Its code stays taken. An administrator restores it
 * (restoreProject), deletes it for good (purgeProject) or empties the whole trash (emptyTrash);
 * 30 days after its deletion it is purged by itself. Each of these writes a row of the 'Registro de
 * cambios' (area 'project'): the trace that remains once a project is gone.
 *
 * loadProjectHoldings answers what a project holds (counts and money), for the confirmation that
 * 'Eliminar proyecto' asks; loadTrash answers the same of each project in the trash.
 */

/** How long a project stays in the trash before it is purged by itself. */
export const TRASH_RETENTION_DAYS = 30;

/** The refusal of a trash function to someone who is not an administrator (PERMISSION_DENIED). */
export const TRASH_ADMIN_ONLY_MESSAGE = 'Solo un administrador puede ver, restaurar o vaciar la Papelera';

/** The name the change log gives the automatic purge (no user did it). */
export const TRASH_SWEEP_AUTHOR = 'Cimiento (purga automática)';

/** saveProject's and importProject's refusal of a code that a project in the trash still takes. */
export function projectCodeInTrashMessage(code: string): string {
  return `El código «${code}» lo usa un proyecto que está en la Papelera: un administrador puede restaurarlo o eliminarlo definitivamente`;
}

/** What a project holds: what a purge would take, as the confirmations and the change log say it. */
export const projectHoldingsSchema = z.object({
  edpItems: z.number().int(),
  edcItems: z.number().int(),
  /** the Gantt's stored tasks (a Gantt never opened has none yet) */
  tasks: z.number().int(),
  estadosPago: z.number().int(),
  approvedEstadosPago: z.number().int(),
  historyEntries: z.number().int(),
  /** the EDP's priced total (every priced item's quantity × unit price), exact decimal text */
  amount: z.string(),
  /** the project's budget, exact decimal text */
  budget: z.string(),
  currency: z.enum(currencies),
});
export type ProjectHoldings = z.infer<typeof projectHoldingsSchema>;

/** One project in the trash. Timestamps are ISO. */
export const trashedProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** when it was moved to the trash */
  deletedAt: z.string(),
  /** the name of who moved it there */
  deletedBy: z.string(),
  /** when it is purged by itself: deletedAt + TRASH_RETENTION_DAYS */
  purgeAt: z.string(),
  holdings: projectHoldingsSchema,
});
export type TrashedProject = z.infer<typeof trashedProjectSchema>;

/** loadTrash {} (administrators): the projects in the trash, the most recently deleted first. */
export const loadTrashContract = defineFunction({
  name: 'loadTrash',
  input: noInputSchema,
  output: z.object({ projects: z.array(trashedProjectSchema), message: messageSchema }),
});

/** restoreProject {id} (administrators): the project comes back with everything it held; not in the trash → NOT_FOUND. */
export const restoreProjectContract = defineFunction({
  name: 'restoreProject',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ message: messageSchema }),
});

/** purgeProject {id} (administrators): deletes a project in the trash for good; not in the trash → NOT_FOUND. */
export const purgeProjectContract = defineFunction({
  name: 'purgeProject',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ message: messageSchema }),
});

/** emptyTrash {} (administrators): purgeProject of every project in the trash, each in its own transaction. */
export const emptyTrashContract = defineFunction({
  name: 'emptyTrash',
  input: noInputSchema,
  output: z.object({ purged: z.number().int(), message: messageSchema }),
});

/** loadProjectHoldings {id} (any signed-in user): what the project holds, for 'Eliminar proyecto''s confirmation. */
export const loadProjectHoldingsContract = defineFunction({
  name: 'loadProjectHoldings',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({ holdings: projectHoldingsSchema, message: messageSchema }),
});

function moneyText(amount: string, currency: Currency): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return amount;
  }
}

/**
 * What a project holds, in one Spanish line: '12 ítems del EDP, 30 ítems de EDC, 40 tareas del Gantt,
 * 2 estados de pago (1 aprobado) y un monto de $1.234.567'.
 */
export function describeProjectHoldings(holdings: ProjectHoldings): string {
  const approved =
    holdings.estadosPago === 0 ? '' : ` (${formatCount(holdings.approvedEstadosPago, 'aprobado', 'aprobados')})`;
  const parts = [
    formatCount(holdings.edpItems, 'ítem del EDP', 'ítems del EDP'),
    formatCount(holdings.edcItems, 'ítem de EDC', 'ítems de EDC'),
    formatCount(holdings.tasks, 'tarea del Gantt', 'tareas del Gantt'),
    `${formatCount(holdings.estadosPago, 'estado de pago', 'estados de pago')}${approved}`,
  ];
  return `${parts.join(', ')} y un monto de ${moneyText(holdings.amount, holdings.currency)}`;
}
