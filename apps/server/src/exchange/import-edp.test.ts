import { EDP_STALE_MESSAGE } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk } from '../../test/support/edc';
import { createEdpProject, loadEdp, storedEdp, watchEdpWrites } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { edcList, loadGanttOk, storedGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { exportEdp, importEdp, okResult, openWorkbook, workbookOf, writeBack } from '../../test/support/workbooks';

const UNKNOWN_PROJECT = '01890000-0000-7000-8000-000000000000';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(databaseKinds)('exportEdp and importEdp (%s)', (kind) => {
  let t: TestApp;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the database holds for a project's EDP, EDC and Gantt. */
  async function storedAll(projectId: string) {
    const edcLists = await t.db
      .selectFrom('edc_list')
      .select('edp_item_id')
      .where('project_id', '=', projectId)
      .orderBy('edp_item_id')
      .execute();
    const edcItems = await t.db
      .selectFrom('edc_item')
      .select(['edp_item_id', 'code'])
      .where('project_id', '=', projectId)
      .orderBy('edp_item_id')
      .orderBy('position')
      .execute();
    return {
      edp: await storedEdp(t, projectId),
      edcLists: edcLists.map((row) => Number(row.edp_item_id)),
      edcItems: edcItems.map((row) => `${Number(row.edp_item_id)}:${row.code}`),
      gantt: await storedGantt(t, projectId),
    };
  }

  it('exports the EDP as the workbook the editor has always downloaded: sheet EDP, Código · Nombre · Nivel, outline by depth', async () => {
    const { id, code } = await createEdpProject(t, member.cookie, 'XE');
    const result = okResult(await exportEdp(t, member.cookie, id));
    expect(result.fileName).toBe(`${code}-edp.xlsx`);
    expect(result.mimeType).toBe(XLSX);
    expect(result.message).toBe('EDP exportado a Excel: 9 ítems');
    const { sheet, rows } = await openWorkbook(result.content, 'EDP');
    expect(rows).toEqual([
      // issue 16: the price columns follow (edp-prices.test.ts); none of these items is priced
      ['Código', 'Nombre', 'Nivel', 'Unidad', 'Cantidad', 'Precio unitario', 'Monto (USD)'],
      [code, 'Centro logístico', 0],
      [`${code}.1`, 'Nave 1', 1],
      [`${code}.1.1`, 'Andén 1', 2],
      [`${code}.1.2`, 'Andén 2', 2],
      [`${code}.1.3`, 'Bodega', 2],
      [`${code}.2`, 'Nave 2', 1],
      [`${code}.2.1`, 'Andén 1', 2],
      [`${code}.2.2`, 'Andén 2', 2],
      [`${code}.2.3`, 'Bodega', 2],
    ]);
    expect([1, 2, 3, 4].map((row) => sheet.getRow(row).outlineLevel)).toEqual([0, 0, 1, 2]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A4').alignment?.indent).toBe(2);
    expect(sheet.columns.map((column) => column.width)).toEqual([28, 60, 8, 10, 14, 18, 20]);
  });

  it('reads its own export back with no change: the dry run counts every item kept, the import writes no row', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'RT');
    const { content } = okResult(await exportEdp(t, member.cookie, id));
    const dry = okResult(await importEdp(t, member.cookie, { id, content, version: edp.version, dryRun: true }));
    expect(dry).toEqual({
      preview: { rows: 9, errors: [], added: 0, renamed: 0, removed: 0, kept: 9, repriced: 0, removedEdcLists: 0 },
      message: 'Vista previa del EDP: 9 ítems (0 nuevos, 0 renombrados, 0 eliminados)',
    });
    const watch = await watchEdpWrites(t, kind);
    try {
      const result = okResult(await importEdp(t, member.cookie, { id, content, version: edp.version }));
      expect(result.edp).toEqual({ items: edp.items, version: edp.version + 1 });
      expect(result.message).toBe('EDP importado desde Excel: 9 ítems (0 nuevos, 0 renombrados, 0 eliminados)');
      expect(await watch.read(id)).toEqual([]);
    } finally {
      await watch.drop();
    }
  });

  it('renames, adds and removes items as the edited workbook says; removed items lose their EDC and Gantt tasks, kept ones keep theirs', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'ED');
    await saveEdcOk(t, member.cookie, id, { id: 3, componentesEdc: edcList(`${code}.1.1`), version: 0 });
    await saveEdcOk(t, member.cookie, id, { id: 5, componentesEdc: edcList(`${code}.1.3`), version: 0 });
    const gantt = await loadGanttOk(t, member.cookie, id);
    const keptTasks = gantt.activities
      .filter((task) => /^(edp:[1-4]|edc:3:.*)$/.test(task.sourceKey ?? ''))
      .map((task) => ({ id: task.TaskID, sourceKey: task.sourceKey }));
    expect(keptTasks).toHaveLength(8); // 4 EDP items + M, M.1, ACT1, ACT2 of item 3
    expect(gantt.activities.some((task) => task.sourceKey === 'edc:5:act1')).toBe(true);

    const opened = await openWorkbook(okResult(await exportEdp(t, member.cookie, id)).content);
    opened.sheet.getCell('B4').value = 'Andén norte'; // P.1.1 renamed
    // P.1.3 and the whole Nave 2 (P.2 … P.2.3) removed: their rows left blank, which the import skips
    for (let row = 6; row <= 10; row += 1) opened.sheet.getRow(row).values = [];
    opened.sheet.addRow([`${code}.3`, 'Patio', 1]);
    opened.sheet.addRow([`${code}.3.1`, 'Jardín', '']);
    const content = await writeBack(opened);

    const before = await storedAll(id);
    const dry = okResult(await importEdp(t, member.cookie, { id, content, version: edp.version, dryRun: true }));
    expect(dry.preview).toEqual({
      rows: 6,
      errors: [],
      added: 2,
      renamed: 1,
      removed: 5,
      kept: 3,
      repriced: 0,
      removedEdcLists: 1,
    });
    expect(dry.edp).toBeUndefined();
    expect(await storedAll(id)).toEqual(before);

    const result = okResult(await importEdp(t, member.cookie, { id, content, version: edp.version }));
    const items = [
      { id: 1, code, name: 'Centro logístico' },
      { id: 2, parentId: 1, code: `${code}.1`, name: 'Nave 1' },
      { id: 3, parentId: 2, code: `${code}.1.1`, name: 'Andén norte' },
      { id: 4, parentId: 2, code: `${code}.1.2`, name: 'Andén 2' },
      { id: 10, parentId: 1, code: `${code}.3`, name: 'Patio' },
      { id: 11, parentId: 10, code: `${code}.3.1`, name: 'Jardín' },
    ];
    expect(result.edp).toEqual({ items, version: edp.version + 1 });
    expect(result.preview).toEqual(dry.preview);
    expect(result.message).toBe('EDP importado desde Excel: 6 ítems (2 nuevos, 1 renombrado, 5 eliminados)');
    expect(await loadEdp(t, member.cookie, id)).toEqual({ items, version: edp.version + 1 });

    const after = await storedAll(id);
    expect(after.edcLists).toEqual([3]);
    expect(after.edcItems).toEqual(['3:M', '3:M.1', '3:ACT1', '3:ACT2']);
    // the removed items' tasks went with them, as saveEdp does; the kept items' tasks kept their ids
    const storedKeys = after.gantt.tasks.map((task) => task.sourceKey);
    expect(storedKeys.filter((key) => /^(edp:[5-9]|edc:5:)/.test(key ?? ''))).toEqual([]);
    expect(after.gantt.tasks.map((task) => ({ id: task.id, sourceKey: task.sourceKey }))).toEqual(
      expect.arrayContaining(keptTasks),
    );
    expect(after.gantt.version).toBe((before.gantt.version ?? 0) + 1);
  });

  it('imports a workbook written before issue 14 by the web (and one with a title row and other columns)', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'OLD');
    // what apps/web's buildEdpWorkbook wrote: header Código/Nombre/Nivel in row 1, levels as numbers
    const content = await workbookOf(
      [
        ['Código', 'Nombre', 'Nivel'],
        ...edp.items.map((item) => [
          item.code,
          item.name,
          item.parentId === undefined ? 0 : item.code.split('.').length - 1,
        ]),
      ],
      'EDP',
    );
    const same = okResult(await importEdp(t, member.cookie, { id, content, version: edp.version, dryRun: true }));
    expect(same.preview).toMatchObject({ errors: [], kept: 9, added: 0, removed: 0, renamed: 0 });
    const titled = await workbookOf([
      [`EDP del proyecto ${code}`],
      [],
      ['NIVEL', 'codigo', 'Notas', 'nombre'],
      [0, code, 'raíz', 'Centro logístico'],
      ['', `${code}.1`, '', 'Nave 1'],
    ]);
    const result = okResult(await importEdp(t, member.cookie, { id, content: titled, version: edp.version }));
    expect(result.edp.items).toEqual([
      { id: 1, code, name: 'Centro logístico' },
      { id: 2, parentId: 1, code: `${code}.1`, name: 'Nave 1' },
    ]);
    expect(result.preview).toMatchObject({ kept: 2, removed: 7 });
  });

  it('lists every row error with its row number and writes nothing; the refusal names the first ones', async () => {
    const { id, code, edp } = await createEdpProject(t, member.cookie, 'ERR');
    const content = await workbookOf(
      [
        ['Código', 'Nombre', 'Nivel'],
        [code, 'Centro logístico', 0],
        [`${code}.1`, 'Nave 1', 1],
        [`${code}.1.3`, 'Bodega', 2],
        [`${code.toLowerCase()}.1.3`, 'Bodega bis', 2], // row 5
        [`${code}.7.1`, 'Huérfano', 2], // row 6
        ['', 'Sin código', 1], // row 7
        [`${code}.2`, '', 1], // row 8
        [`${code}.3`, 'Nivel malo', 4], // row 9
        [`${code}.4`, 'x'.repeat(201), 1], // row 10
      ],
      'EDP',
    );
    const before = await storedAll(id);
    const dry = okResult(await importEdp(t, member.cookie, { id, content, version: edp.version, dryRun: true }));
    expect(dry.preview.errors).toEqual([
      {
        row: 5,
        field: 'Código',
        message: `Fila 5: el código ${code.toLowerCase()}.1.3 está repetido (ya está en la fila 4)`,
      },
      {
        row: 6,
        field: 'Código',
        message: `Fila 6: el ítem padre ${code}.7 del código ${code}.7.1 no está en una fila anterior`,
      },
      { row: 7, field: 'Código', message: 'Fila 7: el código es obligatorio' },
      { row: 8, field: 'Nombre', message: 'Fila 8: el nombre es obligatorio' },
      { row: 9, field: 'Nivel', message: `Fila 9: el nivel 4 no corresponde al código ${code}.3, que es de nivel 1` },
      { row: 10, field: 'Nombre', message: 'Fila 10: el nombre tiene 201 caracteres; el máximo es 200' },
    ]);
    expect(dry.preview).toMatchObject({ rows: 9, added: 0, removed: 0, removedEdcLists: 0 });
    expect(dry.message).toBe('El libro tiene 6 errores; corrígelo y vuelve a cargarlo');

    const response = await importEdp(t, member.cookie, { id, content, version: edp.version });
    expect(response.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message:
        `No se importó el EDP; corrige el libro: Fila 5: el código ${code.toLowerCase()}.1.3 está repetido (ya está en la fila 4); ` +
        `Fila 6: el ítem padre ${code}.7 del código ${code}.7.1 no está en una fila anterior; Fila 7: el código es obligatorio; ` +
        `Fila 8: el nombre es obligatorio; Fila 9: el nivel 4 no corresponde al código ${code}.3, que es de nivel 1 y 1 error más`,
    });
    expect(await storedAll(id)).toEqual(before);
  });

  it('refuses a file that is not an xlsx, a sheet without the columns, a stale version and an unknown project, writing nothing', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'BAD');
    const before = await storedAll(id);
    const notXlsx = Buffer.from('Código;Nombre;Nivel\nBAD;x;0\n').toString('base64');
    expect((await importEdp(t, member.cookie, { id, content: notXlsx, version: edp.version })).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'El archivo no es un libro de Excel (.xlsx) válido',
    });
    const noLevel = await workbookOf([
      ['Código', 'Nombre'],
      ['BAD', 'x'],
    ]);
    expect((await importEdp(t, member.cookie, { id, content: noLevel, version: edp.version })).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message:
        'No se importó el EDP; corrige el libro: Fila 1: falta la columna Nivel; la fila de títulos debe tener Código, Nombre y Nivel',
    });
    expect(await storedAll(id)).toEqual(before);
    const { content } = okResult(await exportEdp(t, member.cookie, id));
    // someone else imports first: the version this caller loaded is now stale
    okResult(await importEdp(t, admin.cookie, { id, content, version: edp.version }));
    const moved = await storedAll(id);
    expect(moved.edp.version).toBe(edp.version + 1);
    for (const dryRun of [false, true]) {
      expect((await importEdp(t, member.cookie, { id, content, version: edp.version, dryRun })).body.error).toEqual({
        status: 'ABORTED',
        message: EDP_STALE_MESSAGE,
      });
    }
    expect((await importEdp(t, member.cookie, { id: UNKNOWN_PROJECT, content, version: 1 })).body.error).toEqual({
      status: 'NOT_FOUND',
      message: 'Proyecto no encontrado',
    });
    expect((await exportEdp(t, member.cookie, UNKNOWN_PROJECT)).body.error.status).toBe('NOT_FOUND');
    expect(await storedAll(id)).toEqual(moved);
  });

  it('refuses callers without a session', async () => {
    const { id, edp } = await createEdpProject(t, member.cookie, 'ANON');
    const { content } = okResult(await exportEdp(t, member.cookie, id));
    for (const [name, data] of [
      ['exportEdp', { id }],
      ['importEdp', { id, content, version: edp.version }],
    ] as const) {
      const response = await callFunction(t.app, name, data);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
  });
});
