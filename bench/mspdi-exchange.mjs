// MS Project XML (MSPDI) exchange (issue 14): importProject of a generated 10,000-task file (its
// preview on a dry run, then the import that writes the project) and exportGantt 'mspdi' of the
// imported 10,000-task project, on SQLite and on a throwaway PostgreSQL database. Each figure is
// one call's time from request to the last byte on loopback, with the server's peak RSS during it
// (VmHWM of the server process, reset before the call through /proc/<pid>/clear_refs; where the
// reset is refused, the peak since the server started). Prints figures, asserts nothing.
//
//   node bench/mspdi-exchange.mjs   starts the built server (npm run build first) twice: on a fresh
//                                   SQLite data dir, and on a fresh PostgreSQL database created on
//                                   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
//   import { measureMspdiExchange } from './mspdi-exchange.mjs'
//                                   the same, answering rows { name, value, unit, note }
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onBothDatabases, timedCall } from './support.mjs';

const TASKS = 10_000;
/** A summary and its 9 leaves; the leaves of a group chained FS (every fifth link with a day's lag): 8,000 links. */
const PER_GROUP = 9;

const WORKING_TIMES =
  '<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime>' +
  '<WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes>';

/**
 * An MSPDI file as MS Project writes one: a Monday–Friday calendar with a few named exceptions, the
 * project row (UID 0), then `tasks` tasks in groups (a summary at OutlineLevel 1, its leaves at 2:
 * 1–5 days, every tenth a milestone, some with progress), the leaves of each group chained FS (the
 * groups run side by side). Answers the XML and its link count.
 */
export function benchMspdi(tasks = TASKS) {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">',
    '<SaveVersion>14</SaveVersion><Name>bench.xml</Name><Title>Proyecto de 10.000 tareas</Title>',
    '<ScheduleFromStart>1</ScheduleFromStart><StartDate>2026-03-02T08:00:00</StartDate>',
    '<CalendarUID>1</CalendarUID><DefaultStartTime>08:00:00</DefaultStartTime><MinutesPerDay>480</MinutesPerDay>',
    '<MinutesPerWeek>2400</MinutesPerWeek>',
    '<Calendars><Calendar><UID>1</UID><Name>Estándar</Name><IsBaseCalendar>1</IsBaseCalendar>',
    '<BaseCalendarUID>-1</BaseCalendarUID><WeekDays>',
  ];
  for (let day = 1; day <= 7; day += 1) {
    const working = day >= 2 && day <= 6;
    parts.push(
      `<WeekDay><DayType>${day}</DayType><DayWorking>${working ? 1 : 0}</DayWorking>${working ? WORKING_TIMES : ''}</WeekDay>`,
    );
  }
  parts.push('</WeekDays><Exceptions>');
  for (const [date, name] of [
    ['2026-05-21', 'Glorias Navales'],
    ['2026-09-18', 'Fiestas Patrias'],
    ['2026-12-25', 'Navidad'],
    ['2027-01-01', 'Año Nuevo'],
  ]) {
    parts.push(
      `<Exception><EnteredByOccurrences>0</EnteredByOccurrences><TimePeriod><FromDate>${date}T00:00:00</FromDate>` +
        `<ToDate>${date}T23:59:00</ToDate></TimePeriod><Occurrences>1</Occurrences><Name>${name}</Name><Type>1</Type>` +
        '<DayWorking>0</DayWorking></Exception>',
    );
  }
  parts.push('</Exceptions></Calendar></Calendars><Tasks>');
  parts.push(
    '<Task><UID>0</UID><ID>0</ID><Name>Proyecto de 10.000 tareas</Name><OutlineNumber>0</OutlineNumber>' +
      '<OutlineLevel>0</OutlineLevel><Summary>1</Summary></Task>',
  );
  let links = 0;
  let previous;
  for (let uid = 1; uid <= tasks; uid += 1) {
    const group = Math.floor((uid - 1) / (PER_GROUP + 1)) + 1;
    if ((uid - 1) % (PER_GROUP + 1) === 0) {
      parts.push(
        `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>Etapa ${group}</Name><WBS>${group}</WBS><OutlineNumber>${group}</OutlineNumber>` +
          '<OutlineLevel>1</OutlineLevel><Summary>1</Summary></Task>',
      );
      previous = undefined;
      continue;
    }
    const leaf = (uid - 1) % (PER_GROUP + 1);
    const days = uid % 10 === 0 ? 0 : (uid % 5) + 1;
    let link = '';
    if (previous !== undefined) {
      links += 1;
      link =
        `<PredecessorLink><PredecessorUID>${previous}</PredecessorUID><Type>1</Type><CrossProject>0</CrossProject>` +
        `<LinkLag>${links % 5 === 0 ? 4800 : 0}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`;
    }
    parts.push(
      `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>Actividad ${group}.${leaf}</Name><WBS>${group}.${leaf}</WBS>` +
        `<OutlineNumber>${group}.${leaf}</OutlineNumber><OutlineLevel>2</OutlineLevel><Duration>PT${days * 8}H0M0S</Duration>` +
        `<DurationFormat>7</DurationFormat><Milestone>${days === 0 ? 1 : 0}</Milestone><Summary>0</Summary>` +
        `<PercentComplete>${uid % 3 === 0 ? 50 : 0}</PercentComplete>${link}</Task>`,
    );
    previous = uid;
  }
  parts.push('</Tasks></Project>\n');
  return { xml: parts.join(''), links };
}

