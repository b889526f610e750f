import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema, noInputSchema } from './common';

export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  admin: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const loadUsersContract = defineFunction({
  name: 'loadUsers',
  input: noInputSchema,
  output: z.object({ users: z.array(userSummarySchema), message: messageSchema }),
});

export const MIN_PASSWORD_LENGTH = 8;

const newUserSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(120, { error: 'debe tener como máximo 120 caracteres' }),
  email: z.email({ error: 'debe ser un correo válido' }).max(254).toLowerCase(),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres` })
    .max(128, { error: 'debe tener como máximo 128 caracteres' }),
  admin: z.boolean({ error: 'debe ser sí o no' }),
});

const userChangeSchema = z.strictObject({
  id: z.string().min(1, { error: 'es obligatorio' }).max(64),
  admin: z.boolean({ error: 'debe ser sí o no' }).optional(),
  disabled: z.boolean({ error: 'debe ser sí o no' }).optional(),
});

/** saveUser creates a user ({user: {name, email, password, admin}}) or changes one ({user: {id, admin?, disabled?}}). */
export const saveUserInputSchema = z.strictObject({
  user: z.union([newUserSchema, userChangeSchema], {
    error: 'debe traer name, email, password y admin para crear, o id para modificar',
  }),
});
export type SaveUserInput = z.infer<typeof saveUserInputSchema>;

export const saveUserContract = defineFunction({
  name: 'saveUser',
  input: saveUserInputSchema,
  output: z.object({ user: userSummarySchema, message: messageSchema }),
});
