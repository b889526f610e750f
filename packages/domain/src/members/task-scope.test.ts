import { describe, expect, it } from 'vitest';
import { memberCompanyError, memberMayTouchTask, subcontractorMayTouch } from './task-scope';

describe('what a member may touch task by task (issue 36)', () => {
  it('subcontractorMayTouch: only the tasks of its own company', () => {
    const member = { role: 'subcontratista' as const, companyId: 'c-1' };
    expect(subcontractorMayTouch(member, { companyId: 'c-1' })).toBe(true);
    expect(subcontractorMayTouch(member, { companyId: 'c-2' })).toBe(false);
    expect(subcontractorMayTouch(member, { companyId: null })).toBe(false);
    expect(subcontractorMayTouch(member, {})).toBe(false);
    // a member with no company touches nothing, not even a task with no company
    expect(subcontractorMayTouch({ role: 'subcontratista' }, {})).toBe(false);
    expect(subcontractorMayTouch({ role: 'subcontratista', companyId: '' }, { companyId: '' })).toBe(false);
  });

  it('memberMayTouchTask: the role first, then a Subcontratista’s company', () => {
    const sub = { role: 'subcontratista' as const, companyId: 'c-1' };
    expect(memberMayTouchTask(sub, 'commitments', { companyId: 'c-1' })).toBe(true);
    expect(memberMayTouchTask(sub, 'commitments', { companyId: 'c-2' })).toBe(false);
    // a Subcontratista records its company's tasks' progress, never the whole project's at once
    expect(memberMayTouchTask(sub, 'taskProgress', { companyId: 'c-1' })).toBe(true);
    expect(memberMayTouchTask(sub, 'taskProgress', { companyId: 'c-2' })).toBe(false);
    expect(memberMayTouchTask(sub, 'taskProgress', {})).toBe(false);
    expect(memberMayTouchTask(sub, 'progress', { companyId: 'c-1' })).toBe(false);
    expect(memberMayTouchTask(sub, 'lastPlanner', { companyId: 'c-1' })).toBe(false);
    // the other roles are not limited to a company
    expect(memberMayTouchTask({ role: 'terreno', companyId: 'c-9' }, 'progress', { companyId: 'c-1' })).toBe(true);
    expect(memberMayTouchTask({ role: 'lector' }, 'progress', { companyId: 'c-1' })).toBe(false);
    expect(memberMayTouchTask({ role: 'planificador' }, 'plan', {})).toBe(true);
  });

  it('memberCompanyError: a Subcontratista needs a company of the project', () => {
    expect(memberCompanyError({ role: 'subcontratista' }, ['c-1'])).toBe(
      'Empresa: un Subcontratista debe pertenecer a una empresa del proyecto',
    );
    expect(memberCompanyError({ role: 'subcontratista', companyId: 'c-2' }, ['c-1'])).toBe(
      'Empresa: no es una empresa del proyecto',
    );
    expect(memberCompanyError({ role: 'subcontratista', companyId: 'c-1' }, ['c-1'])).toBeUndefined();
    expect(memberCompanyError({ role: 'terreno' }, [])).toBeUndefined();
    expect(memberCompanyError({ role: 'lector', companyId: 'x' }, ['c-1'])).toBe(
      'Empresa: no es una empresa del proyecto',
    );
  });
});
