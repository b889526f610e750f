import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkingCalendar, dayNumber, isoDay } from '../gantt/calendar';
import type { ScheduleTask } from '../gantt/schedule-types';
import { schedule } from '../gantt/schedule';
import { parseMspdi } from './parse-mspdi';
import type { ImportedSchedule } from './types';
import { sharedDataDir } from './mspdi-test-support';

/**
 * Issue 34: the corpus files that carry progress without a status date (MS Project shows their
 * remaining work where its Resume is and their tasks not started where its logic put them, with no
 * data date). Imported, each leaf lands on the date part of the file's Start and Finish.
 */

const corpus = sharedDataDir('mspdi-corpus');

function imported(xml: string): ImportedSchedule {
  const result = parseMspdi(xml);
  if (!result.ok) throw new Error(result.error);
  return result.schedule;
}

function landed(file: ImportedSchedule) {
  const firstYear = Math.min(
    ...[file.projectStart, ...file.tasks.flatMap((task) => [task.start, task.actualStart ?? task.start])].map((date) =>
      Number(date.slice(0, 4)),
    ),
  );
  const calendar = new WorkingCalendar(file.calendar, () => [], firstYear);
  const tasks: ScheduleTask[] = file.tasks.map((task) => ({
    id: task.uid,
    ...(task.parentUid === undefined ? {} : { parentId: task.parentUid }),
    start: task.start,
    duration: task.duration,
    name: task.name,
    progress: task.progress,
    ...(task.actualStart === undefined ? {} : { actualStart: task.actualStart }),
    ...(task.actualFinish === undefined ? {} : { actualFinish: task.actualFinish }),
    ...(task.remaining === undefined ? {} : { remaining: task.remaining }),
    ...(task.mustStartOn === true ? { mustStartOn: true } : {}),
    ...(task.resume === undefined ? {} : { resume: task.resume }),
  }));
  const result = schedule(tasks, file.links, calendar, file.cutoff === undefined ? {} : { cutoff: file.cutoff });
  if (!result.ok) throw new Error(result.error);
  const byUid = new Map(result.tasks.map((task) => [task.id, task]));
  let on = 0;
  const off: string[] = [];
  for (const task of file.tasks) {
    if (task.summary) continue;
    const ours = byUid.get(task.uid);
    const start = task.fileStart?.slice(0, 10);
    let finish = task.fileFinish?.slice(0, 10);
    // a finish at 08:00 is the end of the working day before (MS Project writes the instant work ends)
    if (task.duration > 0 && finish !== undefined && task.fileFinish?.slice(11, 16) === '08:00')
      finish = isoDay(calendar.dayAt(calendar.indexOf(dayNumber(finish)) - 1));
    if (ours?.start === start && ours?.end === finish) on += 1;
    else off.push(`${task.name}: ${ours?.start}…${ours?.end}, file ${task.fileStart}…${task.fileFinish}`);
  }
  return { on, off };
}

describe('the corpus files with progress and no status date (issue 34)', () => {
  const files = readdirSync(corpus)
    .filter((name) => name.endsWith('.xml'))
    .filter((name) => {
      const xml = readFileSync(path.join(corpus, name), 'utf8');
      return !/<StatusDate>/.test(xml) && /<ActualStart>/.test(xml);
    });

  // leaves on MS Project's start and finish days, of the file's leaves. Before Resume and the
  // must-start-on (the remaining work at the cut-off, every task not started held to it): 11 of 85.
  // What stays off: remaining work resumed within a day, on a 24-hour calendar (mspditimephased) and
  // work spread by resource contours (mspdiresource), which a day-granular engine does not model.
  const expected: Record<string, [number, number]> = {
    ...Object.fromEntries(
      ['2002', '2003', '2007', '2010', '2013', '2016', '2019'].map((year) => [
        `mpxj-assignment-assignments-project${year}-mspdi.xml`,
        [3, 3] as [number, number],
      ]),
    ),
    'mpxj-mspdiassignmentfields.xml': [1, 1],
    'mpxj-mspdiresource.xml': [1, 3],
    'mpxj-mspditimephased.xml': [17, 40],
    'mpxj-mspditimephasedsegments.xml': [18, 20],
  };

  it('lands 58 of their 85 leaves on the days MS Project shows (11 before)', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    const counts: Record<string, [number, number]> = {};
    let on = 0;
    for (const name of files) {
      const result = landed(imported(readFileSync(path.join(corpus, name), 'utf8')));
      counts[name] = [result.on, result.on + result.off.length];
      on += result.on;
    }
    expect(counts).toEqual(expected);
    expect(on).toBe(58);
  });
});
