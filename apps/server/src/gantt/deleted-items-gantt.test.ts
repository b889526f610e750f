import { GANTT_STALE_MESSAGE, edpUsageTotals, indexEdpUsage } from '@cimiento/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk, storedEdc } from '../../test/support/edc';
import type { WireEdcItem } from '../../test/support/edc';
import { loadEdp, loadEdpUsageOk, saveEdp, updateItemEdp } from '../../test/support/edp';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { CallResult, TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  edcList,
  loadGantt,
  loadGanttOk,
  saveGantt,
  saveGanttOk,
  storedGantt,
} from '../../test/support/gantt';
import type { WireGantt, WireGanttTask } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/*
 * Issue 12: a new EDP item takes the highest id + 1, and a new EDC item may take a deleted one's
 * code, while the Gantt ties its tasks to `edp:{id}` and `edc:{id}:{code}`. Deleting items
 * (saveEdp, updateItemEdp, saveEdc) therefore takes their stored tasks, links and removed sources
 * in the same transaction, so an item that later reuses the id or the code starts afresh.
 *
 * createGanttProject's EDP: 1 P · 2 P.1 · 3 P.1.1 (EDC M, M.1, ACT1, ACT2) · 4 P.1.2 · 5 P.2 ·
 * 6 P.2.1 · 7 P.2.2. Built tasks start on 2026-01-02 (the first working day of 2026) for 5 days.
 */
const FIRST_DAY = '2026-01-02';

