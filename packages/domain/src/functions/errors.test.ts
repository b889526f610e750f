import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describeZodError, httpStatusByErrorCode } from './errors';
import { saveProfileInputSchema } from './profile-contracts';
import { saveUserInputSchema } from './user-contracts';

describe('describeZodError', () => {
  it('names the field of the first problem, in Spanish', () => {
    const result = saveProfileInputSchema.safeParse({ location: 'x', phoneNumber: 'abc', birthday: '', jobTitle: '' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(describeZodError(result.error)).toBe('phoneNumber: solo puede tener dígitos, espacios, +, - y paréntesis');
  });

  it('names nested fields with dots', () => {
    const result = saveUserInputSchema.safeParse({
      user: { name: 'A', email: 'no-es-correo', password: 'secreto123', admin: false },
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error)).toBe('user.email: debe ser un correo válido');
  });

  it('explains a payload that matches no form of a union', () => {
    const result = saveUserInputSchema.safeParse({ user: { nombre: 'A' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeZodError(result.error)).toBe(
        'user: debe traer name, email, password y admin para crear, o id para modificar',
      );
    }
  });

  it("names the field of an optional payload's object, not 'se esperaba nulo' (issue 30)", () => {
    const payload = z.union([
      z.null(),
      z.undefined(),
      z.strictObject({ area: z.enum(['uf'], { error: 'debe ser uf' }) }),
    ]);
    const result = payload.safeParse({ area: 'otra' });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error)).toBe('area: debe ser uf');
  });

  it('refuses an invalid calendar date', () => {
    const result = saveProfileInputSchema.safeParse({
      location: '',
      phoneNumber: '',
      birthday: '2025-02-30',
      jobTitle: '',
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(describeZodError(result.error)).toBe('birthday: debe ser una fecha válida (AAAA-MM-DD)');
  });

  it('falls back to the bare message when the problem is the whole payload', () => {
    const result = z.string({ error: 'debe ser texto' }).safeParse(1);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error)).toBe('debe ser texto');
  });
});

describe('httpStatusByErrorCode', () => {
  it('maps statuses as the Firebase callable protocol does', () => {
    expect(httpStatusByErrorCode).toMatchObject({
      INVALID_ARGUMENT: 400,
      FAILED_PRECONDITION: 400,
      UNAUTHENTICATED: 401,
      PERMISSION_DENIED: 403,
      NOT_FOUND: 404,
      ALREADY_EXISTS: 409,
      ABORTED: 409,
      RESOURCE_EXHAUSTED: 429,
      INTERNAL: 500,
    });
  });

  it('keeps the ends of a very deep field path, and says how many levels it left out', () => {
    const schema = z.object({ a: z.array(z.unknown()) }).superRefine((_value, context) => {
      context.addIssue({
        code: 'custom',
        path: ['a', ...Array.from({ length: 100_000 }, () => 0), 'x'],
        message: 'no',
      });
    });
    const result = schema.safeParse({ a: [] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeZodError(result.error)).toBe('a.0.0.0.0.0.…(99990 niveles)….0.0.0.0.0.x: no');
    }
  });
});
