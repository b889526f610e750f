import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, createGanttProject, loadGanttOk, saveGantt, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import { importProject } from '../../test/support/mspdi';
import { uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { exportGanttMspdi } from '../exchange/mspdi-exchange';

/**
 * Issue 34: a task's 'Notas' and 'Fecha límite' (MS Project's Notes and Deadline). Stored, answered
 * by loadGantt, kept when a save leaves them out, cleared with null, checked at the edge; exported
 * to MS Project XML and read back. The deadline never moves the task.
 *
 * createGanttProject's Gantt: 1 P · 2 P.1 · 3 P.1.1 · 4 M · 5 M.1 · 6 ACT1 · 7 ACT2 · 8 P.1.2 · 9 P.2 ·
 * 10 P.2.1 · 11 P.2.2; the leaves start on Friday 2 January 2026 and last 5 working days (to Thursday 8).
 */
const ACT1 = 6;
const P2 = 9;

type Noted = WireGantt['activities'][number] & { Notes?: string; Deadline?: string };

describe.each(databaseKinds)('task notes and deadline (%s)', (kind) => {
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
    gantt.activities.find((task) => task.TaskID === id) as Noted;

  it('are stored and answered, kept when a save leaves them out, cleared with null; the deadline moves nothing', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    const notes = 'Moldaje metálico arrendado.\nVer contrato, anexo 2.';
    const saved = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          task.TaskID === ACT1
            ? { ...task, Notes: notes, Deadline: '2026-01-06' }
            : task.TaskID === P2
              ? { ...task, Deadline: '2026-01-30' }
              : task,
        ),
      },
      loaded.version,
    );
    // finishing on Thursday 8 after a deadline on Tuesday 6: still on its dates
    expect(byId(saved, ACT1)).toMatchObject({ Notes: notes, Deadline: '2026-01-06', EndDate: '2026-01-08' });
    expect(byId(saved, P2)).toMatchObject({ Deadline: '2026-01-30' });
    expect(byId(loaded, ACT1).EndDate).toBe('2026-01-08');
    const reloaded = await loadGanttOk(t, member.cookie, id);
    expect(byId(reloaded, ACT1)).toMatchObject({ Notes: notes, Deadline: '2026-01-06' });
    // a save that leaves them out keeps them (an older screen, a script)
    const without = asInput(reloaded.activities).map(({ Notes: _n, Deadline: _d, ...task }) => task);
    const kept = await saveGanttOk(t, member.cookie, id, { activities: without }, reloaded.version);
    expect(byId(kept, ACT1)).toMatchObject({ Notes: notes, Deadline: '2026-01-06' });
    // null clears them
    const cleared = await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(kept.activities).map((task) =>
          task.TaskID === ACT1 ? { ...task, Notes: null, Deadline: null } : task,
        ),
      },
      kept.version,
    );
    expect('Notes' in byId(cleared, ACT1) || 'Deadline' in byId(cleared, ACT1)).toBe(false);
    const row = await t.db
      .selectFrom('gantt_task')
      .select(['notes', 'deadline'])
      .where('project_id', '=', id)
      .where('id', '=', ACT1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ notes: null, deadline: null });
  });

  it('refuses a deadline that is not a day and notes over 10,000 characters, in Spanish, changing nothing', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    for (const [change, message] of [
      [{ Deadline: '2026-02-30' }, 'Deadline'],
      [{ Deadline: 'mañana' }, 'Deadline'],
      [{ Notes: 'x'.repeat(10_001) }, 'Notes: debe tener como máximo 10000 caracteres'],
    ] as const) {
      const response = await saveGantt(
        t,
        member.cookie,
        id,
        {
          activities: asInput(loaded.activities).map((task) => (task.TaskID === ACT1 ? { ...task, ...change } : task)),
        },
        loaded.version,
      );
      expect(response.statusCode, JSON.stringify(change).slice(0, 40)).toBe(400);
      expect(response.body.error.message).toContain(message);
    }
    expect((await loadGanttOk(t, member.cookie, id)).version).toBe(loaded.version);
  });

  it('go out to MS Project XML as Notes and Deadline and come back in', async () => {
    const { id } = await createGanttProject(t, member.cookie);
    const loaded = await loadGanttOk(t, member.cookie, id);
    await saveGanttOk(
      t,
      member.cookie,
      id,
      {
        activities: asInput(loaded.activities).map((task) =>
          task.TaskID === ACT1 ? { ...task, Notes: 'Revisar <planos> & cubicación', Deadline: '2026-01-07' } : task,
        ),
      },
      loaded.version,
    );
    const file = await exportGanttMspdi(t.db, id);
    expect(file.content).toContain('<Deadline>2026-01-07T17:00:00</Deadline>');
    expect(file.content).toContain('<Notes>Revisar &lt;planos&gt; &amp; cubicación</Notes>');
    const response = await importProject(t, member.cookie, {
      content: file.content,
      code: uniqueProjectCode('NOT'),
      fileName: file.fileName,
    });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 400)).toBe(200);
    expect(response.body.result.warnings).toEqual([]);
    const back = await loadGanttOk(t, member.cookie, response.body.result.project._id);
    const task = back.activities.find((candidate) => candidate.TaskName === byId(loaded, ACT1).TaskName) as Noted;
    expect(task).toMatchObject({ Notes: 'Revisar <planos> & cubicación', Deadline: '2026-01-07' });
  });
});
