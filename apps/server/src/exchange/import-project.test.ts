import { WorkingCalendar, dayNumber, isoDay, projectCodeTakenMessage } from '@cimiento/domain';
import { DOCTYPE_REFUSED, EMPTY_MSPDI, NOT_MSPDI, parseMspdi } from '@cimiento/domain/mspdi';
import type { ImportedSchedule } from '@cimiento/domain/mspdi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { asInput, loadGanttOk, saveGanttOk, storedGantt } from '../../test/support/gantt';
import type { WireGantt } from '../../test/support/gantt';
import {
  MSPDI_SAMPLES,
  countImportRows,
  generateMspdi,
  importProject,
  readMspdiSample,
} from '../../test/support/mspdi';
import {
  createProject,
  loadProject,
  loadProjects,
  storedProject,
  uniqueProjectCode,
} from '../../test/support/projects';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * importProject (issue 14): an MS Project / ProjectLibre XML file becomes a project whose EDP
 * mirrors its outline and whose Gantt (scheduled by our engine on the file's calendar) lands on
 * MS Project's own dates; every refusal writes nothing.
 */

function parsed(xml: string): ImportedSchedule {
  const result = parseMspdi(xml);
  if (!result.ok) throw new Error(result.error);
  return result.schedule;
}

/**
 * Tasks of the samples whose file dates a day-granular schedule does not determine (the domain's
 * fidelity tests list the same, with the same reasons), by UID.
 */
const EXCLUDED: Record<string, Record<number, string>> = {
  'mpxj-legacy-sample.xml': {
    2: "'Second Task': two resources on their own calendars spread its work; MS Project's dates come from them",
    1: "'First Task': the summary of 'Second Task', whose finish it takes",
  },
};

/** The working day before `date` on the Gantt's calendar (weekdays, exceptions, holidays). */
function previousWorkingDay(gantt: WireGantt, date: string): string {
  const holidays = new Set(gantt.calendar.holidays);
  const calendar = new WorkingCalendar(
    { workingWeekdays: gantt.calendar.workingWeekdays, exceptions: gantt.calendar.exceptions },
    (year) => [...holidays].filter((day) => day.startsWith(`${year}-`)),
    gantt.calendar.firstYear,
  );
  let day = dayNumber(date) - 1;
  while (!calendar.isWorkingDay(day)) day -= 1;
  return isoDay(day);
}

describe.each(databaseKinds)('importProject (%s)', (kind) => {
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

  async function importOk(data: Record<string, unknown>) {
    const response = await importProject(t, member.cookie, data);
    expect(response.statusCode, JSON.stringify(response.body).slice(0, 600)).toBe(200);
    return response.body.result;
  }

  describe("fidelity: the four sample files land on MS Project's dates through the server", () => {
    it.each(MSPDI_SAMPLES)('%s', async (file) => {
      const xml = readMspdiSample(file);
      const schedule = parsed(xml);
      const code = uniqueProjectCode('MSP');
      const result = await importOk({ fileName: file, content: xml, code });
      expect(result.preview).toMatchObject({
        taskCount: schedule.tasks.length,
        linkCount: schedule.links.length,
        calendarName: schedule.calendarName,
      });
      expect(result.project.code).toBe(code);

      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      // the root (the project row's name) and one task per file task, in outline order, ids 2…
      expect(gantt.activities).toHaveLength(schedule.tasks.length + 1);
      expect(gantt.calendar.chileHolidays).toBe(false);
      expect(gantt.calendar.holidays).toEqual([]);
      // nothing to merge or reconcile: the load wrote nothing
      expect(gantt.version).toBe(0);
      expect(gantt.projectStart).toBe(result.preview.start);
      expect(gantt.projectFinish).toBe(result.preview.finish);

      const dayStart = /<DefaultStartTime>([^<]+)<\/DefaultStartTime>/.exec(xml)?.[1] ?? '08:00:00';
      const excluded = EXCLUDED[file] ?? {};
      const mismatches: string[] = [];
      let compared = 0;
      schedule.tasks.forEach((task, index) => {
        const ours = gantt.activities[index + 1] as WireGantt['activities'][number];
        expect(ours.TaskID).toBe(index + 2);
        expect(ours.TaskName).toBe(task.name.trim().slice(0, 200).trimEnd() || `Tarea ${task.uid}`);
        if (excluded[task.uid] !== undefined) return;
        const fileStart = task.fileStart?.slice(0, 10);
        let fileEnd = task.fileFinish?.slice(0, 10) as string;
        // a finish stored at the day's start time (08:00) is the end of the previous working day's work
        const milestone = !task.summary && task.duration === 0;
        if (!milestone && task.fileFinish?.endsWith(`T${dayStart}`)) fileEnd = previousWorkingDay(gantt, fileEnd);
        compared += 1;
        if (ours.StartDate !== fileStart || ours.EndDate !== fileEnd) {
          mismatches.push(
            `${task.uid} ${task.name}: ours ${ours.StartDate}…${ours.EndDate}, file ${task.fileStart}…${task.fileFinish}`,
          );
        }
      });
      expect(mismatches).toEqual([]);
      expect(compared).toBe(schedule.tasks.length - Object.keys(excluded).length);
      // the excluded ones do differ (an exclusion that matched would hide nothing)
      for (const uid of Object.keys(excluded).map(Number)) {
        const index = schedule.tasks.findIndex((task) => task.uid === uid);
        const task = schedule.tasks[index];
        const ours = gantt.activities[index + 1];
        expect(`${ours?.StartDate}…${ours?.EndDate}`).not.toBe(
          `${task?.fileStart?.slice(0, 10)}…${task?.fileFinish?.slice(0, 10)}`,
        );
      }
    });
  });

  describe('what the new project holds', () => {
    it("writes the project, its EDP (the file's outline) and its Gantt (tasks, links, progress), and says so", async () => {
      const xml = readMspdiSample('projectlibre-new-product.xml');
      const schedule = parsed(xml);
      const code = uniqueProjectCode('NP');
      const before = await countImportRows(t);
      const result = await importOk({ fileName: 'New Product.xml', content: xml, code, name: '  Nuevo producto  ' });
      const after = await countImportRows(t);
      expect(after).toEqual({
        project: before.project + 1,
        edpItem: before.edpItem + schedule.tasks.length + 1,
        ganttTask: before.ganttTask + schedule.tasks.length + 1,
        ganttLink: before.ganttLink + schedule.links.length,
      });
      expect(result.message).toBe(
        `Proyecto «Nuevo producto» importado: 43 tareas, 37 vínculos${
          result.warnings.length === 0
            ? ''
            : ` (${result.warnings.length} ${result.warnings.length === 1 ? 'advertencia' : 'advertencias'})`
        }`,
      );
      expect(result.preview).toMatchObject({
        projectName: schedule.projectName,
        taskCount: 43,
        summaryCount: 7,
        milestoneCount: 12,
        linkCount: 37,
      });
      expect(result.project).toMatchObject({
        name: 'Nuevo producto',
        code,
        template: 'generica',
        priority: '0',
        currency: 'USD',
        budget: '0',
        tiposArea: [],
        sequencing: 'none',
        edpItemCount: 44,
        version: 1,
        startYear: result.preview.start.slice(0, 4),
        endYear: result.preview.finish.slice(0, 4),
      });

      // the project row: created by the caller, the file's calendar with Chile's holidays off
      const row = await storedProject(t, result.project._id);
      expect(row).toMatchObject({ created_by: member.userId, edp_version: 1, gantt_version: 0, sequencing: 'none' });
      expect(JSON.parse(row?.gantt_calendar as string)).toEqual({
        workingWeekdays: schedule.calendar.workingWeekdays,
        chileHolidays: false,
        exceptions: schedule.calendar.exceptions,
      });

      // the EDP: the root named like the project, then the outline coded by position
      const project = await loadProject(t, member.cookie, result.project._id);
      expect(project.edp.items[0]).toEqual({ id: 1, code, name: 'Nuevo producto' });
      expect(project.edp.items[1]).toMatchObject({
        id: 2,
        parentId: 1,
        code: `${code}.1`,
        name: schedule.tasks[0]?.name,
      });
      expect(project.edp.items).toHaveLength(44);
      expect((await loadProjects(t, member.cookie)).find((listed) => listed._id === result.project._id)).toMatchObject({
        mine: true,
        workWeek: 'mon-fri',
      });

      // the Gantt: each task with the source key of its EDP item, the file's links as the user's
      const stored = await storedGantt(t, result.project._id);
      expect(stored.tasks.map((task) => task.sourceKey)).toEqual(
        project.edp.items.map((item: { id: number }) => `edp:${item.id}`),
      );
      expect(stored.links).toHaveLength(37);
      const generated = await t.db
        .selectFrom('gantt_link')
        .select('generated')
        .where('project_id', '=', result.project._id)
        .execute();
      expect(generated.every((link) => link.generated === false || Number(link.generated) === 0)).toBe(true);
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      // the −15-day lead and the FF link are kept
      expect(gantt.activities.some((task) => /SS-15|FS-15/.test(task.Predecessor))).toBe(true);
      expect(gantt.activities.some((task) => task.Predecessor.includes('FF'))).toBe(true);
      // progress comes over
      const withProgress = schedule.tasks.filter((task) => task.progress > 0);
      for (const task of withProgress) {
        const index = schedule.tasks.indexOf(task);
        expect(gantt.activities[index + 1]?.Progress).toBe(task.progress);
      }
    });

    it("takes the project row's name when no name is given, and Chile's holidays when ticked", async () => {
      const xml = readMspdiSample('mpxj-task-links-project2007-mspdi.xml');
      const schedule = parsed(xml);
      const result = await importOk({ content: xml, code: uniqueProjectCode('TL'), chileHolidays: true });
      expect(result.project.name).toBe(schedule.projectName);
      expect(result.preview.calendar.chileHolidays).toBe(true);
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      expect(gantt.calendar.chileHolidays).toBe(true);
      expect(gantt.calendar.holidays.length).toBeGreaterThan(0);
    });

    it('is scheduled by our engine, not pinned: a longer duration moves the successors', async () => {
      const xml = readMspdiSample('mpxj-mspdirelations.xml');
      const result = await importOk({ content: xml, code: uniqueProjectCode('REL') });
      const gantt = await loadGanttOk(t, member.cookie, result.project._id);
      // a leaf with an FS successor
      const predecessor = gantt.activities.find((task) =>
        gantt.activities.some((other) => other.Predecessor === `${task.TaskID}FS`),
      );
      expect(
        predecessor,
        JSON.stringify(gantt.activities.map((task) => [task.TaskID, task.Predecessor])),
      ).toBeDefined();
      const successor = gantt.activities.find((task) => task.Predecessor === `${predecessor?.TaskID}FS`);
      const longer = asInput(gantt.activities).map((task) =>
        task.TaskID === predecessor?.TaskID ? { ...task, Duration: (predecessor?.Duration ?? 0) + 3 } : task,
      );
      const saved = await saveGanttOk(t, member.cookie, result.project._id, { activities: longer }, gantt.version);
      const movedPredecessor = saved.activities.find((task) => task.TaskID === predecessor?.TaskID);
      const movedSuccessor = saved.activities.find((task) => task.TaskID === successor?.TaskID);
      expect((movedPredecessor?.EndDate ?? '') > (predecessor?.EndDate ?? '')).toBe(true);
      expect((movedSuccessor?.StartDate ?? '') > (successor?.StartDate ?? '')).toBe(true);
      // FS: the successor starts on the working day after the predecessor's new finish
      expect(movedSuccessor?.StartDate).toBe(nextWorkingDay(saved, movedPredecessor?.EndDate as string));
    });

    it('answers a dry run with the preview and the warnings, writing nothing (no code needed)', async () => {
      const xml = readMspdiSample('mpxj-legacy-sample.xml');
      const schedule = parsed(xml);
      const before = await countImportRows(t);
      const result = await importOk({ fileName: 'legacy.xml', content: xml, dryRun: true });
      expect(await countImportRows(t)).toEqual(before);
      expect(result.project).toBeUndefined();
      // the file's warnings, then what happens to its resources (issue 35: new in the catalogue, or
      // found there by name when an earlier test imported the same file)
      expect(result.warnings.slice(0, schedule.warnings.length)).toEqual(schedule.warnings);
      const resourceNotes = result.warnings.slice(schedule.warnings.length);
      expect(resourceNotes.length).toBeGreaterThan(0);
      for (const note of resourceNotes) expect(note).toMatch(/^Se (agregan?|asocian) /);
      expect(result.warnings.length).toBeGreaterThan(0);
      expect(result.preview).toMatchObject({
        projectName: schedule.projectName,
        taskCount: 19,
        linkCount: 6,
        calendarName: schedule.calendarName,
        calendar: { workingWeekdays: schedule.calendar.workingWeekdays, chileHolidays: false },
      });
      expect(result.preview.start <= result.preview.finish).toBe(true);
      expect(result.message).toMatch(/^Archivo «legacy\.xml» leído: 19 tareas, 6 vínculos \(\d+ advertencias?\)$/);
    });
  });

  describe('refusals write nothing', () => {
    async function expectRefused(data: Record<string, unknown>, status: string, message: string | RegExp) {
      const before = await countImportRows(t);
      const response = await importProject(t, member.cookie, { code: uniqueProjectCode('X'), ...data });
      expect(response.body.error?.status, JSON.stringify(response.body).slice(0, 600)).toBe(status);
      if (typeof message === 'string') expect(response.body.error.message).toBe(message);
      else expect(response.body.error.message).toMatch(message);
      expect(await countImportRows(t)).toEqual(before);
      return response;
    }

    it('refuses malformed XML, naming the line', async () => {
      const response = await expectRefused(
        {
          content:
            '<?xml version="1.0"?>\n<Project xmlns="http://schemas.microsoft.com/project">\n<Tasks><Task></Tasks>',
        },
        'INVALID_ARGUMENT',
        /^El archivo no es un XML válido: hay un error en la línea \d+/,
      );
      expect(response.statusCode).toBe(400);
    });

    it('says a blank file is empty, and names the line and column where a truncated file stops (issue 30)', async () => {
      await expectRefused({ content: ' \n\t \n' }, 'INVALID_ARGUMENT', EMPTY_MSPDI);
      await expectRefused({ content: '\uFEFF' }, 'INVALID_ARGUMENT', EMPTY_MSPDI);
      const whole = generateMspdi({ tasks: 12 });
      const cut = whole.slice(0, whole.indexOf('<Task>', whole.indexOf('<Task>') + 1) + 20);
      const lines = cut.split('\n');
      await expectRefused(
        { content: cut },
        'INVALID_ARGUMENT',
        new RegExp(
          `^El archivo está incompleto, se corta en la línea ${lines.length}, columna ${(lines.at(-1) ?? '').length + 1}: falta cerrar <\\w+>\\. Revisa que sea el archivo guardado como «XML» desde MS Project o ProjectLibre\\.$`,
        ),
      );
    });

    it('refuses 5 million levels of nesting, naming the limit, and the server still answers (issue 30)', async () => {
      const deep = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>${'<a>'.repeat(5_000_000)}`;
      await expectRefused(
        { content: deep },
        'INVALID_ARGUMENT',
        /^El archivo tiene elementos anidados a más de 64 niveles \(línea 1\); un XML de MS Project tiene unos pocos\./,
      );
      expect((await loadProjects(t, member.cookie)).length).toBeGreaterThanOrEqual(0);
    });

    it('a dry run refuses an outline too deep for the EDP, as the import does (issue 34)', async () => {
      const levels = 60;
      const tasks = Array.from(
        { length: levels },
        (_, index) =>
          `<Task><UID>${index + 1}</UID><ID>${index + 1}</ID><Name>Nivel ${index + 1}</Name><OutlineLevel>${index + 1}</OutlineLevel><Duration>PT8H0M0S</Duration></Task>`,
      ).join('');
      const xml = `<?xml version="1.0"?><Project xmlns="http://schemas.microsoft.com/project"><StartDate>2026-03-02T08:00:00</StartDate><Tasks>${tasks}</Tasks></Project>`;
      const message = /^El esquema del archivo es demasiado profundo: el código .+ supera los 100 caracteres\./;
      await expectRefused({ content: xml, dryRun: true }, 'INVALID_ARGUMENT', message);
      await expectRefused({ content: xml }, 'INVALID_ARGUMENT', message);
    });

    it('refuses an XML that is not MSPDI', async () => {
      await expectRefused(
        { content: '<?xml version="1.0"?><html><body>Hola</body></html>' },
        'INVALID_ARGUMENT',
        NOT_MSPDI,
      );
    });

    it('refuses a DOCTYPE with entities (an XML bomb), and the server still answers', async () => {
      const bomb = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE lolz [',
        '<!ENTITY lol "lol">',
        ...Array.from(
          { length: 9 },
          (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`,
        ),
        ']>',
        '<Project xmlns="http://schemas.microsoft.com/project"><Name>&lol9;</Name><Tasks/></Project>',
      ].join('\n');
      await expectRefused({ content: bomb }, 'INVALID_ARGUMENT', DOCTYPE_REFUSED);
      const external =
        '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]><Project xmlns="http://schemas.microsoft.com/project"><Name>&x;</Name></Project>';
      await expectRefused({ content: external }, 'INVALID_ARGUMENT', DOCTYPE_REFUSED);
      // the next call is answered as usual
      expect((await loadProjects(t, member.cookie)).length).toBeGreaterThanOrEqual(0);
    });

    it('refuses a link cycle, naming the tasks', async () => {
      const xml = generateMspdi({ tasks: 4, perGroup: 3 }).replace(
        '<Name>Actividad 2</Name><OutlineLevel>2</OutlineLevel><Duration>PT24H0M0S</Duration><DurationFormat>7</DurationFormat><Milestone>0</Milestone><PercentComplete>0</PercentComplete>',
        '<Name>Actividad 2</Name><OutlineLevel>2</OutlineLevel><Duration>PT24H0M0S</Duration><DurationFormat>7</DurationFormat><Milestone>0</Milestone><PercentComplete>0</PercentComplete><PredecessorLink><PredecessorUID>4</PredecessorUID><Type>1</Type></PredecessorLink>',
      );
      expect(xml).toContain('<PredecessorUID>4</PredecessorUID>');
      await expectRefused(
        { content: xml },
        'INVALID_ARGUMENT',
        /^Los vínculos forman un ciclo entre las tareas: .*Actividad \d \(\d\) → .*Actividad \d \(\d\)/,
      );
    });

    it('takes exactly 100,000 tasks (a dry run) and refuses one more', async () => {
      const most = await importProject(t, member.cookie, {
        content: generateMspdi({ tasks: 100_000, minimal: true }),
        dryRun: true,
      });
      expect(most.statusCode, JSON.stringify(most.body).slice(0, 300)).toBe(200);
      expect(most.body.result.preview.taskCount).toBe(100_000);

      await expectRefused(
        { content: generateMspdi({ tasks: 100_001, minimal: true }) },
        'INVALID_ARGUMENT',
        /^El archivo tiene 100\.001 tareas; Cimiento importa como máximo 100\.000 por proyecto\. Divide el proyecto en MS Project/,
      );
    });

    it('refuses content over 20 MB with the contract’s message; a 20 MB file goes through the HTTP limit', async () => {
      const base = generateMspdi({ tasks: 20 });
      const max = 20 * 1024 * 1024;
      const exactly = generateMspdi({ tasks: 20, padding: max - base.length - 7 });
      expect(exactly.length).toBe(max);
      const fits = await importProject(t, member.cookie, { content: exactly, dryRun: true });
      expect(fits.statusCode, JSON.stringify(fits.body).slice(0, 300)).toBe(200);
      expect(fits.body.result.preview.taskCount).toBe(20);

      await expectRefused({ content: `${exactly} ` }, 'INVALID_ARGUMENT', 'content: el archivo supera los 20 MB');
      // past the route's body limit (48 MB) the server refuses the request before reading it, in Spanish
      const huge = await callFunction(
        t.app,
        'importProject',
        { format: 'mspdi', fileName: 'enorme.xml', content: 'x'.repeat(49 * 1024 * 1024), code: 'ENORME' },
        member.cookie,
      );
      expect(huge.statusCode).toBe(400);
      expect(huge.body.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'La solicitud supera el tamaño máximo de 48 MB',
      });
    });

    it('refuses a code already taken, case-insensitively (ALREADY_EXISTS)', async () => {
      const code = uniqueProjectCode('DUP');
      await createProject(t, member.cookie, { name: 'Existente', code });
      const response = await expectRefused(
        { content: readMspdiSample('mpxj-mspdirelations.xml'), code: code.toLowerCase() },
        'ALREADY_EXISTS',
        projectCodeTakenMessage(code),
      );
      expect(response.statusCode).toBe(409);
    });

    it('two imports racing for one code: one project is made, the other is told ALREADY_EXISTS', async () => {
      const code = uniqueProjectCode('RACE');
      const content = readMspdiSample('mpxj-mspdirelations.xml');
      const before = await countImportRows(t);
      const answers = await Promise.all([
        importProject(t, member.cookie, { content, code }),
        importProject(t, member.cookie, { content, code: code.toLowerCase() }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.body.error.status).toBe('ALREADY_EXISTS');
      const made = answers.find((answer) => answer.statusCode === 200)?.body.result.project;
      expect(refused?.body.error.message).toBe(projectCodeTakenMessage(made.code));
      const after = await countImportRows(t);
      expect(after.project).toBe(before.project + 1);
      expect(after.ganttTask - before.ganttTask).toBe(made.edpItemCount);
    });

    it('refuses a missing or invalid code when it is not a dry run', async () => {
      const content = readMspdiSample('mpxj-mspdirelations.xml');
      await expectRefused({ content, code: undefined }, 'INVALID_ARGUMENT', 'code: es obligatorio');
      await expectRefused({ content, code: 'CON ESPACIO' }, 'INVALID_ARGUMENT', 'code: no puede tener espacios');
      await expectRefused({ content, code: 'A.B' }, 'INVALID_ARGUMENT', 'code: no puede contener puntos');
    });

    it('refuses an empty file and a format it does not read', async () => {
      await expectRefused({ content: '' }, 'INVALID_ARGUMENT', 'content: el archivo está vacío');
      await expectRefused(
        { content: '<Project/>', format: 'xlsx' },
        'INVALID_ARGUMENT',
        'format: debe ser una de: mspdi, xer, p6xml',
      );
    });

    it('refuses a caller who is not signed in (UNAUTHENTICATED)', async () => {
      const before = await countImportRows(t);
      const response = await importProject(t, '', {
        content: readMspdiSample('mpxj-mspdirelations.xml'),
        code: uniqueProjectCode('ANON'),
      });
      expect(response.statusCode).toBe(401);
      expect(response.body.error.status).toBe('UNAUTHENTICATED');
      expect(await countImportRows(t)).toEqual(before);
    });
  });
});

function nextWorkingDay(gantt: WireGantt, date: string): string {
  const holidays = new Set(gantt.calendar.holidays);
  const exceptions = new Map(gantt.calendar.exceptions.map((exception) => [exception.date, exception.working]));
  let day = dayNumber(date) + 1;
  for (;;) {
    const iso = isoDay(day);
    const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
    const working = exceptions.get(iso) ?? (gantt.calendar.workingWeekdays.includes(weekday) && !holidays.has(iso));
    if (working) return iso;
    day += 1;
  }
}
