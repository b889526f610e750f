import { loadProfileContract } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('loadProfile (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t, { name: 'Ana Administradora' });
    member = await createSignedInUser(t, admin.cookie, { name: 'Beto Miembro' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['an administrator', () => admin, true],
    ['an ordinary user', () => member, false],
  ])("returns the caller's own profile to %s, with empty fields before any save", async (_label, account, isAdmin) => {
    const { cookie, userId, email, name } = account();
    const response = await callFunction(t.app, 'loadProfile', null, cookie);
    expect(response.statusCode).toBe(200);
    expect(loadProfileContract.output.parse(response.body.result)).toEqual({
      profile: {
        uid: userId,
        email,
        displayName: name,
        photoUrl: null,
        admin: isAdmin,
        jobTitle: '',
        birthday: '',
        location: '',
        phoneNumber: '',
      },
      message: 'Perfil cargado',
    });
  });

  it.each([
    ['null', null],
    ['an empty object', {}],
  ])('accepts %s as "no data", as the Firebase SDK sends it', async (_label, data) => {
    const response = await callFunction(t.app, 'loadProfile', data, member.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body.result.profile.uid).toBe(member.userId);
  });
});
