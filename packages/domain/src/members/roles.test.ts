import { describe, expect, it } from 'vitest';
import {
  NOT_A_MEMBER_MESSAGE,
  projectCapabilities,
  projectRoles,
  roleAllows,
  roleRefusalMessage,
  rolesThatMay,
} from './roles';

describe('project roles', () => {
  it('lets each role do what the issue gives it', () => {
    const table = Object.fromEntries(
      projectRoles.map((role) => [role, projectCapabilities.filter((need) => roleAllows(role, need))]),
    );
    expect(table).toEqual({
      planificador: ['read', 'taskProgress', 'progress', 'commitments', 'lastPlanner', 'plan', 'members'],
      terreno: ['read', 'taskProgress', 'progress', 'commitments', 'lastPlanner'],
      subcontratista: ['read', 'taskProgress', 'commitments'],
      lector: ['read'],
    });
  });

  it('names, in Spanish, the caller’s role and the roles that may', () => {
    expect(rolesThatMay('progress')).toBe('Planificador o Terreno');
    expect(rolesThatMay('plan')).toBe('Planificador');
    expect(rolesThatMay('read')).toBe('Planificador, Terreno, Subcontratista o Lector');
    expect(roleRefusalMessage('lector', 'plan')).toBe(
      'Tu rol en este proyecto es Lector: para cambiar la planificación de este proyecto se necesita el rol Planificador',
    );
    expect(NOT_A_MEMBER_MESSAGE).toMatch(/^No eres miembro de este proyecto/);
  });
});
