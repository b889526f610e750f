import { parsePredecessors } from '@cimiento/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { loadGanttOk, saveGanttOk } from '../../test/support/gantt';
import type { WireGantt, WireGanttTask } from '../../test/support/gantt';
import { MSPDI_SAMPLES, importProject, readMspdiSample } from '../../test/support/mspdi';
import { loadProgressHistory, saveProgressOk } from '../../test/support/progress';
import { createProject, uniqueProjectCode } from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';
import { HttpsError } from '../core/https-error';
import { exportGanttMspdi } from './mspdi-exchange';

/**
 * exportGanttMspdi (issue 14; the exportGantt handler's 'mspdi' format): a project's Gantt as an
 * MS Project XML file that importProject reads back to the same tasks, hierarchy, durations, links,
 * lags, calendar and dates, for projects imported from the sample files and for a 2,000-task
 * project built through saveGantt.
 */

/** The Gantt without its EDP root, as positions: what must survive export → import. */
function shape(gantt: WireGantt) {
  const root = gantt.activities[0] as WireGanttTask;
  const tasks = gantt.activities.slice(1);
  const position = new Map(tasks.map((task, index) => [task.TaskID, index]));
  return {
    tasks: tasks.map((task) => ({
      name: task.TaskName,
      parent: task.ParentId === undefined || task.ParentId === root.TaskID ? -1 : position.get(task.ParentId),
      duration: task.Duration,
      progress: task.Progress,
      start: task.StartDate,
      end: task.EndDate,
      summary: task.isSummary,
      critical: task.critical,
      links: (() => {
        const parsed = parsePredecessors(task.Predecessor);
        if (!parsed.ok) throw new Error(parsed.error);
        return parsed.links
          .map((link) => `${position.get(link.predecessorId)}${link.type}${link.lag}`)
          .sort()
          .join(',');
      })(),
    })),
    projectStart: gantt.projectStart,
    projectFinish: gantt.projectFinish,
  };
}

