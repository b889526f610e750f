import { ganttActivityCodes } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk } from '../../test/support/edc';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { edcList, loadGanttOk } from '../../test/support/gantt';
import { createAreaType, createProject, loadProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { exportGantt, okResult, openWorkbook } from '../../test/support/workbooks';
import { exportGanttMspdi } from './mspdi-exchange';

/**
 * Issue 32, "Tasks have no identity a person can use": on a generated 2-tower building whose every
 * floor has the same EDC list (M, M.1, ACT1…ACT3), every task's code is unique in the project, and
 * so are the MS Project export's WBS values and the codes of the Gantt and progress workbooks, which
 * also carry each row's Id and its tower, floor and component.
 */

const distinct = (values: readonly string[]) => new Set(values.map((value) => value.toLowerCase())).size;

describe.each(databaseKinds)('unique task codes in a generated Gantt and its exports (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let projectId: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    const areaType = await createAreaType(t, member.cookie, {
      name: 'Torre',
      sectores: [{ code: 'PI', name: 'Piso', quantity: 3, priority: 1 }],
    });
    code = uniqueProjectCode('UQ');
    const project = await createProject(t, member.cookie, {
      name: 'Edificio',
      code,
      startYear: '2026',
      endYear: '2027',
      sequencing: 'none',
      tiposArea: [{ _id: areaType._id, quantity: 2 }],
    });
    projectId = project._id;
    const { edp } = await loadProject(t, member.cookie, projectId);
    const floors = (edp.items as { id: number; code: string }[]).filter((item) => item.code.split('.').length === 3);
    expect(floors).toHaveLength(6);
    for (const floor of floors) {
      await saveEdcOk(t, member.cookie, projectId, {
        id: floor.id,
        componentesEdc: edcList(floor.code, ['Excavar', 'Hormigonar', 'Instalación de cañerías']),
        version: 0,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every task of the generated Gantt a code unique in the project, while the EDC codes repeat on every floor', async () => {
    const gantt = await loadGanttOk(t, member.cookie, projectId);
    // 1 root, 2 towers, 6 floors, each floor 2 summaries and 3 activities
    expect(gantt.activities).toHaveLength(1 + 2 + 6 + 6 * 5);
    expect(gantt.activities.filter((task) => task.TaskCode === 'ACT3')).toHaveLength(6);
    const codes = [...ganttActivityCodes(gantt.activities).values()];
    expect(codes.every((value) => value !== '')).toBe(true);
    expect(distinct(codes)).toBe(gantt.activities.length);
    expect(codes).toContain(`${code}.2.3.ACT3`);
    expect(codes).toContain(`${code}.1.1.M.1`);
  });

  it('writes unique WBS values in the MS Project export', async () => {
    const gantt = await loadGanttOk(t, member.cookie, projectId);
    const file = await exportGanttMspdi(t.db, projectId);
    const all = [...file.content.matchAll(/<WBS>([^<]*)<\/WBS>/g)].map((match) => match[1] as string);
    // MS Project's project row (WBS 0, the EDP root), then every other task
    expect(all[0]).toBe('0');
    const wbs = all.slice(1);
    expect(wbs).toHaveLength(gantt.activities.length - 1);
    expect(distinct(wbs)).toBe(wbs.length);
    expect(wbs).toContain(`${code}.1.2.ACT1`);
  });

  it('writes unique codes, the row Id and the parents in the Gantt and progress workbooks', async () => {
    const gantt = await okResult(await exportGantt(t, member.cookie, projectId, 'xlsx'));
    const sheet = await openWorkbook(gantt.content, 'Gantt');
    const header = sheet.rows[0] as string[];
    expect(header[0]).toBe('Id');
    const codeColumn = header.indexOf('Código');
    const parentsColumn = header.indexOf('Ubicación');
    expect(parentsColumn).toBeGreaterThan(0);
    const rows = sheet.rows.slice(1);
    const codes = rows.map((row) => String(row[codeColumn]));
    expect(distinct(codes)).toBe(rows.length);
    const act3 = rows.find((row) => row[codeColumn] === `${code}.2.1.ACT3`);
    expect(act3?.[parentsColumn]).toBe('Torre 2 › Piso 1 › Fundaciones › Zapatas');
    expect(act3?.[0]).toBe(codes.indexOf(`${code}.2.1.ACT3`) + 1);

    const progress = okResult(await callFunction(t.app, 'exportProgress', { id: projectId }, member.cookie));
    const opened = await openWorkbook(progress.content, 'Avance');
    const titles = opened.rows[0] as string[];
    const leaves = opened.rows.slice(1);
    expect(leaves).toHaveLength(6 * 3);
    const leafCodes = leaves.map((row) => String(row[titles.indexOf('Código')]));
    expect(distinct(leafCodes)).toBe(leaves.length);
    const leaf = leaves.find((row) => row[titles.indexOf('Código')] === `${code}.2.1.ACT3`);
    // its Id is the row's in the Gantt workbook (summaries counted), its Ubicación the same
    expect(leaf?.[titles.indexOf('Id')]).toBe(act3?.[0]);
    expect(leaf?.[titles.indexOf('Ubicación')]).toBe('Torre 2 › Piso 1 › Fundaciones › Zapatas');
  });
});
