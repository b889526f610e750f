import type { ProjectRole } from '@cimiento/domain/members';
import { callFunction } from './factories';
import type { TestApp } from './test-app';

/**
 * Issue 36: makes a user a member of a project with a role (saveMember by someone who may: the
 * project's Planificador or an administrator). Tests where a second person works on a project made
 * by another call this first, as a Planificador would on the 'Miembros' screen.
 */
export async function addMember(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  projectId: string,
  userId: string,
  role: ProjectRole = 'planificador',
  companyId?: string,
): Promise<void> {
  const member = { userId, role, ...(companyId === undefined ? {} : { companyId }) };
  const response = await callFunction(t.app, 'saveMember', { id: projectId, member }, cookie);
  if (response.statusCode !== 200) {
    throw new Error(`saveMember falló: ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
}

/** saveCompany that must succeed; the company's id. */
export async function addCompany(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  projectId: string,
  company: { name: string; rut: string; kind: 'contratista' | 'subcontratista' },
): Promise<string> {
  const response = await callFunction(t.app, 'saveCompany', { id: projectId, company }, cookie);
  if (response.statusCode !== 200) {
    throw new Error(`saveCompany falló: ${response.statusCode} ${JSON.stringify(response.body)}`);
  }
  return response.body.result.company.id as string;
}
