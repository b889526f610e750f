import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedProjectRecords } from './imported-project';
import { MAX_WARNING_NAME } from './mspdi-format';
import { exceptionDates } from './mspdi-calendar';
import { child, children } from './mspdi-nodes';
import { sharedDataDir } from './mspdi-test-support';
import { MspdiXmlReader } from './mspdi-xml';
import { parseMspdi } from './parse-mspdi';
import { leaf, mspdiFile, taskXml } from './mspdi-test-support';

/**
 * The MSPDI corpus (issue 34): the 144 files MS Project 2002–2019 and ProjectLibre wrote, in
 * `../shared/data/mspdi-corpus`. Its README's table is the oracle: each file's tasks (non-blank,
 * UID ≠ 0) and links (PredecessorLink elements), counted by whoever collected them, not by us.
 */
const corpus = sharedDataDir('mspdi-corpus');

/** The README's rows: local name → its tasks and links. */
function readmeCounts(): Map<string, { tasks: number; links: number }> {
  const counts = new Map<string, { tasks: number; links: number }>();
  for (const line of readFileSync(path.join(corpus, 'README.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | local name | … | tasks | links |
    if (cells.length < 4 || !cells[1]?.endsWith('.xml')) continue;
    const tasks = Number(cells.at(-3));
    const links = Number(cells.at(-2));
    if (Number.isInteger(tasks) && Number.isInteger(links)) counts.set(cells[1], { tasks, links });
  }
  return counts;
}

describe('the MSPDI corpus, every file (issue 34)', () => {
  const files = readdirSync(corpus).filter((name) => name.endsWith('.xml'));
  const counts = readmeCounts();

  it('has the 144 files its README lists', () => {
    expect(files).toHaveLength(144);
    expect([...counts.keys()].sort()).toEqual([...files].sort());
  });

  it("imports every file with the README's task and link counts, its EDP records made, every warning in Spanish", () => {
    const wrong: string[] = [];
    for (const name of files) {
      const result = parseMspdi(readFileSync(path.join(corpus, name), 'utf8'));
      if (!result.ok) {
        wrong.push(`${name}: ${result.error}`);
        continue;
      }
      const { schedule } = result;
      const expected = counts.get(name);
      if (schedule.tasks.length !== expected?.tasks || schedule.links.length !== expected.links)
        wrong.push(`${name}: ${schedule.tasks.length} tareas y ${schedule.links.length} vínculos`);
      const records = importedProjectRecords(schedule, { code: 'CORPUS' });
      expect(records.edpItems, name).toHaveLength(schedule.tasks.length + 1);
      for (const warning of [...schedule.warnings, ...records.warnings]) {
        // Spanish sentences ending in a period, naming at most ten tasks (then 'y N más')
        expect(warning, name).toMatch(/^[A-ZÁÉÍÓÚÑ¿].*[.)]$/s);
        // its own words (before the names the file gave) are Spanish
        expect(warning.split(':')[0], name).not.toMatch(/\b(the|task|tasks|link|warning|not|file)\b/i);
        expect(warning.length, name).toBeLessThan(11 * (MAX_WARNING_NAME + 40) + 400);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names a task in a warning by at most 120 characters, and at most ten of them', () => {
    // 9,000 characters (the reader takes values of up to 10,000)
    const long = 'Excavación masiva '.repeat(500);
    const tasks = [taskXml({ UID: 0, ID: 0, Name: 'Obra', OutlineLevel: 0, Summary: 1 })];
    for (let uid = 1; uid <= 12; uid += 1) tasks.push(leaf(uid, `${long}${uid}`, 1, 1, { Recurring: 1 }));
    const result = parseMspdi(mspdiFile({ tasks }));
    if (!result.ok) throw new Error(result.error);
    const [warning] = result.schedule.warnings;
    expect(warning?.startsWith('Las tareas periódicas se importan como tareas comunes, sin su periodicidad: ')).toBe(
      true,
    );
    expect(warning?.endsWith(' y 2 más.')).toBe(true);
    expect(
      warning
        ?.split(', ')
        .map((shown) => shown.replace(/ y 2 más\.$/, ''))
        .every((shown) => shown.length <= 200),
    ).toBe(true);
    expect(warning?.length).toBeLessThan(2000);
  });
});

describe('recurring calendar exceptions of the corpus (issue 34)', () => {
  const names = readdirSync(corpus).filter((name) => name.startsWith('mpxj-calendar-recurring-exceptions-'));

  it.each(names)(
    '%s: every exception on the dates MS Project wrote: its occurrences, the last on its ToDate',
    (name) => {
      const xml = readFileSync(path.join(corpus, name), 'utf8');
      const result = parseMspdi(xml);
      if (!result.ok) throw new Error(result.error);
      // the oracle, read from the file's text: each exception's name, occurrences and last day
      const written = xml
        .split('<Exception>')
        .slice(1)
        .map((chunk) => ({
          name: /<Name>([^<]*)<\/Name>/.exec(chunk)?.[1] ?? '',
          occurrences: Number(/<Occurrences>(\d+)<\/Occurrences>/.exec(chunk)?.[1]),
          last: /<ToDate>(\d{4}-\d{2}-\d{2})/.exec(chunk)?.[1] ?? '',
          working: /<DayWorking>1<\/DayWorking>/.test(chunk),
        }));
      expect(written.length).toBeGreaterThan(20);
      // each exception's own dates (the calendar keeps one per date: the first exception of a date wins)
      const read = new MspdiXmlReader();
      read.write(xml);
      const document = read.end();
      if (!document.ok) throw new Error(document.error);
      const calendars = children(child(child(document.document, 'Project'), 'Calendars'), 'Calendar');
      const nodes = calendars.flatMap((calendar) => children(child(calendar, 'Exceptions'), 'Exception'));
      expect(nodes).toHaveLength(written.length);
      nodes.forEach((node, index) => {
        const exception = written[index];
        const dates = exceptionDates(node);
        expect(dates?.length, exception?.name).toBe(exception?.occurrences);
        expect(dates?.at(-1), exception?.name).toBe(exception?.last);
      });
      // and the calendar holds every one of their dates, with its working flag
      const byDate = new Map(result.schedule.calendar.exceptions.map((date) => [date.date, date]));
      nodes.forEach((node, index) => {
        for (const date of exceptionDates(node) ?? [])
          expect(byDate.has(date), `${written[index]?.name} ${date}`).toBe(true);
      });
      const working = written.find((exception) => exception.working);
      expect(
        result.schedule.calendar.exceptions.filter((date) => date.name === working?.name && date.working),
      ).toHaveLength(working?.occurrences ?? -1);
      expect(result.schedule.warnings.filter((warning) => warning.includes('excepciones'))).toEqual([]);
    },
  );
});
