import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn, returnToState, safeReturnPath } from './return-to';

const origin = 'http://cimiento.test';

describe('the way back after signing in again', () => {
  it('follows a path of this app, with its query', () => {
    expect(safeReturnPath('/projects/p-1/gantt', origin)).toBe('/projects/p-1/gantt');
    expect(safeReturnPath('/projects?page=2', origin)).toBe('/projects?page=2');
  });

  it('never leads to another origin, /login or the API', () => {
    for (const value of [
      '//evil.test/projects',
      'https://evil.test/',
      '/\\evil.test',
      'javascript:alert(1)',
      'projects/p-1',
      '/login',
      '/login?x=1',
      '/api/functions/loadGantt',
      '/projects\n/evil',
      '/ projects',
      '',
      42,
      null,
    ]) {
      expect(safeReturnPath(value, origin)).toBeNull();
    }
  });

  it("goes back only for the user whose session ended, and to '/' otherwise", () => {
    const state = returnToState('/projects/p-1/edp', 'user-ana');
    expect(returnPathAfterSignIn(state, 'user-ana')).toBe('/projects/p-1/edp');
    expect(returnPathAfterSignIn(state, 'user-bea')).toBe('/');
    expect(returnPathAfterSignIn({ returnTo: { path: '/projects' } }, 'user-bea')).toBe('/');
    expect(returnPathAfterSignIn(null, 'user-ana')).toBe('/');
    expect(returnPathAfterSignIn({ returnTo: { path: '//evil.test', userId: 'user-ana' } }, 'user-ana')).toBe('/');
  });
});
