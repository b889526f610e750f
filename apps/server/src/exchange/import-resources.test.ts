import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObject, loadObjects } from '../../test/support/catalogues';
import { callFunction, createFirstAdmin, createSignedInUser } from '../../test/support/factories';
import type { TestAccount } from '../../test/support/factories';
import { loadGanttOk } from '../../test/support/gantt';
import { importProject } from '../../test/support/mspdi';
import { uniqueProjectCode } from '../../test/support/projects';
import { exportGantt } from '../../test/support/workbooks';
import { createTestApp, databaseKinds } from '../../test/support/test-app';
import type { TestApp } from '../../test/support/test-app';

/**
 * Issue 35: MS Project's resources and assignments through importProject and the MSPDI export, on
 * both databases. A file in Chilean pesos with a crew (Work, 2 units available, $6.000 an hour), a
 * concrete supply (Material, m3, $95.000 a unit), a cost resource and MS Project's placeholder.
 */
function fileWithResources(currency = 'CLP', crewName = 'Cuadrilla enfierradura', crewCalendar = ''): string {
  const task = (uid: number, name: string) =>
    `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>${name}</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-02T08:00:00</Start><Duration>PT40H0M0S</Duration><DurationFormat>7</DurationFormat></Task>`;
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<Project xmlns="http://schemas.microsoft.com/project"><Name>recursos.xml</Name><Title>Recursos</Title>',
    `<StartDate>2026-03-02T08:00:00</StartDate><CurrencyCode>${currency}</CurrencyCode><MinutesPerDay>480</MinutesPerDay><CalendarUID>1</CalendarUID>`,
    `<Calendars><Calendar><UID>1</UID><Name>Estándar</Name><IsBaseCalendar>1</IsBaseCalendar></Calendar>${crewCalendar}</Calendars>`,
    `<Tasks>${task(1, 'Enfierradura losa')}${task(2, 'Hormigonado losa')}${task(3, 'Limpieza')}</Tasks>`,
    '<Resources>',
    '<Resource><UID>0</UID><ID>0</ID><Type>1</Type></Resource>',
    `<Resource><UID>1</UID><ID>1</ID><Name>${crewName}</Name><Type>1</Type><Initials>ENF</Initials><MaxUnits>2.00</MaxUnits><StandardRate>6000</StandardRate>${crewCalendar === '' ? '' : '<CalendarUID>2</CalendarUID>'}</Resource>`,
    '<Resource><UID>2</UID><ID>2</ID><Name>Hormigón H30</Name><Type>0</Type><MaterialLabel>m3</MaterialLabel><StandardRate>95000</StandardRate></Resource>',
    '<Resource><UID>3</UID><ID>3</ID><Name>Permisos</Name><Type>2</Type></Resource>',
    '</Resources><Assignments>',
    '<Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>1</ResourceUID><Units>2</Units></Assignment>',
    '<Assignment><UID>2</UID><TaskUID>2</TaskUID><ResourceUID>1</ResourceUID><Units>0.5</Units></Assignment>',
    '<Assignment><UID>3</UID><TaskUID>2</TaskUID><ResourceUID>2</ResourceUID><Units>12</Units></Assignment>',
    '<Assignment><UID>4</UID><TaskUID>3</TaskUID><ResourceUID>3</ResourceUID></Assignment>',
    '<Assignment><UID>5</UID><TaskUID>3</TaskUID><ResourceUID>-65535</ResourceUID></Assignment>',
    '</Assignments></Project>',
  ].join('');
}

