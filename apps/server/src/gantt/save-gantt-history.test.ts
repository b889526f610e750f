import {
  activitiesFromDraft,
  addGanttLink,
  draftFromActivities,
  removeGanttLink,
  updateGanttTask,
} from '@cimiento/domain';
import type { GanttDraftTask, GanttEdit, GanttTask, HistoryDetail, HistoryEntry } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  createSequencedProject,
  loadGanttOk,
  saveGanttOk,
  saveSequencedEdc,
  sequencedEdcList,
  storedGantt,
} from '../../test/support/gantt';
import type { WireGantt, WireGanttTask } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * issue 32, 'History of real changes': a save records only what the user changed. The first 'Grabar
 * Gantt' of a freshly generated Gantt stores the summaries' rolled-up starts and durations over the
 * ones they were built with, and every save after an edit rolls them up again; neither is the user's.
 */
describe.each(databaseKinds)('saveGantt’s history entry names only the tasks the user changed (%s)', (kind) => {
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

  async function ok<T>(name: string, data: unknown): Promise<T> {
    const response = await callFunction(t.app, name, data, member.cookie);
    expect(response.statusCode, `${name}: ${JSON.stringify(response.body).slice(0, 600)}`).toBe(200);
    return response.body.result as T;
  }

  /** The project's newest history entry, with its detail. */
  async function latestEntry(id: string): Promise<HistoryEntry & { detail: HistoryDetail }> {
    const page = await ok<{ entries: HistoryEntry[] }>('loadProjectHistory', { id, limit: 1 });
    const newest = page.entries[0];
    if (!newest) throw new Error('sin entradas');
    return (
      await ok<{ entry: HistoryEntry & { detail: HistoryDetail } }>('loadHistoryEntry', { id, entryId: newest.id })
    ).entry;
  }

  /**
   * A freshly generated 'Tren de actividades' project: seven EDP items (1 P · 2 P.1 · 3 P.1.1 ·
   * 4 P.1.2 · 5 P.2 · 6 P.2.1 · 7 P.2.2) and on each room (3, 4, 6, 7) M Fundaciones · M.1 Zapatas ·
   * ACT1 Excavar (3 days) → ACT2 Hormigonar (4 days), room after room: 23 tasks, 15 of them summaries
   * stored as built (5 days from the project's start) while the links push their tasks weeks on.
   */
  async function generated(): Promise<{ id: string; gantt: WireGantt }> {
    const project = await createSequencedProject(t, member.cookie, 'train');
    const codes: Record<number, string> = { 3: '1.1', 4: '1.2', 6: '2.1', 7: '2.2' };
    for (const room of [3, 4, 6, 7]) {
      await saveSequencedEdc(t, member.cookie, project.id, room, sequencedEdcList(`${project.code}.${codes[room]}`));
    }
    return { id: project.id, gantt: await loadGanttOk(t, member.cookie, project.id) };
  }

  function byKey(gantt: Pick<WireGantt, 'activities'>, key: string): WireGanttTask {
    const task = gantt.activities.find((candidate) => candidate.sourceKey === key);
    if (!task) throw new Error(`no hay tarea ${key}`);
    return task;
  }

  function applied(edit: GanttEdit): GanttDraftTask[] {
    if (!edit.ok) throw new Error(edit.error);
    return edit.tasks;
  }

  /** The task editor's 'Actualizar' on a draft task, with the fields of `changes` replaced. */
  function editTask(draft: GanttDraftTask[], id: number, changes: Partial<GanttDraftTask>): GanttDraftTask[] {
    const task = draft.find((candidate) => candidate.id === id);
    if (!task) throw new Error(`no hay tarea ${id}`);
    const next = { ...task, ...changes };
    return applied(
      updateGanttTask(draft, id, {
        code: next.code,
        name: next.name,
        start: next.start,
        duration: next.duration,
        progress: next.progress,
        predecessors: next.predecessors,
      }),
    );
  }

  it("4 edits on a freshly generated Gantt, then 'Grabar Gantt': 'Gantt: 4 tareas cambiadas', those 4 and nothing else", async () => {
    const { id, gantt } = await generated();
    const summaries = gantt.activities.filter((task) => task.isSummary);
    expect(summaries).toHaveLength(15);
    // as generated, the summaries are stored as built: 5 days, while the train makes them span weeks
    const storedBefore = await storedGantt(t, id);
    expect(storedBefore.tasks.find((task) => task.id === byKey(gantt, 'edp:1').TaskID)?.duration).toBe(5);
    expect(byKey(gantt, 'edp:1').Duration).toBeGreaterThan(5);

    // the screen's own edits, on the draft it loads and sends (domain gantt-edits)
    const ids = (key: string) => byKey(gantt, key).TaskID;
    let draft = draftFromActivities(gantt.activities as GanttTask[]);
    // 1. room 3's Excavar lasts 5 days (its summaries and every task after it move)
    draft = editTask(draft, ids('edc:3:act1'), { duration: 5 });
    // 2. the train's link into room 4's Hormigonar (from room 3's) deleted
    draft = applied(removeGanttLink(draft, ids('edc:3:act2'), ids('edc:4:act2')));
    // 3. room 6's Excavar no earlier than Monday 2 February
    draft = editTask(draft, ids('edc:6:act1'), { start: '2026-02-02' });
    // 4. a link drawn from room 3's Hormigonar to room 7's Excavar
    draft = applied(addGanttLink(draft, ids('edc:3:act2'), ids('edc:7:act1'), 'SS', 2));
    const saved = await saveGanttOk(t, member.cookie, id, { activities: activitiesFromDraft(draft) }, gantt.version);
    // the summaries' starts and durations moved (rolled up anew), and are stored so
    expect(byKey(saved, 'edp:1').Duration).not.toBe(byKey(gantt, 'edp:1').Duration);
    const storedAfter = await storedGantt(t, id);
    expect(storedAfter.tasks.find((task) => task.id === ids('edp:1'))?.duration).toBe(byKey(saved, 'edp:1').Duration);

    const entry = await latestEntry(id);
    expect(entry.functionName).toBe('saveGantt');
    expect(entry.summary).toBe('Gantt: 4 tareas cambiadas');
    const code = (key: string) => byKey(gantt, key).TaskCode;
    expect(entry.detail.tasks).toEqual([
      { code: code('edc:3:act1'), name: 'Excavar', changes: [{ field: 'duration', from: '3 días', to: '5 días' }] },
      {
        code: code('edc:4:act2'),
        name: 'Hormigonar',
        changes: [
          {
            field: 'links',
            from: [`${code('edc:3:act2')}FS`, `${code('edc:4:act1')}FS`].sort().join(', '),
            to: `${code('edc:4:act1')}FS`,
          },
        ],
      },
      {
        code: code('edc:6:act1'),
        name: 'Excavar',
        changes: [{ field: 'start', from: '02-01-2026', to: '02-02-2026' }],
      },
      {
        code: code('edc:7:act1'),
        name: 'Excavar',
        changes: [
          {
            field: 'links',
            from: `${code('edc:6:act1')}FS`,
            to: [`${code('edc:3:act2')}SS+2`, `${code('edc:6:act1')}FS`].sort().join(', '),
          },
        ],
      },
    ]);
    expect(entry.detail.added).toEqual([]);
    expect(entry.detail.removed).toEqual([]);
    expect(entry.detail.omitted).toBe(0);

    // the next save, with the summaries stored rolled up: one more edit, one task; the roll-ups it
    // moves again are not listed, nor room 7's Excavar renamed in its EDC meanwhile (loadGantt answers
    // the EDC's name without writing it; saveEdc's own entry tells the rename)
    await saveSequencedEdc(
      t,
      member.cookie,
      id,
      7,
      sequencedEdcList(code(`edp:7`)).map((item) => (item.code === 'ACT1' ? { ...item, name: 'Excavación' } : item)),
      1,
    );
    const reloaded = await loadGanttOk(t, member.cookie, id);
    expect(byKey(reloaded, 'edc:7:act1').TaskName).toBe('Excavación');
    const storedName = (await storedGantt(t, id)).tasks.find((task) => task.id === ids('edc:7:act1'))?.name;
    expect(storedName).toBe('Excavar');
    const lengthened = editTask(draftFromActivities(reloaded.activities as GanttTask[]), ids('edc:7:act2'), {
      duration: 9,
    });
    const again = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: activitiesFromDraft(lengthened) },
      reloaded.version,
    );
    expect(byKey(again, 'edp:1').Duration).toBeGreaterThan(byKey(reloaded, 'edp:1').Duration);
    const second = await latestEntry(id);
    expect(second.summary).toBe('Gantt: 1 tarea cambiada');
    expect(second.detail.tasks).toEqual([
      { code: code('edc:7:act2'), name: 'Hormigonar', changes: [{ field: 'duration', from: '4 días', to: '9 días' }] },
    ]);

    // and the loaded Gantt saved as it came: nothing changed
    const last = await loadGanttOk(t, member.cookie, id);
    await saveGanttOk(t, member.cookie, id, { activities: last.activities }, last.version);
    expect((await latestEntry(id)).summary).toBe('Gantt: sin cambios');
  });
});
