import {
  TRASH_ADMIN_ONLY_MESSAGE,
  TRASH_SWEEP_AUTHOR,
  functionContracts,
  projectCodeInTrashMessage,
} from '@cimiento/domain';
import type { FunctionName } from '@cimiento/domain';
import { dataUrl, tinyPng } from '../../test/support/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBulkEdcOk, createEdcCatalogue, loadEdcOk } from '../../test/support/edc';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { CallResult, TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, edcList, loadGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { generateMspdi, importProject } from '../../test/support/mspdi';
import { priceEdpItems, setProjectCurrency } from '../../test/support/prices';
import { saveProgressOk } from '../../test/support/progress';
import type { WireProgressEntry } from '../../test/support/progress';
import { editableFields, loadProject, loadProjects } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import type { Database } from '../db/schema';

/**
 * Issue 30, the 'Papelera': 'Eliminar proyecto' moves a project to the trash, where every function
 * but the trash's own finds nothing (table-driven over the registry below); administrators restore,
 * purge or empty; each move is a history entry and a change log row.
 */

// createGanttProject's EDP: 1 P · 2 P.1 · 3 P.1.1 · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2; its Gantt
// 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 · 10 P.2.1 · 11 P.2.2, the
// leaves 5 working days from Friday 2 January 2026.
const ACT1 = 6;
const ACT2 = 7;
const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

const SETTINGS = {
  contract: 'Contrato N°7',
  contractor: 'Constructora Andes',
  retentionPercent: '5',
  retentionCapPercent: '10',
  advanceAmount: '0',
  vatPercent: '19',
};

/** What a live project gives a screen: every payload below is built from it, as a stale tab would send it. */
type Live = {
  id: string;
  code: string;
  project: Awaited<ReturnType<typeof loadProject>>;
  gantt: WireGantt;
  edcVersion: number;
  baselineId: string;
  historyEntryId: number;
  files: { edp: string; gantt: string; progress: string };
  catalogue: { componentId: string; systemId: string };
};

/**
 * Every function that names one project, with a payload a screen would send for the live project
 * (its real versions, items, baselines, cut-offs and files). On a project in the trash each must
 * answer NOT_FOUND and write nothing.
 */
