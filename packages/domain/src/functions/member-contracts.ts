import { z } from 'zod';
import { checkRut } from '../members/rut';
import { projectRoles } from '../members/roles';
import { defineFunction } from './contract';
import { messageSchema } from './common';
import { projectIdSchema } from './gantt-contracts';

/**
 * Issue 36: a project's members and companies ('Miembros', docs/MEMBERS.md). loadMembers is open to
 * every member; the writes need the 'members' capability (a 'Planificador', or an administrator).
 */

export const projectRoleSchema = z.enum(projectRoles, {
  error: 'debe ser Planificador, Terreno, Subcontratista o Lector',
});

export const companyKinds = ['contratista', 'subcontratista'] as const;
export const companyKindLabels: Record<(typeof companyKinds)[number], string> = {
  contratista: 'Contratista',
  subcontratista: 'Subcontratista',
};

const idSchema = z
  .string({ error: 'debe ser texto' })
  .trim()
  .min(1, { error: 'es obligatorio' })
  .max(64, { error: 'debe tener como máximo 64 caracteres' });

export const projectMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: projectRoleSchema,
  /** the company the member works for (required of a 'Subcontratista'); null: none said */
  companyId: z.string().nullable(),
  /** a disabled user keeps the role but cannot sign in */
  disabled: z.boolean(),
  /** an administrator of the instance (may do everything whatever the role) */
  admin: z.boolean(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** written with dots and dash: '76.086.428-5' */
  rut: z.string(),
  kind: z.enum(companyKinds),
  /** how many members work for it */
  members: z.number().int(),
});
export type ProjectCompany = z.infer<typeof projectCompanySchema>;

export const loadMembersContract = defineFunction({
  name: 'loadMembers',
  input: z.strictObject({ id: projectIdSchema }),
  output: z.object({
    members: z.array(projectMemberSchema),
    companies: z.array(projectCompanySchema),
    message: messageSchema,
  }),
});

export const saveMemberInputSchema = z.strictObject({
  id: projectIdSchema,
  member: z.strictObject({
    userId: idSchema,
    role: projectRoleSchema,
    companyId: idSchema.nullable().optional(),
  }),
});
export type SaveMemberInput = z.infer<typeof saveMemberInputSchema>;

/** Adds a user to the project with a role, or changes a member's role or company. */
export const saveMemberContract = defineFunction({
  name: 'saveMember',
  input: saveMemberInputSchema,
  output: z.object({ member: projectMemberSchema, message: messageSchema }),
});

export const removeMemberContract = defineFunction({
  name: 'removeMember',
  input: z.strictObject({ id: projectIdSchema, userId: idSchema }),
  output: z.object({ message: messageSchema }),
});

const rutSchema = z.string({ error: 'debe ser texto' }).transform((text, context) => {
  const checked = checkRut(text);
  if (checked.ok) return checked.rut;
  context.addIssue({ code: 'custom', message: checked.error });
  return z.NEVER;
});

export const saveCompanyInputSchema = z.strictObject({
  id: projectIdSchema,
  company: z.strictObject({
    /** absent: a new company */
    id: idSchema.optional(),
    name: z
      .string({ error: 'debe ser texto' })
      .trim()
      .min(1, { error: 'es obligatorio' })
      .max(120, { error: 'debe tener como máximo 120 caracteres' }),
    rut: rutSchema,
    kind: z.enum(companyKinds, { error: 'debe ser Contratista o Subcontratista' }),
  }),
});
export type SaveCompanyInput = z.input<typeof saveCompanyInputSchema>;

export const saveCompanyContract = defineFunction({
  name: 'saveCompany',
  input: saveCompanyInputSchema,
  output: z.object({ company: projectCompanySchema, message: messageSchema }),
});

export const removeCompanyContract = defineFunction({
  name: 'removeCompany',
  input: z.strictObject({ id: projectIdSchema, companyId: idSchema }),
  output: z.object({ message: messageSchema }),
});
