import type { HistoryDetail, HistoryEntry } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBulkEdcOk, createEdcCatalogue } from '../../test/support/edc';
import { saveEdp, updateItemEdp } from '../../test/support/edp';
import type { WireEdp } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import { addMember } from '../../test/support/members';
import type { CallResult, TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  loadGanttOk,
  regenerateGanttSequenceOk,
  saveGantt,
  saveGanttOk,
  taskByCode,
} from '../../test/support/gantt';
import { importProject, readMspdiSample } from '../../test/support/mspdi';
import { saveProgressOk } from '../../test/support/progress';
import { editableFields, loadProject, uniqueProjectCode, updateProject } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { exportEdp, exportGantt, importEdp, importGantt, okResult } from '../../test/support/workbooks';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

// createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
// 10 P.2.1 · 11 P.2.2; the leaves run 5 working days from Friday 2 January 2026.
const ACT1 = 6;

type Page = { entries: HistoryEntry[]; total: number; following: boolean; message: string };

describe.each(databaseKinds)('project history, Historial (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie, { name: 'Carla Planificadora' });
    other = await createSignedInUser(t, admin.cookie, { name: 'Beto Revisor' });
  });
  afterAll(async () => {
    await t?.close();
  });

  function call(name: string, data: unknown, cookie: string | undefined = member.cookie): Promise<CallResult> {
    return callFunction(t.app, name, data, cookie);
  }

  async function ok<T>(name: string, data: unknown, cookie = member.cookie): Promise<T> {
    const response = await call(name, data, cookie);
    expect(response.statusCode, `${name}: ${JSON.stringify(response.body).slice(0, 600)}`).toBe(200);
    return response.body.result as T;
  }

  const history = (id: string, page: { offset?: number; limit?: number } = {}) =>
    ok<Page>('loadProjectHistory', { id, ...page });
  const entry = (id: string, entryId: number) =>
    ok<{ entry: HistoryEntry & { detail: HistoryDetail }; message: string }>('loadHistoryEntry', { id, entryId });

  /** The newest entry: who, which function, the summary. */
  async function latest(id: string): Promise<HistoryEntry> {
    const page = await history(id, { limit: 1 });
    const newest = page.entries[0];
    if (!newest) throw new Error('sin entradas');
    return newest;
  }

  async function expectLatest(id: string, functionName: string, summary: string | RegExp, area?: string) {
    const newest = await latest(id);
    expect(newest.functionName).toBe(functionName);
    if (typeof summary === 'string') expect(newest.summary).toBe(summary);
    else expect(newest.summary).toMatch(summary);
    expect(newest.userId).toBe(member.userId);
    expect(newest.userName).toBe('Carla Planificadora');
    if (area !== undefined) expect(newest.area).toBe(area);
    return newest;
  }

  async function edpOf(id: string): Promise<WireEdp> {
    return (await loadProject(t, member.cookie, id)).edp as WireEdp;
  }

  it('writes one entry per saving function, with its summary, inside the save', async () => {
    const { id, code } = await createGanttProject(t, member.cookie, { prefix: 'HI' });
    const first = await history(id);
    expect(first.total).toBe(2);
    expect(first.entries.map((e) => e.functionName)).toEqual(['saveEdc', 'saveProject']);
    expect(first.entries[1]?.summary).toBe(`Proyecto creado: «Edificio» (${code})`);
    expect(first.entries[0]?.summary).toMatch(new RegExp(`^EDC de ${code}\\.1\\.1 «.+»: 4 componentes agregados$`));
    expect(first.entries[0]?.area).toBe('edc');
    expect(first.entries[0]?.projectName).toBe('Edificio');

    // updateProject
    const project = await loadProject(t, member.cookie, id);
    const edited = await updateProject(t, member.cookie, id, { ...editableFields(project), name: 'Edificio Sur' }, 1);
    expect(edited.statusCode).toBe(200);
    const editEntry = await expectLatest(id, 'updateProject', 'Proyecto editado: nombre', 'project');
    expect((await entry(id, editEntry.id)).entry.detail.notes).toEqual(['Nombre: «Edificio» → «Edificio Sur»']);

    // saveEdp: P.2.2 (7) removed, P.2.1 (6) renamed, one item added under P.2 (5)
    const edp = await edpOf(id);
    const items = edp.items
      .filter((item) => item.id !== 7)
      .map((item) => (item.id === 6 ? { ...item, name: 'Sala grande' } : item));
    items.push({ id: 8, parentId: 5, code: `${code}.2.9`, name: 'Terraza' });
    expect((await saveEdp(t, member.cookie, id, { items, version: edp.version })).statusCode).toBe(200);
    const edpEntry = await expectLatest(id, 'saveEdp', 'EDP: 1 ítem agregado, 1 eliminado, 1 renombrado', 'edp');
    const edpDetail = (await entry(id, edpEntry.id)).entry.detail;
    expect(edpDetail.added).toEqual([{ code: `${code}.2.9`, name: 'Terraza' }]);
    expect(edpDetail.removed).toEqual([{ code: `${code}.2.2`, name: expect.any(String) }]);
    expect(edpDetail.renamed).toEqual([{ code: `${code}.2.1`, from: expect.any(String), to: 'Sala grande' }]);

    // updateItemEdp
    const added = await updateItemEdp(t, member.cookie, {
      id,
      item: { parentId: 2, code: `${code}.1.9`, name: 'Bodega' },
      action: 'add',
      version: (await edpOf(id)).version,
    });
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    await expectLatest(id, 'updateItemEdp', 'EDP: 1 ítem agregado');

    // importEdp: its own export back
    const exported = okResult(await exportEdp(t, member.cookie, id));
    okResult(await importEdp(t, member.cookie, { id, content: exported.content, version: (await edpOf(id)).version }));
    await expectLatest(id, 'importEdp', 'EDP importado desde Excel: sin cambios');

    // assignEdc, copyEdc, unassignEdc
    const catalogue = await createEdcCatalogue(t, member.cookie);
    const bulk = { componentId: catalogue.component._id, systemId: catalogue.system._id };
    await callBulkEdcOk(t, member.cookie, 'assignEdc', { id, itemIds: [4], ...bulk });
    await expectLatest(id, 'assignEdc', /^EDC \(asignar componente\) de .+: \d+ componentes agregados$/, 'edc');
    await callBulkEdcOk(t, member.cookie, 'copyEdc', { id, fromItemId: 4, toItemIds: [6, 8] });
    await expectLatest(id, 'copyEdc', /^EDC \(copiar EDC\): \d+ componentes agregados en 2 ítems del EDP$/);
    await callBulkEdcOk(t, member.cookie, 'unassignEdc', { id, itemIds: [4, 6], ...bulk });
    await expectLatest(id, 'unassignEdc', /^EDC \(quitar componente\): \d+ componentes eliminados en 2 ítems del EDP$/);

    // saveGantt: ACT1 longer, ACT2 later and linked SS+2 to ACT1
    const gantt = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(gantt.activities).map((task) => {
      if (task.TaskCode === 'ACT1') return { ...task, Duration: 7 };
      if (task.TaskCode === 'ACT2') return { ...task, StartDate: '2026-01-06', Predecessor: `${ACT1}SS+2` };
      return task;
    });
    await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    const ganttEntry = await expectLatest(id, 'saveGantt', /^Gantt: \d+ tareas cambiadas$/, 'gantt');
    const tasks = (await entry(id, ganttEntry.id)).entry.detail.tasks;
    expect(tasks.find((task) => task.code === 'ACT1')?.changes).toEqual([
      { field: 'duration', from: '5 días', to: '7 días' },
    ]);
    expect(tasks.find((task) => task.code === 'ACT2')?.changes).toEqual([
      { field: 'start', from: '02-01-2026', to: '06-01-2026' },
      { field: 'links', from: '', to: 'ACT1SS+2' },
    ]);

    // importGantt: its own export back
    const ganttNow = await loadGanttOk(t, member.cookie, id);
    const ganttFile = okResult(await exportGantt(t, member.cookie, id));
    okResult(await importGantt(t, member.cookie, { id, content: ganttFile.content, version: ganttNow.version }));
    await expectLatest(id, 'importGantt', /^Gantt importado desde Excel: /);

    // saveProgress, then importProgress of its own export at a later cut-off
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-01-05',
      entries: [{ TaskID: ACT1, ActualStart: '2026-01-02', Progress: 20 }],
      version: (await loadGanttOk(t, member.cookie, id)).version,
    });
    const progressEntry = await expectLatest(
      id,
      'saveProgress',
      'Avance registrado al corte del 05-01-2026: 1 tarea actualizada',
      'tracking',
    );
    expect((await entry(id, progressEntry.id)).entry.detail.tasks).toContainEqual({
      code: 'ACT1',
      name: expect.any(String),
      changes: [
        { field: 'progress', from: '0 %', to: '20 %' },
        { field: 'actualStart', from: '', to: '02-01-2026' },
      ],
    });
    const progressFile = okResult(await call('exportProgress', { id }));
    okResult(
      await call('importProgress', {
        id,
        cutoff: '2026-01-06',
        content: progressFile.content,
        version: (await loadGanttOk(t, member.cookie, id)).version,
      }),
    );
    await expectLatest(
      id,
      'importProgress',
      'Avance importado desde Excel al corte del 06-01-2026: 0 tareas actualizadas',
    );

    // regenerateGanttSequence
    await regenerateGanttSequenceOk(t, member.cookie, id, 'train', (await loadGanttOk(t, member.cookie, id)).version);
    const sequenced = await expectLatest(id, 'regenerateGanttSequence', /^Gantt \(regenerar secuencia\): /);
    expect((await entry(id, sequenced.id)).entry.detail.notes).toEqual([
      'Secuencia: Sin secuencia → Tren de actividades',
    ]);

    // baselines
    const baseline = await ok<{ baselineId: string }>('saveBaseline', { id, name: 'LB 1' });
    await expectLatest(id, 'saveBaseline', 'Línea base «LB 1» fijada', 'tracking');
    await ok('chooseBaseline', { id, baselineId: null });
    await expectLatest(id, 'chooseBaseline', 'Línea base: el Gantt no muestra ninguna');
    await ok('chooseBaseline', { id, baselineId: baseline.baselineId });
    await expectLatest(id, 'chooseBaseline', 'Línea base «LB 1» elegida para el Gantt');
    await ok('removeBaseline', { id, baselineId: baseline.baselineId });
    await expectLatest(id, 'removeBaseline', 'Línea base «LB 1» eliminada');

    // costs
    await ok('saveActualCost', { id, cutoff: '2026-01-05', amount: '1500' });
    await expectLatest(id, 'saveActualCost', /^Costo real al 05-01-2026: .*1\.500/, 'costs');
    const settings = {
      contract: 'Contrato N°12',
      contractor: 'Constructora Andes',
      retentionPercent: '5',
      retentionCapPercent: '10',
      advanceAmount: '0',
      vatPercent: '19',
    };
    await ok('saveEstadoPagoSettings', { id, settings });
    const settingsEntry = await expectLatest(
      id,
      'saveEstadoPagoSettings',
      'Condiciones del contrato grabadas: contrato, contratista, retención %, tope retención % del contrato',
    );
    expect((await entry(id, settingsEntry.id)).entry.detail.notes[0]).toBe('Contrato: «» → «Contrato N°12»');
    await ok('saveEstadoPago', { id, cutoff: '2026-01-05' });
    await expectLatest(id, 'saveEstadoPago', 'Estado de pago N°1 creado al corte del 05-01-2026');
    await ok('approveEstadoPago', { id, number: 1 });
    await expectLatest(id, 'approveEstadoPago', 'Estado de pago N°1 aprobado (corte del 05-01-2026)');
    await ok('saveEstadoPago', { id, cutoff: '2026-01-06' });
    await ok('removeEstadoPago', { id, number: 2 });
    await expectLatest(id, 'removeEstadoPago', 'Estado de pago N°2 eliminado');

    // 2 at creation + 22 saves since, one entry each, newest first
    const all = await history(id, { limit: 100 });
    expect(all.total).toBe(24);
    expect(all.entries.map((e) => e.functionName).reverse()).toEqual([
      'saveProject',
      'saveEdc',
      'updateProject',
      'saveEdp',
      'updateItemEdp',
      'importEdp',
      'assignEdc',
      'copyEdc',
      'unassignEdc',
      'saveGantt',
      'importGantt',
      'saveProgress',
      'importProgress',
      'regenerateGanttSequence',
      'saveBaseline',
      'chooseBaseline',
      'chooseBaseline',
      'removeBaseline',
      'saveActualCost',
      'saveEstadoPagoSettings',
      'saveEstadoPago',
      'approveEstadoPago',
      'saveEstadoPago',
      'removeEstadoPago',
    ]);
  });

  it('writes the first entry of an imported project', async () => {
    const code = uniqueProjectCode('HM');
    const response = await importProject(t, member.cookie, {
      fileName: 'muestra.xml',
      content: readMspdiSample('projectlibre-new-product.xml'),
      code,
    });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 400)).toBe(200);
    const id = response.body.result.project._id as string;
    const page = await history(id);
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({ functionName: 'importProject', area: 'project' });
    expect(page.entries[0]?.summary).toMatch(new RegExp(`^Proyecto importado desde MS Project: «.+» \\(${code}\\)$`));
  });

  it('leaves no entry for a refused save: stale, invalid or unknown', async () => {
    const { id, code } = await createGanttProject(t, member.cookie, { prefix: 'HR' });
    const before = await history(id);
    const edp = await edpOf(id);
    // stale: based on a version that moved on
    const saved = await saveEdp(t, member.cookie, id, { items: edp.items, version: edp.version });
    expect(saved.statusCode).toBe(200);
    const total = (await history(id)).total;
    expect(total).toBe(before.total + 1);
    const stale = await saveEdp(t, member.cookie, id, { items: edp.items, version: edp.version });
    expect(stale.body.error.status).toBe('ABORTED');
    // invalid: two items with one code
    const current = await edpOf(id);
    const twice = current.items.map((item) => (item.id === 4 ? { ...item, code: `${code}.1.1` } : item));
    const invalid = await saveEdp(t, member.cookie, id, { items: twice, version: current.version });
    expect(invalid.body.error.status).toBe('INVALID_ARGUMENT');
    // a stale Gantt and a refused baseline choice
    const gantt = await loadGanttOk(t, member.cookie, id);
    await saveGanttOk(t, member.cookie, id, { activities: asInput(gantt.activities) }, gantt.version);
    const ganttTotal = (await history(id)).total;
    const staleGantt = await saveGantt(t, member.cookie, id, { activities: asInput(gantt.activities) }, gantt.version);
    expect(staleGantt.body.error.status).toBe('ABORTED');
    const badGantt = asInput(gantt.activities).map((task) =>
      task.TaskID === taskByCode(gantt, 'ACT2').TaskID ? { ...task, Predecessor: '999' } : task,
    );
    const refused = await saveGantt(t, member.cookie, id, { activities: badGantt }, gantt.version + 1);
    expect(refused.body.error.status).toBe('INVALID_ARGUMENT');
    const unknownBaseline = await call('chooseBaseline', { id, baselineId: UNKNOWN_ID });
    expect(unknownBaseline.body.error.status).toBe('NOT_FOUND');
    expect((await history(id)).total).toBe(ganttTotal);
    expect(await t.db.selectFrom('project_history').select('id').where('project_id', '=', id).execute()).toHaveLength(
      ganttTotal,
    );
  });

  it('pages newest first with offset, limit and total, and says whether the caller follows', async () => {
    const { id } = await createGanttProject(t, member.cookie, { prefix: 'HP' });
    for (let index = 0; index < 5; index += 1) {
      const edp = await edpOf(id);
      const items = edp.items.map((item) => (item.id === 7 ? { ...item, name: `Nombre ${index}` } : item));
      expect((await saveEdp(t, member.cookie, id, { items, version: edp.version })).statusCode).toBe(200);
    }
    const all = await history(id);
    expect(all.total).toBe(7);
    expect(all.message).toBe('Historial: 7 cambios');
    expect(all.following).toBe(false);
    const ids = all.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.entries.at(-1)?.functionName).toBe('saveProject');
    const second = await history(id, { offset: 2, limit: 3 });
    expect(second.total).toBe(7);
    expect(second.entries.map((e) => e.id)).toEqual(ids.slice(2, 5));
    expect((await history(id, { offset: 7 })).entries).toEqual([]);

    await t.db
      .insertInto('project_follow')
      .values({ project_id: id, user_id: member.userId, created_at: new Date().toISOString() })
      .execute();
    expect((await history(id)).following).toBe(true);
    // issue 36: another user sees it once a member (the addition is an entry of its own), not following
    const refused = await callFunction(t.app, 'loadProjectHistory', { id }, other.cookie);
    expect(refused.statusCode).toBe(403);
    await addMember(t, member.cookie, id, other.userId, 'lector');
    const theirs = await ok<Page>('loadProjectHistory', { id }, other.cookie);
    expect(theirs.total).toBe(8);
    expect(theirs.entries[0]?.summary).toBe('Miembro agregado: Beto Revisor (Lector)');
    expect(theirs.entries.slice(1).map((e) => e.id)).toEqual(ids);
    expect(theirs.following).toBe(false);
  });

  it('refuses an unknown project, an unknown entry, an entry of another project, and a caller not signed in', async () => {
    const a = await createGanttProject(t, member.cookie, { prefix: 'HN' });
    const b = await createGanttProject(t, member.cookie, { prefix: 'HO' });
    const entryOfB = (await history(b.id)).entries[0]!;
    expect((await call('loadProjectHistory', { id: UNKNOWN_ID })).body.error).toEqual({
      status: 'NOT_FOUND',
      message: 'Proyecto no encontrado',
    });
    expect((await call('loadHistoryEntry', { id: a.id, entryId: entryOfB.id })).body.error.status).toBe('NOT_FOUND');
    expect((await call('loadHistoryEntry', { id: a.id, entryId: 999_999_999 })).body.error.status).toBe('NOT_FOUND');
    expect((await call('loadHistoryEntry', { id: UNKNOWN_ID, entryId: entryOfB.id })).body.error).toEqual({
      status: 'NOT_FOUND',
      message: 'Proyecto no encontrado',
    });
    const own = await entry(b.id, entryOfB.id);
    expect(own.entry).toMatchObject({ id: entryOfB.id, projectId: b.id, summary: entryOfB.summary });
    expect(own.message).toBe(entryOfB.summary);
    for (const [name, data] of [
      ['loadProjectHistory', { id: a.id }],
      ['loadHistoryEntry', { id: b.id, entryId: entryOfB.id }],
    ] as const) {
      const response = await callFunction(t.app, name, data);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
    expect((await call('loadProjectHistory', { id: a.id, limit: 101 })).body.error.status).toBe('INVALID_ARGUMENT');
  });
});