describe.each(databaseKinds)('deleting EDP and EDC items takes their Gantt tasks (%s)', (kind) => {
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

  function idOf(gantt: Pick<WireGantt, 'activities'>, sourceKey: string): number {
    const task = gantt.activities.find((candidate) => candidate.sourceKey === sourceKey);
    if (!task) throw new Error(`no hay tarea ${sourceKey}`);
    return task.TaskID;
  }

  function bySource(gantt: Pick<WireGantt, 'activities'>, sourceKey: string): WireGanttTask | undefined {
    return gantt.activities.find((candidate) => candidate.sourceKey === sourceKey);
  }

  function byId(gantt: Pick<WireGantt, 'activities'>, id: number): WireGanttTask {
    const task = gantt.activities.find((candidate) => candidate.TaskID === id);
    if (!task) throw new Error(`no hay tarea ${id}`);
    return task;
  }

  /** A task the user added in the Gantt. */
  function userTask(TaskID: number, ParentId: number, Predecessor = '') {
    return {
      TaskID,
      TaskCode: `U${TaskID}`,
      TaskName: 'Permiso municipal',
      StartDate: '2026-02-02',
      Duration: 3,
      Progress: 0,
      ParentId,
      Predecessor,
    };
  }

  /** Expects a freshly built task: the first working day of the start year, 5 days, no progress, no links. */
  function expectFresh(gantt: WireGantt, sourceKey: string) {
    const task = bySource(gantt, sourceKey);
    expect(task, `${sourceKey} sin tarea`).toBeDefined();
    expect(task).toMatchObject({ StartDate: FIRST_DAY, Duration: 5, Progress: 0, Predecessor: '' });
    const id = (task as WireGanttTask).TaskID;
    const linkedFrom = gantt.activities.filter((other) =>
      other.Predecessor.split(',').some((link) => /^\d+/.exec(link)?.[0] === String(id)),
    );
    expect(linkedFrom.map((other) => other.TaskCode)).toEqual([]);
  }

  async function countRows(projectId: string) {
    const count = async (table: 'edc_item' | 'gantt_task' | 'gantt_link') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', projectId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { edc: await count('edc_item'), tasks: await count('gantt_task'), links: await count('gantt_link') };
  }

  /**
   * The tasks left keep their stored order (`before`, the ids in position order, less those gone)
   * with positions closed up to 0…n-1, as writeGantt keeps them: it compares list indexes.
   */
  async function expectTidyPositions(projectId: string, before: readonly number[]) {
    const stored = await storedGantt(t, projectId);
    const left = new Set(stored.tasks.map((task) => task.id));
    expect(stored.tasks.map((task) => task.id)).toEqual(before.filter((id) => left.has(id)));
    expect(stored.tasks.map((task) => task.position)).toEqual(stored.tasks.map((_, index) => index));
  }

  async function storedOrder(projectId: string): Promise<number[]> {
    return (await storedGantt(t, projectId)).tasks.map((task) => task.id);
  }

  async function expectStale(projectId: string, gantt: WireGantt): Promise<void> {
    const before = await storedGantt(t, projectId);
    const response = await saveGantt(
      t,
      member.cookie,
      projectId,
      { activities: asInput(gantt.activities) },
      gantt.version,
    );
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(409);
    expect(response.body.error).toEqual({ status: 'ABORTED', message: GANTT_STALE_MESSAGE });
    expect(await storedGantt(t, projectId)).toEqual(before);
  }

  async function addItem(projectId: string, item: { parentId: number; code: string; name: string }) {
    const edp = await loadEdp(t, member.cookie, projectId);
    const response = await updateItemEdp(t, member.cookie, {
      id: projectId,
      item,
      action: 'add',
      version: edp.version,
    });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    const added = (response.body.result.edp.items as { id: number; code: string }[]).find(
      (candidate) => candidate.code === item.code,
    );
    return added?.id;
  }

  async function saveEdpWithout(projectId: string, ids: number[]): Promise<CallResult> {
    const edp = await loadEdp(t, member.cookie, projectId);
    const response = await saveEdp(t, member.cookie, projectId, {
      items: edp.items.filter((item) => !ids.includes(item.id)),
      version: edp.version,
    });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    return response;
  }

  describe('saveEdp', () => {
    it('takes the tasks, links and removed sources of a deleted item, so an item that reuses its id and EDC codes starts afresh', async () => {
      const project = await createGanttProject(t, member.cookie);
      const c = project.code;
      // X = P.2.2 (7), the highest id, with an EDC: the next item added takes its id again
      await saveEdcOk(t, member.cookie, project.id, { id: 7, componentesEdc: edcList(`${c}.2.2`), version: 0 });
      const built = await loadGanttOk(t, member.cookie, project.id);
      const x = {
        summary: idOf(built, 'edp:7'),
        act1: idOf(built, 'edc:7:act1'),
        act2: idOf(built, 'edc:7:act2'),
      };
      const act1Of3 = idOf(built, 'edc:3:act1');
      const p12 = idOf(built, 'edp:4');
      const p2 = idOf(built, 'edp:5');
      const p21 = idOf(built, 'edp:6');
      // the user's edits: X's ACT1 moved, stretched and linked (from item 3's ACT1,
      // from the user's task, into P.2.1); X's ACT2 deleted; a task of their own under X's
      // summary, after P.1.2
      const activities: Record<string, unknown>[] = asInput(built.activities)
        .filter((task) => task.TaskID !== x.act2)
        .map((task) => {
          if (task.TaskID === x.act1) {
            return { ...task, StartDate: '2026-03-02', Duration: 8, Predecessor: `${act1Of3}FS+1,30` };
          }
          if (task.TaskID === p21) return { ...task, Predecessor: String(x.act1) };
          return task;
        });
      activities.push(userTask(30, x.summary, String(p12)));
      const open = await saveGanttOk(t, member.cookie, project.id, { activities }, built.version);
      expect((await storedGantt(t, project.id)).removed).toEqual(['edc:7:act2']);

      // what the deletion dialog says it will take…
      const totals = edpUsageTotals([7], indexEdpUsage(await loadEdpUsageOk(t, member.cookie, project.id)));
      expect(totals).toEqual({ items: 1, edcCount: 4, ganttTaskCount: 4, ganttLinkCount: 3 });
      const before = await countRows(project.id);
      const order = await storedOrder(project.id);

      await saveEdpWithout(project.id, [7]);

      // …is what went, at once (no Gantt load in between)
      const after = await countRows(project.id);
      expect({
        edc: before.edc - after.edc,
        tasks: before.tasks - after.tasks,
        links: before.links - after.links,
      }).toEqual({ edc: totals.edcCount, tasks: totals.ganttTaskCount, links: totals.ganttLinkCount });
      // the EDC by ON DELETE CASCADE: the list and its rows
      const edc = await storedEdc(t, project.id);
      expect(edc.lists.map((list) => list.edpItemId)).toEqual([3]);
      expect(edc.rows.every((row) => row.edp_item_id === 3)).toBe(true);
      const stored = await storedGantt(t, project.id);
      expect(stored.tasks.filter((task) => /^ed[pc]:7(:|$)/.test(task.sourceKey ?? ''))).toEqual([]);
      expect(stored.removed).toEqual([]);
      expect(stored.links).toEqual([{ from: p12, to: 30, type: 'FS', lag: 0 }]);
      // the user's task moved up to P.2, its dates kept
      expect(stored.tasks.find((task) => task.id === 30)).toMatchObject({
        parentId: p2,
        start: '2026-02-02',
        duration: 3,
      });
      expect(stored.version).toBe(open.version + 1);
      await expectTidyPositions(project.id, order);

      // the Gantt opened before the deletion cannot write X's tasks back
      await expectStale(project.id, open);

      // a new item takes id 7 again, with the same EDC codes
      expect(await addItem(project.id, { parentId: 5, code: `${c}.2.9`, name: 'Sala nueva' })).toBe(7);
      await saveEdcOk(t, member.cookie, project.id, {
        id: 7,
        componentesEdc: edcList(`${c}.2.9`, ['Pintar', 'Barnizar']),
        version: 0,
      });
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      for (const key of ['edp:7', 'edc:7:m', 'edc:7:m.1', 'edc:7:act1', 'edc:7:act2']) expectFresh(gantt, key);
      expect(bySource(gantt, 'edc:7:act1')?.TaskName).toBe('Pintar');
      expect(byId(gantt, 30)).toMatchObject({
        ParentId: p2,
        StartDate: '2026-02-02',
        Duration: 3,
        Predecessor: `${p12}FS`,
      });
      expect(byId(gantt, p21).Predecessor).toBe('');
    });

    it('deletes thousands of items with their tasks in one save, and keeps the rest of the Gantt as it was', async () => {
      const project = await createGanttProject(t, member.cookie);
      const edp = await loadEdp(t, member.cookie, project.id);
      // 2,000 more items under P.2.1 (6); the Gantt built with them
      const extra = Array.from({ length: 2000 }, (_, index) => ({
        id: 100 + index,
        parentId: 6,
        code: `${project.code}.2.1.${index + 1}`,
        name: `Recinto ${index + 1}`,
      }));
      const response = await saveEdp(t, member.cookie, project.id, {
        items: [...edp.items, ...extra],
        version: edp.version,
      });
      expect(response.statusCode).toBe(200);
      const built = await loadGanttOk(t, member.cookie, project.id);
      expect(built.activities).toHaveLength(2011);
      const order = await storedOrder(project.id);
      const keptBefore = built.activities.filter((task) => !/^edp:(6|[1-9]\d{2,})$/.test(task.sourceKey ?? ''));

      // P.2.1 and everything under it
      await saveEdpWithout(project.id, [6, ...extra.map((item) => item.id)]);
      const stored = await storedGantt(t, project.id);
      expect(stored.tasks.map((task) => task.id)).toEqual(keptBefore.map((task) => task.TaskID));
      expect(stored.version).toBe(built.version + 1);
      await expectTidyPositions(project.id, order);
    });

    it('moves gantt_version only when the Gantt changed: not for items without tasks, nor for a Gantt never built', async () => {
      // never built: the EDC goes, the Gantt stays at version 0 with nothing stored
      const fresh = await createGanttProject(t, member.cookie);
      await saveEdpWithout(fresh.id, [3]);
      expect(await storedGantt(t, fresh.id)).toMatchObject({ version: 0, tasks: [], links: [], removed: [] });
      expect((await storedEdc(t, fresh.id)).rows).toEqual([]);

      // built: an item added since the last load has no task yet
      const project = await createGanttProject(t, member.cookie);
      const built = await loadGanttOk(t, member.cookie, project.id);
      const added = await addItem(project.id, { parentId: 5, code: `${project.code}.2.3`, name: 'Sala 3' });
      await saveEdpWithout(project.id, [added as number]);
      expect((await storedGantt(t, project.id)).version).toBe(built.version);

      // an item whose only task the user deleted: its removed source goes, the version stays
      const withoutP22 = asInput(built.activities).filter((task) => task.sourceKey !== 'edp:7');
      const open = await saveGanttOk(t, member.cookie, project.id, { activities: withoutP22 }, built.version);
      expect((await storedGantt(t, project.id)).removed).toEqual(['edp:7']);
      await saveEdpWithout(project.id, [7]);
      const stored = await storedGantt(t, project.id);
      expect(stored.version).toBe(open.version);
      expect(stored.removed).toEqual([]);
      // so the Gantt opened before saves as it is, and a new item 7 gets its task on the next load
      const saved = await saveGanttOk(
        t,
        member.cookie,
        project.id,
        { activities: asInput(open.activities) },
        open.version,
      );
      expect((await storedGantt(t, project.id)).removed).toEqual([]);
      expect(await addItem(project.id, { parentId: 5, code: `${project.code}.2.2`, name: 'Sala 2' })).toBe(7);
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      expect(gantt.version).toBe(saved.version + 1);
      expectFresh(gantt, 'edp:7');
    });
  });

  describe('updateItemEdp delete', () => {
    it('takes the tasks of the whole subtree, counted as the dialog counts them; items that reuse the ids start afresh', async () => {
      const project = await createGanttProject(t, member.cookie);
      const c = project.code;
      const built = await loadGanttOk(t, member.cookie, project.id);
      const p2 = idOf(built, 'edp:5');
      const p21 = idOf(built, 'edp:6');
      const p12 = idOf(built, 'edp:4');
      const act2 = idOf(built, 'edc:3:act2');
      // P.2.2's task deleted by the user; a task of theirs under P.2; links ACT2 → P.2.1 → the
      // user's task and P.1.2 → the user's task
      const activities: Record<string, unknown>[] = asInput(built.activities)
        .filter((task) => task.sourceKey !== 'edp:7')
        .map((task) => (task.TaskID === p21 ? { ...task, Predecessor: String(act2) } : task));
      activities.push(userTask(40, p2, `${p21},${p12}`));
      const open = await saveGanttOk(t, member.cookie, project.id, { activities }, built.version);
      const totals = edpUsageTotals([5, 6, 7], indexEdpUsage(await loadEdpUsageOk(t, member.cookie, project.id)));
      expect(totals).toEqual({ items: 3, edcCount: 0, ganttTaskCount: 2, ganttLinkCount: 2 });
      const before = await countRows(project.id);
      const order = await storedOrder(project.id);

      const edp = await loadEdp(t, member.cookie, project.id);
      const response = await updateItemEdp(t, member.cookie, {
        id: project.id,
        item: { id: 5, code: `${c}.2`, name: 'Piso 2' },
        action: 'delete',
        version: edp.version,
      });
      expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(200);

      const after = await countRows(project.id);
      expect({ tasks: before.tasks - after.tasks, links: before.links - after.links }).toEqual({
        tasks: totals.ganttTaskCount,
        links: totals.ganttLinkCount,
      });
      const stored = await storedGantt(t, project.id);
      expect(stored.tasks.map((task) => task.id)).not.toContain(p2);
      expect(stored.removed).toEqual([]);
      expect(stored.tasks.find((task) => task.id === 40)).toMatchObject({ parentId: idOf(built, 'edp:1') });
      expect(stored.links).toEqual([{ from: p12, to: 40, type: 'FS', lag: 0 }]);
      expect(stored.version).toBe(open.version + 1);
      await expectTidyPositions(project.id, order);
      await expectStale(project.id, open);

      // the same ids again: 5 under the root, 6 and 7 under it (7's task was one the user had deleted)
      expect(await addItem(project.id, { parentId: 1, code: `${c}.2`, name: 'Piso 2' })).toBe(5);
      expect(await addItem(project.id, { parentId: 5, code: `${c}.2.1`, name: 'Sala 1' })).toBe(6);
      expect(await addItem(project.id, { parentId: 5, code: `${c}.2.2`, name: 'Sala 2' })).toBe(7);
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      for (const key of ['edp:5', 'edp:6', 'edp:7']) expectFresh(gantt, key);
      expect(byId(gantt, 40)).toMatchObject({ StartDate: '2026-02-02', Duration: 3, Predecessor: `${p12}FS` });
    });
  });

  describe('saveEdc', () => {
    /** Item 3's EDC with two more activities, ACT3 and ACT4. */
    const longer = (code: string) => edcList(`${code}.1.1`, ['Excavar', 'Hormigonar', 'Curar', 'Descimbrar']);

    it('takes the tasks of removed EDC items, so a new item with the same code starts afresh', async () => {
      const project = await createGanttProject(t, member.cookie);
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: longer(project.code), version: 1 });
      const built = await loadGanttOk(t, member.cookie, project.id);
      const sub = idOf(built, 'edc:3:m.1');
      const act1 = idOf(built, 'edc:3:act1');
      const act2 = idOf(built, 'edc:3:act2');
      const act3 = idOf(built, 'edc:3:act3');
      const act4 = idOf(built, 'edc:3:act4');
      // ACT4 edited and linked after ACT1; a user task under ACT2; ACT3 deleted by the user
      const activities: Record<string, unknown>[] = asInput(built.activities)
        .filter((task) => task.TaskID !== act3)
        .map((task) => (task.TaskID === act4 ? { ...task, Duration: 9, Predecessor: `${act1}FS+2` } : task));
      activities.push(userTask(50, act2));
      const open = await saveGanttOk(t, member.cookie, project.id, { activities }, built.version);
      expect((await storedGantt(t, project.id)).removed).toEqual(['edc:3:act3']);
      const before = await countRows(project.id);
      const order = await storedOrder(project.id);

      // ACT2, ACT3 and ACT4 removed from the list
      const kept = longer(project.code).filter((item) => !['ACT2', 'ACT3', 'ACT4'].includes(item.code));
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: kept, version: 2 });
      const stored = await storedGantt(t, project.id);
      expect(stored.tasks.map((task) => task.sourceKey)).not.toContain('edc:3:act2');
      expect(stored.tasks.map((task) => task.sourceKey)).not.toContain('edc:3:act4');
      const after = await countRows(project.id);
      expect({ edc: before.edc - after.edc, tasks: before.tasks - after.tasks }).toEqual({ edc: 3, tasks: 2 });
      expect(stored.removed).toEqual([]);
      expect(stored.links).toEqual([]);
      expect(stored.tasks.find((task) => task.id === 50)).toMatchObject({ parentId: sub, start: '2026-02-02' });
      expect(stored.version).toBe(open.version + 1);
      await expectTidyPositions(project.id, order);
      await expectStale(project.id, open);

      // the same codes again, as new items
      const again: WireEdcItem[] = [
        ...kept,
        { code: 'ACT2', name: 'Impermeabilizar', parentCode: 'M.1', kind: 'activity' },
        { code: 'ACT3', name: 'Curar', parentCode: 'M.1', kind: 'activity' },
        { code: 'ACT4', name: 'Descimbrar', parentCode: 'M.1', kind: 'activity' },
      ];
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: again, version: 3 });
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      for (const key of ['edc:3:act2', 'edc:3:act3', 'edc:3:act4']) expectFresh(gantt, key);
      expect(bySource(gantt, 'edc:3:act2')?.TaskName).toBe('Impermeabilizar');
      expect(byId(gantt, 50)).toMatchObject({ ParentId: sub, StartDate: '2026-02-02', Duration: 3 });
    });

    it('leaves the Gantt and its version alone when the removed items have no task yet, or a code only changes case', async () => {
      const project = await createGanttProject(t, member.cookie);
      const built = await loadGanttOk(t, member.cookie, project.id);
      const act1 = idOf(built, 'edc:3:act1');
      const sub = idOf(built, 'edc:3:m.1');
      const edited = asInput(built.activities).map((task) => (task.TaskID === act1 ? { ...task, Duration: 7 } : task));
      const open = await saveGanttOk(t, member.cookie, project.id, { activities: edited }, built.version);
      const before = await storedGantt(t, project.id);

      // ACT3 and ACT4 added and removed before any load built their tasks
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: longer(project.code), version: 1 });
      await saveEdcOk(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: edcList(`${project.code}.1.1`),
        version: 2,
      });
      // M.1 written m.1: the same item for the Gantt
      const lower = edcList(`${project.code}.1.1`).map((item) =>
        item.code === 'M.1' ? { ...item, code: 'm.1' } : item,
      );
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: lower, version: 3 });
      expect(await storedGantt(t, project.id)).toEqual(before);
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      expect(gantt.version).toBe(open.version);
      expect(byId(gantt, sub).TaskCode).toBe('m.1');
      expect(byId(gantt, act1)).toMatchObject({ ParentId: sub, Duration: 7 });
    });

    it('on a Gantt never built, removes the items without touching the Gantt', async () => {
      const project = await createGanttProject(t, member.cookie);
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: [], version: 1 });
      expect(await storedGantt(t, project.id)).toMatchObject({ version: 0, tasks: [], removed: [] });
    });

    // Only PostgreSQL can hold a second writer open in the same process (see save-edp.test.ts).
    if (kind === 'postgres') {
      it('queues behind a load that is building the removed item’s task, and takes it; or the load reads again', async () => {
        for (let round = 0; round < 3; round += 1) {
          const project = await createGanttProject(t, member.cookie);
          await loadGanttOk(t, member.cookie, project.id);
          // ACT3 and ACT4 assigned since the last load: the next load builds their tasks
          await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: longer(project.code), version: 1 });
          let calls: Promise<[CallResult, CallResult]> | undefined;
          await t.db.transaction().execute(async (trx) => {
            await trx.selectFrom('project').select('_id').where('_id', '=', project.id).forUpdate().execute();
            calls = Promise.all([
              loadGantt(t, member.cookie, project.id),
              callFunction(
                t.app,
                'saveEdc',
                { id: project.id, edc: { id: 3, componentesEdc: edcList(`${project.code}.1.1`), version: 2 } },
                member.cookie,
              ),
            ]);
            // the load waits to write its merge, the EDC save to purge: both on the project's row
            for (let attempt = 0; ; attempt += 1) {
              const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
              if (Number(rows[0]?.n) === 2) break;
              if (attempt > 400) throw new Error('la carga y la grabación no llegaron a esperar el bloqueo');
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
          });
          const [load, save] = await (calls as NonNullable<typeof calls>);
          expect([load.statusCode, save.statusCode], JSON.stringify([load.body, save.body]).slice(0, 500)).toEqual([
            200, 200,
          ]);
          const stored = await storedGantt(t, project.id);
          expect(stored.tasks.map((task) => task.sourceKey)).not.toContain('edc:3:act3');
          expect(stored.tasks.map((task) => task.sourceKey)).not.toContain('edc:3:act4');
          const gantt = await loadGanttOk(t, member.cookie, project.id);
          expect(bySource(gantt, 'edc:3:act3')).toBeUndefined();
        }
      });
    }
  });
});
