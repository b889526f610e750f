import { saveUserContract } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callFunction,
  createFirstAdmin,
  createSignedInUser,
  createUser,
  postSignIn,
  signIn,
  uniqueEmail,
} from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { DISABLED_USER_MESSAGE } from '../auth/auth';

describe.each(databaseKinds)('saveUser (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function userRow(id: string) {
    return t.db.selectFrom('user').select(['role', 'banned']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function isAdmin(cookie: string): Promise<boolean> {
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(200);
    return response.body.result.profile.admin as boolean;
  }

  it('refuses to demote the last administrator (FAILED_PRECONDITION) and changes nothing', async () => {
    const response = await callFunction(t.app, 'saveUser', { user: { id: admin.userId, admin: false } }, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.body.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'No puedes quitar al último administrador',
    });
    expect(await isAdmin(admin.cookie)).toBe(true);
  });

  it('refuses to disable the last administrator (FAILED_PRECONDITION) and changes nothing', async () => {
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { id: admin.userId, disabled: true } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body.error.status).toBe('FAILED_PRECONDITION');
    expect(Boolean((await userRow(admin.userId)).banned)).toBe(false);
    expect(await isAdmin(admin.cookie)).toBe(true);
  });

  it('refuses a user who is not an administrator with PERMISSION_DENIED and creates nothing', async () => {
    const email = uniqueEmail('colada');
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { name: 'Colada', email, password: 'contraseña-1', admin: true } },
      member.cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.body.error.status).toBe('PERMISSION_DENIED');
    expect(await t.db.selectFrom('user').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('refuses a user who is not an administrator making themself one, and changes nothing', async () => {
    const response = await callFunction(t.app, 'saveUser', { user: { id: member.userId, admin: true } }, member.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.body.error.status).toBe('PERMISSION_DENIED');
    expect(await isAdmin(member.cookie)).toBe(false);
  });

  it('lets an administrator create a user, who signs in with the temporary password and is not an administrator', async () => {
    const email = uniqueEmail('nueva');
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { name: 'Nueva Persona', email, password: 'temporal-123', admin: false } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(200);
    const result = saveUserContract.output.parse(response.body.result);
    expect(result.user).toMatchObject({ name: 'Nueva Persona', email, admin: false, disabled: false });
    expect(result.message).toBe(`Usuario ${email} creado`);

    const cookie = await signIn(t, email, 'temporal-123');
    expect(await isAdmin(cookie)).toBe(false);
  });

  it('creates an administrator when asked to', async () => {
    const created = await createSignedInUser(t, admin.cookie, { admin: true });
    expect(await isAdmin(created.cookie)).toBe(true);
  });

  it('stores the email in lower case', async () => {
    const email = uniqueEmail('Mayusculas');
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { name: 'May', email: email.toUpperCase(), password: 'temporal-123', admin: false } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.result.user.email).toBe(email.toLowerCase());
  });

  it('refuses an email that already belongs to a user with ALREADY_EXISTS (409), whatever its case', async () => {
    const before = await t.db.selectFrom('user').select('id').execute();
    for (const email of [member.email, member.email.toUpperCase()]) {
      const response = await callFunction(
        t.app,
        'saveUser',
        { user: { name: 'Otra', email, password: 'temporal-123', admin: false } },
        admin.cookie,
      );
      expect(response.statusCode).toBe(409);
      expect(response.body.error.status).toBe('ALREADY_EXISTS');
      expect(response.body.error.message).toContain(member.email);
    }
    expect(await t.db.selectFrom('user').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a too-short temporary password, naming the field', async () => {
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { name: 'Corta', email: uniqueEmail('corta'), password: 'corta', admin: false } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body.error.message).toMatch(/^user\.password: /);
  });

  it('gives and takes away the administrator flag', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    const promoted = await callFunction(t.app, 'saveUser', { user: { id: person.userId, admin: true } }, admin.cookie);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.body.result.user).toMatchObject({ id: person.userId, admin: true });
    // the person's open session sees it on the next call
    expect(await isAdmin(person.cookie)).toBe(true);

    const demoted = await callFunction(t.app, 'saveUser', { user: { id: person.userId, admin: false } }, admin.cookie);
    expect(demoted.statusCode).toBe(200);
    expect(demoted.body.result.user.admin).toBe(false);
    expect(await isAdmin(person.cookie)).toBe(false);
  });

  it('lets an administrator step down while another administrator remains', async () => {
    const other = await createSignedInUser(t, admin.cookie, { admin: true });
    const response = await callFunction(t.app, 'saveUser', { user: { id: other.userId, admin: false } }, other.cookie);
    expect(response.statusCode).toBe(200);
    expect(await isAdmin(other.cookie)).toBe(false);
  });

  it('refuses an administrator disabling their own account', async () => {
    const other = await createSignedInUser(t, admin.cookie, { admin: true });
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { id: other.userId, disabled: true } },
      other.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body.error.status).toBe('FAILED_PRECONDITION');
    expect(Boolean((await userRow(other.userId)).banned)).toBe(false);
  });

  it('signs a disabled user out at once and keeps them from signing in', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    expect((await callFunction(t.app, 'loadProfile', null, person.cookie)).statusCode).toBe(200);

    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { id: person.userId, disabled: true } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.result.user).toMatchObject({ id: person.userId, disabled: true });

    const refused = await callFunction(t.app, 'loadProfile', null, person.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.body.error.status).toBe('UNAUTHENTICATED');
    expect(await t.db.selectFrom('session').select('id').where('userId', '=', person.userId).execute()).toHaveLength(0);

    const signInAgain = await postSignIn(t, person.email, person.password);
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json().message).toBe(DISABLED_USER_MESSAGE);
    expect(signInAgain.headers['set-cookie']).toBeUndefined();
  });

  it('lets a re-enabled user sign in again', async () => {
    const person = await createUser(t, admin.cookie);
    await callFunction(t.app, 'saveUser', { user: { id: person.userId, disabled: true } }, admin.cookie);
    expect((await postSignIn(t, person.email, person.password)).statusCode).toBe(403);

    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { id: person.userId, disabled: false } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.result.user.disabled).toBe(false);
    const cookie = await signIn(t, person.email, person.password);
    expect((await callFunction(t.app, 'loadProfile', null, cookie)).statusCode).toBe(200);
  });

  it('answers NOT_FOUND for a user that does not exist', async () => {
    const response = await callFunction(
      t.app,
      'saveUser',
      { user: { id: '01900000-0000-7000-8000-000000000000', admin: true } },
      admin.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(response.body.error.status).toBe('NOT_FOUND');
  });
});
