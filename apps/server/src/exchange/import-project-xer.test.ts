import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readXer } from '@cimiento/domain/p6';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { loadGanttOk, storedGantt } from '../../test/support/gantt';
import { countImportRows, readP6Base64, sharedDataFolder } from '../../test/support/mspdi';
import { loadProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * importProject with `format: 'xer'` (issue 34): a Primavera P6 XER file, sent as base64 since P6
 * writes the PC's code page, becomes a project like an MS Project file does: the EDP from its WBS
 * with P6's codes, the Gantt from its activities and relationships, one project of a file that
 * holds several. The expected counts are the corpus README's (`shared/data/p6/README.md`).
 */

function callImport(t: TestApp, cookie: string, data: Record<string, unknown>) {
  return callFunction(t.app, 'importProject', { format: 'xer', fileName: 'programa.xer', ...data }, cookie);
}

describe.each(databaseKinds)('importProject format xer (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function importOk(data: Record<string, unknown>) {
    const response = await callImport(t, member.cookie, data);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result;
  }

  async function expectRefused(data: Record<string, unknown>, message: string | RegExp, status = 'INVALID_ARGUMENT') {
    const before = await countImportRows(t);
    const response = await callImport(t, member.cookie, { code: uniqueProjectCode('P6'), ...data });
    expect(response.body.error?.status, JSON.stringify(response.body).slice(0, 600)).toBe(status);
    if (typeof message === 'string') expect(response.body.error.message).toBe(message);
    else expect(response.body.error.message).toMatch(message);
    expect(await countImportRows(t)).toEqual(before);
  }

  it('a dry run lists the projects of the file and reads the exported one, writing nothing', async () => {
    const content = readP6Base64('jaggelas-test.xer');
    const before = await countImportRows(t);
    const result = await importOk({ fileName: 'test.xer', content, dryRun: true });
    expect(await countImportRows(t)).toEqual(before);
    expect(result.project).toBeUndefined();
    expect(result.preview.projects).toEqual([
      expect.objectContaining({ id: '4517', shortName: '935', isExternal: true, activityCount: 3 }),
      expect.objectContaining({ id: '4533', shortName: '10001', isExternal: false, activityCount: 692 }),
    ]);
    expect(result.preview.projectId).toBe('4533');
    expect(result.preview.encoding).toBe('windows-1252');
    // 692 activities; the 1,595 relationships less the 3 that reach project 935 and the 10 second
    // relationships between a pair (named in the warnings: our Gantt holds one link per pair)
    expect(result.preview.taskCount - result.preview.summaryCount).toBe(692);
    expect(result.preview.linkCount).toBe(1582);
    expect(result.preview.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(result.warnings).toContain(
      'Se omitieron los vínculos con actividades de otros proyectos: A7720 → M1320, A7770 → M1320, A7820 → M1320.',
    );
    expect(result.message).toMatch(/^Archivo «test\.xer» leído: \d+ tareas, 1\.582 vínculos \(\d+ advertencias\)$/);
  });

  it("imports the project: the EDP from the WBS with P6's codes, the activities, links and the data date's progress", async () => {
    const content = readP6Base64('jaggelas-test.xer');
    const code = uniqueProjectCode('JAG');
    const dry = await importOk({ content, dryRun: true });
    const before = await countImportRows(t);
    const result = await importOk({ fileName: 'test.xer', content, code, projectId: '10001' });
    const after = await countImportRows(t);
    expect(after).toEqual({
      project: before.project + 1,
      edpItem: before.edpItem + dry.preview.taskCount + 1,
      ganttTask: before.ganttTask + dry.preview.taskCount + 1,
      ganttLink: before.ganttLink + 1582,
    });
    expect(result.preview).toEqual(dry.preview);
    expect(result.project).toMatchObject({ code, name: dry.preview.projectName });
    expect(result.message).toMatch(/^Proyecto «.+» importado: \d+ tareas, 1\.582 vínculos \(\d+ advertencias\)$/);

    const project = await loadProject(t, member.cookie, result.project._id);
    const codes = project.edp.items.map((item: { code: string }) => item.code);
    expect(codes[0]).toBe(code);
    // P6's WBS codes and Activity IDs, as P6 shows them
    expect(codes).toContain('1');
    expect(codes).toContain('1.1');
    expect(codes.filter((item: string) => /^1\.1\.M\d+$/.test(item)).length).toBeGreaterThan(0);
    expect(result.warnings.some((warning: string) => warning.startsWith('No se usaron los códigos'))).toBe(false);

    const gantt = await loadGanttOk(t, member.cookie, result.project._id);
    expect(gantt.activities.filter((task) => !task.isSummary)).toHaveLength(692);
    const stored = await storedGantt(t, result.project._id);
    expect(stored.links).toHaveLength(1582);
    // the activities P6 had started keep their actual start as their first day
    const started = gantt.activities.filter(
      (task) => (task as { ActualStart?: string }).ActualStart !== undefined && !task.isSummary,
    );
    expect(started.length).toBeGreaterThan(0);
    for (const task of started)
      expect(task.StartDate, task.TaskCode).toBe((task as { ActualStart?: string }).ActualStart);
  });

  it.each([
    ['jaggelas-test.xer', '10001', 94],
    ['pyp6xer-SP10-COST-LOADED.xer', undefined, 693],
  ] as const)(
    '%s: every activity P6 had started keeps its actual dates on the Gantt',
    async (file, projectId, count) => {
      const bytes = readFileSync(path.join(sharedDataFolder('p6'), file));
      const code = uniqueProjectCode('ACT');
      const result = await importOk({
        content: bytes.toString('base64'),
        code,
        ...(projectId === undefined ? {} : { projectId }),
      });
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      // the activity's row by its Activity ID, the last part of its code
      const byActivityId = new Map(gantt.activities.map((task) => [task.TaskCode.split('.').at(-1), task]));
      const read = readXer(bytes);
      if (!read.ok) throw new Error(read.error);
      const day = (value: string | undefined) => value?.slice(0, 10);
      const started = (read.xer.tables.get('TASK')?.rows ?? []).filter(
        (row) => row['proj_id'] === result.preview.projectId && row['status_code'] !== 'TK_NotStart',
      );
      expect(started).toHaveLength(count);
      const wrong: string[] = [];
      for (const row of started) {
        const task = byActivityId.get(row['task_code']);
        const done = row['status_code'] === 'TK_Complete';
        // a start milestone is its actual start; a finish milestone its actual finish
        const first = row['task_type'] === 'TT_FinMile' ? day(row['act_end_date']) : day(row['act_start_date']);
        const last = row['task_type'] === 'TT_Mile' ? first : done ? day(row['act_end_date']) : undefined;
        if (task?.StartDate !== first || (last !== undefined && task?.EndDate !== last))
          wrong.push(`${row['task_code']}: ${task?.StartDate}..${task?.EndDate}, P6 ${first}..${last ?? ''}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it("jaggelas: every activity whose driving chain a day-granular engine models lands on P6's early start and finish", async () => {
    const bytes = readFileSync(path.join(sharedDataFolder('p6'), 'jaggelas-test.xer'));
    const result = await importOk({
      content: bytes.toString('base64'),
      code: uniqueProjectCode('FID'),
      projectId: '10001',
    });
    const gantt = await loadGanttOk(t, member.cookie, result.project._id);
    const byActivityId = new Map(gantt.activities.map((task) => [task.TaskCode.split('.').at(-1), task]));
    const read = readXer(bytes);
    if (!read.ok) throw new Error(read.error);
    const project = read.xer.tables.get('PROJECT')?.rows.find((row) => row['proj_id'] === '4533');
    const activities = (read.xer.tables.get('TASK')?.rows ?? []).filter((row) => row['proj_id'] === '4533');
    const relationships = read.xer.tables.get('TASKPRED')?.rows ?? [];
    const byId = new Map(activities.map((row) => [row['task_id'], row]));
    // P6's own fields decide which activities qualify: not started, whole working days (early start at
    // 08:00, finish at 17:00: P6 starts the work after its 09:40 data date mid-day), on the project's
    // calendar, no constraint, not a level of effort, whole-day lags, and every predecessor finished
    // or qualifying too
    const qualifies = new Map<string, boolean>();
    const isModelled = (id: string | undefined): boolean => {
      const known = qualifies.get(id ?? '');
      if (known !== undefined) return known;
      qualifies.set(id ?? '', false);
      const row = byId.get(id);
      if (!row) return false;
      if (row['status_code'] === 'TK_Complete') {
        qualifies.set(id ?? '', true);
        return true;
      }
      const wholeDays =
        (row['task_type'] ?? '').endsWith('Mile') ||
        (row['early_start_date']?.endsWith('08:00') === true && row['early_end_date']?.endsWith('17:00') === true);
      const answer =
        row['status_code'] === 'TK_NotStart' &&
        wholeDays &&
        row['clndr_id'] === project?.['clndr_id'] &&
        (row['cstr_type'] ?? '') === '' &&
        row['task_type'] !== 'TT_LOE' &&
        relationships
          .filter((link) => link['task_id'] === id)
          .every((link) => Number(link['lag_hr_cnt']) % 8 === 0 && isModelled(link['pred_task_id']));
      qualifies.set(id ?? '', answer);
      return answer;
    };
    const compared = activities.filter((row) => row['status_code'] === 'TK_NotStart' && isModelled(row['task_id']));
    expect(compared.length).toBeGreaterThanOrEqual(70);
    const wrong = compared.flatMap((row) => {
      const task = byActivityId.get(row['task_code']);
      const p6 = [row['early_start_date']?.slice(0, 10), row['early_end_date']?.slice(0, 10)];
      return task?.StartDate === p6[0] && task?.EndDate === p6[1]
        ? []
        : [`${row['task_code']}: ${task?.StartDate}..${task?.EndDate}, P6 ${p6.join('..')}`];
    });
    expect(wrong).toEqual([]);
  });

  it("issue 34: jaggelas's activities under way keep P6's remaining duration and finish where P6 finishes them", async () => {
    const bytes = readFileSync(path.join(sharedDataFolder('p6'), 'jaggelas-test.xer'));
    const result = await importOk({
      content: bytes.toString('base64'),
      code: uniqueProjectCode('REM'),
      projectId: '10001',
    });
    const gantt = await loadGanttOk(t, member.cookie, result.project._id);
    const byActivityId = new Map(gantt.activities.map((task) => [task.TaskCode.split('.').at(-1), task]));
    const read = readXer(bytes);
    if (!read.ok) throw new Error(read.error);
    const underWay = (read.xer.tables.get('TASK')?.rows ?? []).filter(
      (row) =>
        row['proj_id'] === '4533' && row['status_code'] === 'TK_Active' && row['early_end_date']?.endsWith('17:00'),
    );
    expect(underWay).toHaveLength(16);
    const agree = underWay.filter(
      (row) => byActivityId.get(row['task_code'])?.EndDate === row['early_end_date']?.slice(0, 10),
    );
    // before issue 34's remaining durations, 2 of the 16 finished on P6's day (the rest by ⌈d × (1 − %)⌉)
    expect(agree.length).toBeGreaterThanOrEqual(14);
    const jetty = underWay.find((row) => row['task_name'] === 'Award Seismic Survey Contract (Jetty)');
    expect(byActivityId.get(jetty?.['task_code'])).toMatchObject({
      Progress: 95,
      RemainingDuration: 5,
      EndDate: jetty?.['early_end_date']?.slice(0, 10),
    });
  });

  it('several projects, none chosen: the dry run reads the first and lists all; the import asks which', async () => {
    const content = readP6Base64('aspose-ScheduleOptions.xer');
    const dry = await importOk({ content, dryRun: true });
    expect(
      dry.preview.projects.map((project: { shortName: string; name: string }) => [project.shortName, project.name]),
    ).toEqual([
      ['NEWPROJ', 'ProjectWith24Hours'],
      ['NEWPROJ-1', 'ProjectWithDefaultLagCalendar'],
      ['NEWPROJ-2', 'ProjectWithSuccessor'],
      ['NEWPROJ-3', 'ProjectWithPredecessor'],
    ]);
    expect(dry.preview.projectId).toBe(dry.preview.projects[0].id);
    // CP1251 in the README, but its only non-ASCII byte is a currency sign: read as Windows-1252
    expect(dry.preview.encoding).toBe('windows-1252');
    await expectRefused(
      { content },
      'El archivo tiene 4 proyectos: elige uno (NEWPROJ, NEWPROJ-1, NEWPROJ-2, NEWPROJ-3)',
    );
    await expectRefused({ content, projectId: 'NO-EXISTE' }, 'El archivo no tiene el proyecto NO-EXISTE');
    // a project with no activities comes in empty: its root only
    const code = uniqueProjectCode('NEW');
    const result = await importOk({ content, code, projectId: 'NEWPROJ-2' });
    expect(result.preview).toMatchObject({ projectName: 'ProjectWithSuccessor', taskCount: 0, linkCount: 0 });
    const project = await loadProject(t, member.cookie, result.project._id);
    expect(project.edp.items).toEqual([{ id: 1, code, name: 'ProjectWithSuccessor' }]);
  });

  it('reads Windows-1251 as Cyrillic by itself, and in the code page asked for', async () => {
    const content = readP6Base64('aspose-MultiprojectWithExternal.xer');
    const cyrillic = await importOk({ content, dryRun: true, projectId: 'TestProject' });
    expect(cyrillic.preview.encoding).toBe('windows-1251');
    const code = uniqueProjectCode('CYR');
    const result = await importOk({ content, code, projectId: 'TestProject' });
    const project = await loadProject(t, member.cookie, result.project._id);
    expect(project.edp.items.map((item: { name: string }) => item.name)).toContain('Задача 1');
    const western = await importOk({ content, dryRun: true, projectId: 'TestProject', codePage: 'windows-1252' });
    expect(western.preview.encoding).toBe('windows-1252');
  });

  it('reads the 3,994-activity HS2 schedule whole (a dry run)', async () => {
    const result = await importOk({ content: readP6Base64('pyp6xer-SP10-COST-LOADED.xer'), dryRun: true });
    expect(result.preview.taskCount - result.preview.summaryCount).toBe(3994);
    // 5,966 relationships, 12 of them a second one between the same two activities
    expect(result.preview.linkCount).toBe(5954);
    expect(result.preview.encoding).toBe('windows-1252');
  });

  it('refuses what is not an XER, bad base64, an unknown code page or format, writing nothing', async () => {
    await expectRefused(
      { content: Buffer.from('hola, mundo\n').toString('base64') },
      'El archivo no es un XER de Primavera P6: su primera línea debe comenzar con ERMHDR',
    );
    await expectRefused({ content: 'no es base64!' }, 'content: debe ser un archivo XER en base64');
    await expectRefused({ content: '' }, 'content: el archivo está vacío');
    await expectRefused(
      { content: readP6Base64('mpxj-invalid-8.4.xer'), codePage: 'utf-16' },
      'codePage: debe ser una de: windows-1252, windows-1251',
    );
    await expectRefused({ content: 'AAAA', format: 'p7' }, 'format: debe ser una de: mspdi, xer, p6xml');
    await expectRefused({ content: 'AAAA', format: 'xer', extra: 1 }, /extra/);
  });

  it('refuses a caller who is not signed in (UNAUTHENTICATED)', async () => {
    const before = await countImportRows(t);
    const response = await callImport(t, '', { content: readP6Base64('mpxj-invalid-8.4.xer'), code: 'ANON' });
    expect(response.statusCode).toBe(401);
    expect(await countImportRows(t)).toEqual(before);
  });

  describe("format 'p6xml': P6's XML export, read as the XER is", () => {
    const p6Xml = (name: string) => readFileSync(path.join(sharedDataFolder('p6'), name), 'utf8');

    it('lists the projects (those written only as an Id are external), asks which, and imports the chosen one', async () => {
      const content = p6Xml('aspose-PrimaveraProject.xml');
      const dry = await importOk({ format: 'p6xml', fileName: 'PrimaveraProject.xml', content, dryRun: true });
      expect(
        dry.preview.projects.map((project: { shortName: string; isExternal: boolean }) => [
          project.shortName,
          project.isExternal,
        ]),
      ).toEqual([
        ['PROD00266', true],
        ['PROD00228', true],
        ['PROD00883', false],
        ['PROD00499', false],
      ]);
      // the first exported one is read; a P6 XML is UTF-8: no code page to choose
      expect(dry.preview.projectId).toBe('3882');
      expect(dry.preview.encoding).toBeUndefined();
      await expectRefused(
        { format: 'p6xml', content },
        'El archivo tiene 4 proyectos: elige uno (PROD00266, PROD00228, PROD00883, PROD00499)',
      );
      const code = uniqueProjectCode('HEM');
      const result = await importOk({ format: 'p6xml', content, code, projectId: 'PROD00499' });
      expect(result.preview).toMatchObject({ projectName: 'Hemaform Program', projectId: '3883' });
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      expect(gantt.activities.filter((task) => !task.isSummary)).toHaveLength(13);
      expect(gantt.activities[0]?.TaskCode).toBe(code);
    });

    it("imports Aspose's 137-activity file with its WBS codes and relationships", async () => {
      const code = uniqueProjectCode('ASP');
      const before = await countImportRows(t);
      const result = await importOk({ format: 'p6xml', content: p6Xml('aspose-primavera.xml'), code });
      const after = await countImportRows(t);
      expect(after.ganttLink - before.ganttLink).toBe(result.preview.linkCount);
      expect(result.preview.linkCount).toBeGreaterThan(400);
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      expect(gantt.activities.filter((task) => !task.isSummary)).toHaveLength(137);
      const project = await loadProject(t, member.cookie, result.project._id);
      expect(project.edp.items.map((item: { code: string }) => item.code).slice(0, 3)).toEqual([code, '0', '0.1']);
    });

    it("carries each activity's % complete at the data date, as the XER twin does", async () => {
      const fromXml = await importOk({
        format: 'p6xml',
        content: p6Xml('mpxj-percent-complete-8.4.pmxml'),
        code: uniqueProjectCode('PCX'),
      });
      const fromXer = await importOk({
        content: readP6Base64('mpxj-percent-complete-8.4.xer'),
        code: uniqueProjectCode('PCE'),
      });
      const shown = async (id: string) =>
        (await loadGanttOk(t, member.cookie, id)).activities.map((task) => [
          task.TaskName,
          task.Progress,
          task.StartDate,
          task.EndDate,
        ]);
      const xml = await shown(fromXml.project._id);
      expect(xml.slice(1)).toEqual((await shown(fromXer.project._id)).slice(1));
      expect(xml.slice(1).map(([, progress]) => progress)).toEqual([0, 25, 75, 100, 0, 25, 75, 100, 0, 25, 75, 100]);
    });

    it("brings the project's baseline projects as baselines, P6's current one chosen", async () => {
      const content = p6Xml('aspose-BaselineProjects.xml');
      const result = await importOk({ format: 'p6xml', content, code: uniqueProjectCode('BLP') });
      expect(result.preview.baselines).toEqual(['(New Project) - B2 (P6)', '(New Project) - B1 (P6)']);
      const listed = await callFunction(t.app, 'loadBaselines', { id: result.project._id }, member.cookie);
      const baselines: { baselineId: string; name: string; taskCount: number }[] = listed.body.result.baselines;
      expect(baselines.map((baseline) => [baseline.name, baseline.taskCount]).sort()).toEqual([
        ['(New Project) - B1 (P6)', 2],
        ['(New Project) - B2 (P6)', 2],
      ]);
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      expect(gantt.baselineId).toBe(baselines.find((baseline) => baseline.name.includes('B2'))?.baselineId);
      const task = gantt.activities.find((activity) => activity.TaskName === 'Задача 1') as
        { BaselineStart?: string; BaselineFinish?: string } | undefined;
      expect([task?.BaselineStart, task?.BaselineFinish]).toEqual(['2023-03-08', '2023-10-18']);
    });

    it('refuses an MS Project file sent as P6 XML, naming what it expected', async () => {
      const mspdi =
        '<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><Name>x</Name></Project>';
      await expectRefused(
        { format: 'p6xml', content: mspdi },
        'El archivo no es un XML de Primavera P6: su elemento raíz debe ser APIBusinessObjects. Expórtalo de nuevo desde P6 como «XML».',
      );
    });
  });
});
