import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import {
  createSequencedProject,
  loadGanttOk,
  saveGantt,
  saveGanttOk,
  saveSequencedEdc,
  sequencedEdcList,
  storedGantt,
} from '../../test/support/gantt';
import type { WireGantt, WireGanttTask } from '../../test/support/gantt';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * issue 32, 'The API says what it means': saveGantt reads a task's StartNoEarlierThan as its start
 * when it comes (StartDate only when it does not), so loadGantt's answer sent back as it came, with one
 * duration changed, moves that task's successors both ways.
 */
describe.each(databaseKinds)('saveGantt takes StartNoEarlierThan as the start (%s)', (kind) => {
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

  /**
   * A generated 'Tren de actividades' project: four rooms (EDP items 3, 4 under P.1; 6, 7 under P.2),
   * each with ACT1 Excavar (3 days) → ACT2 Hormigonar (4 days), room 4 after room 3 and room 7 after
   * room 6; every leaf's own start is Friday 2 January 2026 (Thursday 1 is Año Nuevo).
   */
  async function loadedTrain(): Promise<{ id: string; gantt: WireGantt }> {
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

  /** The answer's activities exactly as they came (StartDate computed, StartNoEarlierThan beside it), one duration changed. */
  function sentBack(gantt: WireGantt, key: string, duration: number): WireGanttTask[] {
    return gantt.activities.map((task) => (task.sourceKey === key ? { ...task, Duration: duration } : task));
  }

  const starts = (gantt: Pick<WireGantt, 'activities'>) =>
    ['edc:3:act1', 'edc:3:act2', 'edc:4:act1', 'edc:4:act2'].map((key) => byKey(gantt, key).StartDate);

  it('a loaded Gantt sent back with one duration shortened moves its successors earlier, and lengthened later', async () => {
    const { id, gantt } = await loadedTrain();
    // Excavar 3 days (Fri 2, Mon 5, Tue 6); its Hormigonar (Wed 7 … Mon 12) and room 4's Excavar follow on
    // Wednesday 7; room 4's Hormigonar after both Hormigonar and Excavar, on Tuesday 13
    expect(starts(gantt)).toEqual(['2026-01-02', '2026-01-07', '2026-01-07', '2026-01-13']);
    const successors = ['edc:3:act2', 'edc:4:act1', 'edc:4:act2'];
    // the computed starts differ from the tasks' own: reading them as the constraint would pin them
    for (const key of successors) expect(byKey(gantt, key).StartNoEarlierThan).toBe('2026-01-02');

    // shortened to 1 day (Friday 2): the successors start earlier, Monday 5, and room 4's Hormigonar after
    // room 3's (Mon 5 … Thu 8) on Friday 9
    const shorter = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: sentBack(gantt, 'edc:3:act1', 1) },
      gantt.version,
    );
    expect(starts(shorter)).toEqual(['2026-01-02', '2026-01-05', '2026-01-05', '2026-01-09']);
    for (const key of successors) {
      expect(byKey(shorter, key).StartDate < byKey(gantt, key).StartDate).toBe(true);
      expect(byKey(shorter, key).StartNoEarlierThan).toBe('2026-01-02');
    }

    // the saved answer sent back as it came, lengthened to 6 days (Fri 2 … Fri 9): the successors start
    // later than at first, Monday 12, and room 4's Hormigonar after room 3's (Mon 12 … Thu 15) on Friday 16
    const longer = await saveGanttOk(
      t,
      member.cookie,
      id,
      { activities: sentBack(shorter, 'edc:3:act1', 6) },
      shorter.version,
    );
    expect(starts(longer)).toEqual(['2026-01-02', '2026-01-12', '2026-01-12', '2026-01-16']);
    for (const key of successors) expect(byKey(longer, key).StartDate > byKey(gantt, key).StartDate).toBe(true);

    // stored: each leaf's own start, never where the links put it; a load answers the same schedule
    const stored = await storedGantt(t, id);
    for (const key of ['edc:3:act1', ...successors]) {
      expect(stored.tasks.find((task) => task.sourceKey === key)?.start).toBe('2026-01-02');
    }
    expect((await loadGanttOk(t, member.cookie, id)).activities).toEqual(longer.activities);
  });

  it('StartNoEarlierThan wins over a different StartDate; StartDate alone (an older script) is still the start', async () => {
    const { id, gantt } = await loadedTrain();
    const activities = gantt.activities.map((task) => {
      // both sent: the constraint is StartNoEarlierThan, whatever StartDate says
      if (task.sourceKey === 'edc:6:act1')
        return { ...task, StartDate: '2026-02-02', StartNoEarlierThan: '2026-03-02' };
      // StartDate alone: it is the start, as before issue 32
      if (task.sourceKey === 'edc:7:act2') {
        const { StartNoEarlierThan: _constraint, ...rest } = task;
        return { ...rest, StartDate: '2026-04-01' };
      }
      return task;
    });
    const saved = await saveGanttOk(t, member.cookie, id, { activities }, gantt.version);
    expect(byKey(saved, 'edc:6:act1')).toMatchObject({ StartDate: '2026-03-02', StartNoEarlierThan: '2026-03-02' });
    expect(byKey(saved, 'edc:7:act2')).toMatchObject({ StartDate: '2026-04-01', StartNoEarlierThan: '2026-04-01' });
  });

  it('refuses a task with neither StartNoEarlierThan nor StartDate, or a StartNoEarlierThan past the horizon, naming it; nothing changes', async () => {
    const { id, gantt } = await loadedTrain();
    const act1 = byKey(gantt, 'edc:3:act1');
    const index = gantt.activities.indexOf(act1);
    const without = gantt.activities.map((task) => {
      if (task !== act1) return task;
      const { StartDate: _start, StartNoEarlierThan: _constraint, ...rest } = task;
      return rest;
    });
    const missing = await saveGantt(t, member.cookie, id, { activities: without }, gantt.version);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.error.status).toBe('INVALID_ARGUMENT');
    expect(missing.body.error.message).toContain(`gantt.activities.${index}.StartNoEarlierThan`);
    expect(missing.body.error.message).toContain('es obligatorio (el inicio de la tarea; o StartDate)');

    const far = gantt.activities.map((task) => (task === act1 ? { ...task, StartNoEarlierThan: '2200-01-05' } : task));
    const late = await saveGantt(t, member.cookie, id, { activities: far }, gantt.version);
    expect(late.body.error.status).toBe('INVALID_ARGUMENT');
    expect(late.body.error.message).toMatch(
      new RegExp(`^Tarea ACT1 \\(${act1.TaskID}\\): StartNoEarlierThan: debe ser anterior al \\d\\d-\\d\\d-\\d{4}$`),
    );
    expect((await loadGanttOk(t, member.cookie, id)).version).toBe(gantt.version);
  });
});
