import { chileHolidays } from '@cimiento/domain/holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEdcOk } from '../../test/support/edc';
import { loadEdp, saveEdp, updateItemEdp } from '../../test/support/edp';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createGanttProject,
  edcList,
  loadGantt,
  loadGanttOk,
  saveGanttOk,
  storedGantt,
  taskByCode,
} from '../../test/support/gantt';
import type { WireGanttTask } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { removeProjectForGood } from '../../test/support/projects';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe.each(databaseKinds)('loadGantt (%s)', (kind) => {
  let t: TestApp;
  let member: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createFirstAdmin(t);
    member = await createSignedInUser(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A built task as the first load gives it: 2026-01-02 (the first working day of 2026) for 5 working days. */
  function built(
    TaskID: number,
    TaskCode: string,
    TaskName: string,
    sourceKey: string,
    parent: { ParentId?: number; isSummary: boolean },
  ): WireGanttTask {
    return {
      TaskID,
      TaskCode,
      TaskName,
      StartDate: '2026-01-02',
      StartNoEarlierThan: '2026-01-02',
      EndDate: '2026-01-08',
      Duration: 5,
      Progress: 0,
      ...(parent.ParentId === undefined ? {} : { ParentId: parent.ParentId }),
      Predecessor: '',
      totalFloat: 0,
      critical: true,
      isSummary: parent.isSummary,
      sourceKey,
    };
  }

  describe('the first load', () => {
    it('builds one summary per EDP item, one per EDC main and subcomponent item, one leaf per activity, on the first working day of January for 5 days', async () => {
      const project = await createGanttProject(t, member.cookie);
      const c = project.code;
      expect((await storedGantt(t, project.id)).version).toBe(0);

      const response = await loadGantt(t, member.cookie, project.id);
      expect(response.statusCode).toBe(200);
      const gantt = response.body.result;
      // domain.md: the tree of the EDP, under each item its EDC; 2026-01-01 is a holiday, so 2026-01-02
      expect(gantt.activities).toEqual([
        built(1, c, 'Edificio', 'edp:1', { isSummary: true }),
        built(2, `${c}.1`, 'Piso 1', 'edp:2', { ParentId: 1, isSummary: true }),
        built(3, `${c}.1.1`, 'Sala 1', 'edp:3', { ParentId: 2, isSummary: true }),
        built(4, 'M', 'Fundaciones', 'edc:3:m', { ParentId: 3, isSummary: true }),
        built(5, 'M.1', 'Zapatas', 'edc:3:m.1', { ParentId: 4, isSummary: true }),
        built(6, 'ACT1', 'Excavar', 'edc:3:act1', { ParentId: 5, isSummary: false }),
        built(7, 'ACT2', 'Hormigonar', 'edc:3:act2', { ParentId: 5, isSummary: false }),
        built(8, `${c}.1.2`, 'Sala 2', 'edp:4', { ParentId: 2, isSummary: false }),
        built(9, `${c}.2`, 'Piso 2', 'edp:5', { ParentId: 1, isSummary: true }),
        built(10, `${c}.2.1`, 'Sala 1', 'edp:6', { ParentId: 9, isSummary: false }),
        built(11, `${c}.2.2`, 'Sala 2', 'edp:7', { ParentId: 9, isSummary: false }),
      ]);
      expect(gantt.version).toBe(1);
      expect(gantt.message).toBe('Gantt cargado: 11 tareas');
      expect(gantt.projectStart).toBe('2026-01-02');
      expect(gantt.projectFinish).toBe('2026-01-08');
      // the holidays the web needs to recompute: the start year to five years past the end (2027)
      const expected: string[] = [];
      for (let year = 2026; year <= 2032; year += 1) expected.push(...chileHolidays(year));
      // issue 14: a project made by the wizard has the default calendar: Monday–Friday, Chile's holidays, no exceptions
      expect(gantt.calendar).toEqual({
        workWeek: 'mon-fri',
        firstYear: 2026,
        holidays: expected,
        workingWeekdays: [1, 2, 3, 4, 5],
        chileHolidays: true,
        exceptions: [],
      });
      expect(gantt.calendar.holidays).toContain('2026-04-04'); // Sábado Santo

      // stored relationally, in list order, with the source keys
      const stored = await storedGantt(t, project.id);
      expect(stored.version).toBe(1);
      expect(stored.tasks.map((task) => task.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(stored.tasks[5]).toEqual({
        id: 6,
        sourceKey: 'edc:3:act1',
        parentId: 5,
        code: 'ACT1',
        name: 'Excavar',
        start: '2026-01-02',
        duration: 5,
        progress: 0,
        position: 5,
      });
      expect(stored.links).toEqual([]);
    });

    it('starts new tasks on the first working day of the start year: 2024-01-02 (1 January a holiday, a Monday)', async () => {
      const project = await createGanttProject(t, member.cookie, { startYear: '2024', endYear: '2024' });
      const gantt = await loadGanttOk(t, member.cookie, project.id);
      expect(taskByCode(gantt, 'ACT1')).toMatchObject({ StartDate: '2024-01-02', EndDate: '2024-01-08' });
    });

    it('answers the same Gantt on a second load and writes nothing (the version stays)', async () => {
      const project = await createGanttProject(t, member.cookie);
      const first = await loadGanttOk(t, member.cookie, project.id);
      const second = await loadGanttOk(t, member.cookie, project.id);
      expect(second).toEqual(first);
      expect((await storedGantt(t, project.id)).version).toBe(1);
    });

    it('lets two first loads race: both answer the same Gantt, built once', async () => {
      const project = await createGanttProject(t, member.cookie);
      const [a, b] = await Promise.all([
        loadGanttOk(t, member.cookie, project.id),
        loadGanttOk(t, member.cookie, project.id),
      ]);
      expect(a).toEqual(b);
      const stored = await storedGantt(t, project.id);
      expect(stored.tasks).toHaveLength(11);
      expect(stored.version).toBe(1);
    });
  });

  describe('later loads merge with the EDP and EDC', () => {
    it('adds tasks for new EDP and EDC items, drops those whose item is gone (with their links), follows renames and keeps every edit', async () => {
      const project = await createGanttProject(t, member.cookie);
      const c = project.code;
      const loaded = await loadGanttOk(t, member.cookie, project.id);

      // the user's edits: a moved start, a longer duration, links, a task of their own (progress goes
      // in at a cut-off, issue 15: save-progress.test.ts shows a merge keeps it)
      const edited = asInput(loaded.activities).map((task) => {
        if (task.TaskCode === 'ACT1') return { ...task, StartDate: '2026-03-02' };
        if (task.TaskCode === 'ACT2') return { ...task, Duration: 10, Predecessor: '6FS+2' };
        if (task.TaskCode === `${c}.2.1`) return { ...task, Predecessor: '8' };
        return task;
      });
      edited.push({
        TaskID: 12,
        TaskCode: 'U1',
        TaskName: 'Permiso municipal',
        StartDate: '2026-02-02',
        Duration: 3,
        Progress: 0,
        ParentId: 2,
        Predecessor: '',
      });
      const saved = await saveGanttOk(t, member.cookie, project.id, { activities: edited }, loaded.version);

      // the EDP changes: an item added under P.2, P.1.2 (task 8) deleted, P.1 renamed
      let edp = await loadEdp(t, member.cookie, project.id);
      const added = await updateItemEdp(t, member.cookie, {
        id: project.id,
        item: { parentId: 5, code: `${c}.2.3`, name: 'Sala 3' },
        action: 'add',
        version: edp.version,
      });
      expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
      edp = added.body.result.edp;
      const withoutItem4 = edp.items
        .filter((item: { id: number }) => item.id !== 4)
        .map((item: { id: number; name: string }) => (item.id === 2 ? { ...item, name: 'Piso uno' } : item));
      const savedEdp = await saveEdp(t, member.cookie, project.id, { items: withoutItem4, version: edp.version });
      expect(savedEdp.statusCode, JSON.stringify(savedEdp.body)).toBe(200);
      // the EDC changes: an activity added on item 3, a new list on item 6
      await saveEdcOk(t, member.cookie, project.id, {
        id: 3,
        componentesEdc: edcList(`${c}.1.1`, ['Excavar', 'Hormigonar', 'Curar']),
        version: 1,
      });
      await saveEdcOk(t, member.cookie, project.id, {
        id: 6,
        componentesEdc: [{ code: 'T', name: 'Terminaciones', parentCode: `${c}.2.1`, kind: 'main' }],
        version: 0,
      });

      const merged = await loadGanttOk(t, member.cookie, project.id);
      // the EDP save took P.1.2's task (+1, issue 12), the load built the new ones (+1)
      expect(merged.version).toBe(saved.version + 2);
      expect(merged.message).toBe('Gantt cargado: 14 tareas');
      expect(merged.activities.map((task) => [task.TaskID, task.TaskCode, task.ParentId ?? null])).toEqual([
        [1, c, null],
        [2, `${c}.1`, 1],
        [3, `${c}.1.1`, 2],
        [4, 'M', 3],
        [5, 'M.1', 4],
        [6, 'ACT1', 5],
        [7, 'ACT2', 5],
        [13, 'ACT3', 5],
        [12, 'U1', 2],
        [9, `${c}.2`, 1],
        [10, `${c}.2.1`, 9],
        [14, 'T', 10],
        [11, `${c}.2.2`, 9],
        [15, `${c}.2.3`, 9],
      ]);
      expect(taskByCode(merged, `${c}.1`).TaskName).toBe('Piso uno');
      // the edits stay
      expect(taskByCode(merged, 'ACT1')).toMatchObject({ StartDate: '2026-03-02', Duration: 5 });
      // ACT1 ends 2026-03-06; FS+2 → 2026-03-11; 10 working days → 2026-03-24
      expect(taskByCode(merged, 'ACT2')).toMatchObject({
        StartDate: '2026-03-11',
        EndDate: '2026-03-24',
        Duration: 10,
        Predecessor: '6FS+2',
      });
      expect(taskByCode(merged, 'U1')).toMatchObject({
        StartDate: '2026-02-02',
        EndDate: '2026-02-04',
        Duration: 3,
        ParentId: 2,
      });
      expect(taskByCode(merged, 'U1').sourceKey).toBeUndefined();
      // new tasks start on the first working day of January for 5 days, without links
      for (const code of ['ACT3', `${c}.2.3`]) {
        expect(taskByCode(merged, code)).toMatchObject({
          StartDate: '2026-01-02',
          EndDate: '2026-01-08',
          Duration: 5,
          Predecessor: '',
        });
      }
      // P.1.2's task went, and its link into P.2.1 with it
      expect(merged.activities.find((task) => task.TaskID === 8)).toBeUndefined();
      expect(taskByCode(merged, `${c}.2.1`).Predecessor).toBe('');
      const stored = await storedGantt(t, project.id);
      expect(stored.version).toBe(merged.version);
      expect(stored.links).toEqual([{ from: 6, to: 7, type: 'FS', lag: 2 }]);
      expect(stored.tasks.map((task) => task.id)).toEqual(merged.activities.map((task) => task.TaskID));

      // and a further load changes nothing
      expect(await loadGanttOk(t, member.cookie, project.id)).toEqual(merged);
    });

    it('drops the tasks of a deleted EDC list and keeps a user task that hung from them under the nearest survivor', async () => {
      const project = await createGanttProject(t, member.cookie);
      const loaded = await loadGanttOk(t, member.cookie, project.id);
      const activities = [
        ...asInput(loaded.activities),
        {
          TaskID: 12,
          TaskCode: 'U',
          TaskName: 'Propia',
          StartDate: '2026-01-05',
          Duration: 1,
          ParentId: 5,
          Predecessor: '',
        },
      ];
      const saved = await saveGanttOk(t, member.cookie, project.id, { activities }, loaded.version);
      // an empty list: the item keeps its EDC row but no items
      await saveEdcOk(t, member.cookie, project.id, { id: 3, componentesEdc: [], version: 1 });
      const merged = await loadGanttOk(t, member.cookie, project.id);
      expect(merged.version).toBe(saved.version + 1);
      expect(merged.activities.map((task) => task.TaskCode)).not.toContain('M');
      expect(taskByCode(merged, 'U')).toMatchObject({ ParentId: 3, StartDate: '2026-01-05', Duration: 1 });
      expect(taskByCode(merged, `${project.code}.1.1`).isSummary).toBe(true);
    });
  });

  it('does not bring back a built task the user deleted in the Gantt', async () => {
    const project = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, project.id);
    const withoutAct2 = asInput(loaded.activities).filter((task) => task.TaskCode !== 'ACT2');
    await saveGanttOk(t, member.cookie, project.id, { activities: withoutAct2 }, loaded.version);
    expect((await storedGantt(t, project.id)).removed).toEqual(['edc:3:act2']);

    const again = await loadGanttOk(t, member.cookie, project.id);
    expect(again.activities.map((task) => task.TaskCode)).not.toContain('ACT2');
    expect(again.activities).toHaveLength(10);
    expect(again.version).toBe(loaded.version + 1);
  });

  it("answers NOT_FOUND (404) 'Proyecto no encontrado' for an unknown project", async () => {
    const response = await loadGantt(t, member.cookie, UNKNOWN_ID);
    expect(response.statusCode).toBe(404);
    expect(response.body.error).toEqual({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });

  it("purgeProject removes every Gantt row of the project (tasks, links, removed sources) and leaves the others'", async () => {
    const gone = await createGanttProject(t, member.cookie);
    const kept = await createGanttProject(t, member.cookie);
    for (const project of [gone, kept]) {
      const loaded = await loadGanttOk(t, member.cookie, project.id);
      const activities = asInput(loaded.activities)
        .filter((task) => task.TaskCode !== 'ACT1')
        .map((task) => (task.TaskCode === 'ACT2' ? { ...task, Predecessor: '8SS' } : task));
      await saveGanttOk(t, member.cookie, project.id, { activities }, loaded.version);
    }
    const keptBefore = await storedGantt(t, kept.id);
    // issue 30: 'Eliminar proyecto' moves it to the Papelera; the purge deletes its rows
    await removeProjectForGood(t, member.cookie, admin.cookie, gone.id);
    const count = async (table: 'gantt_task' | 'gantt_link' | 'gantt_removed_source') =>
      (await t.db.selectFrom(table).select('project_id').where('project_id', '=', gone.id).execute()).length;
    expect([await count('gantt_task'), await count('gantt_link'), await count('gantt_removed_source')]).toEqual([
      0, 0, 0,
    ]);
    expect(await storedGantt(t, kept.id)).toEqual(keptBefore);
    expect(keptBefore.links).toHaveLength(1);
    expect(keptBefore.removed).toHaveLength(1);
  });
});
