import { z } from 'zod';
import { defineFunction } from './contract';
import { messageSchema } from './common';
import { projectIdSchema } from './gantt-contracts';

/**
 * Issue 36: the site's photos of a task, taken from the field screen (on a phone, maybe offline and
 * sent later). A photo names a `clientId` the phone made when it was taken, so sending it twice (the
 * answer lost on a bad connection) stores it once.
 */

/** A photo's bytes at most (the phone scales it down before sending: 1,600 px, JPEG). */
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
export const MAX_PHOTO_CAPTION = 200;

export const taskPhotoSchema = z.object({
  id: z.string(),
  taskId: z.number().int(),
  /** where the browser reads it: /files/… (members of the project only) */
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  caption: z.string(),
  clientId: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TaskPhoto = z.infer<typeof taskPhotoSchema>;

const taskIdSchema = z
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .min(0, { error: 'no puede ser negativo' })
  .max(Number.MAX_SAFE_INTEGER);

export const uploadTaskPhotoContract = defineFunction({
  name: 'uploadTaskPhoto',
  input: z.strictObject({
    id: projectIdSchema,
    taskId: taskIdSchema,
    clientId: z
      .string({ error: 'debe ser texto' })
      .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'debe ser un identificador de 8 a 64 letras, números o guiones' }),
    dataUrl: z.string({ error: 'debe ser texto' }).max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 200, {
      error: 'La foto supera el máximo de 4 MB',
    }),
    caption: z
      .string({ error: 'debe ser texto' })
      .max(MAX_PHOTO_CAPTION, { error: `debe tener como máximo ${MAX_PHOTO_CAPTION} caracteres` })
      .optional(),
  }),
  output: z.object({ photo: taskPhotoSchema, created: z.boolean(), message: messageSchema }),
  bodyLimit: Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 64 * 1024,
});

export const loadTaskPhotosContract = defineFunction({
  name: 'loadTaskPhotos',
  input: z.strictObject({
    id: projectIdSchema,
    /** absent: every photo of the project */
    taskIds: z.array(taskIdSchema).max(20_000, { error: 'admite como máximo 20000 tareas' }).optional(),
  }),
  output: z.object({ photos: z.array(taskPhotoSchema), message: messageSchema }),
});