const PROJECT_FUNCTIONS: Partial<Record<FunctionName, (live: Live) => unknown>> = {
  loadProject: ({ id }) => ({ id }),
  removeProject: ({ id }) => ({ id }),
  updateProject: ({ id, project }) => ({
    id,
    project: { ...editableFields(project), name: 'Renombrado' },
    version: project.version,
  }),
  loadProjectHoldings: ({ id }) => ({ id }),
  saveEdp: ({ id, project }) => ({
    id,
    edp: {
      items: [...project.edp.items, { id: 8, parentId: 1, code: `${project.code}.3`, name: 'Nuevo' }],
      version: project.edp.version,
    },
  }),
  updateItemEdp: ({ id, project }) => ({
    id,
    item: { id: 4, code: `${project.code}.1.2`, name: 'Sala renombrada' },
    action: 'update',
    version: project.edp.version,
  }),
  loadEdpUsage: ({ id }) => ({ id }),
  loadEdc: ({ id }) => ({ projectId: id, id: 3 }),
  saveEdc: ({ id, code, edcVersion }) => ({
    id,
    edc: { id: 3, componentesEdc: edcList(`${code}.1.1`, ['Excavar']), version: edcVersion },
  }),
  assignEdc: ({ id, catalogue }) => ({ id, itemIds: [6], ...catalogue }),
  copyEdc: ({ id }) => ({ id, fromItemId: 3, toItemIds: [7] }),
  unassignEdc: ({ id, catalogue }) => ({ id, itemIds: [4], ...catalogue }),
  loadGantt: ({ id }) => ({ id }),
  saveGantt: ({ id, gantt }) => ({
    id,
    gantt: { activities: asInput(gantt.activities).map((task) => ({ ...task, Name: `${String(task.Name)}*` })) },
    version: gantt.version,
  }),
  regenerateGanttSequence: ({ id, gantt }) => ({ id, sequencing: 'train', version: gantt.version }),
  exportGantt: ({ id }) => ({ id, format: 'mspdi' }),
  exportEdp: ({ id }) => ({ id }),
  importEdp: ({ id, project, files }) => ({ id, content: files.edp, version: project.edp.version }),
  importGantt: ({ id, gantt, files }) => ({ id, format: 'xlsx', content: files.gantt, version: gantt.version }),
  saveBaseline: ({ id }) => ({ id, name: 'LB 2' }),
  loadBaselines: ({ id }) => ({ id }),
  removeBaseline: ({ id, baselineId }) => ({ id, baselineId }),
  chooseBaseline: ({ id }) => ({ id, baselineId: null }),
  saveProgress: ({ id, gantt }) => ({
    id,
    cutoff: '2026-01-14',
    entries: [{ TaskID: ACT2, ActualStart: '2026-01-08', Progress: 80 }],
    version: gantt.version,
  }),
  loadProgressHistory: ({ id }) => ({ id, cutoff: '2026-01-06' }),
  updateAsScheduled: ({ id, gantt }) => ({ id, cutoff: '2026-01-14', version: gantt.version }),
  exportProgress: ({ id }) => ({ id }),
  importProgress: ({ id, gantt, files }) => ({
    id,
    cutoff: '2026-01-15',
    content: files.progress,
    version: gantt.version,
  }),
  loadSCurve: ({ id }) => ({ id }),
  loadResourceHistogram: ({ id }) => ({ id, groupBy: 'resource', period: 'month' }),
  levelResources: ({ id, gantt }) => ({
    id,
    version: gantt.version,
    dryRun: false,
    order: 'edpOrder',
    withinSlack: false,
  }),
  exportSCurve: ({ id }) => ({ id }),
  exportResourceHistogram: ({ id }) => ({ id, groupBy: 'trade', period: 'month' }),
  saveActualCost: ({ id }) => ({ id, cutoff: '2026-01-06', amount: '5000' }),
  loadEstadosPago: ({ id }) => ({ id, number: 1 }),
  saveEstadoPagoSettings: ({ id }) => ({ id, settings: { ...SETTINGS, contract: 'Otro contrato' } }),
  saveEstadoPago: ({ id }) => ({ id, cutoff: '2026-01-13' }),
  approveEstadoPago: ({ id }) => ({ id, number: 2 }),
  removeEstadoPago: ({ id }) => ({ id, number: 2 }),
  exportEstadoPago: ({ id }) => ({ id, number: 1, format: 'pdf' }),
  loadProjectHistory: ({ id }) => ({ id }),
  loadHistoryEntry: ({ id, historyEntryId }) => ({ id, entryId: historyEntryId }),
  followProject: ({ id }) => ({ id, follow: true }),
  // issue 36
  loadMembers: ({ id }) => ({ id }),
  saveMember: ({ id }) => ({ id, member: { userId: 'alguien', role: 'lector' } }),
  removeMember: ({ id }) => ({ id, userId: 'alguien' }),
  saveCompany: ({ id }) => ({ id, company: { name: 'Constructora Andes', rut: '11.111.111-1', kind: 'contratista' } }),
  removeCompany: ({ id }) => ({ id, companyId: 'una-empresa' }),
  // issue 36: the Last Planner and the site's photos
  loadLookAhead: ({ id }) => ({ id }),
  saveLastPlannerSettings: ({ id }) => ({
    id,
    settings: { lookAheadWeeks: 4, lookAheadFrom: 'cutoff', constraintTypes: ['Diseño'], causes: ['Clima'] },
  }),
  saveTaskCompany: ({ id, gantt }) => ({ id, taskIds: [gantt.activities.at(-1)?.TaskID ?? 1], companyId: null }),
  saveConstraint: ({ id, gantt }) => ({
    id,
    taskId: gantt.activities.at(-1)?.TaskID ?? 1,
    constraint: { type: 'Diseño', description: 'Planos', responsible: 'Oficina técnica', dueDate: '2026-03-02' },
  }),
  removeConstraint: ({ id }) => ({ id, constraintId: 'una-restriccion', version: 1 }),
  loadWeeklyPlan: ({ id }) => ({ id }),
  saveCommitment: ({ id, gantt }) => ({
    id,
    commitment: { taskId: gantt.activities.at(-1)?.TaskID ?? 1, week: '2026-03-02', percent: 10 },
  }),
  removeCommitment: ({ id }) => ({ id, commitmentId: 'un-compromiso', version: 1 }),
  closeCommitment: ({ id }) => ({ id, commitmentId: 'un-compromiso', version: 1, outcome: 'cumplido' }),
  loadPpc: ({ id }) => ({ id }),
  transferCommitments: ({ id, gantt }) => ({ id, cutoff: '2026-03-02', version: gantt.version, dryRun: false }),
  exportLastPlanner: ({ id }) => ({ id, what: 'lookAhead', format: 'xlsx' }),
  uploadTaskPhoto: ({ id, gantt }) => ({
    id,
    taskId: gantt.activities.at(-1)?.TaskID ?? 1,
    clientId: 'foto-de-la-papelera',
    dataUrl: dataUrl('image/png', tinyPng()),
  }),
  loadTaskPhotos: ({ id }) => ({ id }),
};

