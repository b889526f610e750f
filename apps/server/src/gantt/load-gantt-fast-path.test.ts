import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBulkEdcOk, createEdcCatalogue, loadEdcOk, saveEdcOk } from '../../test/support/edc';
import { loadEdp, saveEdp, updateItemEdp } from '../../test/support/edp';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createSequencedProject,
  loadGanttOk,
  regenerateGanttSequenceOk,
  saveGanttOk,
  saveSequencedEdc,
  sequencedEdcList,
  taskByCode,
} from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { saveProgressOk } from '../../test/support/progress';
import { createObject } from '../../test/support/catalogues';
import { loadProject, updateProject, editableFields } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { loadGantt as loadGanttFromStore } from './load-gantt';
import { isMergeVerified } from './gantt-merge-cache';

/**
 * Issue 18: a load at a sources stamp whose full merge found nothing to change skips the merge with
 * the EDP and EDC and the sequencing. After every kind of write to what the merge reads, the load
 * (the API's, on the app's own remembered stamps, and the store's on the tests' connection, on its
 * own) answers exactly what a full merge answers.
 */
describe.each(databaseKinds)('loadGantt without the merge when nothing changed (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let id: string;
  let code: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
    const project = await createSequencedProject(t, member.cookie, 'priority');
    id = project.id;
    code = project.code;
    await saveSequencedEdc(t, member.cookie, id, 3, sequencedEdcList(`${code}.1.1`));
    await saveSequencedEdc(t, member.cookie, id, 4, sequencedEdcList(`${code}.1.2`));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The loads that may skip the merge, each next to a full merge: all equal. */
  async function expectSameAsFullMerge(step: string): Promise<WireGantt> {
    const viaApi = await loadGanttOk(t, member.cookie, id);
    const fromStore = await loadGanttFromStore(t.db, id);
    const full = await loadGanttFromStore(t.db, id, { fullMerge: true });
    expect(fromStore, step).toEqual(full);
    expect(viaApi, step).toEqual(JSON.parse(JSON.stringify(full)));
    return viaApi;
  }

  /**
   * Loads until the stored Gantt is what the merge answers (a rename is answered, not written: a save
   * of what the screen shows stores it), so the next load would skip the merge; its answer.
   */
  async function settled(): Promise<WireGantt> {
    const gantt = await loadGanttOk(t, member.cookie, id);
    await loadGanttFromStore(t.db, id);
    if (!(await isMergeVerified(t.db, id))) {
      await saveGanttOk(t, member.cookie, id, { activities: asInput(gantt.activities) }, gantt.version);
      await loadGanttOk(t, member.cookie, id);
      await loadGanttFromStore(t.db, id);
    }
    await loadGanttOk(t, member.cookie, id);
    expect(await isMergeVerified(t.db, id)).toBe(true);
    return expectSameAsFullMerge('settled');
  }

  it('answers what the full merge answers after every write to the EDP, the EDC, the Gantt and the project', async () => {
    const first = await expectSameAsFullMerge('the first load, which builds the Gantt');
    expect(first.activities.length).toBeGreaterThan(10);
    expect(first.activities.some((task) => (task.generatedPredecessors ?? []).length > 0)).toBe(true);

    // saveEdp: an item renamed (answered, not written) and one added (built and written)
    let gantt = await settled();
    const edp = await loadEdp(t, member.cookie, id);
    const items = edp.items.map((item) => (item.id === 4 ? { ...item, name: 'Sala dos' } : item));
    items.push({ id: 8, parentId: 2, code: `${code}.1.3`, name: 'Sala 3' });
    expect((await saveEdp(t, member.cookie, id, { items, version: edp.version })).statusCode).toBe(200);
    gantt = await expectSameAsFullMerge('saveEdp');
    expect(taskByCode(gantt, `${code}.1.2`).TaskName).toBe('Sala dos');
    expect(taskByCode(gantt, `${code}.1.3`).TaskName).toBe('Sala 3');

    // updateItemEdp: one item's code and name
    await settled();
    const edpNow = await loadEdp(t, member.cookie, id);
    const renamed = { id: 8, parentId: 2, code: `${code}.1.9`, name: 'Sala nueve' };
    const updated = await updateItemEdp(t, member.cookie, {
      id,
      item: renamed,
      action: 'update',
      version: edpNow.version,
    });
    expect(updated.statusCode, JSON.stringify(updated.body)).toBe(200);
    gantt = await expectSameAsFullMerge('updateItemEdp');
    expect(taskByCode(gantt, `${code}.1.9`).TaskName).toBe('Sala nueve');

    // saveEdc: an activity renamed and one added
    await settled();
    const edc = (await loadEdcOk(t, member.cookie, id, 3)) as NonNullable<Awaited<ReturnType<typeof loadEdcOk>>>;
    const list = edc.componentesEdc.map((item) => (item.code === 'ACT2' ? { ...item, name: 'Hormigonar losa' } : item));
    list.push({ code: 'ACT3', name: 'Curar', parentCode: 'M.1', kind: 'activity' });
    await saveEdcOk(t, member.cookie, id, { id: 3, componentesEdc: list, version: edc.version });
    gantt = await expectSameAsFullMerge('saveEdc');
    expect(gantt.activities.filter((task) => task.TaskName === 'Hormigonar losa')).toHaveLength(1);

    // assignEdc, copyEdc and unassignEdc (the catalogue's records copied into the EDC)
    const catalogue = await createEdcCatalogue(t, member.cookie);
    await settled();
    const bulk = { id, componentId: catalogue.component._id, systemId: catalogue.system._id };
    await callBulkEdcOk(t, member.cookie, 'assignEdc', { ...bulk, itemIds: [6] });
    await expectSameAsFullMerge('assignEdc');
    await settled();
    await callBulkEdcOk(t, member.cookie, 'copyEdc', { id, fromItemId: 3, toItemIds: [7] });
    await expectSameAsFullMerge('copyEdc');
    await settled();
    await callBulkEdcOk(t, member.cookie, 'unassignEdc', { ...bulk, itemIds: [6] });
    await expectSameAsFullMerge('unassignEdc');

    // a catalogue record edited: the EDC keeps its copies, the Gantt does not change
    gantt = await settled();
    await createObject(t, member.cookie, 'actividades', {
      ...catalogue.activities.excavar,
      name: 'Excavar a mano',
    });
    expect(await expectSameAsFullMerge('a catalogue record edited')).toEqual(gantt);
    expect(await isMergeVerified(t.db, id)).toBe(true);

    // saveGantt: a built task renamed in the Gantt (a load gives it its source's name again)
    gantt = await settled();
    const sala = taskByCode(gantt, `${code}.1.2`);
    const renamedInGantt = asInput(gantt.activities).map((task) =>
      task.TaskID === sala.TaskID ? { ...task, TaskName: 'Otro nombre' } : task,
    );
    await saveGanttOk(t, member.cookie, id, { activities: renamedInGantt }, gantt.version);
    gantt = await expectSameAsFullMerge('saveGantt renaming a built task');
    expect(taskByCode(gantt, `${code}.1.2`).TaskName).toBe('Sala dos');

    // saveGantt: a generated link and a built task deleted (remembered: not made or built again)
    gantt = await settled();
    const linked = gantt.activities.find((task) => (task.generatedPredecessors ?? []).length > 0);
    expect(linked).toBeDefined();
    const dropped = taskByCode(gantt, `${code}.1.9`).TaskID;
    const withoutLink = asInput(gantt.activities)
      .filter((task) => task.TaskID !== dropped)
      .map((task) => (task.TaskID === linked?.TaskID ? { ...task, Predecessor: '' } : task));
    await saveGanttOk(t, member.cookie, id, { activities: withoutLink }, gantt.version);
    gantt = await expectSameAsFullMerge('saveGantt');
    expect(gantt.activities.some((task) => task.TaskID === dropped)).toBe(false);
    expect(taskByCode(gantt, linked?.TaskCode ?? '').Predecessor).toBe('');

    // regenerateGanttSequence: another sequencing
    gantt = await settled();
    await regenerateGanttSequenceOk(t, member.cookie, id, 'train', gantt.version);
    await expectSameAsFullMerge('regenerateGanttSequence');

    // updateProject: the start year and the work week (the calendar)
    await settled();
    const project = await loadProject(t, member.cookie, id);
    const edited = await updateProject(
      t,
      member.cookie,
      id,
      { ...editableFields(project), startYear: '2027', endYear: '2028', workWeek: 'mon-sat' },
      project.version,
    );
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    gantt = await expectSameAsFullMerge('updateProject');
    expect(gantt.calendar.firstYear).toBe(2027);

    // saveGantt with a calendar exception
    gantt = await settled();
    await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(gantt.activities),
        calendar: {
          workingWeekdays: [1, 2, 3, 4, 5],
          chileHolidays: false,
          exceptions: [{ date: '2027-01-04', name: 'Cierre', working: false }],
        },
      },
      gantt.version,
    );
    await expectSameAsFullMerge('saveGantt with a calendar');

    // saveProgress: a cut-off, from which the remaining work is scheduled
    gantt = await settled();
    const leaf = gantt.activities.find((task) => !task.isSummary);
    expect(leaf).toBeDefined();
    await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2027-02-01',
      entries: [{ TaskID: leaf?.TaskID ?? 0, ActualStart: leaf?.StartDate ?? '', Progress: 50 }],
      version: gantt.version,
    });
    await expectSameAsFullMerge('saveProgress');

    // saveEdp: an item deleted with its EDC (its tasks purged)
    await settled();
    const last = await loadEdp(t, member.cookie, id);
    const kept = last.items.filter((item) => item.id !== 3);
    expect((await saveEdp(t, member.cookie, id, { items: kept, version: last.version })).statusCode).toBe(200);
    gantt = await expectSameAsFullMerge('saveEdp deleting an item');
    expect(gantt.activities.some((task) => task.sourceKey === 'edp:3')).toBe(false);
  });
});
