import { describe, expect, it } from 'vitest';
import type { EditableProject, ProjectEditDraft } from './project-edit-rules';
import {
  canSaveProjectEdit,
  isSameEditDraft,
  movesGanttStart,
  toEditDraft,
  toProjectUpdateInput,
  toTypedBudget,
} from './project-edit-rules';

const project: EditableProject = {
  _id: 'p-1',
  name: 'Hospital de Talca',
  code: 'HT',
  priority: '3',
  currency: 'UF',
  budget: '1234567.89',
  startYear: '2024',
  endYear: '2026',
  workWeek: 'mon-fri',
  version: 2,
};

const stored = toEditDraft(project);

function edited(changes: Partial<ProjectEditDraft>): ProjectEditDraft {
  return { ...stored, ...changes };
}

describe("'Editar proyecto' rules", () => {
  it('shows a stored budget as typed in Chile, keeping every decimal', () => {
    expect(toTypedBudget('1234567.89')).toBe('1.234.567,89');
    expect(toTypedBudget('1234.5')).toBe('1.234,5');
    expect(toTypedBudget('0.0001')).toBe('0,0001');
    expect(toTypedBudget('1000')).toBe('1.000');
    expect(toTypedBudget('0')).toBe('0');
    expect(toTypedBudget('123456789012345678.1234')).toBe('123.456.789.012.345.678,1234');
  });

  it('starts from the stored values', () => {
    expect(stored).toEqual({
      name: 'Hospital de Talca',
      priority: '3',
      currency: 'UF',
      budget: '1.234.567,89',
      startYear: '2024',
      endYear: '2026',
      workWeek: 'mon-fri',
    });
    expect(isSameEditDraft(stored, toEditDraft(project))).toBe(true);
    expect(isSameEditDraft(stored, edited({ workWeek: 'mon-sat' }))).toBe(false);
  });

  it('saves only a changed draft whose fields all read', () => {
    expect(canSaveProjectEdit(stored, stored)).toBe(false);
    expect(canSaveProjectEdit(edited({ name: 'Otro' }), stored)).toBe(true);
    expect(canSaveProjectEdit(edited({ name: '  ' }), stored)).toBe(false);
    expect(canSaveProjectEdit(edited({ priority: '' }), stored)).toBe(true);
    expect(canSaveProjectEdit(edited({ priority: '1.5' }), stored)).toBe(false);
    expect(canSaveProjectEdit(edited({ budget: 'doce' }), stored)).toBe(false);
    // 0 is shown as an error, as in the wizard, but can be saved
    expect(canSaveProjectEdit(edited({ budget: '0' }), stored)).toBe(true);
    expect(canSaveProjectEdit(edited({ startYear: '' }), stored)).toBe(false);
    expect(canSaveProjectEdit(edited({ endYear: '999' }), stored)).toBe(false);
    expect(canSaveProjectEdit(edited({ endYear: '2023' }), stored)).toBe(false);
    expect(canSaveProjectEdit(edited({ startYear: '2026' }), stored)).toBe(true);
  });

  it('sends trimmed text, the canonical budget and an emptied priority as 0', () => {
    expect(
      toProjectUpdateInput(
        edited({ name: '  Hospital Regional ', priority: ' ', budget: '2.500,5', endYear: ' 2027' }),
      ),
    ).toEqual({
      name: 'Hospital Regional',
      priority: '0',
      currency: 'UF',
      budget: '2500.5',
      startYear: '2024',
      endYear: '2027',
      workWeek: 'mon-fri',
    });
    // a budget that does not read goes as typed, so the server's message names it
    expect(toProjectUpdateInput(edited({ budget: '12,5,5' })).budget).toBe('12,5,5');
  });

  it('tells when a later start year moves the Gantt', () => {
    expect(movesGanttStart(edited({ startYear: '2025' }), stored)).toBe(true);
    expect(movesGanttStart(edited({ startYear: '2023' }), stored)).toBe(false);
    expect(movesGanttStart(edited({ startYear: '20' }), stored)).toBe(false);
  });
});
