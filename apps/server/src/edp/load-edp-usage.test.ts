import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk } from '../../test/support/edc';
import { loadEdp, loadEdpUsage, loadEdpUsageOk, saveEdp } from '../../test/support/edp';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  edcList,
  loadGanttOk,
  saveGanttOk,
  storedGantt,
  taskByCode,
} from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_PROJECT = '01890000-0000-7000-8000-000000000000';

/*
 * createGanttProject's EDP: 1 P · 2 P.1 · 3 P.1.1 (EDC M, M.1, ACT1, ACT2) · 4 P.1.2 · 5 P.2 ·
 * 6 P.2.1 · 7 P.2.2. Its first Gantt load builds, in tree order: 1 P · 2 P.1 · 3 P.1.1 · 4 M ·
 * 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 · 10 P.2.1 · 11 P.2.2.
 */
describe.each(databaseKinds)('loadEdpUsage (%s)', (kind) => {
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

  /** The built Gantt plus a task of the user's (12) under P.1.1's task, and links ACT1→ACT2, ACT2→P.1.2, P.1.2→P.2.1, ACT2→12. */
  async function linkedGantt(projectId: string, code: string): Promise<WireGantt> {
    const built = await loadGanttOk(t, member.cookie, projectId);
    const predecessors: Record<string, string> = { ACT2: '6', [`${code}.1.2`]: '7', [`${code}.2.1`]: '8' };
    const activities = asInput(built.activities).map((task) => {
      const predecessor = predecessors[task.TaskCode as string];
      return predecessor === undefined ? task : { ...task, Predecessor: predecessor };
    });
    activities.push({
      TaskID: 12,
      TaskCode: 'U1',
      TaskName: 'Revisión',
      StartDate: '2026-01-02',
      Duration: 2,
      Progress: 0,
      ParentId: 3,
      Predecessor: '7',
    });
    return saveGanttOk(t, member.cookie, projectId, { activities }, built.version);
  }

  it('before the Gantt is built: only the EDC rows, no task to lose', async () => {
    const project = await createGanttProject(t, member.cookie);
    expect(await loadEdpUsageOk(t, member.cookie, project.id)).toEqual({
      items: [{ id: 3, edcCount: 4, ganttTaskCount: 0, ganttLinkCount: 0 }],
      crossLinks: [],
      // the wizard's projects are in USD
      currency: 'USD',
    });
  });

  it('counts per item its EDC rows, its stored tasks (its own and its EDC items’) and the links touching them', async () => {
    const project = await createGanttProject(t, member.cookie);
    const gantt = await linkedGantt(project.id, project.code);
    expect(gantt.activities).toHaveLength(12);
    const usage = await loadEdpUsageOk(t, member.cookie, project.id);
    expect(usage).toEqual({
      items: [
        { id: 1, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 0 },
        { id: 2, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 0 },
        // P.1.1 + M, M.1, ACT1, ACT2; ACT1→ACT2, ACT2→P.1.2 and ACT2→the user's task
        { id: 3, edcCount: 4, ganttTaskCount: 5, ganttLinkCount: 3 },
        { id: 4, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 2 },
        { id: 5, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 0 },
        { id: 6, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 1 },
        { id: 7, edcCount: 0, ganttTaskCount: 1, ganttLinkCount: 0 },
      ],
      crossLinks: [
        { a: 3, b: 4, count: 1 },
        { a: 4, b: 6, count: 1 },
      ],
      currency: 'USD',
    });
  });

  it('says exactly what a save deleting an item takes: its EDC, its tasks and their links; the user’s task moves up', async () => {
    const project = await createGanttProject(t, member.cookie);
    await linkedGantt(project.id, project.code);
    const usage = await loadEdpUsageOk(t, member.cookie, project.id);
    const p11 = usage.items.find((item) => item.id === 3);
    const before = await storedGantt(t, project.id);

    const edp = await loadEdp(t, member.cookie, project.id);
    const saved = await saveEdp(t, member.cookie, project.id, {
      items: edp.items.filter((item) => item.id !== 3),
      version: edp.version,
    });
    expect(saved.statusCode).toBe(200);
    const after = await loadGanttOk(t, member.cookie, project.id);
    const stored = await storedGantt(t, project.id);

    expect(before.tasks.length - stored.tasks.length).toBe(p11?.ganttTaskCount);
    expect(before.links.length - stored.links.length).toBe(p11?.ganttLinkCount);
    expect(after.activities.map((task) => task.TaskID)).toEqual([1, 2, 8, 12, 9, 10, 11]);
    expect(taskByCode(after, 'U1')).toMatchObject({ ParentId: 2, Predecessor: '' });
    expect(stored.links).toEqual([{ from: 8, to: 10, type: 'FS', lag: 0 }]);
    // the EDC went with the item, and nothing is left to count for it
    const edcLeft = await t.db.selectFrom('edc_item').select('code').where('project_id', '=', project.id).execute();
    expect(edcLeft).toEqual([]);
    const later = await loadEdpUsageOk(t, member.cookie, project.id);
    expect(later.items.find((item) => item.id === 3)).toBeUndefined();
    expect(later.items.find((item) => item.id === 4)).toEqual({
      id: 4,
      edcCount: 0,
      ganttTaskCount: 1,
      ganttLinkCount: 1,
    });
    expect(later.crossLinks).toEqual([{ a: 4, b: 6, count: 1 }]);
  });

  it('counts an EDC assigned since the Gantt was built as EDC rows only, until a load builds its tasks', async () => {
    const project = await createGanttProject(t, member.cookie);
    await loadGanttOk(t, member.cookie, project.id);
    await saveEdcOk(t, member.cookie, project.id, {
      id: 6,
      componentesEdc: edcList(`${project.code}.2.1`, ['Pintar']),
      version: 0,
    });
    let usage = await loadEdpUsageOk(t, member.cookie, project.id);
    expect(usage.items.find((item) => item.id === 6)).toEqual({
      id: 6,
      edcCount: 3,
      ganttTaskCount: 1,
      ganttLinkCount: 0,
    });
    await loadGanttOk(t, member.cookie, project.id);
    usage = await loadEdpUsageOk(t, member.cookie, project.id);
    expect(usage.items.find((item) => item.id === 6)?.ganttTaskCount).toBe(4);
  });

  it('answers NOT_FOUND for an unknown project', async () => {
    const response = await loadEdpUsage(t, member.cookie, UNKNOWN_PROJECT);
    expect(response.statusCode).toBe(404);
    expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });
});
