import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  checkProjectCode,
  countProjectRows,
  createProject,
  saveProject,
  uniqueProjectCode,
} from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('checkProjectCode (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    other = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function checked(data: { code: unknown; exceptId?: unknown }, account = member) {
    const response = await checkProjectCode(t, account.cookie, data);
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    return response.body.result as { available: boolean; message: string };
  }

  it('says a code no project has is available, trimmed', async () => {
    const code = uniqueProjectCode('FREE');
    expect(await checked({ code: `  ${code} ` })).toEqual({
      available: true,
      message: `El código «${code}» está disponible`,
    });
  });

  it("says a code another user's project has, in any case, is taken, naming the stored code", async () => {
    const code = uniqueProjectCode('Taken');
    await createProject(t, other.cookie, { name: 'Ya existe', code });
    const taken = { available: false, message: `Ya existe un proyecto con el código «${code}»` };
    expect(await checked({ code })).toEqual(taken);
    expect(await checked({ code: code.toUpperCase() })).toEqual(taken);
    expect(await checked({ code: code.toLowerCase() })).toEqual(taken);
  });

  it('leaves the project named by exceptId out', async () => {
    const code = uniqueProjectCode('Own');
    const own = await createProject(t, member.cookie, { name: 'Propio', code });
    const another = await createProject(t, member.cookie, { name: 'Otro', code: uniqueProjectCode('Own') });
    expect(await checked({ code: code.toLowerCase(), exceptId: own._id })).toMatchObject({ available: true });
    expect(await checked({ code, exceptId: another._id })).toEqual({
      available: false,
      message: `Ya existe un proyecto con el código «${code}»`,
    });
  });

  it('agrees with saveProject: an available code saves, and is taken from then on', async () => {
    const code = uniqueProjectCode('Agree');
    expect((await checked({ code })).available).toBe(true);
    await createProject(t, member.cookie, { name: 'Primero', code });
    expect((await checked({ code: code.toUpperCase() })).available).toBe(false);
    const response = await saveProject(t, member.cookie, { name: 'Segundo', code: code.toUpperCase() });
    expect(response.body.error).toEqual({
      status: 'ALREADY_EXISTS',
      message: (await checked({ code: code.toUpperCase() })).message,
    });
  });

  it.each([
    ['blank', '  ', 'code: es obligatorio'],
    ['with spaces', 'P 01', 'code: no puede tener espacios'],
    ['with dots', 'P.01', 'code: no puede contener puntos'],
    ['of 51 characters', 'X'.repeat(51), 'code: debe tener como máximo 50 caracteres'],
    ['not text', 12, /^code: /],
  ])(
    "refuses a code %s with saveProject's message (INVALID_ARGUMENT), writing nothing",
    async (_label, code, message) => {
      const before = await countProjectRows(t);
      const response = await checkProjectCode(t, member.cookie, { code });
      expect(response.statusCode).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      if (typeof message === 'string') expect(response.body.error.message).toBe(message);
      else expect(response.body.error.message).toMatch(message);
      // saveProject refuses the same code with the same words
      if (typeof message === 'string') {
        const saved = await saveProject(t, member.cookie, { name: 'Mal código', code });
        expect(saved.body.error.message).toBe(`project.${message}`);
      }
      expect(await countProjectRows(t)).toEqual(before);
    },
  );

  it('refuses a blank exceptId and an unexpected field', async () => {
    const blank = await checkProjectCode(t, member.cookie, { code: 'OK1', exceptId: ' ' });
    expect(blank.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'exceptId: es obligatorio' });
    const extra = await checkProjectCode(t, member.cookie, { code: 'OK1', name: 'x' } as never);
    expect(extra.statusCode).toBe(400);
    expect(extra.body.error.message).toMatch(/name/);
  });
});
