import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, uniqueCode } from '../../test/support/catalogues';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk, storedGantt } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { exportGantt, importGantt, okResult, openWorkbook, writeBack } from '../../test/support/workbooks';

/**
 * Issue 35: importGantt reads the 'Recursos' column exportGantt writes ('Cuadrilla moldaje[2]; Grúa
 * torre'), by the catalogue's names or codes in any case: export → import gives the same resources;
 * an edited cell changes them, a blank one clears them, a sheet without the column keeps them; a
 * bad cell refuses the file naming its row and the column, and nothing changes.
 *
 * createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
 * 10 P.2.1 · 11 P.2.2.
 */
const P = 1;
const ACT1 = 6;
const ACT2 = 7;
/** the sheet's columns: Código is B, Recursos is L */
const RESOURCES_COLUMN = 'L';

type Assignment = { resourceId: string; units: number };
type Task = WireGantt['activities'][number] & { Resources?: Assignment[] };

describe.each(databaseKinds)('importGantt: the Recursos column (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let moldaje: { _id: string; code: string; name: string };
  let grua: { _id: string; code: string; name: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
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

  /** The stored assignments, task by task in order, read directly. */
  async function storedResources(projectId: string) {
    const rows = await t.db
      .selectFrom('gantt_task_resource')
      .select(['task_id', 'resource_id', 'units', 'position'])
      .where('project_id', '=', projectId)
      .orderBy('task_id')
      .orderBy('position')
      .execute();
    return rows.map((row) => [Number(row.task_id), row.resource_id, Number(row.units)]);
  }

  /** A project whose ACT1 has Grúa torre + 2 Cuadrilla moldaje and ACT2 1,5 Cuadrilla moldaje. */
  async function assignedProject(prefix: string): Promise<{ id: string; code: string; gantt: WireGantt }> {
    const { id, code } = await createGanttProject(t, member.cookie, { prefix });
    const loaded = await loadGanttOk(t, member.cookie, id);
    const resources: Record<number, Assignment[]> = {
      [ACT1]: [
        { resourceId: grua._id, units: 1 },
        { resourceId: moldaje._id, units: 2 },
      ],
      [ACT2]: [{ resourceId: moldaje._id, units: 1.5 }],
    };
    const activities = asInput(loaded.activities).map((task) =>
      (task.TaskID as number) in resources ? { ...task, Resources: resources[task.TaskID as number] } : task,
    );
    const gantt = await saveGanttOk(t, member.cookie, id, { activities }, loaded.version);
    return { id, code, gantt };
  }

  /** The exported workbook, opened, with the sheet row (1-based) of each TaskID (loadGantt's order). */
  async function exported(id: string, gantt: WireGantt) {
    const opened = await openWorkbook(okResult(await exportGantt(t, member.cookie, id)).content, 'Gantt');
    expect(opened.rows[0]?.[11]).toBe('Recursos');
    const rowOf = (taskId: number) => gantt.activities.findIndex((task) => task.TaskID === taskId) + 2;
    return { opened, rowOf };
  }

  it('export → import gives the same resources, with nothing changed', async () => {
    const { id, gantt } = await assignedProject('RR');
    const { opened, rowOf } = await exported(id, gantt);
    expect(opened.rows[rowOf(ACT1) - 1]?.[11]).toBe('Grúa torre; Cuadrilla moldaje[2]');
    expect(opened.rows[rowOf(ACT2) - 1]?.[11]).toBe('Cuadrilla moldaje[1,5]');
    const content = await writeBack(opened);
    const before = { gantt: await storedGantt(t, id), resources: await storedResources(id) };
    const dry = okResult(await importGantt(t, member.cookie, { id, content, version: gantt.version, dryRun: true }));
    expect(dry.preview).toEqual({ rows: 11, errors: [], updated: 0, added: 0, unchanged: 11 });
    const result = okResult(await importGantt(t, member.cookie, { id, content, version: gantt.version }));
    const saved = result.gantt as WireGantt;
    expect(byId(saved, ACT1).Resources).toEqual(byId(gantt, ACT1).Resources);
    expect(byId(saved, ACT2).Resources).toEqual([{ resourceId: moldaje._id, units: 1.5 }]);
    expect(saved.activities.map((task) => (task as Task).Resources)).toEqual(
      gantt.activities.map((task) => (task as Task).Resources),
    );
    expect(await storedResources(id)).toEqual(before.resources);
    expect(await storedGantt(t, id)).toEqual({ ...before.gantt, version: gantt.version + 1 });
  });

  it('reads an edited cell by name or code in any case, clears a blank one, gives a summary and a new row theirs', async () => {
    const { id, code, gantt } = await assignedProject('RE');
    const { opened, rowOf } = await exported(id, gantt);
    opened.sheet.getCell(`${RESOURCES_COLUMN}${rowOf(ACT1)}`).value = `${moldaje.code.toLowerCase()}[3]`;
    opened.sheet.getCell(`${RESOURCES_COLUMN}${rowOf(ACT2)}`).value = null;
    opened.sheet.getCell(`${RESOURCES_COLUMN}${rowOf(P)}`).value = 'GRÚA TORRE';
    opened.sheet.addRow([12, `${code}.1.1.9`, 'Recepción', null, null, 2, 0, '', null, null, null, 'grúa torre[0,5]']);
    const content = await writeBack(opened);
    const dry = okResult(await importGantt(t, member.cookie, { id, content, version: gantt.version, dryRun: true }));
    expect(dry.preview).toEqual({ rows: 12, errors: [], updated: 3, added: 1, unchanged: 8 });
    const saved = okResult(await importGantt(t, member.cookie, { id, content, version: gantt.version }))
      .gantt as WireGantt;
    expect(byId(saved, ACT1).Resources).toEqual([{ resourceId: moldaje._id, units: 3 }]);
    expect(byId(saved, ACT2).Resources).toBeUndefined();
    expect(byId(saved, P).Resources).toEqual([{ resourceId: grua._id, units: 1 }]);
    expect(byId(saved, 12)).toMatchObject({ TaskName: 'Recepción', Resources: [{ resourceId: grua._id, units: 0.5 }] });
    expect(await storedResources(id)).toEqual([
      [P, grua._id, 1],
      [ACT1, moldaje._id, 3],
      [12, grua._id, 0.5],
    ]);
  });

  it('keeps every task’s resources when the sheet has no Recursos column', async () => {
    const { id, gantt } = await assignedProject('RN');
    const { opened, rowOf } = await exported(id, gantt);
    opened.sheet.spliceColumns(12, 1);
    opened.sheet.getCell(`F${rowOf(ACT2)}`).value = 7; // a duration changes: the row is written
    const before = await storedResources(id);
    const result = okResult(
      await importGantt(t, member.cookie, { id, content: await writeBack(opened), version: gantt.version }),
    );
    expect(result.preview).toMatchObject({ updated: 1, added: 0 });
    expect(byId(result.gantt, ACT2)).toMatchObject({
      Duration: 7,
      Resources: [{ resourceId: moldaje._id, units: 1.5 }],
    });
    expect(await storedResources(id)).toEqual(before);
  });

  it('refuses a bad Recursos cell naming the row and the column, and changes nothing', async () => {
    const { id, gantt } = await assignedProject('RB');
    const { opened, rowOf } = await exported(id, gantt);
    opened.sheet.getCell(`${RESOURCES_COLUMN}${rowOf(ACT1)}`).value = 'Grúa torre; Bomba de hormigón';
    opened.sheet.getCell(`${RESOURCES_COLUMN}${rowOf(ACT2)}`).value = 'Cuadrilla moldaje[20000]';
    opened.sheet.getCell(`${RESOURCES_COLUMN}${rowOf(P)}`).value = `${grua.code}; Grúa torre`;
    const content = await writeBack(opened);
    const before = { gantt: await storedGantt(t, id), resources: await storedResources(id) };
    const errors = [
      {
        row: rowOf(P),
        field: 'Recursos',
        message: `Fila ${rowOf(P)}: Recursos: el recurso «Grúa torre» está más de una vez`,
      },
      {
        row: rowOf(ACT1),
        field: 'Recursos',
        message: `Fila ${rowOf(ACT1)}: Recursos: no hay un recurso «Bomba de hormigón» en el catálogo de recursos`,
      },
      {
        row: rowOf(ACT2),
        field: 'Recursos',
        message: `Fila ${rowOf(ACT2)}: Recursos: «Cuadrilla moldaje[20000]»: las unidades deben ser como máximo 10.000`,
      },
    ];
    const dry = okResult(await importGantt(t, member.cookie, { id, content, version: gantt.version, dryRun: true }));
    expect(dry.preview.errors).toEqual(errors);
    expect(dry.message).toBe('El libro tiene 3 errores; corrígelo y vuelve a cargarlo');
    const response = await importGantt(t, member.cookie, { id, content, version: gantt.version });
    expect(response.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: `No se importó el Gantt; corrige el libro: ${errors.map((error) => error.message).join('; ')}`,
    });
    expect({ gantt: await storedGantt(t, id), resources: await storedResources(id) }).toEqual(before);
  });
});
