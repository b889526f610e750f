import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGantt, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { importProject } from '../../test/support/mspdi';
import { saveProgressOk } from '../../test/support/progress';
import { uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { exportGanttMspdi } from '../exchange/mspdi-exchange';

/**
 * Issue 34: 'Inicio fijo («Debe comenzar el»)' (MustStartOn, MS Project's Must Start On) and
 * 'Reanudar' (Resume, MS Project's Resume) through loadGantt/saveGantt on both databases: stored,
 * answered, kept when a save leaves them out, scheduled by the engine, checked at the edge, dropped
 * by a new progress as a remaining duration is, exported to MS Project XML and read back.
 *
 * createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
 * 10 P.2.1 · 11 P.2.2; the leaves start on Friday 2 January 2026 and last 5 working days (to
 * Thursday 8). January 2026 has no holiday after Thursday 1.
 */
const P12 = 8;
const P21 = 10;
const P22 = 11;
const CUTOFF = '2026-01-14';

type Task = WireGantt['activities'][number] & { MustStartOn?: boolean; Resume?: string };

describe.each(databaseKinds)('must-start-on and Resume (%s)', (kind) => {
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

  const byId = (gantt: Pick<WireGantt, 'activities'>, id: number) =>
    gantt.activities.find((task) => task.TaskID === id) as Task;

  it('a must-start-on holds its day against a link and the cut-off; kept when left out, cleared with false', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    // P.2.2 follows P.1.2 (FS, which ends Thursday 8) but must start on Tuesday 6
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          task.TaskID === P22
            ? { ...task, Predecessor: String(P12), StartNoEarlierThan: '2026-01-06', MustStartOn: true }
            : task,
        ),
      },
      loaded.version,
    );
    expect(byId(saved, P22)).toMatchObject({ StartDate: '2026-01-06', EndDate: '2026-01-12', MustStartOn: true });
    // the link it breaks shows: P.1.2 has negative float
    expect(byId(saved, P12).totalFloat).toBeLessThan(0);
    const row = await t.db
      .selectFrom('gantt_task')
      .select(['must_start_on', 'resume'])
      .where('project_id', '=', id)
      .where('id', '=', P22)
      .executeTakeFirstOrThrow();
    expect(Number(row.must_start_on)).toBe(1);
    // a save that leaves it out keeps it (an older screen, a script)
    const without = asInput(saved.activities).map(({ MustStartOn: _m, ...task }: Record<string, unknown>) => task);
    const kept = await saveGanttOk(t, member.cookie, id, { activities: without }, saved.version);
    expect(byId(kept, P22)).toMatchObject({ StartDate: '2026-01-06', MustStartOn: true });
    // a cut-off after its day does not move it while it has not started
    const tracked = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P21, ActualStart: '2026-01-05', Progress: 20 }],
      version: kept.version,
    });
    expect(byId(tracked, P22)).toMatchObject({ StartDate: '2026-01-06', EndDate: '2026-01-12' });
    // false makes it a start no earlier than again: the link places it (P.1.2, not started, runs from
    // the cut-off, Wednesday 14, to Tuesday 20)
    const freed = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(tracked.activities).map((task) =>
          task.TaskID === P22 ? { ...task, MustStartOn: false } : task,
        ),
      },
      tracked.version,
    );
    expect('MustStartOn' in byId(freed, P22)).toBe(false);
    expect(byId(freed, P22).StartDate).toBe('2026-01-21');
  });

  it('Resume places the remaining work of a task under way; a new progress without one drops it', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const started = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40 }],
      version: loaded.version,
    });
    // 40 % of 5 days: 3 left from the cut-off (14–16 January); stopped until Monday 26: 26–28 January
    expect(byId(started, P12).EndDate).toBe('2026-01-16');
    const resumed = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(started.activities).map((task) =>
          task.TaskID === P12 ? { ...task, Resume: '2026-01-26' } : task,
        ),
      },
      started.version,
    );
    expect(byId(resumed, P12)).toMatchObject({ StartDate: '2026-01-05', EndDate: '2026-01-28', Resume: '2026-01-26' });
    // the loaded Gantt sent back as it came keeps it; so does one that leaves it out
    const again = await saveGanttOk(t, member.cookie, id, { activities: asInput(resumed.activities) }, resumed.version);
    expect(byId(again, P12).Resume).toBe('2026-01-26');
    const without = asInput(again.activities).map(({ Resume: _r, ...task }: Record<string, unknown>) => task);
    const kept = await saveGanttOk(t, member.cookie, id, { activities: without }, again.version);
    expect(byId(kept, P12)).toMatchObject({ EndDate: '2026-01-28', Resume: '2026-01-26' });
    // a new progress at a new cut-off places the remaining work again: the Resume goes
    const progressed = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: '2026-01-21',
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 60 }],
      version: kept.version,
    });
    expect('Resume' in byId(progressed, P12)).toBe(false);
    // 2 days left from Wednesday 21
    expect(byId(progressed, P12).EndDate).toBe('2026-01-22');
  });

  it('refuses a Resume on a task not under way or before its actual start, and a MustStartOn that is not true or false, changing nothing', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const tracked = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40 }],
      version: loaded.version,
    });
    for (const [taskId, change, message] of [
      [P21, { Resume: '2026-01-20' }, 'la reanudación solo se registra en una tarea en curso'],
      [P12, { Resume: '2026-01-02' }, 'la reanudación no puede ser anterior al inicio real'],
      [P12, { Resume: '2026-02-30' }, 'Resume'],
      [P22, { MustStartOn: 'sí' }, 'MustStartOn: debe ser verdadero o falso'],
    ] as const) {
      const response = await saveGantt(
        t,
        member.cookie,
        id,
        {
          activities: asInput(tracked.activities).map((task) =>
            task.TaskID === taskId ? { ...task, ...change } : task,
          ),
        },
        tracked.version,
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.body.error.message).toContain(message);
    }
    expect((await loadGanttOk(t, member.cookie, id)).version).toBe(tracked.version);
  });

  it('go out to MS Project XML as an MSO constraint and Resume, and come back in on the same days', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const tracked = await saveProgressOk(t, member.cookie, {
      id,
      cutoff: CUTOFF,
      entries: [{ TaskID: P12, ActualStart: '2026-01-05', Progress: 40 }],
      version: loaded.version,
    });
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(tracked.activities).map((task) =>
          task.TaskID === P12
            ? { ...task, Resume: '2026-01-26' }
            : task.TaskID === P22
              ? { ...task, StartNoEarlierThan: '2026-01-20', MustStartOn: true }
              : task,
        ),
      },
      tracked.version,
    );
    const file = await exportGanttMspdi(t.db, id);
    expect(file.content).toContain('<Resume>2026-01-26T08:00:00</Resume>');
    expect(file.content).toMatch(
      /<ConstraintType>2<\/ConstraintType>\s*<CalendarUID>-1<\/CalendarUID>\s*<ConstraintDate>2026-01-20T08:00:00/,
    );
    const response = await importProject(t, member.cookie, {
      content: file.content,
      code: uniqueProjectCode('MSO'),
      fileName: file.fileName,
    });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 400)).toBe(200);
    const back = await loadGanttOk(t, member.cookie, response.body.result.project._id);
    // the same outline, so the same ids (the root is the file's project row)
    expect(back.activities.map((task) => task.TaskName)).toEqual(saved.activities.map((task) => task.TaskName));
    expect(byId(back, P12)).toMatchObject({ EndDate: '2026-01-28', Resume: '2026-01-26' });
    expect(byId(back, P22)).toMatchObject({ StartDate: '2026-01-20', MustStartOn: true });
  });
});
