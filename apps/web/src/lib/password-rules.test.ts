import { MIN_PASSWORD_LENGTH } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_MIN_PASSWORD_LENGTH } from './password-rules';

describe('password rules', () => {
  it("asks for the server's minimum password length", () => {
    expect(FIRST_ACCOUNT_MIN_PASSWORD_LENGTH).toBe(MIN_PASSWORD_LENGTH);
  });
});
