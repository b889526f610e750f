import { functionContracts } from '@cimiento/domain';
import type { FunctionName } from '@cimiento/domain';
import { NOT_A_MEMBER_MESSAGE, functionAccess, roleAllows, roleRefusalMessage } from '@cimiento/domain/members';
import type { ProjectRole } from '@cimiento/domain/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from './support/factories';
import type { TestAccount } from './support/factories';
import { createGanttProject } from './support/gantt';
import { dataUrl, tinyPng } from './support/images';
import { addCompany, addMember } from './support/members';
import { createTestApp, databaseKinds } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Issue 36: every callable function called by every kind of caller — an administrator, each of the
 * four roles of the project and a signed-in user who is not a member — answers 403 with its Spanish
 * refusal exactly when the access table says so, and otherwise runs (a read answers 200; a write
 * answers 200 or its own refusal of the sample input, never 403). The functions' own behaviour is
 * tested beside each of them; this is the gate.
 */

type Caller = ProjectRole | 'admin' | 'outsider';
const callers: Caller[] = ['outsider', 'lector', 'subcontratista', 'terreno', 'planificador', 'admin'];

type Sample = { input: unknown; read?: true };
/** `spareId`: a second project of the same members, for removeProject (the Planificador's call sends it to the Papelera) */
type Context = { projectId: string; historyId: number; spareId: string };

/** One sample input per function (a Record over every name: a new function needs one to compile). */
function samples(c: Context): Record<FunctionName, Sample> {
  const id = c.projectId;
  return {
    loadProfile: { input: null, read: true },
    saveProfile: { input: { jobTitle: 'Jefe de obra' } },
    uploadFile: { input: { purpose: 'avatar', dataUrl: dataUrl('image/png', tinyPng(4, 4)) } },
    loadUsers: { input: null, read: true },
    saveUser: { input: { user: { id: 'no-existe', disabled: false } } },
    saveObject: { input: { collection: 'actividades', object: { code: 'ZZ-MATRIZ', name: 'Matriz', priority: 1 } } },
    removeObject: { input: { collection: 'actividades', id: 'no-existe' } },
    loadObjects: { input: { collection: 'actividades' }, read: true },
    seedCatalogues: { input: null },
    saveProject: { input: { project: {} } },
    loadProjects: { input: null, read: true },
    loadProject: { input: { id }, read: true },
    removeProject: { input: { id: c.spareId } },
    updateProject: { input: { id, project: {}, version: 0 } },
    checkProjectCode: { input: { code: 'LIBRE-1' }, read: true },
    saveEdp: { input: { id, edp: { items: [] } } },
    updateItemEdp: { input: { id, item: {}, action: 'update', version: 0 } },
    loadEdpUsage: { input: { id }, read: true },
    loadEdc: { input: { projectId: id, id: 3 }, read: true },
    saveEdc: { input: { id, edc: {} } },
    assignEdc: { input: { id, itemIds: [], componentId: 'x', systemId: 'x', versions: {} } },
    copyEdc: { input: { id, fromItemId: 3, toItemIds: [], versions: {} } },
    unassignEdc: { input: { id, itemIds: [], componentId: 'x', systemId: 'x', versions: {} } },
    loadGantt: { input: { id }, read: true },
    saveGantt: { input: { id, gantt: { activities: [] }, version: -1 } },
    regenerateGanttSequence: { input: { id, sequencing: 'none', version: -1 } },
    importProject: { input: {} },
    exportGantt: { input: { id, format: 'xlsx' }, read: true },
    exportEdp: { input: { id }, read: true },
    importEdp: { input: { id, content: '', version: 0, dryRun: true } },
    importGantt: { input: { id, format: 'xlsx', content: '', version: 0, dryRun: true } },
    saveBaseline: { input: { id, name: '' } },
    loadBaselines: { input: { id }, read: true },
    removeBaseline: { input: { id, baselineId: 'no-existe' } },
    chooseBaseline: { input: { id, baselineId: 'no-existe' } },
    saveProgress: { input: { id, cutoff: '2026-03-31', entries: [], version: -1 } },
    updateAsScheduled: { input: { id, cutoff: '2026-03-31', taskIds: [], preview: true, version: -1 } },
    loadProgressHistory: { input: { id }, read: true },
    exportProgress: { input: { id }, read: true },
    importProgress: { input: { id, cutoff: '2026-03-31', content: '', version: 0, dryRun: true } },
    saveUfValues: { input: { values: [], remove: [] } },
    loadUfValues: { input: null, read: true },
    importUfValues: { input: { content: '', fileName: 'uf.csv', dryRun: true } },
    loadSCurve: { input: { id }, read: true },
    exportSCurve: { input: { id }, read: true },
    saveActualCost: { input: { id, cutoff: '2026-03-31', amount: null } },
    loadEstadosPago: { input: { id }, read: true },
    saveEstadoPagoSettings: { input: { id, settings: {} } },
    saveEstadoPago: { input: { id, cutoff: '2026-03-31' } },
    approveEstadoPago: { input: { id, number: 99 } },
    removeEstadoPago: { input: { id, number: 99 } },
    exportEstadoPago: { input: { id, number: 99, format: 'xlsx' } },
    loadProjectHistory: { input: { id }, read: true },
    loadHistoryEntry: { input: { id, entryId: c.historyId }, read: true },
    loadNotifications: { input: null, read: true },
    markNotificationsRead: { input: null },
    followProject: { input: { id, follow: true } },
    loadDashboard: { input: null, read: true },
    loadChangeLog: { input: null, read: true },
    loadTrash: { input: null, read: true },
    restoreProject: { input: { id: 'no-existe' } },
    purgeProject: { input: { id: 'no-existe' } },
    emptyTrash: { input: null },
    loadProjectHoldings: { input: { id }, read: true },
    loadResourceHistogram: { input: { id, groupBy: 'resource', period: 'month' }, read: true },
    levelResources: { input: { id, version: -1, dryRun: true } },
    exportResourceHistogram: { input: { id, groupBy: 'resource', period: 'month' }, read: true },
    loadMembers: { input: { id }, read: true },
    saveMember: { input: { id, member: { userId: 'no-existe', role: 'lector' } } },
    removeMember: { input: { id, userId: 'no-existe' } },
    saveCompany: { input: { id, company: { name: 'Moldajes del Sur', rut: '76.086.428-4', kind: 'subcontratista' } } },
    removeCompany: { input: { id, companyId: 'no-existe' } },
    // the Last Planner System (a task that is not there: a Subcontratista is refused by the task's
    // company only once the task exists, last-planner.test.ts)
    loadLookAhead: { input: { id }, read: true },
    loadWeeklyPlan: { input: { id }, read: true },
    loadPpc: { input: { id }, read: true },
    saveLastPlannerSettings: {
      input: {
        id,
        settings: { lookAheadWeeks: 4, lookAheadFrom: 'cutoff', constraintTypes: ['Diseño'], causes: ['Clima'] },
      },
    },
    saveTaskCompany: { input: { id, taskIds: [99_999], companyId: null } },
    saveConstraint: {
      input: {
        id,
        taskId: 99_999,
        constraint: { type: 'Diseño', description: 'Planos', responsible: 'Oficina técnica', dueDate: '2026-01-05' },
      },
    },
    removeConstraint: { input: { id, constraintId: 'no-existe', version: 1 } },
    saveCommitment: { input: { id, commitment: { taskId: 99_999, week: '2026-01-05', percent: 10 } } },
    removeCommitment: { input: { id, commitmentId: 'no-existe', version: 1 } },
    closeCommitment: { input: { id, commitmentId: 'no-existe', version: 1, outcome: 'cumplido' } },
    transferCommitments: { input: { id, cutoff: '2026-01-05', version: 1, dryRun: true } },
    // the site's photos (a task that is not there)
    uploadTaskPhoto: { input: { id, taskId: 99_999, clientId: 'foto-0001', dataUrl: 'data:image/png;base64,' } },
    loadTaskPhotos: { input: { id }, read: true },
    exportLastPlanner: { input: { id, what: 'lookAhead', format: 'xlsx' }, read: true },
  };
}

