import { describe, expect, it } from 'vitest';
import { historyChangeVerb } from './change-verb';

describe('historyChangeVerb', () => {
  it('names the save by its function', () => {
    expect(historyChangeVerb('saveGantt', 'gantt')).toBe('grabó el Gantt');
    expect(historyChangeVerb('saveEdp', 'edp')).toBe('grabó el EDP');
    expect(historyChangeVerb('saveEdc', 'edc')).toBe('grabó la EDC');
    expect(historyChangeVerb('updateProject', 'project')).toBe('editó el proyecto');
    expect(historyChangeVerb('saveBaseline', 'gantt')).toBe('fijó una línea base');
    expect(historyChangeVerb('saveProgress', 'tracking')).toBe('registró avance');
  });

  it('falls back on the area, then on a neutral verb', () => {
    expect(historyChangeVerb('someFutureSave', 'edc')).toBe('grabó la EDC');
    expect(historyChangeVerb('someFutureSave', 'costs')).toBe('grabó los costos');
    expect(historyChangeVerb('someFutureSave', 'toString')).toBe('cambió el proyecto');
    expect(historyChangeVerb('constructor', 'gantt')).toBe('grabó el Gantt');
  });
});
