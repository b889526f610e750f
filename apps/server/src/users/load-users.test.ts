import { loadUsersContract } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

describe.each(databaseKinds)('loadUsers (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie, { name: 'Miembro del Equipo' });
    await callFunction(
      t.app,
      'saveProfile',
      { location: '', phoneNumber: '', birthday: '', jobTitle: 'Jefa de obra' },
      member.cookie,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every user, oldest first, for anyone signed in (not only administrators)', async () => {
    const response = await callFunction(t.app, 'loadUsers', null, member.cookie);
    expect(response.statusCode).toBe(200);
    const result = loadUsersContract.output.parse(response.body.result);
    expect(result.message).toBe('Usuarios cargados');
    expect(result.users.map((user) => user.email)).toEqual([admin.email, member.email]);
    expect(result.users[0]).toMatchObject({ id: admin.userId, admin: true, disabled: false });
    expect(result.users[1]).toMatchObject({
      id: member.userId,
      name: 'Miembro del Equipo',
      jobTitle: 'Jefa de obra',
      admin: false,
      disabled: false,
    });
    expect(Number.isNaN(Date.parse(result.users[1]?.createdAt ?? ''))).toBe(false);
  });

  it('shows who is disabled', async () => {
    const person = await createSignedInUser(t, admin.cookie);
    await callFunction(t.app, 'saveUser', { user: { id: person.userId, disabled: true } }, admin.cookie);
    const response = await callFunction(t.app, 'loadUsers', null, admin.cookie);
    const listed = (response.body.result.users as { id: string; disabled: boolean }[]).find(
      (user) => user.id === person.userId,
    );
    expect(listed?.disabled).toBe(true);
  });

  it('never sends passwords or other account secrets', async () => {
    const response = await callFunction(t.app, 'loadUsers', null, admin.cookie);
    expect(JSON.stringify(response.body)).not.toMatch(/password|token|scrypt|\$2[aby]\$/i);
  });
});