/** The refusal `caller` must get from `name`, or undefined when the call must go through. */
function expectedRefusal(name: FunctionName, caller: Caller): string | undefined {
  const access = functionAccess[name];
  if (caller === 'admin' || access.kind === 'signed-in') return undefined;
  if (access.kind === 'admin') return access.message;
  if (caller === 'outsider') return NOT_A_MEMBER_MESSAGE;
  return roleAllows(caller, access.need) ? undefined : roleRefusalMessage(caller, access.need);
}

describe.each(databaseKinds)('who may call what (%s)', (kind) => {
  let t: TestApp;
  const accounts = new Map<Caller, TestAccount>();
  let context: Context;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    accounts.set('admin', admin);
    for (const caller of callers.filter((candidate) => candidate !== 'admin')) {
      accounts.set(caller, await createSignedInUser(t, admin.cookie, { name: `Persona ${caller}` }));
    }
    const planner = accounts.get('planificador') as TestAccount;
    /** A project of the Planificador with the three other roles as members (the Subcontratista's company in it). */
    const staffedProject = async (prefix: string) => {
      const project = await createGanttProject(t, planner.cookie, { prefix });
      const companyId = await addCompany(t, planner.cookie, project.id, {
        name: 'Moldajes del Sur',
        rut: '76.086.428-5',
        kind: 'subcontratista',
      });
      for (const role of ['terreno', 'subcontratista', 'lector'] as const) {
        const account = accounts.get(role) as TestAccount;
        const company = role === 'subcontratista' ? companyId : undefined;
        await addMember(t, planner.cookie, project.id, account.userId, role, company);
      }
      return project;
    };
    const project = await staffedProject('RM');
    const spare = await staffedProject('RS');
    const history = await callFunction(t.app, 'loadProjectHistory', { id: project.id }, planner.cookie);
    context = { projectId: project.id, historyId: history.body.result.entries[0].id as number, spareId: spare.id };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covers every callable function', () => {
    expect(Object.keys(samples({ projectId: 'x', historyId: 1, spareId: 'y' })).sort()).toEqual(
      functionContracts.map((contract) => contract.name).sort(),
    );
  });

  it.each(functionContracts.map((contract) => contract.name))('%s', async (name) => {
    const sample = samples(context)[name];
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const caller of callers) {
      const account = accounts.get(caller) as TestAccount;
      const response = await callFunction(t.app, name, sample.input, account.cookie);
      const refusal = expectedRefusal(name, caller);
      // a write that ran answers 200 or its own refusal of the sample (400, 404, 409)
      const ran = response.statusCode === 200 || [400, 404, 409].includes(response.statusCode);
      const outcome =
        response.statusCode === 403
          ? `403 ${response.body.error?.message as string}`
          : sample.read === true
            ? String(response.statusCode)
            : ran
              ? 'pasa'
              : `${response.statusCode} ${JSON.stringify(response.body)}`;
      const got = `${caller}: ${outcome}`;
      answers.push(got);
      wanted.push(
        refusal === undefined ? `${caller}: ${sample.read === true ? '200' : 'pasa'}` : `${caller}: 403 ${refusal}`,
      );
    }
    expect(answers).toEqual(wanted);
  });
});
