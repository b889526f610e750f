import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapCalendar } from './mspdi-calendar';
import { mapResources, resourcesForImport } from './mspdi-resources';
import { sharedDataDir } from './mspdi-test-support';
import { Warnings } from './mspdi-warnings';
import { MspdiXmlReader } from './mspdi-xml';
import { child } from './mspdi-nodes';
import { parseMspdi } from './parse-mspdi';
import type { MspdiExport } from './types';
import { writeMspdi } from './write-mspdi';

/** Issue 35: a resource's own calendar in MS Project XML, out and back, and from the corpus. */

const input: MspdiExport = {
  projectName: 'Edificio',
  currency: 'CLP',
  projectStart: '2026-03-02',
  projectFinish: '2026-03-13',
  calendar: { workingWeekdays: [1, 2, 3, 4, 5, 6], exceptions: [], holidays: [] },
  tasks: [
    {
      id: 10,
      code: 'A',
      name: 'Moldaje',
      start: '2026-03-02',
      end: '2026-03-06',
      duration: 5,
      isSummary: false,
      progress: 0,
      resources: [
        { resourceUid: 1, units: 2 },
        { resourceUid: 2, units: 1 },
        { resourceUid: 3, units: 1 },
      ],
    },
  ],
  links: [],
  resources: [
    {
      uid: 1,
      name: 'Cuadrilla moldaje',
      code: 'CMOL',
      kind: 'work',
      unit: 'cuadrilla',
      maxUnits: 2,
      // Monday to Friday in a Monday-to-Saturday project, and two weeks of holidays
      calendar: {
        workingWeekdays: [1, 2, 3, 4, 5],
        exceptions: [
          { from: '2026-02-16', to: '2026-02-27', name: 'Vacaciones' },
          { from: '2026-03-10', to: '2026-03-10', name: '' },
        ],
      },
    },
    // only a service day
    {
      uid: 2,
      name: 'Grúa torre',
      code: 'GRUA',
      kind: 'work',
      unit: 'un',
      maxUnits: 1,
      calendar: { exceptions: [{ from: '2026-03-04', to: '2026-03-04', name: 'Mantención' }] },
    },
    { uid: 3, name: 'Jornal', code: 'JOR', kind: 'work', unit: 'un', maxUnits: 4 },
  ],
};

function document(xml: string) {
  const reader = new MspdiXmlReader();
  reader.write(xml);
  const read = reader.end();
  if (!read.ok) throw new Error(read.error);
  const project = child(read.document, 'Project');
  if (project === undefined) throw new Error('sin Project');
  return project;
}

