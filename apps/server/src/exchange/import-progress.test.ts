import { GANTT_STALE_MESSAGE, ganttActivityCodes, ganttParentPaths, ganttRowNumbers } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  loadGanttOk,
  saveGanttOk,
  storedGantt,
  taskByCode,
} from '../../test/support/gantt';
import { loadProgressHistory } from '../../test/support/progress';
import type { TrackedGantt } from '../../test/support/progress';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { okResult, openWorkbook, utcDate, workbookOf, writeBack } from '../../test/support/workbooks';

const TITLES = [
  'Código',
  'Nombre',
  'Inicio',
  'Fin',
  'Inicio LB',
  'Fin LB',
  'Avance %',
  'Inicio real',
  'Fin real',
  'Id',
  'Ubicación',
  'Duración restante',
];

/** issue 32: an activity's code in the sheet is unique in the project, its EDP item's code before its own. */
const activity = (projectCode: string, own: string) => `${projectCode}.1.1.${own}`;

type ImportInput = { id: string; cutoff: string; content: string; version: number; dryRun?: boolean };

function exportProgress(t: TestApp, cookie: string, id: string): Promise<CallResult> {
  return callFunction(t.app, 'exportProgress', { id }, cookie);
}

function importProgress(t: TestApp, cookie: string, data: ImportInput): Promise<CallResult> {
  return callFunction(t.app, 'importProgress', data, cookie);
}

