import { GANTT_STALE_MESSAGE } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  asInput,
  createSequencedProject,
  linkKeys,
  loadGanttOk,
  regenerateGanttSequence,
  regenerateGanttSequenceOk,
  saveGanttOk,
  saveSequencedEdc,
  sequencedEdcList,
  storedGantt,
  storedSequencing,
} from '../../test/support/gantt';
import type { Sequencing, WireGantt } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

/** Rule 2 in the four rooms of createSequencedProject's EDP (3, 4 under P.1; 6, 7 under P.2). */
const PRIORITY_LINKS = [3, 4, 6, 7].map((room) => `edc:${room}:act1>edc:${room}:act2`);
/** Rule 4: room after room within each level-1 area. */
const TRAIN_LINKS = [
  'edc:3:act1>edc:4:act1',
  'edc:3:act2>edc:4:act2',
  'edc:6:act1>edc:7:act1',
  'edc:6:act2>edc:7:act2',
];
const ALL_LINKS = [...PRIORITY_LINKS, ...TRAIN_LINKS].sort();

describe.each(databaseKinds)('regenerateGanttSequence (%s)', (kind) => {
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

  async function loadedProject(sequencing?: Sequencing): Promise<{ id: string; code: string; gantt: WireGantt }> {
    const project = await createSequencedProject(t, member.cookie, sequencing);
    const codes: Record<number, string> = { 3: '1.1', 4: '1.2', 6: '2.1', 7: '2.2' };
    for (const room of [3, 4, 6, 7]) {
      await saveSequencedEdc(t, member.cookie, project.id, room, sequencedEdcList(`${project.code}.${codes[room]}`));
    }
    return { ...project, gantt: await loadGanttOk(t, member.cookie, project.id) };
  }

  function byKey(gantt: Pick<WireGantt, 'activities'>, key: string) {
    const task = gantt.activities.find((candidate) => candidate.sourceKey === key);
    if (!task) throw new Error(`no hay tarea ${key}`);
    return task;
  }

  /** The task fields a regeneration must keep, by source key (or code for the user's tasks). */
  function taskFields(gantt: Pick<WireGantt, 'activities'>) {
    return gantt.activities.map((task) => ({
      key: task.sourceKey ?? task.TaskCode,
      TaskID: task.TaskID,
      TaskName: task.TaskName,
      Duration: task.isSummary ? undefined : task.Duration,
      Progress: task.Progress,
      ParentId: task.ParentId,
    }));
  }

  it('keeps every user edit (durations, starts, names, tree, user links and tasks) and brings back deleted generated links; says what it did', async () => {
    const { id, gantt } = await loadedProject();
    const ids = (key: string) => byKey(gantt, key).TaskID;
    const activities = asInput(gantt.activities).map((task) => {
      switch (task.sourceKey) {
        // (a built task's name follows its EDC item on every load, as before issue 13; the user's own task keeps its name)
        case 'edc:3:act1':
          return { ...task, Duration: 6 };
        // a deleted generated link (from room 3's Excavar)
        case 'edc:4:act1':
          return { ...task, Predecessor: '', StartDate: '2026-03-02' };
        // a user link besides the generated ones
        case 'edc:7:act1':
          return { ...task, Predecessor: `${task.Predecessor ? `${task.Predecessor},` : ''}${ids('edc:3:act2')}FF+1` };
        default:
          return task;
      }
    });
    activities.push({
      TaskID: 100,
      TaskCode: 'H1',
      TaskName: 'Recepción',
      StartDate: '2026-02-02',
      Duration: 0,
      Progress: 0,
      ParentId: ids('edp:1'),
      Predecessor: `${ids('edc:7:act2')}`,
    });
    const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    const userLinks = ['edc:3:act2>edc:7:act1 usuario FF+1', 'edc:7:act2>H1 usuario'];
    expect(linkKeys(saved)).toEqual(
      [...ALL_LINKS.filter((key) => key !== 'edc:3:act1>edc:4:act1'), ...userLinks].sort(),
    );
    expect((await storedSequencing(t, id)).removed).toEqual(['edc:3:act1>edc:4:act1']);
    const before = await storedSequencing(t, id);

    const regenerated = await regenerateGanttSequenceOk(t, member.cookie, id, 'train', saved.version);
    expect(regenerated.message).toBe(
      'Secuencia regenerada: 8 vínculos generados (1 nuevo, 0 quitados); se conservan 2 vínculos tuyos',
    );
    expect(regenerated.version).toBe(saved.version + 1);
    expect(regenerated.sequencing).toBe('train');
    expect(linkKeys(regenerated)).toEqual([...ALL_LINKS, ...userLinks].sort());
    expect(taskFields(regenerated)).toEqual(taskFields(saved));
    // the start the user gave room 4's Excavar stays a "no earlier than"
    expect(byKey(regenerated, 'edc:4:act1').StartDate).toBe('2026-03-02');
    const after = await storedSequencing(t, id);
    expect(after.removed).toEqual([]);
    expect(after.user).toEqual(before.user);
    // the same option: the project's own version stays
    expect(after.version).toBe(before.version);
    // a load afterwards answers the same
    expect(linkKeys(await loadGanttOk(t, member.cookie, id))).toEqual(linkKeys(regenerated));
  });

  it("a Gantt saved under 'train' re-flows on 'priority': the tasks the train pushed go back to their \"no earlier than\"; a start the user moved stays", async () => {
    const { id, gantt } = await loadedProject('train');
    // the train put room 4 after room 3 (and room 7 after room 6)
    expect(byKey(gantt, 'edc:4:act1').StartDate > byKey(gantt, 'edc:3:act1').StartDate).toBe(true);
    expect(byKey(gantt, 'edc:4:act1').StartNoEarlierThan).toBe(byKey(gantt, 'edc:3:act1').StartDate);
    // saved as the screen sends it back (StartDate = StartNoEarlierThan), with room 7's Excavar moved by the user
    const activities = asInput(gantt.activities).map((task) =>
      task.sourceKey === 'edc:7:act1' ? { ...task, StartDate: '2026-03-02' } : task,
    );
    const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    expect(byKey(saved, 'edc:4:act1').StartDate).toBe(byKey(gantt, 'edc:4:act1').StartDate);
    expect(byKey(saved, 'edc:7:act1')).toMatchObject({ StartDate: '2026-03-02', StartNoEarlierThan: '2026-03-02' });
    // stored: the constraints, not where the train put the tasks
    const stored = await storedGantt(t, id);
    const storedStart = (key: string) => stored.tasks.find((task) => task.sourceKey === key)?.start;
    expect(storedStart('edc:4:act2')).toBe(byKey(gantt, 'edc:3:act1').StartDate);
    expect(storedStart('edc:7:act1')).toBe('2026-03-02');

    const regenerated = await regenerateGanttSequenceOk(t, member.cookie, id, 'priority', saved.version);
    expect(linkKeys(regenerated)).toEqual([...PRIORITY_LINKS].sort());
    // room 4's activities now start on room 3's days: the train's links no longer push them
    for (const activity of ['act1', 'act2']) {
      expect(byKey(regenerated, `edc:4:${activity}`).StartDate).toBe(byKey(regenerated, `edc:3:${activity}`).StartDate);
      expect(byKey(regenerated, `edc:6:${activity}`).StartDate).toBe(byKey(regenerated, `edc:3:${activity}`).StartDate);
    }
    expect(byKey(regenerated, 'edc:4:act2').StartDate < byKey(saved, 'edc:4:act2').StartDate).toBe(true);
    // the start the user moved stays (and its Hormigonar follows it)
    expect(byKey(regenerated, 'edc:7:act1')).toMatchObject({
      StartDate: '2026-03-02',
      StartNoEarlierThan: '2026-03-02',
    });
    expect(byKey(regenerated, 'edc:7:act2').StartDate > '2026-03-02').toBe(true);
    // a load afterwards answers the same schedule
    expect((await loadGanttOk(t, member.cookie, id)).activities).toEqual(regenerated.activities);
  });

  it('regenerating twice gives the same links and writes no link the second time', async () => {
    const { id, gantt } = await loadedProject();
    const first = await regenerateGanttSequenceOk(t, member.cookie, id, 'train', gantt.version);
    const stored = await storedGantt(t, id);
    const second = await regenerateGanttSequenceOk(t, member.cookie, id, 'train', first.version);
    expect(linkKeys(second)).toEqual(linkKeys(first));
    expect(linkKeys(first)).toEqual(ALL_LINKS);
    expect(second.message).toBe(
      'Secuencia regenerada: 8 vínculos generados (0 nuevos, 0 quitados); no hay vínculos tuyos que conservar',
    );
    const again = await storedGantt(t, id);
    expect(again.links).toEqual(stored.links);
    expect(again.tasks).toEqual(stored.tasks);
  });

  it('switches the option: the project and its version move on, the generated links follow the new rules, user links stay', async () => {
    const { id, gantt } = await loadedProject();
    const activities = asInput(gantt.activities).map((task) =>
      task.sourceKey === 'edc:7:act1'
        ? { ...task, Predecessor: `${task.Predecessor},${byKey(gantt, 'edc:3:act1').TaskID}SS` }
        : task,
    );
    const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    const before = await storedSequencing(t, id);

    const priority = await regenerateGanttSequenceOk(t, member.cookie, id, 'priority', saved.version);
    expect(priority.sequencing).toBe('priority');
    expect(priority.message).toBe(
      'Secuencia regenerada: 4 vínculos generados (0 nuevos, 4 quitados); se conserva 1 vínculo tuyo',
    );
    expect(linkKeys(priority)).toEqual([...PRIORITY_LINKS, 'edc:3:act1>edc:7:act1 usuario SS+0'].sort());
    const stored = await storedSequencing(t, id);
    expect(stored.sequencing).toBe('priority');
    expect(stored.version).toBe(before.version + 1);
    // a later load keeps the new option
    expect(linkKeys(await loadGanttOk(t, member.cookie, id))).toEqual(linkKeys(priority));

    const none = await regenerateGanttSequenceOk(t, member.cookie, id, 'none', priority.version);
    expect(linkKeys(none)).toEqual(['edc:3:act1>edc:7:act1 usuario SS+0']);
    const train = await regenerateGanttSequenceOk(t, member.cookie, id, 'train', none.version);
    // the pair the user joined keeps the user's link, with no generated twin
    expect(linkKeys(train)).toEqual([...ALL_LINKS, 'edc:3:act1>edc:7:act1 usuario SS+0'].sort());
    expect((await storedSequencing(t, id)).version).toBe(before.version + 3);
  });

  it('an edited generated link (lag changed) is the user’s and survives regeneration, without a generated twin', async () => {
    const { id, gantt } = await loadedProject('priority');
    const activities = asInput(gantt.activities).map((task) =>
      task.sourceKey === 'edc:3:act2' ? { ...task, Predecessor: `${byKey(gantt, 'edc:3:act1').TaskID}FS+3` } : task,
    );
    const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    const regenerated = await regenerateGanttSequenceOk(t, member.cookie, id, 'priority', saved.version);
    expect(linkKeys(regenerated)).toEqual(
      ['edc:3:act1>edc:3:act2 usuario FS+3', ...PRIORITY_LINKS.filter((key) => !key.startsWith('edc:3:'))].sort(),
    );
    expect(regenerated.message).toBe(
      'Secuencia regenerada: 3 vínculos generados (0 nuevos, 0 quitados); se conserva 1 vínculo tuyo',
    );
  });

  it('refuses a stale version with ABORTED and writes nothing; an unknown project is NOT_FOUND', async () => {
    const { id, gantt } = await loadedProject();
    const activities = asInput(gantt.activities).map((task) =>
      task.sourceKey === 'edc:4:act1' ? { ...task, Predecessor: '' } : task,
    );
    await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    const before = { gantt: await storedGantt(t, id), sequencing: await storedSequencing(t, id) };
    const response = await regenerateGanttSequence(t, member.cookie, id, 'priority', gantt.version);
    expect(response.statusCode).toBe(409);
    expect(response.body.error).toMatchObject({ status: 'ABORTED', message: GANTT_STALE_MESSAGE });
    expect(await storedGantt(t, id)).toEqual(before.gantt);
    expect(await storedSequencing(t, id)).toEqual(before.sequencing);
    expect(before.sequencing.removed).toEqual(['edc:3:act1>edc:4:act1']);

    const unknown = await regenerateGanttSequence(t, member.cookie, UNKNOWN_ID, 'train', 0);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.error).toMatchObject({ status: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });

  it('on a Gantt never loaded, builds and sequences it', async () => {
    const project = await createSequencedProject(t, member.cookie, 'none');
    await saveSequencedEdc(t, member.cookie, project.id, 3, sequencedEdcList(`${project.code}.1.1`));
    await saveSequencedEdc(t, member.cookie, project.id, 4, sequencedEdcList(`${project.code}.1.2`));
    const regenerated = await regenerateGanttSequenceOk(t, member.cookie, project.id, 'train', 0);
    expect(linkKeys(regenerated)).toEqual(
      ['edc:3:act1>edc:3:act2', 'edc:4:act1>edc:4:act2', 'edc:3:act1>edc:4:act1', 'edc:3:act2>edc:4:act2'].sort(),
    );
    expect(regenerated.message).toBe(
      'Secuencia regenerada: 4 vínculos generados (4 nuevos, 0 quitados); no hay vínculos tuyos que conservar',
    );
  });
});