describe('MSPDI resource calendars (issue 35)', () => {
  it("writes each own calendar derived from the project's, and reading the file gives it back", () => {
    const xml = writeMspdi(input);
    // a calendar per resource with one, derived from the project's (UID 1), named as the resource
    expect(xml).toContain(
      '<UID>2</UID>\n\t\t\t<Name>Cuadrilla moldaje</Name>\n\t\t\t<IsBaseCalendar>0</IsBaseCalendar>\n\t\t\t<BaseCalendarUID>1</BaseCalendarUID>',
    );
    expect(xml).toContain('<DayType>7</DayType>\n\t\t\t\t\t<DayWorking>0</DayWorking>');
    expect(xml).toMatch(/<Name>Jornal<\/Name>(?:(?!<\/Resource>)[\s\S])*<\/Resource>/);
    expect(xml.match(/<Name>Jornal<\/Name>(?:(?!<\/Resource>)[\s\S])*<\/Resource>/)?.[0]).not.toContain('CalendarUID');
    const parsed = parseMspdi(xml);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.schedule.resources?.map((resource) => [resource.name, resource.calendar])).toEqual([
      ['Cuadrilla moldaje', input.resources?.[0]?.calendar],
      ['Grúa torre', input.resources?.[1]?.calendar],
      ['Jornal', undefined],
    ]);
    expect(parsed.schedule.warnings).toEqual([]);
    // the new catalogue records carry them
    const plan = resourcesForImport(parsed.schedule.resources ?? [], [], { currencyCode: 'CLP' });
    expect(plan.created.map((entry) => entry.object.calendar)).toEqual([
      input.resources?.[0]?.calendar,
      input.resources?.[1]?.calendar,
      undefined,
    ]);
    // and the file written again is the same
    const again = parseMspdi(writeMspdi({ ...input }));
    expect(again).toEqual(parsed);
  });

  it("reads recurring exceptions as ranges, leaves extra working days out, and a calendar like the project's is none", () => {
    const xml = `<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project">
  <CalendarUID>1</CalendarUID>
  <Calendars>
    <Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID>
      <WeekDays><WeekDay><DayType>1</DayType><DayWorking>0</DayWorking></WeekDay><WeekDay><DayType>7</DayType><DayWorking>0</DayWorking></WeekDay></WeekDays>
    </Calendar>
    <Calendar><UID>2</UID><Name>Ana</Name><IsBaseCalendar>0</IsBaseCalendar><BaseCalendarUID>1</BaseCalendarUID>
      <WeekDays><WeekDay><DayType>6</DayType><DayWorking>0</DayWorking></WeekDay><WeekDay><DayType>7</DayType><DayWorking>1</DayWorking></WeekDay></WeekDays>
      <Exceptions>
        <Exception><EnteredByOccurrences>1</EnteredByOccurrences><TimePeriod><FromDate>2026-03-02T00:00:00</FromDate><ToDate>2026-03-31T23:59:00</ToDate></TimePeriod><Occurrences>3</Occurrences><Name>Curso</Name><Type>6</Type><Period>1</Period><DaysOfWeek>4</DaysOfWeek><DayWorking>0</DayWorking></Exception>
        <Exception><TimePeriod><FromDate>2026-04-06T00:00:00</FromDate><ToDate>2026-04-08T23:59:00</ToDate></TimePeriod><Name>Licencia</Name><Type>1</Type><DayWorking>0</DayWorking></Exception>
        <Exception><TimePeriod><FromDate>2026-04-11T00:00:00</FromDate><ToDate>2026-04-11T23:59:00</ToDate></TimePeriod><Name>Sábado extra</Name><Type>1</Type><DayWorking>1</DayWorking></Exception>
      </Exceptions>
    </Calendar>
    <Calendar><UID>3</UID><Name>Beto</Name><IsBaseCalendar>0</IsBaseCalendar><BaseCalendarUID>1</BaseCalendarUID></Calendar>
  </Calendars>
  <Resources>
    <Resource><UID>1</UID><Name>Ana</Name><Type>1</Type><CalendarUID>2</CalendarUID></Resource>
    <Resource><UID>2</UID><Name>Beto</Name><Type>1</Type><CalendarUID>3</CalendarUID></Resource>
    <Resource><UID>3</UID><Name>Carla</Name><Type>1</Type><CalendarUID>1</CalendarUID></Resource>
  </Resources>
</Project>`;
    const project = document(xml);
    const warnings = new Warnings();
    const calendar = mapCalendar(project, warnings);
    const { resources } = mapResources(project, warnings, calendar);
    // Ana: no Fridays (her Saturday is not the project's), three Tuesdays of a course, a leave
    expect(resources.map((resource) => [resource.name, resource.calendar])).toEqual([
      [
        'Ana',
        {
          workingWeekdays: [1, 2, 3, 4],
          exceptions: [
            { from: '2026-03-03', to: '2026-03-03', name: 'Curso' },
            { from: '2026-03-10', to: '2026-03-10', name: 'Curso' },
            { from: '2026-03-17', to: '2026-03-17', name: 'Curso' },
            { from: '2026-04-06', to: '2026-04-08', name: 'Licencia' },
          ],
        },
      ],
      ['Beto', undefined],
      ['Carla', undefined],
    ]);
    expect(warnings.build([['resourceWorkingDays', (names) => names]])).toEqual(['Ana']);
  });

  it('the corpus: Resource Two and Five of mspditimephasedsegments take their days off; caltest reads its other base calendar', () => {
    const segments = parseMspdi(
      readFileSync(join(sharedDataDir('mspdi-corpus'), 'mpxj-mspditimephasedsegments.xml'), 'utf8'),
    );
    if (!segments.ok) throw new Error(segments.error);
    const calendars = new Map(segments.schedule.resources?.map((resource) => [resource.name, resource.calendar]));
    // Resource Two: 8 February 2011 off; its extra working Saturday the 12th is left out and named
    expect(calendars.get('Resource Two')).toEqual({ exceptions: [{ from: '2011-02-08', to: '2011-02-08', name: '' }] });
    expect(calendars.get('Resource Five')).toEqual({
      exceptions: [{ from: '2011-02-09', to: '2011-02-09', name: '' }],
    });
    expect(calendars.get('Resource One')).toBeUndefined();
    expect(segments.schedule.warnings).toContain(
      'Los calendarios de estos recursos tienen días laborables que el proyecto no trabaja (días o excepciones laborables); no se importan: en Cimiento un recurso trabaja solo en días hábiles del proyecto: Resource Two.',
    );

    // caltest: Resource Three derives from 'Base Calendar' (UID 3), not the project's (UID 1): read
    // whole, with its two 2003-style periods off
    const project = document(readFileSync(join(sharedDataDir('mspdi-corpus'), 'mpxj-legacy-caltest.xml'), 'utf8'));
    const warnings = new Warnings();
    const { resources } = mapResources(project, warnings, mapCalendar(project, warnings));
    expect(resources.find((resource) => resource.name === 'Resource Three')?.calendar).toEqual({
      exceptions: [
        { from: '2005-11-01', to: '2005-11-04', name: '' },
        { from: '2005-11-21', to: '2005-11-25', name: '' },
      ],
    });
  });
});