describe.each(databaseKinds)('exportProgress and importProgress (%s)', (kind) => {
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

  /** Everything an import may write: the Gantt, the tasks' actual dates and the cut-offs recorded. */
  async function stored(id: string) {
    const actuals = await t.db
      .selectFrom('gantt_task')
      .select(['id', 'actual_start', 'actual_finish'])
      .where('project_id', '=', id)
      .orderBy('position')
      .execute();
    const cutoffs = await t.db
      .selectFrom('gantt_cutoff')
      .select(['cutoff', 'progress'])
      .where('project_id', '=', id)
      .orderBy('cutoff')
      .execute();
    return { gantt: await storedGantt(t, id), actuals, cutoffs };
  }

  /**
   * The Gantt of createGanttProject (1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 ·
   * 9 P.2 · 10 P.2.1 · 11 P.2.2) with ACT2 after ACT1 (FS): ACT1 2 … 8 January 2026 (1 January is a
   * holiday), ACT2 9 … 15. Its leaves: ACT1, ACT2, P.1.2, P.2.1, P.2.2.
   */
  async function linkedProject(prefix: string): Promise<{ id: string; code: string; gantt: TrackedGantt }> {
    const { id, code } = await createGanttProject(t, member.cookie, { prefix });
    const loaded = await loadGanttOk(t, member.cookie, id);
    const activities = asInput(loaded.activities).map((task) =>
      task.TaskCode === 'ACT2' ? { ...task, Predecessor: '6FS' } : task,
    );
    const gantt = (await saveGanttOk(t, member.cookie, id, { activities }, loaded.version)) as TrackedGantt;
    expect(taskByCode(gantt, 'ACT1')).toMatchObject({ StartDate: '2026-01-02', EndDate: '2026-01-08' });
    expect(taskByCode(gantt, 'ACT2')).toMatchObject({ StartDate: '2026-01-09', EndDate: '2026-01-15' });
    return { id, code, gantt };
  }

  /** The exported sheet's row (1-based, the header being 1) of the task with this code. */
  function rowOf(rows: unknown[][], code: string): number {
    const index = rows.findIndex((row) => row[0] === code);
    if (index < 0) throw new Error(`no hay fila ${code}`);
    return index + 1;
  }

  it('exports the leaves with their dates, and reads its own file back unchanged (the cut-off still reschedules)', async () => {
    const { id, code, gantt } = await linkedProject('XA');
    const file = okResult(await exportProgress(t, member.cookie, id));
    expect(file).toMatchObject({
      fileName: `${code}-avance.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      message: 'Avance exportado a Excel: 5 tareas',
    });
    const { sheet, rows } = await openWorkbook(file.content, 'Avance');
    expect(rows[0]).toEqual(TITLES);
    const leaves = gantt.activities.filter((task) => !task.isSummary);
    expect(leaves.map((task) => task.TaskCode)).toEqual(['ACT1', 'ACT2', `${code}.1.2`, `${code}.2.1`, `${code}.2.2`]);
    // no baseline, no progress yet: Inicio LB, Fin LB and the actual dates are empty cells; then the
    // task's row in the Gantt (summaries counted, as its Id column) and its summaries' names
    const codes = ganttActivityCodes(gantt.activities);
    const outline = gantt.activities.map((task) => ({
      id: task.TaskID,
      name: task.TaskName,
      ...(task.ParentId === undefined ? {} : { parentId: task.ParentId }),
    }));
    const rowNumbers = ganttRowNumbers(outline);
    const paths = ganttParentPaths(outline);
    expect(rows.slice(1)).toEqual(
      leaves.map((task) => [
        codes.get(task.TaskID),
        task.TaskName,
        utcDate(task.StartDate),
        utcDate(task.EndDate),
        undefined,
        undefined,
        0,
        undefined,
        undefined,
        rowNumbers.get(task.TaskID),
        paths.get(task.TaskID),
      ]),
    );
    // by hand: ACT1 is the Gantt's sixth row, named by its EDP item's code
    expect(rows[1]?.slice(0, 1)).toEqual([`${code}.1.1.ACT1`]);
    expect(rows[1]?.[9]).toBe(6);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell('C2').numFmt).toBe('dd-mm-yyyy');
    expect(sheet.getCell('H2').numFmt).toBe('dd-mm-yyyy');
    expect(sheet.getCell('G2').dataValidation).toMatchObject({ type: 'decimal', formulae: [0, 100] });
    expect(sheet.getCell('L2').dataValidation).toMatchObject({ type: 'whole', formulae: [0, 10_000] });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const before = await stored(id);
    const input = { id, cutoff: '2026-01-12', content: file.content, version: gantt.version };
    expect(okResult(await importProgress(t, member.cookie, { ...input, dryRun: true }))).toEqual({
      preview: { rows: 5, errors: [], updated: 0, unchanged: 5 },
      message: 'Vista previa del avance al 12-01-2026: 5 filas (0 tareas actualizadas, 5 sin cambios)',
    });
    expect(await stored(id)).toEqual(before);

    const result = okResult(await importProgress(t, member.cookie, input));
    expect(result.preview).toEqual({ rows: 5, errors: [], updated: 0, unchanged: 5 });
    expect(result.message).toBe('Avance importado desde Excel al 12-01-2026: 0 tareas actualizadas, 5 sin cambios');
    const saved = result.gantt as TrackedGantt;
    expect(saved).toMatchObject({ version: gantt.version + 1, cutoff: '2026-01-12' });
    // nothing started: the work not done cannot start before the cut-off (Monday 12 January)
    expect(taskByCode(saved, 'ACT1')).toMatchObject({ StartDate: '2026-01-12', EndDate: '2026-01-16', Progress: 0 });
    expect(taskByCode(saved, 'ACT2')).toMatchObject({ StartDate: '2026-01-19', EndDate: '2026-01-23' });
    const { message: _message, ...rest } = saved;
    expect(await loadGanttOk(t, member.cookie, id)).toMatchObject(rest);
  });

  it("issue 34: 'Duración restante' in the sheet is recorded, kept by a sheet without the column, refused when not whole days", async () => {
    const { id, code, gantt } = await linkedProject('RD');
    // P.2.1 (no links) started Monday 12 at 40 %
    const leaf = `${code}.2.1`;
    const opened = await openWorkbook(okResult(await exportProgress(t, member.cookie, id)).content, 'Avance');
    const act2 = rowOf(opened.rows, leaf);
    // started Monday 12 at 40 %: ⌈5 × 0.6⌉ = 3 days by the progress; 6 written: 14–21 January
    opened.sheet.getCell(`G${act2}`).value = 40;
    opened.sheet.getCell(`H${act2}`).value = '12-01-2026';
    opened.sheet.getCell(`L${act2}`).value = 6;
    const input = { id, cutoff: '2026-01-14', content: await writeBack(opened), version: gantt.version };
    const saved = okResult(await importProgress(t, member.cookie, input)).gantt as TrackedGantt;
    expect(taskByCode(saved, leaf)).toMatchObject({ EndDate: '2026-01-21', RemainingDuration: 6 });
    // the next export writes it; a sheet written before the column (its L cells gone) leaves it stored
    const again = await openWorkbook(okResult(await exportProgress(t, member.cookie, id)).content, 'Avance');
    const row2 = rowOf(again.rows, leaf);
    expect(again.rows[row2 - 1]?.[11]).toBe(6);
    again.sheet.spliceColumns(12, 1);
    const old = { id, cutoff: '2026-01-14', content: await writeBack(again), version: saved.version };
    const kept = okResult(await importProgress(t, member.cookie, old));
    expect(kept.preview).toMatchObject({ updated: 0, unchanged: 5 });
    expect(taskByCode(kept.gantt as TrackedGantt, leaf)).toMatchObject({ RemainingDuration: 6 });
    // 2,5 is not whole days: the row's error, nothing written
    const bad = await openWorkbook(okResult(await exportProgress(t, member.cookie, id)).content, 'Avance');
    bad.sheet.getCell(`L${rowOf(bad.rows, leaf)}`).value = '2,5';
    const refused = okResult(
      await importProgress(t, member.cookie, {
        id,
        cutoff: '2026-01-14',
        content: await writeBack(bad),
        version: (kept.gantt as TrackedGantt).version,
        dryRun: true,
      }),
    );
    expect(refused.preview.errors).toEqual([
      {
        row: rowOf(bad.rows, leaf),
        field: 'Duración restante',
        message: `Fila ${rowOf(bad.rows, leaf)}: la duración restante «2,5» debe ser un número entero de días hábiles entre 0 y 10000 (vacía: la que deja el avance)`,
      },
    ]);
    // emptied: what the progress leaves again (3 days: 14–16 January)
    const emptied = await openWorkbook(okResult(await exportProgress(t, member.cookie, id)).content, 'Avance');
    emptied.sheet.getCell(`L${rowOf(emptied.rows, leaf)}`).value = null;
    const cleared = okResult(
      await importProgress(t, member.cookie, {
        id,
        cutoff: '2026-01-14',
        content: await writeBack(emptied),
        version: (kept.gantt as TrackedGantt).version,
      }),
    ).gantt as TrackedGantt;
    expect(taskByCode(cleared, leaf).EndDate).toBe('2026-01-16');
    expect('RemainingDuration' in taskByCode(cleared, leaf)).toBe(false);
  });

  it('records a filled workbook at the cut-off and answers the Gantt rescheduled from it', async () => {
    const { id, code, gantt } = await linkedProject('FA');
    const opened = await openWorkbook(okResult(await exportProgress(t, member.cookie, id)).content, 'Avance');
    const act1 = rowOf(opened.rows, activity(code, 'ACT1'));
    const act2 = rowOf(opened.rows, activity(code, 'ACT2'));
    // ACT1 done a day late: 2 … 9 January, one date cell and one typed as text
    opened.sheet.getCell(`G${act1}`).value = 100;
    opened.sheet.getCell(`H${act1}`).value = utcDate('2026-01-02');
    opened.sheet.getCell(`I${act1}`).value = '09-01-2026';
    // ACT2 at 40 % typed as a percentage (0.4 shown as 40%), started Monday 12 (text aaaa-mm-dd)
    opened.sheet.getCell(`G${act2}`).value = 0.4;
    opened.sheet.getCell(`G${act2}`).numFmt = '0%';
    opened.sheet.getCell(`H${act2}`).value = '2026-01-12';
    const content = await writeBack(opened);

    const input = { id, cutoff: '2026-01-14', content, version: gantt.version };
    const dry = okResult(await importProgress(t, member.cookie, { ...input, dryRun: true }));
    expect(dry).toEqual({
      preview: { rows: 5, errors: [], updated: 2, unchanged: 3 },
      message: 'Vista previa del avance al 14-01-2026: 5 filas (2 tareas actualizadas, 3 sin cambios)',
    });

    const result = okResult(await importProgress(t, member.cookie, input));
    expect(result.message).toBe('Avance importado desde Excel al 14-01-2026: 2 tareas actualizadas, 3 sin cambios');
    const saved = result.gantt as TrackedGantt;
    expect(saved).toMatchObject({ version: gantt.version + 1, cutoff: '2026-01-14' });
    expect(taskByCode(saved, 'ACT1')).toMatchObject({
      StartDate: '2026-01-02',
      EndDate: '2026-01-09',
      Progress: 100,
      ActualStart: '2026-01-02',
      ActualFinish: '2026-01-09',
      status: 'done',
    });
    // 5 days at 40 %: ceil(5 × 0.6) = 3 days left from the cut-off, Wednesday 14 … Friday 16
    expect(taskByCode(saved, 'ACT2')).toMatchObject({
      StartDate: '2026-01-12',
      EndDate: '2026-01-16',
      Progress: 40,
      ActualStart: '2026-01-12',
      status: 'started',
    });
    expect('ActualFinish' in taskByCode(saved, 'ACT2')).toBe(false);
    // not started: not before the cut-off
    for (const leaf of [`${code}.1.2`, `${code}.2.1`, `${code}.2.2`]) {
      expect(taskByCode(saved, leaf).StartDate >= '2026-01-14').toBe(true);
    }
    const history = okResult(await loadProgressHistory(t, member.cookie, { id }));
    expect(history.cutoffs).toMatchObject([{ cutoff: '2026-01-14', recordedBy: member.name }]);

    // the next export carries what was recorded
    const again = await openWorkbook(okResult(await exportProgress(t, member.cookie, id)).content, 'Avance');
    expect(again.rows[rowOf(again.rows, activity(code, 'ACT1')) - 1]?.slice(6, 9)).toEqual([
      100,
      utcDate('2026-01-02'),
      utcDate('2026-01-09'),
    ]);
    expect(again.rows[rowOf(again.rows, activity(code, 'ACT2')) - 1]?.slice(6, 9)).toEqual([
      40,
      utcDate('2026-01-12'),
      undefined,
    ]);

    // a cut-off before the latest is refused, dry run or not
    for (const dryRun of [true, false]) {
      expect(
        (await importProgress(t, member.cookie, { ...input, cutoff: '2026-01-13', version: saved.version, dryRun }))
          .body.error,
      ).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'La fecha de corte no puede ser anterior a la última registrada (14-01-2026)',
      });
    }
  });

  it('lists every row error in the dry run and refuses the whole file, writing nothing', async () => {
    const { id, code, gantt } = await linkedProject('EA');
    // the columns in another order, among others; every row but the last is wrong
    const content = await workbookOf(
      [
        ['Nombre', 'Código', 'Inicio real', 'Fin real', 'Avance %', 'Observaciones'],
        ['?', 'NOEXISTE', '05-01-2026', null, 10], // 2: unknown code
        ['Piso 1', `${code}.1`, '05-01-2026', null, 10], // 3: a summary
        ['Excavar', 'ACT1', '08-01-2026', '06-01-2026', 100], // 4: finish before start
        ['Hormigonar', 'ACT2', '09-01-2026', null, 100], // 5: 100 % without a finish
        ['Sala 2', `${code}.1.2`, null, null, '30 %'], // 6: progress without a start
        ['Sala 1', `${code}.2.1`, '13-01-2026', '16-01-2026', 100], // 7: finish after the cut-off
        ['Sala 2', `${code}.2.2`, '05-01-2026', null, 'la mitad'], // 8: not a number
        ['Sala 2', `${code}.2.2`, '05-01-2026', null, 10], // 9: a code once more than the Gantt has it
      ],
      'Avance',
    );
    const before = await stored(id);
    const input = { id, cutoff: '2026-01-14', content, version: gantt.version };
    const dry = okResult(await importProgress(t, member.cookie, { ...input, dryRun: true }));
    expect(dry.preview).toEqual({
      rows: 8,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 2, field: 'Código', message: 'Fila 2: el código NOEXISTE no es una tarea del Gantt' },
        { row: 3, field: 'Código', message: `Fila 3: ${code}.1 es un resumen: su avance se calcula de sus tareas` },
        {
          row: 4,
          field: 'Fin real',
          message: 'Fila 4: ACT1 «Excavar»: el fin real no puede ser anterior al inicio real',
        },
        { row: 5, field: 'Fin real', message: 'Fila 5: ACT2 «Hormigonar»: el 100 % necesita el fin real' },
        {
          row: 6,
          field: 'Inicio real',
          message: `Fila 6: ${code}.1.2 «Sala 2»: un avance mayor que 0 necesita el inicio real`,
        },
        {
          row: 7,
          field: 'Fin real',
          message: `Fila 7: ${code}.2.1 «Sala 1»: el fin real no puede ser posterior a la fecha de corte (14-01-2026)`,
        },
        { row: 8, field: 'Avance %', message: 'Fila 8: el avance «la mitad» debe ser un número entre 0 y 100' },
        { row: 9, field: 'Código', message: `Fila 9: el código ${code}.2.2 está repetido (ya está en la fila 8)` },
      ],
    });
    expect(dry.message).toBe('El libro tiene 8 errores; corrígelo y vuelve a cargarlo');
    expect(await stored(id)).toEqual(before);

    expect((await importProgress(t, member.cookie, input)).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message:
        'No se importó el avance; corrige el libro: ' +
        'Fila 2: el código NOEXISTE no es una tarea del Gantt; ' +
        `Fila 3: ${code}.1 es un resumen: su avance se calcula de sus tareas; ` +
        'Fila 4: ACT1 «Excavar»: el fin real no puede ser anterior al inicio real; ' +
        'Fila 5: ACT2 «Hormigonar»: el 100 % necesita el fin real; ' +
        `Fila 6: ${code}.1.2 «Sala 2»: un avance mayor que 0 necesita el inicio real y 3 errores más`,
    });
    expect(await stored(id)).toEqual(before);
  });

  it('refuses a file that is not an xlsx, a sheet without the titles, a stale version and a caller without a session', async () => {
    const { id, gantt } = await linkedProject('BA');
    const before = await stored(id);
    const input = { id, cutoff: '2026-01-14', version: gantt.version };
    const notXlsx = Buffer.from('Código;Avance %\nACT1;50\n').toString('base64');
    expect((await importProgress(t, member.cookie, { ...input, content: notXlsx })).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'El archivo no es un libro de Excel (.xlsx) válido',
    });
    const untitled = await workbookOf([
      ['Partida', 'Porcentaje'],
      ['ACT1', 50],
    ]);
    const missing =
      'Fila 1: no se encontró la fila de títulos; la hoja debe tener las columnas Código, Avance %, Inicio real y Fin real';
    expect(
      okResult(await importProgress(t, member.cookie, { ...input, content: untitled, dryRun: true })).preview,
    ).toEqual({ rows: 0, updated: 0, unchanged: 0, errors: [{ row: 1, field: 'Código', message: missing }] });
    expect((await importProgress(t, member.cookie, { ...input, content: untitled })).body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: `No se importó el avance; corrige el libro: ${missing}`,
    });
    const { content } = okResult(await exportProgress(t, member.cookie, id));
    for (const dryRun of [false, true]) {
      expect(
        (await importProgress(t, member.cookie, { ...input, content, version: gantt.version - 1, dryRun })).body.error,
      ).toEqual({ status: 'ABORTED', message: GANTT_STALE_MESSAGE });
    }
    for (const [name, data] of [
      ['exportProgress', { id }],
      ['importProgress', { ...input, content }],
    ] as const) {
      const response = await callFunction(t.app, name, data);
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
    }
    expect(await stored(id)).toEqual(before);
  });
});