describe.each(databaseKinds)('exportGanttMspdi (%s)', (kind) => {
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

  async function importOk(content: string, extra: Record<string, unknown> = {}) {
    const response = await importProject(t, member.cookie, { content, code: uniqueProjectCode('RT'), ...extra });
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result;
  }

  /** Exports `projectId`, imports the file as a new project, and answers both Gantts. */
  async function roundTrip(projectId: string, chileHolidays = false) {
    const before = await loadGanttOk(t, member.cookie, projectId);
    const file = await exportGanttMspdi(t.db, projectId);
    const again = await importOk(file.content, { fileName: file.fileName, chileHolidays });
    const after = await loadGanttOk(t, member.cookie, again.project._id);
    return { before, after, file, again };
  }

  describe.each(MSPDI_SAMPLES)('a project imported from %s', (sample) => {
    it('comes back the same: tasks, hierarchy, durations, links and lags, calendar, dates', async () => {
      const first = await importOk(readMspdiSample(sample), { fileName: sample });
      const { before, after, file, again } = await roundTrip(first.project._id);

      expect(file.fileName).toBe(`${first.project.code}.xml`);
      expect(file.mimeType).toBe('application/xml');
      expect(file.content).not.toMatch(/<!DOCTYPE/i);
      // the EDP root is the project row: its name names the new project
      expect(again.project.name).toBe(first.project.name);
      expect(shape(after)).toEqual(shape(before));
      expect(after.calendar).toMatchObject({
        workingWeekdays: before.calendar.workingWeekdays,
        exceptions: before.calendar.exceptions,
        chileHolidays: false,
      });
      expect(again.preview).toMatchObject({ start: before.projectStart, finish: before.projectFinish });
    });
  });

  it('a 2,000-task project built through saveGantt comes back the same, its calendar and start constraints too', async () => {
    const created = await createProject(t, member.cookie, {
      name: 'Generado en Cimiento',
      code: uniqueProjectCode('GEN'),
      startYear: '2026',
      endYear: '2027',
      sequencing: 'none',
    });
    const loaded = await loadGanttOk(t, member.cookie, created._id);
    expect(loaded.activities).toHaveLength(1);
    const root = loaded.activities[0] as WireGanttTask;

    // 100 groups: a summary under the root and 19 leaves under it, TaskIDs from 2
    const GROUPS = 100;
    const PER_GROUP = 20;
    const kinds = ['FS', 'SS', 'FF', 'SF', 'FS+2', 'FS-1', 'SS+3', 'FF-2', 'FS+5'];
    const activities: Record<string, unknown>[] = [
      {
        TaskID: root.TaskID,
        TaskCode: root.TaskCode,
        TaskName: root.TaskName,
        StartDate: root.StartNoEarlierThan,
        Duration: 1,
        Progress: 0,
        Predecessor: '',
      },
    ];
    let id = 1;
    let previousGroupLast: number | undefined;
    let previousSummary: number | undefined;
    let constrained = 0;
    for (let group = 1; group <= GROUPS; group += 1) {
      const summary = ++id;
      activities.push({
        TaskID: summary,
        TaskCode: `S${group}`,
        TaskName: `Etapa ${group}`,
        StartDate: '2026-01-05',
        Duration: 1,
        Progress: 0,
        ParentId: root.TaskID,
        // a link between summaries every tenth group
        Predecessor: group % 10 === 0 && previousSummary !== undefined ? `${previousSummary}FS` : '',
      });
      let previous: number | undefined;
      for (let leaf = 1; leaf < PER_GROUP; leaf += 1) {
        const taskId = ++id;
        const k = group * PER_GROUP + leaf;
        let predecessor = '';
        if (previous !== undefined) predecessor = `${previous}${kinds[k % kinds.length]}`;
        else if (previousGroupLast !== undefined) predecessor = `${previousGroupLast}FS`;
        // every 13th leaf without a predecessor-driven start has a later start of its own (a constraint)
        const ownStart = k % 13 === 0;
        if (ownStart) constrained += 1;
        activities.push({
          TaskID: taskId,
          TaskCode: `S${group}.${leaf}`,
          TaskName: `Actividad «${group}.${leaf}» & cía`,
          StartDate: ownStart ? `2026-0${(k % 9) + 1}-1${k % 10}` : '2026-01-05',
          Duration: k % 11 === 0 ? 0 : (k % 7) + 1,
          // issue 15: progress is recorded at a cut-off (saveProgress), not typed into a save
          Progress: 0,
          ParentId: summary,
          Predecessor: predecessor,
        });
        previous = taskId;
      }
      previousGroupLast = previous;
      previousSummary = summary;
    }
    expect(activities).toHaveLength(2001);
    const calendar = {
      workingWeekdays: [1, 2, 3, 4, 5],
      chileHolidays: true,
      exceptions: [
        { date: '2026-03-10', name: 'Paralización de faena', working: false },
        { date: '2026-03-14', name: 'Sábado recuperado', working: true },
      ],
    };
    const saved = await saveGanttOk(t, member.cookie, created._id, { activities, calendar }, loaded.version);
    expect(saved.activities).toHaveLength(2001);

    const { before, after, file } = await roundTrip(created._id);
    expect(shape(after)).toEqual(shape(before));
    // the leaves whose own start is later than the earliest went as start-no-earlier-than constraints
    const leafStarts = before.activities.filter((task) => !task.isSummary).map((task) => task.StartNoEarlierThan);
    const earliest = [...leafStarts].sort()[0] as string;
    const expectedConstraints = leafStarts.filter((start) => start > earliest).length;
    expect(expectedConstraints).toBeGreaterThan(0);
    expect(expectedConstraints).toBeLessThanOrEqual(constrained);
    expect(file.content.match(/<ConstraintType>4<\/ConstraintType>/g)).toHaveLength(expectedConstraints);
    // …and come back as the tasks' own starts
    before.activities.forEach((task, index) => {
      if (!task.isSummary && task.StartNoEarlierThan > earliest) {
        expect(after.activities[index]?.StartNoEarlierThan).toBe(task.StartNoEarlierThan);
      }
    });

    // the calendar: weekdays, the project's exceptions with their names, and the Chilean holidays used
    // as named non-working exceptions (the import leaves Chile's own list off)
    expect(after.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(after.calendar.chileHolidays).toBe(false);
    const exceptions = new Map(after.calendar.exceptions.map((exception) => [exception.date, exception]));
    for (const exception of calendar.exceptions) expect(exceptions.get(exception.date)).toEqual(exception);
    const used = before.calendar.holidays.filter((date) => date >= before.projectStart && date <= before.projectFinish);
    expect(used).toContain('2026-09-18');
    for (const date of used) expect(exceptions.get(date)).toMatchObject({ working: false });
    expect(exceptions.get('2026-09-18')?.name).toBe('Fiestas Patrias');
  });

  it('issue 15: carries the chosen baseline (Baseline 0), actual dates and the latest cut-off (StatusDate)', async () => {
    const imported = await importOk(readMspdiSample(MSPDI_SAMPLES[0] as string));
    const projectId = imported.project._id as string;
    const baseline = await callFunction(t.app, 'saveBaseline', { id: projectId, name: 'Contrato' }, member.cookie);
    expect(baseline.statusCode).toBe(200);
    const gantt = await loadGanttOk(t, member.cookie, projectId);
    const leaf = gantt.activities.find((task) => !task.isSummary && task.Duration > 0) as WireGanttTask;
    await saveProgressOk(t, member.cookie, {
      id: projectId,
      cutoff: leaf.StartDate,
      entries: [{ TaskID: leaf.TaskID, ActualStart: leaf.StartDate, Progress: 40 }],
      version: gantt.version,
    });
    const file = await exportGanttMspdi(t.db, projectId);
    const xml = file.content.replace(/>\s+</g, '><');
    expect(xml).toContain(`<StatusDate>${leaf.StartDate}T08:00:00</StatusDate>`);
    const exported = xml.split('<Task>').find((chunk) => chunk.includes(`<WBS>${leaf.TaskCode}</WBS>`)) ?? '';
    expect(exported).toContain(`<ActualStart>${leaf.StartDate}T08:00:00</ActualStart>`);
    expect(exported).toContain('<PercentComplete>40</PercentComplete>');
    expect(exported).toContain(`<Baseline><Number>0</Number><Start>${leaf.StartDate}T08:00:00</Start>`);
    // every exported task has its baseline (the EDP root is MS Project's project row); the file still imports
    expect(xml.split('<Baseline>').length - 1).toBe(gantt.activities.length - 1);

    // imported again: the progress comes back, recorded at the same cut-off by who imported it
    const again = await importOk(file.content);
    expect(again.warnings).toEqual([]);
    const back = await loadGanttOk(t, member.cookie, again.project._id as string);
    expect((back as WireGantt & { cutoff?: string }).cutoff).toBe(leaf.StartDate);
    const task = back.activities.find((candidate) => candidate.TaskName === leaf.TaskName) as WireGanttTask &
      Record<string, unknown>;
    expect(task).toMatchObject({ ActualStart: leaf.StartDate, Progress: 40, status: 'started' });
    const history = await loadProgressHistory(t, member.cookie, { id: again.project._id as string });
    expect(history.body.result.cutoffs).toMatchObject([
      { cutoff: leaf.StartDate, recordedBy: member.name, taskCount: 1 },
    ]);
  });

  it('issue 33: writes the project’s currency, CLF for a project in UF (not CLP)', async () => {
    const imported = await importOk(readMspdiSample(MSPDI_SAMPLES[0] as string));
    const projectId = imported.project._id as string;
    const header = async () => {
      const xml = (await exportGanttMspdi(t.db, projectId)).content;
      const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
      return [tag('CurrencyCode'), tag('CurrencySymbol'), tag('CurrencyDigits')];
    };
    // an imported project takes saveProject's default currency (USD): it goes out in dollars
    expect(await header()).toEqual(['USD', 'US$', '2']);
    await t.db.updateTable('project').set({ currency: 'CLP' }).where('_id', '=', projectId).execute();
    expect(await header()).toEqual(['CLP', '$', '0']);
    await t.db.updateTable('project').set({ currency: 'UF' }).where('_id', '=', projectId).execute();
    expect(await header()).toEqual(['CLF', 'UF', '2']);
    await t.db.updateTable('project').set({ currency: 'MUSD' }).where('_id', '=', projectId).execute();
    expect(await header()).toEqual(['USD', 'US$', '2']);
  });

  it("answers NOT_FOUND 'Proyecto no encontrado' for an unknown project", async () => {
    const error: unknown = await exportGanttMspdi(t.db, '01890000-0000-7000-8000-000000000000').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpsError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Proyecto no encontrado' });
  });
});