/** The functions that name no project, or whose own tests below cover the trash. */
const OTHER_FUNCTIONS: Partial<Record<FunctionName, string>> = {
  loadProfile: 'the caller’s profile',
  saveProfile: 'the caller’s profile',
  uploadFile: 'an avatar',
  loadUsers: 'users',
  saveUser: 'users',
  saveObject: 'the catalogues',
  removeObject: 'the catalogues',
  loadObjects: 'the catalogues',
  seedCatalogues: 'the catalogues',
  saveProject: 'a new project: its code, taken by a project in the trash, is tested below',
  importProject: 'a new project: its code, taken by a project in the trash, is tested below',
  checkProjectCode: 'a code: tested below',
  loadProjects: 'the list: tested below',
  loadDashboard: 'every project: tested below',
  saveUfValues: 'the UF values',
  loadUfValues: 'the UF values',
  importUfValues: 'the UF values',
  loadNotifications: 'the caller’s bell, kept while the project is in the trash: tested below',
  markNotificationsRead: 'the caller’s bell',
  loadTrash: 'the trash’s own',
  restoreProject: 'the trash’s own: tested below',
  purgeProject: 'the trash’s own: tested below',
  emptyTrash: 'the trash’s own: tested below',
  loadChangeLog: 'the Registro de cambios (catalogues, UF values, the trash’s own rows)',
};

