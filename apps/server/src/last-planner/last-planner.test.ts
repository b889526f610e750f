import { santiagoToday } from '@cimiento/domain';
import { addDays, weekEnd, weekOf } from '@cimiento/domain/last-planner';
import { roleRefusalMessage } from '@cimiento/domain/members';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import { dataUrl, tinyPng } from '../../test/support/images';
import { addCompany, addMember } from '../../test/support/members';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

// createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 Excavar · 7 ACT2 Hormigonar ·
// 8 P.1.2 · 9 P.2 · 10 P.2.1 · 11 P.2.2; leaves of 5 working days. The dates are set from today's week
// (America/Santiago), so the test holds on any day: a holiday moves a start by a day or two, never out
// of the windows the assertions use.
const ACT1 = 6;
const ACT2 = 7;
const P12 = 8;
const P21 = 10;
const P22 = 11;

type Row = { id: number; ready: boolean; underWay: boolean; openConstraints: number; overdueConstraints: number };
type Group = { key: string; label: string; tasks: Row[] };

describe.each(databaseKinds)('the Last Planner System (%s)', (kind) => {
  let t: TestApp;
  let planner: TestAccount;
  let field: TestAccount;
  let sub: TestAccount;
  let reader: TestAccount;
  let projectId: string;
  let companyA: string;
  let companyB: string;
  let adminCookie: string;
  const today = santiagoToday();
  const week = weekOf(today);

  const call = (account: TestAccount, name: string, data: Record<string, unknown>) =>
    callFunction(t.app, name, { id: projectId, ...data }, account.cookie);
  async function ok(account: TestAccount, name: string, data: Record<string, unknown>) {
    const response = await call(account, name, data);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result;
  }
  async function refused(account: TestAccount, name: string, data: Record<string, unknown>, status: number) {
    const response = await call(account, name, data);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(status);
    return response.body.error.message as string;
  }
  const ids = (groups: Group[]) => groups.flatMap((group) => group.tasks.map((task) => task.id)).sort((a, b) => a - b);
  const rowOf = (groups: Group[], id: number) => groups.flatMap((group) => group.tasks).find((task) => task.id === id);
  const count = async (table: 'lp_constraint' | 'lp_commitment' | 'task_company') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const notices = async (userId: string, title: string) =>
    (
      await t.db
        .selectFrom('notification')
        .select(['title', 'body'])
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .execute()
    ).filter((row) => row.title.includes(title));

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t, { name: 'Carla Admin' });
    adminCookie = admin.cookie;
    planner = await createSignedInUser(t, admin.cookie, { name: 'Rosa Planificadora' });
    field = await createSignedInUser(t, admin.cookie, { name: 'Pedro Terreno' });
    sub = await createSignedInUser(t, admin.cookie, { name: 'Juan Moldajes' });
    reader = await createSignedInUser(t, admin.cookie, { name: 'Luz Lectora' });
    const year = Number(today.slice(0, 4));
    ({ id: projectId } = await createGanttProject(t, planner.cookie, {
      startYear: String(year - 1),
      endYear: String(year + 1),
      prefix: 'LP',
    }));
    const loaded = await loadGanttOk(t, planner.cookie, projectId);
    const starts: Record<number, string> = {
      [ACT1]: week,
      [ACT2]: addDays(week, 14),
      [P12]: addDays(week, 70),
      [P21]: addDays(week, -14),
      [P22]: addDays(week, 28),
    };
    const activities = asInput(loaded.activities).map((task) => {
      const start = starts[task.TaskID as number];
      return start === undefined ? task : { ...task, StartDate: start };
    });
    await saveGanttOk(t, planner.cookie, projectId, { activities }, loaded.version);
    companyA = await addCompany(t, planner.cookie, projectId, {
      name: 'Moldajes del Sur',
      rut: '76.086.428-5',
      kind: 'subcontratista',
    });
    companyB = await addCompany(t, planner.cookie, projectId, {
      name: 'Andes Ingeniería',
      rut: '11.111.111-1',
      kind: 'contratista',
    });
    await addMember(t, planner.cookie, projectId, field.userId, 'terreno');
    await addMember(t, planner.cookie, projectId, sub.userId, 'subcontratista', companyA);
    await addMember(t, planner.cookie, projectId, reader.userId, 'lector');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the look-ahead’s tasks by area and by company, and says which company does each task', async () => {
    const three = await ok(planner, 'loadLookAhead', { groupBy: 'area', weeks: 3 });
    expect(three).toMatchObject({ from: today, to: addDays(today, 20), weeks: 3, cutoff: null, today });
    expect(three.weekStarts).toEqual([today, addDays(today, 7), addDays(today, 14)]);
    // the two tasks starting in the window and the one that should have started two weeks ago
    expect(ids(three.groups)).toEqual([ACT1, ACT2, P21]);
    expect(rowOf(three.groups, P21)).toMatchObject({ underWay: true, ready: true });
    expect(rowOf(three.groups, ACT2)).toMatchObject({ underWay: false, ready: true, openConstraints: 0 });
    // one group per first level of the EDP, in the Gantt's order; each row keeps its whole path
    // one group per first level below the project's own root, in the Gantt's order
    const nameOf = async (id: number) =>
      (
        await t.db
          .selectFrom('gantt_task')
          .select('name')
          .where('project_id', '=', projectId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).name;
    expect(three.groups.map((group: Group) => [group.label, group.tasks.map((task) => task.id)])).toEqual([
      [await nameOf(2), [ACT1, ACT2]],
      [await nameOf(9), [P21]],
    ]);
    const path = three.groups[0].tasks.find((task: Row) => task.id === ACT1).area;
    expect(path[0]).toBe(await nameOf(2));
    expect(path.at(-1)).toBe('Zapatas');
    expect(path).not.toContain(await nameOf(1));
    // six weeks reach the task starting in the fifth
    expect(ids((await ok(planner, 'loadLookAhead', { weeks: 6 })).groups)).toEqual([ACT1, ACT2, P21, P22]);

    const assigned = await ok(planner, 'saveTaskCompany', { taskIds: [ACT1, ACT2], companyId: companyA });
    expect(assigned).toEqual({ changed: 2, message: '2 tareas de Moldajes del Sur' });
    expect((await ok(planner, 'saveTaskCompany', { taskIds: [ACT1], companyId: companyA })).changed).toBe(0);
    const byCompany = await ok(field, 'loadLookAhead', { groupBy: 'company', weeks: 3 });
    expect(byCompany.groups.map((group: Group) => [group.label, group.tasks.map((task) => task.id)])).toEqual([
      ['Moldajes del Sur', [ACT1, ACT2]],
      ['Sin empresa', [P21]],
    ]);
    expect(byCompany.message).toBe(`Intermedia del ${fmt(today)} al ${fmt(addDays(today, 20))}: 3 tareas, 3 listas`);

    // refused whole: a summary, a task that is not there, a company of another project; nothing written
    const before = await count('task_company');
    expect(await refused(planner, 'saveTaskCompany', { taskIds: [ACT1, 3], companyId: companyB }, 400)).toBe(
      `Tareas: ${await taskCode(3)} es una tarea resumen: la empresa se asigna a sus tareas`,
    );
    expect(await refused(planner, 'saveTaskCompany', { taskIds: [99_999], companyId: companyB }, 400)).toBe(
      'Tareas: la tarea 99999 no existe en el Gantt',
    );
    expect(await refused(planner, 'saveTaskCompany', { taskIds: [P21], companyId: 'otra' }, 400)).toBe(
      'Empresa: no es una empresa del proyecto',
    );
    expect(await refused(field, 'saveTaskCompany', { taskIds: [P21], companyId: companyB }, 403)).toBe(
      roleRefusalMessage('terreno', 'plan'),
    );
    expect(await count('task_company')).toBe(before);
  });

  it('keeps constraints: checked at the field, overdue flagged, released with who was told', async () => {
    const typed = {
      type: 'materiales',
      description: 'Llegada de moldajes',
      responsible: 'Moldajes del Sur',
      responsibleCompanyId: companyA,
      responsibleUserId: reader.userId,
      dueDate: addDays(today, -1),
    };
    const before = await count('lp_constraint');
    expect(await refused(field, 'saveConstraint', { taskId: ACT2, constraint: { ...typed, type: 'Clima' } }, 400)).toBe(
      'Tipo: «Clima» no está en la lista de tipos de restricción del proyecto',
    );
    expect(
      await refused(
        field,
        'saveConstraint',
        { taskId: ACT2, constraint: { ...typed, dueDate: '2026-02-30', description: ' ' } },
        400,
      ),
    ).toBe('Descripción: es obligatoria; Fecha límite: no es una fecha válida (AAAA-MM-DD)');
    expect(await refused(field, 'saveConstraint', { taskId: 3, constraint: typed }, 400)).toMatch(
      /es una tarea resumen/,
    );
    expect(await refused(sub, 'saveConstraint', { taskId: ACT2, constraint: typed }, 403)).toBe(
      roleRefusalMessage('subcontratista', 'lastPlanner'),
    );
    expect(await count('lp_constraint')).toBe(before);

    const saved = await ok(field, 'saveConstraint', { taskId: ACT2, constraint: typed });
    expect(saved.constraint).toMatchObject({
      type: 'Materiales',
      state: 'abierta',
      overdue: true,
      version: 1,
      createdBy: 'Pedro Terreno',
      releasedAt: null,
    });
    const look = await ok(planner, 'loadLookAhead', { groupBy: 'company', weeks: 3 });
    expect(rowOf(look.groups, ACT2)).toMatchObject({ ready: false, openConstraints: 1, overdueConstraints: 1 });
    expect(look.message).toMatch(/: 3 tareas, 2 listas; 1 restricción vencida$/);
    // and on the home dashboard
    const overdueOnHome = async () =>
      (await callFunction(t.app, 'loadDashboard', null, planner.cookie)).body.result.projects.find(
        (project: { id: string }) => project.id === projectId,
      ).overdueConstraints;
    expect(await overdueOnHome()).toBe(1);

    // not 'lista': no commitment
    expect(
      await refused(
        planner,
        'saveCommitment',
        { commitment: { taskId: ACT2, week: addDays(week, 14), percent: 50 } },
        400,
      ),
    ).toBe(
      `Tarea: ${await taskCode(ACT2)} no está lista; tiene una restricción abierta: Materiales: Llegada de moldajes (vence el ${fmt(addDays(today, -1))})`,
    );

    const released = await ok(field, 'saveConstraint', {
      taskId: ACT2,
      constraint: { ...typed, constraintId: saved.constraint.id, version: 1, state: 'liberada' },
    });
    expect(released.constraint).toMatchObject({
      state: 'liberada',
      overdue: false,
      version: 2,
      releasedBy: 'Pedro Terreno',
    });
    expect(released.message).toBe('Restricción liberada: Materiales');
    expect(await overdueOnHome()).toBe(0);
    // a stale save is refused
    // the responsible person is told when it is set and when it is released
    expect((await notices(reader.userId, 'grabó una restricción')).map((notice) => notice.body.split(': ')[1])).toEqual(
      ['Restricción agregada', 'Restricción liberada'],
    );
    expect(
      await refused(
        field,
        'saveConstraint',
        {
          taskId: ACT2,
          constraint: { ...typed, constraintId: saved.constraint.id, version: 1, state: 'abierta' },
        },
        409,
      ),
    ).toMatch(/^La restricción cambió desde que la abriste/);
    const history = await t.db
      .selectFrom('project_history')
      .select(['summary', 'area'])
      .where('project_id', '=', projectId)
      .where('function_name', '=', 'saveConstraint')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      area: 'lastPlanner',
      summary: `Restricción liberada: ${await taskCode(ACT2)}, Materiales: Llegada de moldajes`,
    });
    expect(rowOf((await ok(planner, 'loadLookAhead', { weeks: 3 })).groups, ACT2)).toMatchObject({ ready: true });
  });

  it('takes, closes and counts the week’s commitments by role and company, then passes them to the progress', async () => {
    // a Subcontratista commits its company's tasks only; a Lector none
    const mine = await ok(sub, 'saveCommitment', { commitment: { taskId: ACT1, week, percent: 40 } });
    expect(mine.commitment).toMatchObject({
      companyId: companyA,
      week,
      outcome: null,
      version: 1,
      amountText: '40 % de la tarea',
    });
    expect(await refused(sub, 'saveCommitment', { commitment: { taskId: P21, week, percent: 10 } }, 403)).toBe(
      `Tu rol en este proyecto es Subcontratista: ${await taskCode(P21)} no es una tarea de tu empresa`,
    );
    expect(await refused(reader, 'saveCommitment', { commitment: { taskId: P21, week, percent: 10 } }, 403)).toBe(
      roleRefusalMessage('lector', 'commitments'),
    );
    // one per task and week; not a week already over; exactly one kind of amount
    expect(await refused(field, 'saveCommitment', { commitment: { taskId: ACT1, week, percent: 10 } }, 400)).toBe(
      `Tarea: ${await taskCode(ACT1)} ya tiene un compromiso en la semana del ${fmt(week)}`,
    );
    expect(
      await refused(
        field,
        'saveCommitment',
        { commitment: { taskId: P21, week: addDays(week, -7), percent: 10, description: 'x' } },
        400,
      ),
    ).toBe(
      `Semana: la semana del ${fmt(addDays(week, -7))} ya terminó; Qué se hará: indica una cantidad, un % de la tarea o una descripción (solo una de ellas)`,
    );
    const theirs = await ok(field, 'saveCommitment', { commitment: { taskId: P21, week, percent: 25 } });
    expect(await count('lp_commitment')).toBe(2);

    const plan = await ok(reader, 'loadWeeklyPlan', { week });
    expect(plan).toMatchObject({ week, weekEnd: weekEnd(week), ppc: { closed: 0, notClosed: 2, ppc: null } });
    expect(plan.commitments.map((commitment: { taskId: number }) => commitment.taskId)).toEqual([ACT1, P21]);
    expect(plan.candidates.map((task: { id: number }) => task.id).sort()).toEqual([ACT1, P21].sort());

    // closing is Terreno's or the Planificador's; a miss needs a cause from the list
    expect(
      await refused(sub, 'closeCommitment', { commitmentId: mine.commitment.id, version: 1, outcome: 'cumplido' }, 403),
    ).toBe(roleRefusalMessage('subcontratista', 'lastPlanner'));
    expect(
      await refused(
        field,
        'closeCommitment',
        { commitmentId: mine.commitment.id, version: 1, outcome: 'no-cumplido' },
        400,
      ),
    ).toBe('Causa de no cumplimiento: es obligatoria cuando el compromiso no se cumplió');
    const missed = await ok(field, 'closeCommitment', {
      commitmentId: mine.commitment.id,
      version: 1,
      outcome: 'no-cumplido',
      cause: 'materiales',
    });
    expect(missed.commitment).toMatchObject({
      outcome: 'no-cumplido',
      cause: 'Materiales',
      closedBy: 'Pedro Terreno',
      version: 2,
    });
    // the company's members are told of the miss, with its cause
    const told = await notices(sub.userId, 'cerró un compromiso');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(`No cumplido (causa: Materiales): ${await taskCode(ACT1)}`);
    await ok(field, 'closeCommitment', { commitmentId: theirs.commitment.id, version: 1, outcome: 'cumplido' });
    // a closed commitment counts in the PPC and is not withdrawn
    expect(await refused(sub, 'removeCommitment', { commitmentId: mine.commitment.id, version: 2 }, 400)).toBe(
      'El compromiso está cerrado (No cumplido) y cuenta en el PPC: reábrelo antes de retirarlo',
    );

    const ppc = await ok(reader, 'loadPpc', { from: week, to: week });
    expect(ppc.overall).toEqual({ fulfilled: 1, closed: 2, notClosed: 0, ppc: 50 });
    expect(ppc.trend).toEqual([{ week, fulfilled: 1, closed: 2, notClosed: 0, ppc: 50 }]);
    expect(ppc.byCompany.map((company: { label: string; ppc: number }) => [company.label, company.ppc])).toEqual([
      ['Moldajes del Sur', 0],
      ['Sin empresa', 100],
    ]);
    expect(ppc.pareto).toEqual([{ cause: 'Materiales', count: 1, percent: 100, cumulativePercent: 100, inList: true }]);

    // 'Pasar al avance': the fulfilled 25 % of P.2.1 at today's cut-off, through saveProgress's rules
    const gantt = await loadGanttOk(t, planner.cookie, projectId);
    const preview = await ok(field, 'transferCommitments', { cutoff: today, version: gantt.version, dryRun: true });
    expect(preview).toMatchObject({ saved: false, version: gantt.version, skipped: [] });
    expect(preview.tasks).toEqual([
      expect.objectContaining({ taskId: P21, previousProgress: 0, progress: 25, capped: false, commitments: 1 }),
    ]);
    expect((await loadGanttOk(t, planner.cookie, projectId)).version).toBe(gantt.version);
    expect(
      await refused(field, 'transferCommitments', { cutoff: today, version: gantt.version - 1, dryRun: false }, 409),
    ).toMatch(/./);
    const passed = await ok(field, 'transferCommitments', { cutoff: today, version: gantt.version, dryRun: false });
    expect(passed).toMatchObject({ saved: true, version: gantt.version + 1 });
    const after = await loadGanttOk(t, planner.cookie, projectId);
    expect(after.activities.find((task) => task.TaskID === P21)?.Progress).toBe(25);
    const marked = await ok(reader, 'loadWeeklyPlan', { week });
    expect(marked.commitments.find((c: { taskId: number }) => c.taskId === P21)).toMatchObject({
      transferredCutoff: today,
      version: 3,
    });
    expect(
      await refused(field, 'closeCommitment', { commitmentId: theirs.commitment.id, version: 3, outcome: null }, 400),
    ).toBe(`El compromiso ya se pasó al avance al ${fmt(today)}: su resultado no cambia`);
    expect(
      await refused(field, 'transferCommitments', { cutoff: today, version: after.version, dryRun: false }, 400),
    ).toBe('No hay compromisos cumplidos que registren avance a esa fecha de corte');
  });

  it('exports the look-ahead and the weekly plan to Excel and PDF (A4, A3), the PPC to Excel', async () => {
    const sheet = async (data: Record<string, unknown>) => {
      const file = await ok(reader, 'exportLastPlanner', { ...data, format: 'xlsx' });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ArrayBuffer);
      return { file, workbook };
    };
    const look = await sheet({ what: 'lookAhead', groupBy: 'company', weeks: 3 });
    expect(look.file.message).toBe('Intermedia exportada a Excel');
    const rowsOf = (workbook: ExcelJS.Workbook, name: string) =>
      Array.from(workbook.getWorksheet(name)?.getSheetValues() ?? [])
        .filter((row): row is ExcelJS.CellValue[] => Array.isArray(row))
        .map((row) =>
          Array.from(row)
            .slice(1)
            .map((cell) => (cell === undefined || cell === null ? '' : String(cell))),
        );
    const lookRows = rowsOf(look.workbook, 'Intermedia');
    expect(lookRows.some((row) => row[0] === 'Moldajes del Sur (2 tareas, 2 listas)')).toBe(true);
    const hormigonar = lookRows.find((row) => row[1] === 'Hormigonar');
    expect(hormigonar?.[6]).toBe('Lista');
    expect(hormigonar?.[7]).toContain('Materiales: Llegada de moldajes (Moldajes del Sur, vence el');

    const plan = await sheet({ what: 'weeklyPlan', week });
    const planRows = rowsOf(plan.workbook, 'Plan semanal');
    expect(planRows.find((row) => row[1] === 'Excavar')?.slice(3, 6)).toEqual([
      '40 % de la tarea',
      'No cumplido',
      'Materiales',
    ]);
    expect(planRows.some((row) => row[0]?.includes('PPC de la semana: 50,0 %'))).toBe(true);

    const ppc = await sheet({ what: 'ppc', dateFrom: week, dateTo: week });
    expect(ppc.file.message).toBe('PPC exportado a Excel');
    expect(ppc.workbook.worksheets.map((worksheet) => worksheet.name)).toEqual([
      'PPC semanal',
      'PPC por empresa',
      'Causas',
    ]);

    for (const paper of ['A4', 'A3'] as const) {
      const pdf = await ok(field, 'exportLastPlanner', { what: 'weeklyPlan', week, format: 'pdf', paper });
      const bytes = Buffer.from(pdf.content, 'base64').toString('latin1');
      expect(bytes.startsWith('%PDF-')).toBe(true);
      // landscape: A4 842 × 595 pt, A3 1191 × 842 pt
      expect(bytes).toContain(paper === 'A4' ? '/MediaBox [0 0 841.89 595.28]' : '/MediaBox [0 0 1190.55 841.89]');
      expect(pdf.fileName).toBe(`plan-semanal-${pdf.fileName.split('-')[2]}-${week}.pdf`);
    }
    expect(await refused(reader, 'exportLastPlanner', { what: 'ppc', format: 'pdf' }, 400)).toBe(
      'El PPC se exporta a Excel; en PDF se imprimen la intermedia y el plan semanal',
    );
  });

  it('lets a Subcontratista record the progress of its company’s tasks only', async () => {
    const gantt = await loadGanttOk(t, planner.cookie, projectId);
    const p21 = gantt.activities.find((task) => task.TaskID === P21) as unknown as Record<string, unknown>;
    const unchanged = { TaskID: P21, Progress: 25, ActualStart: p21.ActualStart };
    const own = { TaskID: ACT1, Progress: 10, ActualStart: week };
    const saved = await ok(sub, 'saveProgress', { cutoff: today, entries: [own, unchanged], version: gantt.version });
    expect(saved.activities.find((task: { TaskID: number }) => task.TaskID === ACT1).Progress).toBe(10);
    expect(
      await refused(
        sub,
        'saveProgress',
        { cutoff: today, entries: [{ ...unchanged, Progress: 30 }], version: saved.version },
        403,
      ),
    ).toBe(
      `Tu rol en este proyecto es Subcontratista: registras avance solo en las tareas de tu empresa; no lo es ${await taskCode(P21)}`,
    );
    expect(await refused(sub, 'updateAsScheduled', { cutoff: today, preview: true }, 403)).toBe(
      roleRefusalMessage('subcontratista', 'progress'),
    );
  });

  it('keeps the site’s photos of a task: once per phone id, members only, a Subcontratista on its company’s tasks', async () => {
    const photo = {
      taskId: ACT1,
      clientId: 'foto-0001-aaaa',
      dataUrl: dataUrl('image/png', tinyPng()),
      caption: 'Excavación eje 3',
    };
    const first = await ok(sub, 'uploadTaskPhoto', photo);
    expect(first).toMatchObject({
      created: true,
      photo: { taskId: ACT1, caption: 'Excavación eje 3', createdBy: 'Juan Moldajes' },
    });
    // the same photo again (the answer lost offline): stored once
    const again = await ok(sub, 'uploadTaskPhoto', photo);
    expect(again).toMatchObject({ created: false, photo: { id: first.photo.id } });
    expect((await ok(reader, 'loadTaskPhotos', { taskIds: [ACT1] })).photos.map((p: { id: string }) => p.id)).toEqual([
      first.photo.id,
    ]);
    expect(await refused(sub, 'uploadTaskPhoto', { ...photo, taskId: P21, clientId: 'foto-0002-bbbb' }, 403)).toBe(
      `Tu rol en este proyecto es Subcontratista: ${await taskCode(P21)} no es una tarea de tu empresa`,
    );
    expect(await refused(reader, 'uploadTaskPhoto', { ...photo, clientId: 'foto-0003-cccc' }, 403)).toBe(
      roleRefusalMessage('lector', 'taskProgress'),
    );
    expect(
      await refused(
        field,
        'uploadTaskPhoto',
        { ...photo, clientId: 'foto-0004-dddd', dataUrl: 'data:text/plain;base64,aG9sYQ==' },
        400,
      ),
    ).toBe('La foto debe ser una imagen PNG, JPEG o WebP');
    // its bytes: the project's members read them, anyone else finds nothing there
    const read = (cookie: string) => t.app.inject({ method: 'GET', url: first.photo.url, headers: { cookie } });
    expect((await read(reader.cookie)).statusCode).toBe(200);
    const stranger = await createSignedInUser(t, adminCookie, { name: 'Ana Ajena' });
    expect((await read(stranger.cookie)).statusCode).toBe(404);
  });

  it('keeps each project’s settings and lists, and a company holding tasks and commitments is kept', async () => {
    const saved = await ok(field, 'saveLastPlannerSettings', {
      settings: {
        lookAheadWeeks: 3,
        lookAheadFrom: 'today',
        constraintTypes: ['Diseño', 'Materiales', 'Clima'],
        causes: ['Materiales', 'Clima', 'Otra'],
      },
    });
    expect(saved.message).toBe('Configuración del Last Planner grabada');
    const look = await ok(reader, 'loadLookAhead', {});
    expect(look).toMatchObject({ weeks: 3, from: today, settings: { lookAheadFrom: 'today' } });
    expect(look.settings.constraintTypes).toEqual(['Diseño', 'Materiales', 'Clima']);
    expect(
      await refused(
        field,
        'saveLastPlannerSettings',
        {
          settings: { lookAheadWeeks: 7, lookAheadFrom: 'today', constraintTypes: ['A'], causes: ['B'] },
        },
        400,
      ),
    ).toContain('La intermedia abarca de 3 a 6 semanas');
    expect(
      await refused(
        field,
        'saveLastPlannerSettings',
        {
          settings: { lookAheadWeeks: 4, lookAheadFrom: 'cutoff', constraintTypes: ['Diseño', 'diseno'], causes: [] },
        },
        400,
      ),
    ).toBe(
      'Tipos de restricción, fila 2: «diseno» ya está en la fila 1; Causas de no cumplimiento: la lista necesita al menos un elemento',
    );
    expect(await refused(sub, 'saveLastPlannerSettings', { settings: saved.settings }, 403)).toBe(
      roleRefusalMessage('subcontratista', 'lastPlanner'),
    );

    expect(await refused(planner, 'removeCompany', { companyId: companyA }, 400)).toBe(
      'Moldajes del Sur tiene 1 miembro, 2 tareas asignadas y 1 compromiso del plan semanal en el proyecto: sus compromisos cuentan en el PPC, así que la empresa se conserva',
    );
  });

  async function taskCode(id: number): Promise<string> {
    const row = await t.db
      .selectFrom('gantt_task')
      .select(['code', 'name'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return `${row.code} «${row.name}»`;
  }
});

/** DD-MM-YYYY, as the messages write a date. */
function fmt(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}
