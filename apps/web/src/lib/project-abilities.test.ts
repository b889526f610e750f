import { describe, expect, it } from 'vitest';
import { projectAbilitiesOf } from './project-abilities';

describe('projectAbilitiesOf (issue 36)', () => {
  it('lets each role do what the server lets it (roles.ts)', () => {
    expect(projectAbilitiesOf('planificador')).toEqual({
      role: 'planificador',
      canPlan: true,
      canRecordProgress: true,
    });
    expect(projectAbilitiesOf('terreno')).toEqual({ role: 'terreno', canPlan: false, canRecordProgress: true });
    expect(projectAbilitiesOf('subcontratista')).toEqual({
      role: 'subcontratista',
      canPlan: false,
      canRecordProgress: true,
    });
    expect(projectAbilitiesOf('lector')).toEqual({ role: 'lector', canPlan: false, canRecordProgress: false });
  });

  it('an administrator who is not a member (null) may do everything', () => {
    expect(projectAbilitiesOf(null)).toEqual({ role: null, canPlan: true, canRecordProgress: true });
  });

  it('a role not known yet keeps the screens as they were (the server still refuses)', () => {
    expect(projectAbilitiesOf(undefined)).toEqual({ role: undefined, canPlan: true, canRecordProgress: true });
  });
});