describe('the trash’s table of project functions', () => {
  it('names every function of the registry once: a new function must say whether it names a project', () => {
    const named = [...Object.keys(PROJECT_FUNCTIONS), ...Object.keys(OTHER_FUNCTIONS)].sort();
    expect(named).toEqual(functionContracts.map((contract) => contract.name).sort());
  });

  it('gives every project function a payload its contract accepts', () => {
    const live: Live = {
      id: UNKNOWN_ID,
      code: 'P01',
      project: {
        ...{ name: 'x', priority: '0', currency: 'CLP', budget: '0', startYear: '2026', endYear: '2027' },
        workWeek: 'mon-fri',
        version: 1,
        code: 'P01',
        edp: { items: [{ id: 1, code: 'P01', name: 'x' }], version: 1 },
      },
      gantt: { version: 1, activities: [] } as unknown as WireGantt,
      edcVersion: 1,
      baselineId: UNKNOWN_ID,
      historyEntryId: 1,
      files: { edp: 'UEsDBA==', gantt: 'UEsDBA==', progress: 'UEsDBA==' },
      catalogue: { componentId: 'c', systemId: 's' },
    };
    for (const contract of functionContracts) {
      const payload = PROJECT_FUNCTIONS[contract.name]?.(live);
      if (payload === undefined) continue;
      const parsed = contract.input.safeParse(payload);
      expect(parsed.success, `${contract.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});

/** Every table a callable function may write, but the accounts' (sessions are touched by sign-ins). */
const WRITTEN_TABLES = [
  'project',
  'project_area_type',
  'edp_item',
  'edc_list',
  'edc_item',
  'gantt_task',
  'gantt_link',
  'gantt_removed_source',
  'gantt_removed_link',
  'gantt_baseline',
  'gantt_baseline_task',
  'gantt_baseline_cost',
  'gantt_cutoff',
  'gantt_cutoff_task',
  'estado_pago',
  'project_history',
  'notification',
  'project_follow',
  'change_log',
  'uf_value',
  'catalogue_area_type',
  'catalogue_activity',
  'catalogue_system',
  'catalogue_component',
  'user_profile',
  'stored_file',
] as const satisfies readonly (keyof Database)[];

describe.each(databaseKinds)('the Papelera (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let creator: TestAccount;
  let remover: TestAccount;
  let follower: TestAccount;
  let catalogue: Live['catalogue'];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    creator = await createSignedInUser(t, admin.cookie, { name: 'Rosa Creadora' });
    remover = await createSignedInUser(t, admin.cookie, { name: 'Beto Borrador' });
    follower = await createSignedInUser(t, admin.cookie, { name: 'Ana Seguidora' });
    const edc = await createEdcCatalogue(t, admin.cookie);
    catalogue = { componentId: edc.component._id, systemId: edc.system._id };
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(name: string, data: unknown, cookie = creator.cookie): Promise<CallResult> {
    return callFunction(t.app, name, data, cookie);
  }

  async function ok<T>(name: string, data: unknown, cookie = creator.cookie): Promise<T> {
    const response = await call(name, data, cookie);
    expect(response.statusCode, `${name}: ${JSON.stringify(response.body).slice(0, 600)}`).toBe(200);
    return response.body.result as T;
  }

  /** Every row of every table a function may write, read directly, in a stable order. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const tables: Record<string, string[]> = {};
    for (const table of WRITTEN_TABLES) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      tables[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return tables;
  }

  async function changeLog(projectId: string) {
    const rows = await t.db.selectFrom('change_log').selectAll().orderBy('id').execute();
    return rows
      .map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }))
      .filter((row) => row.detail.projectId === projectId);
  }

  async function rowCounts(projectId: string) {
    const count = async (
      table: 'edp_item' | 'edc_item' | 'gantt_task' | 'estado_pago' | 'project_history' | 'notification',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', projectId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const project = await t.db.selectFrom('project').select('_id').where('_id', '=', projectId).execute();
    return {
      project: project.length,
      edpItems: await count('edp_item'),
      edcItems: await count('edc_item'),
      tasks: await count('gantt_task'),
      estadosPago: await count('estado_pago'),
      history: await count('project_history'),
      notifications: await count('notification'),
    };
  }

  /**
   * A project with everything a project holds: prices (CLP: P.1.1 10 × 1.000, P.1.2 5 × 2.001 =
   * $20.005), its Gantt stored, a baseline, cut-offs on 6 and 13 January 2026, EP N°1 approved and
   * N°2 a draft; made by `creator`, followed by `follower`.
   */
  /**
   * A project of the creator with the remover as a second Planificador and the follower as a Lector
   * (issue 36: who deletes or follows a project is a member of it).
   */
  async function crewProject(options: Parameters<typeof createGanttProject>[2]) {
    const project = await createGanttProject(t, creator.cookie, options);
    await addMember(t, creator.cookie, project.id, remover.userId, 'planificador');
    await addMember(t, creator.cookie, project.id, follower.userId, 'lector');
    return project;
  }

  async function richProject(prefix: string): Promise<{ id: string; code: string; name: string }> {
    const { id, code } = await crewProject({ prefix });
    await setProjectCurrency(t, creator.cookie, id, 'CLP');
    await priceEdpItems(t, creator.cookie, id, {
      3: { unit: 'm2', quantity: '10', unitPrice: '1000' },
      4: { unit: 'm2', quantity: '5', unitPrice: '2001' },
    });
    await loadGanttOk(t, creator.cookie, id);
    await ok('saveBaseline', { id, name: 'LB 1' });
    const record = async (cutoff: string, entries: WireProgressEntry[]) => {
      const { version } = await loadGanttOk(t, creator.cookie, id);
      await saveProgressOk(t, creator.cookie, { id, cutoff, entries, version });
    };
    await record('2026-01-06', [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 50 }]);
    await record('2026-01-13', [
      { TaskID: ACT1, ActualStart: '2026-01-02', ActualFinish: '2026-01-07', Progress: 100 },
    ]);
    await ok('saveEstadoPagoSettings', { id, settings: SETTINGS });
    await ok('saveEstadoPago', { id, cutoff: '2026-01-06' });
    await ok('approveEstadoPago', { id, number: 1 });
    await ok('saveEstadoPago', { id, cutoff: '2026-01-13' });
    await ok('followProject', { id, follow: true }, follower.cookie);
    return { id, code, name: 'Edificio' };
  }

  async function liveState(id: string, code: string): Promise<Live> {
    const project = await loadProject(t, creator.cookie, id);
    const gantt = await loadGanttOk(t, creator.cookie, id);
    const edc = await loadEdcOk(t, creator.cookie, id, 3);
    const baselines = await ok<{ baselines: { baselineId: string }[] }>('loadBaselines', { id });
    const history = await ok<{ entries: { id: number }[] }>('loadProjectHistory', { id });
    const file = async (name: string, data: unknown) => (await ok<{ content: string }>(name, data)).content;
    return {
      id,
      code,
      project,
      gantt,
      edcVersion: edc?.version ?? 0,
      baselineId: baselines.baselines[0]?.baselineId ?? '',
      historyEntryId: history.entries[0]?.id ?? 0,
      files: {
        edp: await file('exportEdp', { id }),
        gantt: await file('exportGantt', { id, format: 'xlsx' }),
        progress: await file('exportProgress', { id }),
      },
      catalogue,
    };
  }

  describe('a project in the trash', () => {
    let live: Live;
    let trashedAt: number;

    beforeAll(async () => {
      const { id, code } = await richProject('TR');
      live = await liveState(id, code);
      // the screens' own calls on the live project succeed with these payloads (a sample: the reads)
      for (const name of ['loadProject', 'loadGantt', 'loadEdc', 'loadEstadosPago', 'loadHistoryEntry'] as const) {
        await ok(name, PROJECT_FUNCTIONS[name]?.(live));
      }
      trashedAt = Date.now();
      const removed = await ok<{ message: string }>('removeProject', { id }, remover.cookie);
      expect(removed.message).toMatch(
        /^Proyecto «Edificio» enviado a la Papelera\. Un administrador puede restaurarlo dentro de 30 días \(hasta el \d{2}-\d{2}-\d{4}\)$/,
      );
    });

    it('keeps the project with everything under it, and says who deleted it and when', async () => {
      const row = await t.db
        .selectFrom('project')
        .select(['deleted_at', 'deleted_by_id', 'deleted_by_name'])
        .where('_id', '=', live.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_by_id).toBe(remover.userId);
      expect(row.deleted_by_name).toBe('Beto Borrador');
      expect(Date.parse(row.deleted_at ?? '')).toBeGreaterThanOrEqual(trashedAt - 1000);
      expect(await rowCounts(live.id)).toMatchObject({ project: 1, edpItems: 7, edcItems: 4, estadosPago: 2 });
      expect((await rowCounts(live.id)).tasks).toBeGreaterThan(0);
    });

    it('writes the deletion in the project’s history, and tells its creator and followers', async () => {
      const entry = await t.db
        .selectFrom('project_history')
        .selectAll()
        .where('project_id', '=', live.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({
        user_id: remover.userId,
        user_name: 'Beto Borrador',
        function_name: 'removeProject',
        area: 'project',
      });
      expect(entry.summary).toBe(`Proyecto enviado a la Papelera: «Edificio» (${live.code})`);
      const detail = JSON.parse(entry.detail) as { notes: string[] };
      expect(detail.notes[0]).toBe(
        'Tenía 7 ítems del EDP, 4 ítems de EDC, 11 tareas del Gantt, 2 estados de pago (1 aprobado) y un monto de $20.005',
      );
      expect(detail.notes[1]).toMatch(/^Un administrador puede restaurarlo hasta el \d{2}-\d{2}-\d{4}/);
      const notices = await t.db
        .selectFrom('notification')
        .select(['user_id', 'title', 'body'])
        .where('history_id', '=', Number(entry.id))
        .orderBy('user_id')
        .execute();
      expect(notices.map((notice) => notice.user_id).sort()).toEqual([creator.userId, follower.userId].sort());
      for (const notice of notices) {
        expect(notice.title).toBe('Beto Borrador envió el proyecto a la Papelera');
        expect(notice.body).toBe(`Edificio: Proyecto enviado a la Papelera: «Edificio» (${live.code})`);
      }
    });

    it('writes a change log row (area project, action trash) with what the project holds', async () => {
      const [row, ...more] = await changeLog(live.id);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        user_id: remover.userId,
        user_name: 'Beto Borrador',
        area: 'project',
        action: 'trash',
        record: `Proyecto ${live.code} Edificio`,
      });
      expect(row?.summary).toMatch(
        new RegExp(
          `^Proyecto «Edificio» \\(${live.code}\\) enviado a la Papelera; se elimina definitivamente el \\d{2}-\\d{2}-\\d{4}$`,
        ),
      );
      expect(row?.detail).toMatchObject({
        code: live.code,
        name: 'Edificio',
        holdings: {
          edpItems: 7,
          edcItems: 4,
          tasks: 11,
          estadosPago: 2,
          approvedEstadosPago: 1,
          amount: '20005',
          currency: 'CLP',
        },
      });
    });

    it('is gone from the project list and the dashboard, and listed in the trash', async () => {
      expect((await loadProjects(t, creator.cookie)).map((project) => project.id)).not.toContain(live.id);
      const dashboard = await ok<{ projects: { id: string }[]; recent: { projectId: string }[] }>(
        'loadDashboard',
        null,
      );
      expect(dashboard.projects.map((project) => project.id)).not.toContain(live.id);
      expect(dashboard.recent.map((entry) => entry.projectId)).not.toContain(live.id);
      const trash = await ok<{ projects: Record<string, unknown>[] }>('loadTrash', {}, admin.cookie);
      const listed = trash.projects.find((project) => project.id === live.id);
      expect(listed).toMatchObject({ name: 'Edificio', code: live.code, deletedBy: 'Beto Borrador' });
      const deletedAt = Date.parse(String(listed?.deletedAt));
      expect(Date.parse(String(listed?.purgeAt)) - deletedAt).toBe(30 * 24 * 60 * 60 * 1000);
      expect(listed?.holdings).toMatchObject({ edpItems: 7, approvedEstadosPago: 1, amount: '20005' });
    });

    it('keeps the notifications about it in the bell', async () => {
      const page = await ok<{ notifications: { projectId: string | null; title: string }[] }>(
        'loadNotifications',
        { limit: 50 },
        follower.cookie,
      );
      expect(
        page.notifications.filter((notice) => notice.projectId === live.id).map((notice) => notice.title),
      ).toContain('Beto Borrador envió el proyecto a la Papelera');
    });

    describe.each(Object.keys(PROJECT_FUNCTIONS) as FunctionName[])('%s', (name) => {
      it('answers NOT_FOUND and writes nothing, for a screen that had the project open', async () => {
        const before = await snapshot();
        const response = await call(name, PROJECT_FUNCTIONS[name]?.(live));
        expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(404);
        expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
        expect(await snapshot()).toEqual(before);
      });
    });

    it('keeps its code taken: creating or importing a project with it is refused, saying the trash holds it', async () => {
      const before = await snapshot();
      const message = projectCodeInTrashMessage(live.code);
      expect(message).toMatch(/Papelera/);
      const created = await call('saveProject', { project: { name: 'Otro', code: live.code.toLowerCase() } });
      expect(created.statusCode).toBe(409);
      expect(created.body.error).toEqual({ status: 'ALREADY_EXISTS', message });
      const checked = await ok<{ available: boolean; message: string }>('checkProjectCode', { code: live.code });
      expect(checked).toEqual({ available: false, message });
      const imported = await importProject(t, creator.cookie, {
        content: generateMspdi({ tasks: 4 }),
        code: live.code,
      });
      expect(imported.statusCode).toBe(409);
      expect(imported.body.error).toEqual({ status: 'ALREADY_EXISTS', message });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the trash’s own functions', () => {
    it('are for administrators: PERMISSION_DENIED in Spanish for anyone else, nothing written', async () => {
      const { id } = await crewProject({ prefix: 'PD' });
      await ok('removeProject', { id }, remover.cookie);
      const before = await snapshot();
      for (const [name, data] of [
        ['loadTrash', {}],
        ['restoreProject', { id }],
        ['purgeProject', { id }],
        ['emptyTrash', null],
      ] as const) {
        for (const account of [creator, remover]) {
          const response = await call(name, data, account.cookie);
          expect(response.statusCode, name).toBe(403);
          expect(response.body.error).toEqual({ status: 'PERMISSION_DENIED', message: TRASH_ADMIN_ONLY_MESSAGE });
        }
      }
      expect(await snapshot()).toEqual(before);
      await ok('purgeProject', { id }, admin.cookie);
    });

    it('restore brings the project back with its history, and says so in the history and the change log', async () => {
      const { id, code } = await richProject('RS');
      const before = await loadProject(t, creator.cookie, id);
      const historyBefore = await ok<{ entries: { id: number }[]; total: number }>('loadProjectHistory', { id });
      await ok('removeProject', { id }, remover.cookie);

      const restored = await ok<{ message: string }>('restoreProject', { id }, admin.cookie);
      expect(restored.message).toBe(
        `Proyecto «Edificio» (${code}) restaurado: vuelve a estar en la lista de proyectos`,
      );
      expect(await loadProject(t, creator.cookie, id)).toEqual(before);
      expect((await loadProjects(t, creator.cookie)).find((project) => project.id === id)?.mine).toBe(true);
      const history = await ok<{
        entries: { id: number; functionName: string; userName: string; summary: string }[];
        total: number;
      }>('loadProjectHistory', { id, limit: 100 });
      expect(history.total).toBe(historyBefore.total + 2);
      expect(history.entries.slice(0, 2).map((entry) => [entry.functionName, entry.userName])).toEqual([
        ['restoreProject', 'Carla Admin'],
        ['removeProject', 'Beto Borrador'],
      ]);
      expect(history.entries[0]?.summary).toBe(`Proyecto restaurado desde la Papelera: «Edificio» (${code})`);
      // every entry from before is still there
      expect(history.entries.map((entry) => entry.id)).toEqual(
        expect.arrayContaining(historyBefore.entries.map((entry) => entry.id)),
      );
      const log = await changeLog(id);
      expect(log.map((row) => [row.action, row.user_name, row.user_id])).toEqual([
        ['trash', 'Beto Borrador', remover.userId],
        ['restore', 'Carla Admin', admin.userId],
      ]);
      expect(log[1]?.detail).toMatchObject({ deletedBy: 'Beto Borrador', holdings: { edpItems: 7, amount: '20005' } });
      // its functions work again, and it can be sent to the trash again
      await ok('saveEstadoPagoSettings', { id, settings: { ...SETTINGS, contract: 'Contrato restaurado' } });
      const trash = await ok<{ projects: { id: string }[] }>('loadTrash', null, admin.cookie);
      expect(trash.projects.map((project) => project.id)).not.toContain(id);
      await ok('removeProject', { id }, creator.cookie);
      await ok('purgeProject', { id }, admin.cookie);
    });

    it('restore and purge answer NOT_FOUND for a live or unknown project and write nothing', async () => {
      const { id } = await crewProject({ prefix: 'NF' });
      const before = await snapshot();
      for (const name of ['restoreProject', 'purgeProject'] as const) {
        for (const target of [id, UNKNOWN_ID]) {
          const response = await call(name, { id: target }, admin.cookie);
          expect(response.statusCode, name).toBe(404);
          expect(response.body.error.status).toBe('NOT_FOUND');
          expect(response.body.error.message).toMatch(/no está en la Papelera/);
        }
      }
      const again = await call('removeProject', { id: UNKNOWN_ID }, remover.cookie);
      expect(again.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
      expect(await snapshot()).toEqual(before);
    });

    it('purge deletes the project for good with everything under it; the change log keeps what it took', async () => {
      const { id, code } = await richProject('PG');
      await ok('removeProject', { id }, remover.cookie);
      const purged = await ok<{ message: string }>('purgeProject', { id }, admin.cookie);
      expect(purged.message).toBe(
        `Proyecto «Edificio» (${code}) eliminado definitivamente, con 7 ítems del EDP, 4 ítems de EDC, 11 tareas del Gantt, 2 estados de pago (1 aprobado) y un monto de $20.005`,
      );
      expect(await rowCounts(id)).toEqual({
        project: 0,
        edpItems: 0,
        edcItems: 0,
        tasks: 0,
        estadosPago: 0,
        history: 0,
        notifications: 0,
      });
      const log = await changeLog(id);
      expect(log.map((row) => [row.action, row.user_id])).toEqual([
        ['trash', remover.userId],
        ['purge', admin.userId],
      ]);
      expect(log[1]).toMatchObject({ user_name: 'Carla Admin', area: 'project', record: `Proyecto ${code} Edificio` });
      expect(log[1]?.detail).toMatchObject({
        automatic: false,
        deletedBy: 'Beto Borrador',
        holdings: { edpItems: 7, edcItems: 4, tasks: 11, estadosPago: 2, approvedEstadosPago: 1, amount: '20005' },
      });
      expect(log[1]?.summary).toMatch(/eliminado definitivamente desde la Papelera: 7 ítems del EDP/);
      // a second purge finds nothing; the code is free again
      expect((await call('purgeProject', { id }, admin.cookie)).statusCode).toBe(404);
      await ok('saveProject', { project: { name: 'Sucesor', code } });
    });

    it('emptyTrash purges every project in the trash, each logged, and leaves the live ones', async () => {
      await ok('emptyTrash', null, admin.cookie);
      const gone = [await crewProject({ prefix: 'E1' }), await crewProject({ prefix: 'E2' })];
      const kept = await crewProject({ prefix: 'E3' });
      for (const project of gone) await ok('removeProject', { id: project.id }, remover.cookie);
      const keptBefore = await loadProject(t, creator.cookie, kept.id);
      const emptied = await ok<{ purged: number; message: string }>('emptyTrash', {}, admin.cookie);
      expect(emptied).toEqual({ purged: 2, message: 'Papelera vaciada: 2 proyectos eliminados definitivamente' });
      for (const project of gone) {
        expect((await rowCounts(project.id)).project).toBe(0);
        expect((await changeLog(project.id)).map((row) => row.action)).toEqual(['trash', 'purge']);
      }
      expect(await loadProject(t, creator.cookie, kept.id)).toEqual(keptBefore);
      expect(await ok('loadTrash', null, admin.cookie)).toEqual({ projects: [], message: 'La Papelera está vacía' });
      expect(await ok('emptyTrash', null, admin.cookie)).toEqual({ purged: 0, message: 'La Papelera ya estaba vacía' });
    });

    it('loadProjectHoldings answers what a live project holds, for the delete confirmation', async () => {
      const { id } = await richProject('HD');
      const answer = await ok<{ holdings: Record<string, unknown> }>('loadProjectHoldings', { id }, remover.cookie);
      expect(answer.holdings).toEqual({
        edpItems: 7,
        edcItems: 4,
        tasks: 11,
        estadosPago: 2,
        approvedEstadosPago: 1,
        historyEntries: expect.any(Number),
        amount: '20005',
        budget: '0',
        currency: 'CLP',
      });
      await ok('removeProject', { id }, remover.cookie);
      await ok('purgeProject', { id }, admin.cookie);
    });

    it('a bulk EDC call made by a tab opened before the deletion writes nothing', async () => {
      const { id } = await crewProject({ prefix: 'BK' });
      await ok('removeProject', { id }, remover.cookie);
      const before = await snapshot();
      const response = await call('assignEdc', { id, itemIds: [4], ...catalogue });
      expect(response.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
      await ok('restoreProject', { id }, admin.cookie);
      // once restored, the same call works
      await callBulkEdcOk(t, creator.cookie, 'assignEdc', { id, itemIds: [4], ...catalogue });
    });
  });

  describe('the automatic purge after 30 days', () => {
    const DAY = 24 * 60 * 60 * 1000;

    async function trashedDaysAgo(prefix: string, days: number): Promise<{ id: string; code: string }> {
      const { id, code } = await crewProject({ prefix });
      await ok('removeProject', { id }, remover.cookie);
      await t.db
        .updateTable('project')
        .set({ deleted_at: new Date(Date.now() - days * DAY).toISOString() })
        .where('_id', '=', id)
        .execute();
      return { id, code };
    }

    it('purges a project deleted 31 days ago and keeps one deleted 29 days ago, logged as done by Cimiento', async () => {
      const { purgeExpiredTrash } = await import('./trash-queries');
      const old = await trashedDaysAgo('O31', 31);
      const recent = await trashedDaysAgo('R29', 29);
      const { purged } = await purgeExpiredTrash(t.db);
      expect(purged.map((project) => project.id)).toEqual([old.id]);
      expect((await rowCounts(old.id)).project).toBe(0);
      expect((await rowCounts(recent.id)).project).toBe(1);
      const log = await changeLog(old.id);
      expect(log.map((row) => [row.action, row.user_id, row.user_name])).toEqual([
        ['trash', remover.userId, 'Beto Borrador'],
        ['purge', null, TRASH_SWEEP_AUTHOR],
      ]);
      expect(log[1]?.summary).toMatch(/eliminado definitivamente tras 30 días en la Papelera/);
      expect(log[1]?.detail).toMatchObject({ automatic: true });
      // a second run finds nothing more
      expect((await purgeExpiredTrash(t.db)).purged).toEqual([]);
      await ok('purgeProject', { id: recent.id }, admin.cookie);
    });
  });
});
