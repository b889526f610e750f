import type { HistoryDetail, HistoryEntry } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, removeObject, uniqueCode } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { saveEdcOk } from '../../test/support/edc';
import { asInput, createGanttProject, edcList, loadGanttOk, saveGantt, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { exportGantt, openWorkbook } from '../../test/support/workbooks';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35: a Gantt task's resources ('Recursos', `Resources: [{resourceId, units}]`) through
 * loadGantt/saveGantt on both databases: stored in the task's order, kept when a save leaves them
 * out, cleared with [] or null, checked at the edge (unknown resource, bad units, twice) changing
 * nothing, in the history by name; a generated task gets its activity's default crew; a resource a
 * task uses is not deleted, and the message says where.
 *
 * createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
 * 10 P.2.1 · 11 P.2.2.
 */
const ACT1 = 6;
const ACT2 = 7;
const P22 = 11;

type Assignment = { resourceId: string; units: number };
type Task = WireGantt['activities'][number] & { Resources?: Assignment[] };

describe.each(databaseKinds)('task resources (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let admin: TestAccount;
  let moldaje: { _id: string; code: string; name: string };
  let grua: { _id: string; code: string; name: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    moldaje = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('CMOL'),
      name: 'Cuadrilla moldaje',
      type: 'labor',
      unit: 'cuadrilla',
      maxUnits: 2,
    });
    grua = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('GRUA'),
      name: 'Grúa torre',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const byId = (gantt: Pick<WireGantt, 'activities'>, id: number) =>
    gantt.activities.find((task) => task.TaskID === id) as Task;

  async function ok<T>(name: string, data: unknown): Promise<T> {
    const response = await callFunction(t.app, name, data, member.cookie);
    expect(response.statusCode, `${name}: ${JSON.stringify(response.body).slice(0, 600)}`).toBe(200);
    return response.body.result as T;
  }

  async function latestDetail(id: string): Promise<HistoryDetail> {
    const page = await ok<{ entries: HistoryEntry[] }>('loadProjectHistory', { id, limit: 1 });
    const newest = page.entries[0] as HistoryEntry;
    return (await ok<{ entry: { detail: HistoryDetail } }>('loadHistoryEntry', { id, entryId: newest.id })).entry
      .detail;
  }

  const withResources = (gantt: WireGantt, resources: Record<number, unknown>) =>
    asInput(gantt.activities).map((task) =>
      (task.TaskID as number) in resources ? { ...task, Resources: resources[task.TaskID as number] } : task,
    );

  it('stores a task’s resources in its order, keeps them when left out, clears them with [] and null', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    expect(byId(loaded, ACT1).Resources).toBeUndefined();
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: withResources(loaded, {
          [ACT1]: [
            { resourceId: grua._id, units: 1 },
            { resourceId: moldaje._id, units: 2 },
          ],
          [ACT2]: [{ resourceId: moldaje._id, units: 1.5 }],
        }),
      },
      loaded.version,
    );
    expect(byId(saved, ACT1).Resources).toEqual([
      { resourceId: grua._id, units: 1 },
      { resourceId: moldaje._id, units: 2 },
    ]);
    expect(byId(saved, ACT2).Resources).toEqual([{ resourceId: moldaje._id, units: 1.5 }]);
    expect((await loadGanttOk(t, member.cookie, id)).activities).toEqual(saved.activities);
    const rows = await t.db
      .selectFrom('gantt_task_resource')
      .select(['task_id', 'resource_id', 'units', 'position'])
      .where('project_id', '=', id)
      .orderBy('task_id')
      .orderBy('position')
      .execute();
    expect(rows.map((row) => [Number(row.task_id), row.resource_id, Number(row.units)])).toEqual([
      [ACT1, grua._id, 1],
      [ACT1, moldaje._id, 2],
      [ACT2, moldaje._id, 1.5],
    ]);
    // the history names them as the column reads
    const detail = await latestDetail(id);
    expect(detail.tasks.find((task) => task.code === 'ACT1')?.changes).toContainEqual({
      field: 'resources',
      from: '',
      to: 'Grúa torre; Cuadrilla moldaje[2]',
    });

    // the Gantt's workbook writes them as the column does
    const workbook = await exportGantt(t, member.cookie, id);
    expect(workbook.statusCode).toBe(200);
    const { rows: sheetRows } = await openWorkbook(workbook.body.result.content, 'Gantt');
    const titles = sheetRows[0] as unknown[];
    const column = titles.indexOf('Recursos');
    expect(column).toBeGreaterThan(0);
    expect(sheetRows.map((row) => row[column]).filter((value) => value !== undefined && value !== null)).toEqual([
      'Recursos',
      'Grúa torre; Cuadrilla moldaje[2]',
      'Cuadrilla moldaje[1,5]',
    ]);

    // a save that leaves them out (an older screen, a script) keeps them
    const without = asInput(saved.activities).map(({ Resources: _r, ...task }: Record<string, unknown>) => task);
    const kept = await saveGanttOk(t, member.cookie, id, { activities: without }, saved.version);
    expect(byId(kept, ACT1).Resources).toHaveLength(2);
    // [] clears one task's, null another's; the rest stay
    const cleared = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: withResources(kept, { [ACT1]: [], [ACT2]: null }) },
      kept.version,
    );
    expect(byId(cleared, ACT1).Resources).toBeUndefined();
    expect(byId(cleared, ACT2).Resources).toBeUndefined();
    const left = await t.db.selectFrom('gantt_task_resource').select('task_id').where('project_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('refuses an unknown resource, bad units and a resource twice, naming the task; nothing changes', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const attempt = (resources: unknown) =>
      saveGantt(t, member.cookie, id, { activities: withResources(loaded, { [ACT2]: resources }) }, loaded.version);

    const unknown = await attempt([{ resourceId: 'no-existe', units: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.error.message).toBe(
      'Tarea ACT2 (7): Recursos: el recurso no-existe no está en el catálogo de recursos',
    );
    for (const [resources, message] of [
      [[{ resourceId: grua._id, units: 0 }], 'las unidades deben ser mayores que 0'],
      [[{ resourceId: grua._id, units: 1.234 }], 'las unidades admiten como máximo 2 decimales'],
      [[{ resourceId: grua._id, units: 20_000 }], 'las unidades deben ser como máximo 10.000'],
      [
        [
          { resourceId: grua._id, units: 1 },
          { resourceId: grua._id, units: 2 },
        ],
        `el recurso ${grua._id} está más de una vez`,
      ],
      ['Grúa torre', 'debe ser una lista'],
    ] as const) {
      const response = await attempt(resources);
      expect(response.statusCode, JSON.stringify(resources)).toBe(400);
      expect(response.body.error.message).toContain('Resources');
      if (message !== 'debe ser una lista') expect(response.body.error.message).toContain(message);
    }
    const after = await loadGanttOk(t, member.cookie, id);
    expect(after.version).toBe(loaded.version);
    expect(byId(after, ACT2).Resources).toBeUndefined();
  });

  it('a generated task gets its activity’s default resource × crews', async () => {
    const activity = await createObject(t, member.cookie, 'actividades', {
      code: uniqueCode('MOL'),
      name: 'Moldaje de losa',
      duration: 4,
      workUnit: 'm2',
      productivity: '25',
      resourceId: moldaje._id,
      crews: 2,
    });
    const { id, code } = await createGanttProject(t, member.cookie);
    await loadGanttOk(t, member.cookie, id);
    // a new EDC list on P.1.2 (item 4) whose first activity comes from the catalogue's
    const [first, ...rest] = edcList(`${code}.1.2`, ['Moldaje', 'Retiro']).slice(2);
    await saveEdcOk(t, member.cookie, id, {
      id: 4,
      componentesEdc: [
        ...edcList(`${code}.1.2`, []),
        { ...(first as (typeof rest)[number]), sourceId: activity._id, duration: 4 },
        ...rest,
      ],
      version: 0,
    });
    const gantt = await loadGanttOk(t, member.cookie, id);
    const built = gantt.activities.filter((task) => task.sourceKey?.startsWith('edc:4:')) as Task[];
    expect(built.find((task) => task.TaskCode === 'ACT1')?.Resources).toEqual([{ resourceId: moldaje._id, units: 2 }]);
    expect(built.find((task) => task.TaskCode === 'ACT2')?.Resources).toBeUndefined();
    // the tasks built before keep what they had (none)
    expect(byId(gantt, ACT1).Resources).toBeUndefined();
  });

  it('a resource a task uses is not deleted: the message counts the tasks and names the projects', async () => {
    const used = await createObject(t, member.cookie, 'recursos', {
      code: uniqueCode('BOMBA'),
      name: 'Bomba de hormigón',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
    });
    const { id, code } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const one = { resourceId: used._id, units: 1 };
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: withResources(loaded, { [ACT1]: [one], [ACT2]: [one], [P22]: [one] }) },
      loaded.version,
    );
    // the catalogue is an administrator's (issue 36)
    const refused = await removeObject(t, admin.cookie, 'recursos', used._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error.status).toBe('FAILED_PRECONDITION');
    expect(refused.body.error.message).toBe(
      `El recurso ${used.code} está asignado a 3 tareas de 1 proyecto: ${code} Edificio (3 tareas). Quítalo de ellas en el Gantt antes de eliminarlo.`,
    );
    // freed once the tasks drop it
    await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: withResources(saved, { [ACT1]: [], [ACT2]: [], [P22]: [] }) },
      saved.version,
    );
    expect((await removeObject(t, admin.cookie, 'recursos', used._id)).statusCode).toBe(200);
  });
});
