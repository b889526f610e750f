import { saveProfileContract } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const validProfile = {
  location: 'Santiago, Chile',
  phoneNumber: '+56 9 1234 5678',
  birthday: '1988-04-15',
  jobTitle: 'Jefa de obra',
};

describe.each(databaseKinds)('saveProfile (%s)', (kind) => {
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

  async function profileOf(cookie: string) {
    return (await callFunction(t.app, 'loadProfile', null, cookie)).body.result.profile;
  }

  it("stores location, phoneNumber, birthday and jobTitle in the caller's profile and answers 'Usuario actualizado'", async () => {
    const response = await callFunction(t.app, 'saveProfile', validProfile, member.cookie);
    expect(response.statusCode).toBe(200);
    const result = saveProfileContract.output.parse(response.body.result);
    expect(result.message).toBe('Usuario actualizado');
    expect(result.profile).toMatchObject({ uid: member.userId, ...validProfile });
    expect(await profileOf(member.cookie)).toMatchObject(validProfile);
    // nobody else's profile moves
    expect(await profileOf(admin.cookie)).toMatchObject({ location: '', phoneNumber: '', birthday: '', jobTitle: '' });
  });

  it('overwrites an earlier save, trims spaces, and accepts empty fields', async () => {
    await callFunction(t.app, 'saveProfile', validProfile, member.cookie);
    const response = await callFunction(
      t.app,
      'saveProfile',
      { location: '  Valparaíso  ', phoneNumber: '', birthday: '', jobTitle: ' Arquitecta ' },
      member.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(await profileOf(member.cookie)).toMatchObject({
      location: 'Valparaíso',
      phoneNumber: '',
      birthday: '',
      jobTitle: 'Arquitecta',
    });
  });

  describe('refusals, which change nothing', () => {
    let before: unknown;
    beforeAll(async () => {
      await callFunction(t.app, 'saveProfile', validProfile, member.cookie);
      before = await profileOf(member.cookie);
    });

    it.each([
      [
        'a date that does not exist',
        { ...validProfile, birthday: '2025-02-30' },
        'birthday: debe ser una fecha válida (AAAA-MM-DD)',
      ],
      ['a date in another format', { ...validProfile, birthday: '15/04/1988' }, /^birthday: /],
      [
        'a location over 120 characters',
        { ...validProfile, location: 'x'.repeat(121) },
        'location: debe tener como máximo 120 caracteres',
      ],
      [
        'a job title over 120 characters',
        { ...validProfile, jobTitle: 'x'.repeat(121) },
        'jobTitle: debe tener como máximo 120 caracteres',
      ],
      [
        'a phone number over 30 characters',
        { ...validProfile, phoneNumber: '1'.repeat(31) },
        'phoneNumber: debe tener como máximo 30 caracteres',
      ],
      ['a phone number with letters', { ...validProfile, phoneNumber: 'llámame' }, /^phoneNumber: /],
      ['a missing field', { location: 'x', phoneNumber: '', birthday: '' }, /^jobTitle: /],
      ['an unexpected field (admin)', { ...validProfile, admin: true }, /admin/],
      ['an unexpected field (email)', { ...validProfile, email: 'otra@example.cl' }, /email/],
    ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, data, message) => {
      const response = await callFunction(t.app, 'saveProfile', data, member.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.body.error.status).toBe('INVALID_ARGUMENT');
      if (typeof message === 'string') expect(response.body.error.message).toBe(message);
      else expect(response.body.error.message).toMatch(message);
      expect(await profileOf(member.cookie)).toEqual(before);
    });
  });
});
