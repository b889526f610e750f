import type { LastPlannerTask, StoredConstraint } from '@cimiento/domain/last-planner';
import { DEFAULT_CONSTRAINT_TYPES, DEFAULT_NONCOMPLIANCE_CAUSES } from '@cimiento/domain/last-planner';
import { vi } from 'vitest';
import { jsonResponse } from '@/testing/test-utils';

/** What the Last Planner screens' jsdom tests share: records as the server answers them, and a stub server. */

export type Call = { name: string; data: Record<string, unknown> | null };

export const settings = {
  lookAheadWeeks: 3,
  lookAheadFrom: 'cutoff' as const,
  constraintTypes: [...DEFAULT_CONSTRAINT_TYPES],
  causes: [...DEFAULT_NONCOMPLIANCE_CAUSES],
};

export const companies = [
  { id: 'c-a', name: 'Moldajes del Sur', kind: 'subcontratista' },
  { id: 'c-b', name: 'Andes Ingeniería', kind: 'contratista' },
];

export function constraint(overrides: Partial<StoredConstraint> = {}): StoredConstraint {
  return {
    id: 'r-1',
    taskId: 12,
    type: 'Materiales',
    description: 'Llegada de moldajes',
    responsible: 'Moldajes del Sur',
    responsibleCompanyId: 'c-a',
    responsibleUserId: null,
    dueDate: '2026-03-10',
    state: 'abierta',
    overdue: true,
    version: 3,
    createdBy: 'Ana Pérez',
    createdAt: '2026-03-01T12:00:00.000Z',
    releasedAt: null,
    releasedBy: null,
    ...overrides,
  };
}

export function task(
  overrides: Partial<LastPlannerTask> & Pick<LastPlannerTask, 'id' | 'code' | 'name'>,
): LastPlannerTask {
  return {
    area: ['Torre A', 'Piso 3', 'Fundaciones'],
    companyId: null,
    start: '2026-03-11',
    end: '2026-03-17',
    progress: 0,
    actualStart: null,
    actualFinish: null,
    quantity: null,
    unit: null,
    ready: true,
    underWay: false,
    openConstraints: 0,
    overdueConstraints: 0,
    constraints: [],
    ...overrides,
  };
}

export type Answer =
  { status?: number; body: unknown } | ((data: Record<string, unknown> | null) => { status?: number; body: unknown });

/** A fetch stub answering each function by name (404 for the others), recording every call. */
export function stubFunctions(answers: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const name = input.replace('/api/functions/', '');
    const { data } = JSON.parse(String(init?.body ?? '{"data":null}')) as { data: Record<string, unknown> | null };
    calls.push({ name, data });
    const answer = answers[name];
    if (answer === undefined) return jsonResponse(404, { error: { status: 'NOT_FOUND', message: `sin ${name}` } });
    const { status = 200, body } = typeof answer === 'function' ? answer(data) : answer;
    return jsonResponse(status, body);
  });
  return calls;
}

export const named = (calls: Call[], name: string) => calls.filter((entry) => entry.name === name);

export function projectsAnswer(role: string | null): Answer {
  return {
    body: { result: { projects: [{ _id: 'p-1', id: '7', name: 'Hospital de Talca', code: 'HT', role }], message: '' } },
  };
}

export function membersAnswer(
  members: Array<{ userId: string; name: string; role: string; companyId: string | null }>,
): Answer {
  return {
    body: {
      result: {
        members: members.map((member) => ({
          email: `${member.userId}@x.cl`,
          disabled: false,
          admin: false,
          ...member,
        })),
        companies: [],
        message: '',
      },
    },
  };
}

export const refusal = (status: number, code: string, message: string) => ({
  status,
  body: { error: { status: code, message } },
});
