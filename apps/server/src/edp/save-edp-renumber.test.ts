import { outdentEdpItem, renumberEdpSubtree } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEdcOk } from '../../test/support/edc';
import { loadEdp, saveEdp } from '../../test/support/edp';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGanttOk, storedGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/*
 * Issue 12: 'Renumerar códigos' re-codes items in the editor and saves them with saveEdp. The EDC
 * hangs from the item's id and the Gantt's tasks from `edp:{id}` / `edc:{id}:{code}`, so a
 * renumbered item keeps its EDC, its tasks, their dates and their links.
 */
describe.each(databaseKinds)('saveEdp after renumbering (%s)', (kind) => {
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

  it('keeps the EDC, the Gantt tasks, their dates and their links of items whose codes changed', async () => {
    // 1 P · 2 P.1 · 3 P.1.1 (EDC M, M.1, ACT1, ACT2) · 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2
    const project = await createGanttProject(t, member.cookie);
    const c = project.code;
    const built = await loadGanttOk(t, member.cookie, project.id);
    // ACT1 (6) moved to 2026-02-02 for 7 days; ACT2 (7) after it; P.1.2 (8) after ACT2
    const edits: Record<number, Record<string, unknown>> = {
      6: { StartDate: '2026-02-02', Duration: 7 },
      7: { Predecessor: '6FS+1' },
      8: { Predecessor: '7' },
    };
    const gantt = await saveGanttOk(
      t,
      member.cookie,
      project.id,
      { activities: asInput(built.activities).map((task) => ({ ...task, ...edits[task.TaskID as number] })) },
      built.version,
    );
    const ganttBefore = await storedGantt(t, project.id);

    // P.1.1 outdented next to P.1 keeps its code until renumbered: then P.1.1 → P.2, P.1.2 → P.1.1,
    // P.2 → P.3 with its children P.3.1 and P.3.2
    const edp = await loadEdp(t, member.cookie, project.id);
    const outdented = outdentEdpItem(edp.items, 3);
    if (!outdented.ok) throw new Error(outdented.error);
    const renumbered = renumberEdpSubtree(outdented.items);
    if (!renumbered.ok) throw new Error(renumbered.error);
    expect(renumbered.changed).toBe(5);
    const response = await saveEdp(t, member.cookie, project.id, { items: renumbered.items, version: edp.version });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    expect(
      response.body.result.edp.items.map((item: { id: number; code: string }) => `${item.id} ${item.code}`),
    ).toEqual([`1 ${c}`, `2 ${c}.1`, `4 ${c}.1.1`, `3 ${c}.2`, `5 ${c}.3`, `6 ${c}.3.1`, `7 ${c}.3.2`]);

    // the EDC stays on item 3, its main item now under the new code
    const edc = await loadEdcOk(t, member.cookie, project.id, 3);
    if (!edc) throw new Error('item 3 lost its EDC');
    expect(edc.code).toBe(`${c}.2`);
    expect(edc.componentesEdc.map((item) => `${item.code}<${item.parentCode}`)).toEqual([
      `M<${c}.2`,
      'M.1<M',
      'ACT1<M.1',
      'ACT2<M.1',
    ]);

    // the Gantt: same tasks and ids, codes following their items, dates and links kept
    const after = await loadGanttOk(t, member.cookie, project.id);
    const codeOf = (output: typeof after) =>
      Object.fromEntries(output.activities.map((task) => [task.TaskID, task.TaskCode]));
    expect(codeOf(after)).toEqual({
      ...codeOf(gantt),
      3: `${c}.2`,
      8: `${c}.1.1`,
      9: `${c}.3`,
      10: `${c}.3.1`,
      11: `${c}.3.2`,
    });
    const byId = (output: typeof after, id: number) => output.activities.find((task) => task.TaskID === id);
    expect(byId(after, 6)).toMatchObject({ StartDate: '2026-02-02', Duration: 7, EndDate: '2026-02-10' });
    expect(byId(after, 7)).toMatchObject({ Predecessor: '6FS+1', StartDate: byId(gantt, 7)?.StartDate });
    expect(byId(after, 8)).toMatchObject({ Predecessor: '7FS', StartDate: byId(gantt, 8)?.StartDate });
    const ganttAfter = await storedGantt(t, project.id);
    expect(ganttAfter.links).toEqual(ganttBefore.links);
    expect(ganttAfter.tasks.map((task) => [task.id, task.sourceKey, task.start, task.duration])).toEqual(
      ganttBefore.tasks.map((task) => [task.id, task.sourceKey, task.start, task.duration]),
    );
  });
});