describe.each(databaseKinds)('importProject: resources and assignments (%s)', (kind) => {
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

  type Resource = { _id: string; code: string; name: string; type: string; unit: string; maxUnits: number };
  type Task = { TaskName: string; Resources?: { resourceId: string; units: number }[] };

  it('adds the new resources to the catalogue, assigns them with their units, and says so; nothing on a dry run', async () => {
    const before = (await loadObjects(t, member.cookie, 'recursos')).length;
    const content = fileWithResources();
    const dry = await importProject(t, member.cookie, { fileName: 'recursos.xml', content, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.body.result.warnings).toContain(
      'Se agregan al catálogo de recursos (Administración › Recursos) 2 recursos del archivo: ENF Cuadrilla enfierradura, HORMIGON-H30 Hormigón H30. Revisa su tipo y, en la mano de obra, su cuadrilla.',
    );
    expect(dry.body.result.warnings).toContain(
      'No se importan los recursos de costo (no tienen unidades en Cimiento): Permisos.',
    );
    expect(await loadObjects(t, member.cookie, 'recursos')).toHaveLength(before);

    const done = await importProject(t, member.cookie, {
      fileName: 'recursos.xml',
      content,
      code: uniqueProjectCode('RES'),
    });
    expect(done.statusCode, JSON.stringify(done.body).slice(0, 400)).toBe(200);
    const catalogue = (await loadObjects(t, member.cookie, 'recursos')) as Resource[];
    const crew = catalogue.find((entry) => entry.name === 'Cuadrilla enfierradura');
    const concrete = catalogue.find((entry) => entry.name === 'Hormigón H30');
    // 8 hours a day at $6.000; a material's rate per unit
    expect(crew).toMatchObject({
      code: 'ENF',
      type: 'labor',
      unit: 'un',
      maxUnits: 2,
      costPerDay: '48000',
      currency: 'CLP',
    });
    expect(concrete).toMatchObject({ type: 'material', unit: 'm3', maxUnits: 10_000, costPerUnit: '95000' });
    const gantt = await loadGanttOk(t, member.cookie, done.body.result.project._id);
    const tasks = gantt.activities as Task[];
    expect(tasks.find((task) => task.TaskName === 'Enfierradura losa')?.Resources).toEqual([
      { resourceId: crew?._id, units: 2 },
    ]);
    expect(tasks.find((task) => task.TaskName === 'Hormigonado losa')?.Resources).toEqual([
      { resourceId: crew?._id, units: 0.5 },
      { resourceId: concrete?._id, units: 12 },
    ]);
    expect(tasks.find((task) => task.TaskName === 'Limpieza')?.Resources).toBeUndefined();
    // who imported is in the 'Registro de cambios'
    const log = await callFunction(t.app, 'loadChangeLog', { limit: 5 }, member.cookie);
    expect(JSON.stringify(log.body.result)).toContain('Cuadrilla enfierradura');
  });

  it('a resource the catalogue has by name is that one; a file in UF brings its rates in UF', async () => {
    const mine = await createObject(t, member.cookie, 'recursos', {
      code: uniqueProjectCode('GRU'),
      name: 'Cuadrilla  de GRÚA',
      type: 'equipment',
      unit: 'un',
      maxUnits: 1,
    });
    const before = (await loadObjects(t, member.cookie, 'recursos')).length;
    const done = await importProject(t, member.cookie, {
      fileName: 'uf.xml',
      content: fileWithResources('CLF', 'cuadrilla de grúa'),
      code: uniqueProjectCode('UF'),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body.result.warnings).toContain(
      'Se asocian a recursos que ya estaban en el catálogo, por su nombre: cuadrilla de grúa, Hormigón H30; el catálogo no cambia.',
    );
    const catalogue = (await loadObjects(t, member.cookie, 'recursos')) as (Resource & Record<string, unknown>)[];
    // both were in the catalogue already (the concrete from the import above): nothing added
    expect(catalogue).toHaveLength(before);
    const gantt = await loadGanttOk(t, member.cookie, done.body.result.project._id);
    expect((gantt.activities as Task[]).find((task) => task.TaskName === 'Enfierradura losa')?.Resources).toEqual([
      { resourceId: mine._id, units: 2 },
    ]);
    // a new one from a file in UF
    const other = await importProject(t, member.cookie, {
      fileName: 'uf.xml',
      content: fileWithResources('CLF', 'Cuadrilla de moldaje UF'),
      code: uniqueProjectCode('UF'),
    });
    expect(other.statusCode).toBe(200);
    const added = ((await loadObjects(t, member.cookie, 'recursos')) as (Resource & Record<string, unknown>)[]).find(
      (entry) => entry.name === 'Cuadrilla de moldaje UF',
    );
    // ENF was taken: the next free code
    expect(added).toMatchObject({ code: 'ENF-2', currency: 'UF', costPerDay: '48000' });
  });

  it("brings a resource's own calendar into the catalogue and writes it back out", async () => {
    // the crew does not work Fridays, and has a week of holidays in March
    const calendar =
      '<Calendar><UID>2</UID><Name>Cuadrilla con calendario</Name><IsBaseCalendar>0</IsBaseCalendar><BaseCalendarUID>1</BaseCalendarUID>' +
      '<WeekDays><WeekDay><DayType>6</DayType><DayWorking>0</DayWorking></WeekDay></WeekDays>' +
      '<Exceptions><Exception><TimePeriod><FromDate>2026-03-16T00:00:00</FromDate><ToDate>2026-03-20T23:59:00</ToDate></TimePeriod>' +
      '<Name>Vacaciones</Name><Type>1</Type><DayWorking>0</DayWorking></Exception></Exceptions></Calendar>';
    const done = await importProject(t, member.cookie, {
      fileName: 'calendario.xml',
      content: fileWithResources('CLP', 'Cuadrilla con calendario', calendar),
      code: uniqueProjectCode('CAL'),
    });
    expect(done.statusCode, JSON.stringify(done.body).slice(0, 400)).toBe(200);
    const crew = ((await loadObjects(t, member.cookie, 'recursos')) as (Resource & Record<string, unknown>)[]).find(
      (entry) => entry.name === 'Cuadrilla con calendario',
    );
    expect(crew?.calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4],
      exceptions: [{ from: '2026-03-16', to: '2026-03-20', name: 'Vacaciones' }],
    });
    const exported = await exportGantt(t, member.cookie, done.body.result.project._id, 'mspdi');
    const xml: string = exported.body.result.content;
    const calendars = xml.slice(xml.indexOf('<Calendars>'), xml.indexOf('</Calendars>'));
    expect(calendars).toMatch(
      /<Name>Cuadrilla con calendario<\/Name>\s*<IsBaseCalendar>0<\/IsBaseCalendar>\s*<BaseCalendarUID>1<\/BaseCalendarUID>/,
    );
    expect(calendars).toContain('<FromDate>2026-03-16T00:00:00</FromDate>');
    const resources = xml.slice(xml.indexOf('<Resources>'), xml.indexOf('</Resources>'));
    expect(resources).toContain('<CalendarUID>2</CalendarUID>');
  });

  it('exports the tasks’ resources as MS Project resources and assignments', async () => {
    const done = await importProject(t, member.cookie, {
      fileName: 'recursos.xml',
      content: fileWithResources(),
      code: uniqueProjectCode('EXP'),
    });
    const exported = await exportGantt(t, member.cookie, done.body.result.project._id, 'mspdi');
    expect(exported.statusCode).toBe(200);
    const xml: string = exported.body.result.content;
    const resources = xml.slice(xml.indexOf('<Resources>'), xml.indexOf('</Resources>'));
    expect(resources).toContain('<Name>Cuadrilla enfierradura</Name>');
    expect(resources).toMatch(/<Type>1<\/Type>[\s\S]*<Initials>ENF<\/Initials>[\s\S]*<MaxUnits>2<\/MaxUnits>/);
    // $48.000 a day is $6.000 an hour again
    expect(resources).toMatch(/<StandardRate>6000<\/StandardRate>\s*<StandardRateFormat>2<\/StandardRateFormat>/);
    expect(resources).toMatch(/<Type>0<\/Type>[\s\S]*<MaterialLabel>m3<\/MaterialLabel>/);
    const assignments = xml.slice(xml.indexOf('<Assignments>'));
    expect(assignments.match(/<Assignment>/g)).toHaveLength(3);
    expect(assignments).toContain('<Units>0.5</Units>');
  });
});
