import { describe, expect, it } from 'vitest';
import { readSample } from '../mspdi/mspdi-test-support';
import { mapXer } from './map-xer';
import type { MapXerResult } from './map-xer';
import { readP6File } from './p6-test-support';
import { NOT_P6XML, P6XmlReader, readP6Xml } from './read-p6xml';
import { readXer } from './read-xer';

const decoder = new TextDecoder('utf-8');
const xmlOf = (name: string) => decoder.decode(readP6File(name));

function tablesOf(name: string) {
  const result = readP6Xml(xmlOf(name));
  if (!result.ok) throw new Error(result.error);
  return result.xer;
}

function mappedXml(name: string, projectId?: string): Extract<MapXerResult, { ok: true }> {
  const result = mapXer(tablesOf(name), projectId === undefined ? {} : { projectId });
  if (!result.ok) throw new Error(result.error);
  return result;
}

function mappedXer(name: string): Extract<MapXerResult, { ok: true }> {
  const read = readXer(readP6File(name));
  if (!read.ok) throw new Error(read.error);
  const result = mapXer(read.xer);
  if (!result.ok) throw new Error(result.error);
  return result;
}

/** A schedule without what differs by format alone: UIDs and the file's own dates as written. */
function comparable({ schedule }: Extract<MapXerResult, { ok: true }>) {
  return {
    ...schedule,
    tasks: schedule.tasks.map(
      ({ uid: _uid, parentUid: _parent, fileStart: _start, fileFinish: _finish, ...task }) => task,
    ),
  };
}

