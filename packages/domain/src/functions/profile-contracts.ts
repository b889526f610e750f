import { z } from 'zod';
import { defineFunction } from './contract';
import { isoDateSchema, messageSchema, noInputSchema } from './common';

/** The 'users' document keyed by the user's id, merged with the account it belongs to. */
export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  admin: z.boolean(),
  jobTitle: z.string(),
  birthday: z.string(),
  location: z.string(),
  phoneNumber: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loadProfileContract = defineFunction({
  name: 'loadProfile',
  input: noInputSchema,
  output: z.object({ profile: profileSchema, message: messageSchema }),
});

const phoneNumberSchema = z
  .string()
  .trim()
  .max(30, { error: 'debe tener como máximo 30 caracteres' })
  .regex(/^[+\d\s()-]*$/, { error: 'solo puede tener dígitos, espacios, +, - y paréntesis' });

export const saveProfileInputSchema = z.strictObject({
  location: z.string().trim().max(120, { error: 'debe tener como máximo 120 caracteres' }),
  phoneNumber: phoneNumberSchema,
  birthday: z.union([z.literal(''), isoDateSchema]),
  jobTitle: z.string().trim().max(120, { error: 'debe tener como máximo 120 caracteres' }),
});
export type SaveProfileInput = z.infer<typeof saveProfileInputSchema>;

export const saveProfileContract = defineFunction({
  name: 'saveProfile',
  input: saveProfileInputSchema,
  output: z.object({ profile: profileSchema, message: messageSchema }),
});

/** Largest avatar accepted, counted on the decoded bytes. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const uploadContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const uploadFileInputSchema = z.strictObject({
  purpose: z.enum(['avatar'], { error: 'debe ser avatar' }),
  // base64 grows 4/3; 64 characters of slack for the "data:image/...;base64," prefix
  dataUrl: z
    .string()
    .max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64, { error: 'el archivo supera el máximo de 2 MB' })
    .startsWith('data:', { error: 'debe ser un data URL (data:...;base64,...)' }),
});

export const fileMetadataSchema = z.object({
  name: z.string(),
  fullPath: z.string(),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int(),
  timeCreated: z.string(),
});
export type FileMetadata = z.infer<typeof fileMetadataSchema>;

export const uploadFileContract = defineFunction({
  name: 'uploadFile',
  input: uploadFileInputSchema,
  output: z.object({ url: z.string(), metadata: fileMetadataSchema, message: messageSchema }),
  bodyLimit: 3 * 1024 * 1024 + 4096,
});