/** The server's peak resident set (VmHWM) in MB. */
export function peakRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resets the peak to the current RSS (Linux: `5` into clear_refs); false when refused. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function mspdiFigures(target, label, record) {
  const { xml, links } = benchMspdi();
  const megabytes = (Buffer.byteLength(xml) / (1024 * 1024)).toFixed(1);
  const peakNote = (reset) => (reset ? 'peak RSS during the call' : 'peak RSS since the server started');
  const timed = async (name, data) => {
    const reset = resetPeak(target.pid);
    const timing = await timedCall(target, name, data);
    return { ...timing, peak: peakRss(target.pid), reset };
  };

  const base = { format: 'mspdi', fileName: 'bench.xml', content: xml };
  const preview = await timed('importProject', { ...base, dryRun: true });
  record(
    `importProject dry run (preview), ${TASKS} tasks / ${links} links (${label})`,
    preview.ms.toFixed(0),
    'ms',
    `1 call, ${megabytes} MB file; ${peakNote(preview.reset)} ${preview.peak.toFixed(0)} MB`,
  );
  const imported = await timed('importProject', { ...base, code: 'MSPDI-BENCH', chileHolidays: true });
  record(
    `importProject, ${TASKS} tasks / ${links} links (${label})`,
    imported.ms.toFixed(0),
    'ms',
    `1 call: project, ${TASKS + 1} EDP items, ${TASKS + 1} tasks, ${links} links written; ${peakNote(imported.reset)} ${imported.peak.toFixed(0)} MB`,
  );
  const id = imported.result.project._id;
  const loaded = await timed('loadGantt', { id });
  record(
    `loadGantt of the imported project (${label})`,
    loaded.ms.toFixed(0),
    'ms',
    `1 call, ${(loaded.bytes / 1024).toFixed(0)} KB JSON; ${peakNote(loaded.reset)} ${loaded.peak.toFixed(0)} MB`,
  );
  try {
    const exported = await timed('exportGantt', { id, format: 'mspdi' });
    record(
      `exportGantt mspdi, ${TASKS + 1} tasks (${label})`,
      exported.ms.toFixed(0),
      'ms',
      `1 call, ${(Buffer.byteLength(exported.result.content) / (1024 * 1024)).toFixed(1)} MB file; ${peakNote(exported.reset)} ${exported.peak.toFixed(0)} MB`,
    );
  } catch (error) {
    record(`exportGantt mspdi, ${TASKS + 1} tasks (${label})`, 'n/a', '', `failed: ${error.message.split('\n')[0]}`);
  }
}

/** The figures on SQLite and PostgreSQL, as rows { name, value, unit, note }. */
export async function measureMspdiExchange() {
  return onBothDatabases('importProject / exportGantt mspdi', mspdiFigures);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await measureMspdiExchange();
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${String(row.value).padStart(7)} ${row.unit.padEnd(3)}  ${row.note}\n`,
    );
  }
}
