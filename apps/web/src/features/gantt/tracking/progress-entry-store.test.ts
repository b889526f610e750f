import { describe, expect, it } from 'vitest';
import type { ProgressRow } from './progress-grid';
import { createProgressEntryStore, hasPendingEntries, parseProgressDraft } from './progress-entry-store';

const row: ProgressRow = {
  id: 2,
  code: 'OG.1',
  name: 'Excavación',
  depth: 1,
  isSummary: false,
  start: '2026-03-02',
  finish: '2026-03-06',
  duration: 5,
  plannedStart: '2026-03-02',
  actualStart: '2026-03-02',
  progress: 40,
};

describe('the entries typed in Registrar avance', () => {
  it('are pending only while some row differs from what is recorded', () => {
    const entry = createProgressEntryStore('05-03-2026');
    expect(hasPendingEntries([row], entry.getState().edits)).toBe(false);
    entry.getState().setTyped(2, { actualStart: '02-03-2026', actualFinish: '', progress: '40,0' });
    expect(hasPendingEntries([row], entry.getState().edits)).toBe(false);
    entry.getState().setTyped(2, { actualStart: '02-03-2026', actualFinish: '', progress: '45' });
    expect(hasPendingEntries([row], entry.getState().edits)).toBe(true);
    entry.getState().reset('06-03-2026');
    expect(entry.getState()).toMatchObject({ cutoffText: '06-03-2026', edits: {}, staleMessage: null });
  });

  it('come back from their draft, and a draft of another shape is refused', () => {
    const data = {
      cutoff: '05-03-2026',
      edits: { '2': { actualStart: '02-03-2026', actualFinish: '', progress: '45' } },
    };
    expect(parseProgressDraft(data)).toEqual(data);
    const entry = createProgressEntryStore('01-03-2026');
    entry.getState().restore(data);
    expect(entry.getState().cutoffText).toBe('05-03-2026');
    expect(entry.getState().edits[2]).toEqual({ actualStart: '02-03-2026', actualFinish: '', progress: '45' });
    expect(parseProgressDraft({ cutoff: '05-03-2026', edits: { x: data.edits['2'] } })).toBeNull();
    expect(parseProgressDraft({ cutoff: '05-03-2026', edits: { '2': { progress: 45 } } })).toBeNull();
    expect(parseProgressDraft({ edits: {} })).toBeNull();
  });
});