describe('readP6Xml on the P6 corpus (issue 34)', () => {
  // the corpus README's counts: top-level projects, activities, relationships
  it.each([
    ['mpxj-PredecessorCalendar.xml', 1, 1, 0],
    ['mpxj-ProjectDefaultCalendar.xml', 1, 1, 0],
    ['mpxj-SuccessorCalendar.xml', 1, 1, 0],
    ['mpxj-TwentyFourHourCalendar.xml', 1, 1, 0],
    ['mpxj-resource-rates-test.xml', 1, 1, 0],
    ['mpxj-percent-complete-8.4.pmxml', 1, 12, 0],
    // the two BaselineProject elements (2 activities each) are not projects to import
    ['aspose-BaselineProjects.xml', 1, 2, 0],
    ['aspose-MultiprojectWithExternal.xml', 2, 3, 1],
    ['aspose-PrimaveraProject.xml', 4, 28, 26],
    ['aspose-primavera.xml', 1, 137, 498],
  ] as const)('%s: %i projects, %i activities, %i relationships', (name, projects, activities, relationships) => {
    const xer = tablesOf(name);
    expect(xer.tables.get('PROJECT')?.rows).toHaveLength(projects);
    expect(xer.tables.get('TASK')?.rows).toHaveLength(activities);
    expect(xer.tables.get('TASKPRED')?.rows).toHaveLength(relationships);
  });

  it('maps the same project to the same schedule as its XER twin', () => {
    for (const [xer, xml] of [
      ['mpxj-percent-complete-8.4.xer', 'mpxj-percent-complete-8.4.pmxml'],
      ['mpxj-resource-rates-test.xer', 'mpxj-resource-rates-test.xml'],
    ] as const) {
      expect(comparable(mappedXml(xml)), xml).toEqual(comparable(mappedXer(xer)));
    }
    // XER names the project by its WBS node, '(New Project2)'; the XML by the project's own name
    const xer = comparable(mappedXer('aspose-MultiprojectWithExternal.xer'));
    const xml = comparable(mappedXml('aspose-MultiprojectWithExternal.xml'));
    expect(xml).toEqual({ ...xer, projectName: 'New Project2' });
  });

  it('reads the % complete of each type as P6 shows it, and the data date as the cut-off', () => {
    const { schedule } = mappedXml('mpxj-percent-complete-8.4.pmxml');
    expect(schedule.tasks.map((task) => [task.name, task.progress])).toEqual([
      ['Duration 0%', 0],
      ['Duration 25%', 25],
      ['Duration 75%', 75],
      ['Duration 100%', 100],
      ['Physical 0%', 0],
      ['Physical 25%', 25],
      ['Physical 75%', 75],
      ['Physical 100%', 100],
      ['Units 0%', 0],
      ['Units 25%', 25],
      ['Units 75%', 75],
      ['Units 100%', 100],
    ]);
    expect(schedule.cutoff).toBe('2015-02-24');
    // 800 hours on the 8-hour calendar (08:00 to 15:59, P6's last minute of the day)
    expect(schedule.tasks[0]?.duration).toBe(100);
  });

  it('several projects: the two written only as an Id are external; one is chosen by its Project ID', () => {
    const result = mapXer(tablesOf('aspose-PrimaveraProject.xml'));
    expect(result).toMatchObject({ ok: false, reason: 'choose' });
    expect(result.projects.map((project) => [project.shortName, project.isExternal, project.activityCount])).toEqual([
      ['PROD00266', true, 1],
      ['PROD00228', true, 1],
      ['PROD00883', false, 13],
      ['PROD00499', false, 13],
    ]);
    const { schedule } = mappedXml('aspose-PrimaveraProject.xml', 'PROD00883');
    expect(schedule.projectName).toBe('Plasma Product Launch');
    expect(schedule.tasks.filter((task) => !task.summary)).toHaveLength(13);
    expect(schedule.tasks.filter((task) => task.summary).length).toBeGreaterThan(0);
  });

  it("Aspose's file: a project without an ObjectId, its WBS codes, 498 relationships and a working exception", () => {
    const result = mappedXml('aspose-primavera.xml');
    expect(result.projectId).toBe('proyecto-1');
    const { schedule } = result;
    expect(schedule.projectName).toBe('detail_elaboration_iteration');
    expect(schedule.tasks.filter((task) => !task.summary)).toHaveLength(137);
    expect(schedule.links.length).toBeGreaterThan(400);
    expect(schedule.calendar.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(schedule.calendar.exceptions).toEqual([{ date: '1999-05-01', name: 'Standard', working: true }]);
    for (const task of schedule.tasks) expect(task.fileCode, task.name).toMatch(/\S/);
  });

  it("carries the project's baseline projects, P6's current one first, by Activity ID", () => {
    const { schedule } = mappedXml('aspose-BaselineProjects.xml');
    expect(schedule.baselines).toEqual([
      { number: 0, name: '(New Project) - B2 (P6)' },
      { number: 1, name: '(New Project) - B1 (P6)' },
    ]);
    const byName = new Map(schedule.tasks.map((task) => [task.name, task]));
    // B2: 64 hours, to 10:00 on 18-10 (that day); B1: 40 hours, to 16:00 on 10-03
    expect(byName.get('Задача 1')?.baselines).toEqual([
      { number: 0, start: '2023-03-08', finish: '2023-10-18', duration: 8 },
      { number: 1, start: '2023-03-06', finish: '2023-03-10', duration: 5 },
    ]);
    expect(byName.get('Тест2')?.baselines?.map((baseline) => baseline.finish)).toEqual(['2023-03-11', '2023-03-11']);
    // a file without baseline projects has none
    expect(mappedXml('mpxj-percent-complete-8.4.pmxml').schedule.baselines).toBeUndefined();
  });

  it('refuses what is not P6 XML, a truncated file, a DOCTYPE and an empty file, in Spanish', () => {
    expect(readP6Xml(readSample('mpxj-mspdirelations.xml'))).toEqual({ ok: false, error: NOT_P6XML });
    const xml = xmlOf('mpxj-percent-complete-8.4.pmxml');
    const cut = readP6Xml(xml.slice(0, 5000));
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.error).toMatch(/^El archivo está incompleto, se corta en la línea \d+, columna \d+/);
    const doctype = readP6Xml('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><APIBusinessObjects/>');
    expect(doctype.ok).toBe(false);
    if (!doctype.ok) expect(doctype.error).toMatch(/DOCTYPE/);
    expect(readP6Xml('  ')).toEqual({
      ok: false,
      error: 'El archivo está vacío: elige el archivo XML exportado desde Primavera P6.',
    });
    // read in pieces, the same tables
    const reader = new P6XmlReader();
    for (let at = 0; at < xml.length; at += 777) reader.write(xml.slice(at, at + 777));
    const pieces = reader.end();
    expect(pieces.ok && [...pieces.xer.tables.keys()]).toEqual([
      'PROJECT',
      'CALENDAR',
      'PROJWBS',
      'TASK',
      'TASKPRED',
      'RSRC',
      'RSRCRATE',
      'TASKRSRC',
      'CURRTYPE',
    ]);
    expect(pieces.ok && pieces.xer.tables.get('TASK')?.rows).toEqual(
      tablesOf('mpxj-percent-complete-8.4.pmxml').tables.get('TASK')?.rows,
    );
  });
});
