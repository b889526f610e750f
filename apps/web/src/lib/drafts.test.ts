import { describe, expect, it, vi } from 'vitest';
import { draftKey, readDraft, readDrafts, removeDraft, writeDraft } from './drafts';
import type { DraftScope } from './drafts';

const ana: DraftScope = { userId: 'user-ana', projectId: 'p-1', screen: 'gantt' };
const parseList = (data: unknown) =>
  typeof data === 'object' && data !== null && 'list' in data && Array.isArray(data.list)
    ? (data as { list: number[] })
    : null;

function draft(list: number[], editedAt = '2026-01-05T12:30:00.000Z', baseVersion = 3) {
  return { editedAt, baseVersion, data: { list } };
}

describe('drafts in the browser', () => {
  it('keys a draft by user, project and screen (and part), so each has its own', () => {
    expect(draftKey(ana)).toBe('cimiento-draft:user-ana:p-1:gantt');
    expect(draftKey({ ...ana, screen: 'edp' })).not.toBe(draftKey(ana));
    expect(draftKey({ ...ana, projectId: 'p-2' })).not.toBe(draftKey(ana));
    expect(draftKey({ ...ana, userId: 'user-bea' })).not.toBe(draftKey(ana));
    expect(draftKey({ ...ana, screen: 'edc', part: '7' })).toBe('cimiento-draft:user-ana:p-1:edc:7');
    // a separator in an id cannot make two scopes share a key
    expect(draftKey({ ...ana, userId: 'a:b', projectId: 'c' })).not.toBe(
      draftKey({ ...ana, userId: 'a', projectId: 'b:c' }),
    );
  });

  it('writes and reads a draft back with its edit time and base version', () => {
    expect(writeDraft(ana, draft([1, 2]))).toEqual({ ok: true });
    expect(readDraft(ana, parseList)).toEqual({
      status: 'ok',
      draft: {
        key: draftKey(ana),
        scope: ana,
        editedAt: '2026-01-05T12:30:00.000Z',
        baseVersion: 3,
        data: { list: [1, 2] },
      },
    });
    expect(readDraft({ ...ana, screen: 'edp' }, parseList)).toBeNull();
    expect(readDraft({ ...ana, projectId: 'p-2' }, parseList)).toBeNull();
  });

  it("never shows another user's draft, even stored under this user's key", () => {
    writeDraft({ ...ana, userId: 'user-bea' }, draft([9]));
    expect(readDraft(ana, parseList)).toBeNull();
    // copied by hand under Ana's key: the user inside does not match
    localStorage.setItem(draftKey(ana), localStorage.getItem(draftKey({ ...ana, userId: 'user-bea' })) ?? '');
    expect(readDraft(ana, parseList)).toBeNull();
    expect(readDraft({ ...ana, userId: 'user-bea' }, parseList)?.status).toBe('ok');
  });

  it('reports a corrupt draft with its raw text and keeps it stored until removed', () => {
    localStorage.setItem(draftKey(ana), '{"format":1,"editedAt":"2026-01-05T12:30:00.000Z", not json');
    const read = readDraft(ana, parseList);
    expect(read).toEqual({
      status: 'corrupt',
      key: draftKey(ana),
      raw: '{"format":1,"editedAt":"2026-01-05T12:30:00.000Z", not json',
      editedAt: '2026-01-05T12:30:00.000Z',
    });
    expect(localStorage.getItem(draftKey(ana))).not.toBeNull();
    removeDraft(draftKey(ana));
    expect(readDraft(ana, parseList)).toBeNull();
  });

  it("reports a draft whose data no longer fits the screen's schema as corrupt", () => {
    writeDraft(ana, { editedAt: '2026-01-05T12:30:00.000Z', baseVersion: 1, data: { tasks: 'old shape' } });
    const read = readDraft(ana, parseList);
    expect(read?.status).toBe('corrupt');
    expect(read?.status === 'corrupt' && read.editedAt).toBe('2026-01-05T12:30:00.000Z');
    // an envelope of another format too
    localStorage.setItem(draftKey(ana), JSON.stringify({ format: 99, userId: 'user-ana' }));
    expect(readDraft(ana, parseList)?.status).toBe('corrupt');
  });

  it('says the storage is full instead of throwing when the browser refuses the write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeDraft(ana, draft([1]))).toEqual({ ok: false, reason: 'quota' });
  });

  it("lists a screen's drafts of every part, unreadable first, then newest first", () => {
    const edc = { ...ana, screen: 'edc' as const };
    writeDraft({ ...edc, part: '2' }, draft([2], '2026-01-05T10:00:00.000Z'));
    writeDraft({ ...edc, part: '3' }, draft([3], '2026-01-05T11:00:00.000Z'));
    localStorage.setItem(draftKey({ ...edc, part: '4' }), 'garbage');
    writeDraft({ ...edc, part: '5', projectId: 'p-2' }, draft([5]));
    writeDraft({ ...edc, part: '6', userId: 'user-bea' }, draft([6]));
    const reads = readDrafts(edc, parseList);
    expect(reads.map((read) => (read.status === 'ok' ? read.draft.data.list : read.status))).toEqual([
      'corrupt',
      [3],
      [2],
    ]);
  });
});
