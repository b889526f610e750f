import { XMLBuilder } from 'fast-xml-parser';
import { MSPDI_NAMESPACE, MSPDI_OF_LINK_TYPE } from './mspdi-format';
import type { MspdiExport } from './types';
import { dayNumber } from '../gantt/calendar';
import { remainingWorkDays } from '../gantt/tracking';
import type { Currency } from '../format/money';

/**
 * writeMspdi (issue 14): a Gantt as an MS Project XML file (MSPDI) that MS Project 2007+ and
 * ProjectLibre open: the header, one base calendar 'Cimiento' (the project's weekdays at
 * 08:00–12:00 and 13:00–17:00, every exception and every Chilean holiday used as a named
 * exception), MS Project's project row (UID 0) and every task with its WBS (the code given: issue 32, the task's unique code), outline,
 * dates, duration, milestone/summary flags, % complete, start-no-earlier-than constraint and
 * predecessor links; issue 15: actual dates, the chosen baseline as Baseline 0 and the latest cut-off
 * as the status date. Every element is written in the order of the MSPDI schema (mspdi_pj12.xsd),
 * which MS Project requires. Built with fast-xml-parser's XMLBuilder, which escapes the text.
 */

export const MSPDI_CALENDAR_NAME = 'Cimiento';

/**
 * The project's currency as MS Project's header writes it (issue 33): the ISO 4217 code (CLF for
 * the UF, USD for the dollar amounts in thousands or millions too), the symbol as Chile writes it,
 * the decimals MS Project shows (at most 2) and where the symbol goes (0 before, 2 before with a
 * space: 'UF 1.234,56').
 */
export function mspdiCurrency(currency: Currency): {
  CurrencyDigits: number;
  CurrencySymbol: string;
  CurrencyCode: string;
  CurrencySymbolPosition: number;
} {
  switch (currency) {
    case 'CLP':
      return { CurrencyDigits: 0, CurrencySymbol: '$', CurrencyCode: 'CLP', CurrencySymbolPosition: 0 };
    case 'UF':
      return { CurrencyDigits: 2, CurrencySymbol: 'UF', CurrencyCode: 'CLF', CurrencySymbolPosition: 2 };
    case 'USD':
    case 'MUSD':
    case 'MMUSD':
      return { CurrencyDigits: 2, CurrencySymbol: 'US$', CurrencyCode: 'USD', CurrencySymbolPosition: 0 };
  }
}
const HOURS_PER_DAY = 8;
/** LinkLag is in tenths of a working minute: one 8-hour day = 4800. */
const LINK_LAG_PER_DAY = HOURS_PER_DAY * 60 * 10;

/** Characters XML 1.0 does not allow (control characters but tab, LF and CR). */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function clean(value: string): string {
  return value.replace(XML_INVALID, '');
}

const WORKING_TIMES = {
  WorkingTime: [
    { FromTime: '08:00:00', ToTime: '12:00:00' },
    { FromTime: '13:00:00', ToTime: '17:00:00' },
  ],
};

/** The element names of a written task, in schema order (for the tests and the reader of this code). */
export const TASK_ELEMENT_ORDER = [
  'UID',
  'ID',
  'Name',
  'Type',
  'IsNull',
  'WBS',
  'OutlineNumber',
  'OutlineLevel',
  'Priority',
  'Start',
  'Finish',
  'Duration',
  'DurationFormat',
  'Resume',
  'EffortDriven',
  'Estimated',
  'Milestone',
  'Summary',
  'PercentComplete',
  'ActualStart',
  'ActualFinish',
  'RemainingDuration',
  'ConstraintType',
  'CalendarUID',
  'ConstraintDate',
  'Deadline',
  'Notes',
  'PredecessorLink',
  'Baseline',
] as const;

export const LINK_ELEMENT_ORDER = ['PredecessorUID', 'Type', 'CrossProject', 'LinkLag', 'LagFormat'] as const;

/**
 * issue 35: the tasks' resources as MSPDI Resources and Assignments (schema order): a Work resource
 * per labour or equipment resource (MaxUnits 1 = one unit, StandardRate per hour: the cost per day
 * ÷ 8), a Material one per material or subcontract (its unit as MaterialLabel, StandardRate per
 * unit); each assignment with its Units. Nothing when no task has resources.
 */
function resourceElements(
  input: MspdiExport,
  uidOf: ReadonlyMap<number, number>,
  calendarUids: ReadonlyMap<number, number>,
) {
  const resources = input.resources ?? [];
  if (resources.length === 0) return {};
  const known = new Set(resources.map((resource) => resource.uid));
  const assignments: Record<string, unknown>[] = [];
  for (const task of input.tasks) {
    const taskUid = uidOf.get(task.id);
    if (taskUid === undefined) continue;
    for (const entry of task.resources ?? []) {
      if (!known.has(entry.resourceUid)) continue;
      assignments.push({
        UID: assignments.length + 1,
        TaskUID: taskUid,
        ResourceUID: entry.resourceUid,
        Units: entry.units,
      });
    }
  }
  return {
    Resources: {
      Resource: resources.map((resource) => {
        const material = resource.kind === 'material';
        const rate = material
          ? resource.costPerUnit === undefined
            ? undefined
            : Number(resource.costPerUnit)
          : resource.costPerDay === undefined
            ? undefined
            : Number(resource.costPerDay) / HOURS_PER_DAY;
        return {
          UID: resource.uid,
          ID: resource.uid,
          Name: clean(resource.name),
          Type: material ? 0 : 1,
          IsNull: 0,
          Initials: clean(resource.code),
          ...(material ? { MaterialLabel: clean(resource.unit) } : {}),
          ...(material ? {} : { MaxUnits: resource.maxUnits }),
          ...(rate === undefined
            ? {}
            : { StandardRate: Number(rate.toFixed(4)), StandardRateFormat: material ? 7 : 2 }),
          ...(calendarUids.has(resource.uid) ? { CalendarUID: calendarUids.get(resource.uid) } : {}),
        };
      }),
    },
    ...(assignments.length === 0 ? {} : { Assignments: { Assignment: assignments } }),
  };
}

/**
 * issue 35: each resource's own calendar as MS Project's resource calendar: a calendar named as the
 * resource, derived from the project's (BaseCalendarUID 1), with the project's weekdays it does not
 * work marked non-working and each non-working range as a daily exception over its days. UIDs from 2
 * in the resources' order; answers the calendars and each resource's calendar UID by its uid.
 */
function resourceCalendars(
  input: MspdiExport,
  projectWeekdays: readonly number[],
): { calendars: Record<string, unknown>[]; uids: Map<number, number> } {
  const calendars: Record<string, unknown>[] = [];
  const uids = new Map<number, number>();
  for (const resource of input.resources ?? []) {
    const own = resource.calendar;
    if (own === undefined) continue;
    const off = projectWeekdays.filter(
      (day) => own.workingWeekdays !== undefined && !own.workingWeekdays.includes(day),
    );
    const ranges = own.exceptions ?? [];
    if (off.length === 0 && ranges.length === 0) continue;
    const uid = calendars.length + 2;
    uids.set(resource.uid, uid);
    calendars.push({
      UID: uid,
      Name: clean(resource.name),
      IsBaseCalendar: 0,
      BaseCalendarUID: 1,
      ...(off.length === 0 ? {} : { WeekDays: { WeekDay: off.map((day) => ({ DayType: day + 1, DayWorking: 0 })) } }),
      ...(ranges.length === 0
        ? {}
        : {
            Exceptions: {
              Exception: ranges.map((range) => ({
                EnteredByOccurrences: 0,
                TimePeriod: { FromDate: `${range.from}T00:00:00`, ToDate: `${range.to}T23:59:00` },
                Occurrences: dayNumber(range.to) - dayNumber(range.from) + 1,
                Name: clean(range.name ?? ''),
                Type: 1,
                DayWorking: 0,
              })),
            },
          }),
    });
  }
  return { calendars, uids };
}

export function writeMspdi(input: MspdiExport): string {
  const name = clean(input.projectName);
  const weekdays = [...new Set(input.calendar.workingWeekdays)].filter((day) => day >= 0 && day <= 6);

  // exceptions by date: the Chilean holidays used, then the project's own exceptions over them
  const byDate = new Map<string, { name: string; working: boolean }>();
  for (const holiday of input.calendar.holidays) byDate.set(holiday.date, { name: holiday.name, working: false });
  for (const exception of input.calendar.exceptions)
    byDate.set(exception.date, { name: exception.name, working: exception.working });
  const exceptions = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, exception]) => ({
      EnteredByOccurrences: 0,
      TimePeriod: { FromDate: `${date}T00:00:00`, ToDate: `${date}T23:59:00` },
      Occurrences: 1,
      Name: clean(exception.name),
      Type: 1,
      DayWorking: exception.working ? 1 : 0,
      ...(exception.working ? { WorkingTimes: WORKING_TIMES } : {}),
    }));

  const calendar = {
    UID: 1,
    Name: MSPDI_CALENDAR_NAME,
    IsBaseCalendar: 1,
    BaseCalendarUID: -1,
    WeekDays: {
      // DayType 1 = Sunday … 7 = Saturday
      WeekDay: [0, 1, 2, 3, 4, 5, 6].map((day) =>
        weekdays.includes(day)
          ? { DayType: day + 1, DayWorking: 1, WorkingTimes: WORKING_TIMES }
          : { DayType: day + 1, DayWorking: 0 },
      ),
    },
    ...(exceptions.length > 0 ? { Exceptions: { Exception: exceptions } } : {}),
  };

  const ownCalendars = resourceCalendars(input, weekdays);

  // UIDs and IDs 1…n in tree order; outline numbers by position under each parent
  const uidOf = new Map<number, number>();
  input.tasks.forEach((task, index) => uidOf.set(task.id, index + 1));
  const outlineOf = new Map<number, string>();
  const levelOf = new Map<number, number>();
  const childCount = new Map<number | undefined, number>();
  const predecessorsOf = new Map<number, MspdiExport['links']>();
  for (const link of input.links) {
    if (!uidOf.has(link.from) || !uidOf.has(link.to) || link.from === link.to) continue;
    const list = predecessorsOf.get(link.to);
    if (list) list.push(link);
    else predecessorsOf.set(link.to, [link]);
  }

  const tasks = input.tasks.map((task, index) => {
    const parent = task.parentId !== undefined && outlineOf.has(task.parentId) ? task.parentId : undefined;
    const position = (childCount.get(parent) ?? 0) + 1;
    childCount.set(parent, position);
    const outline = parent === undefined ? String(position) : `${outlineOf.get(parent)}.${position}`;
    const level = parent === undefined ? 1 : (levelOf.get(parent) ?? 0) + 1;
    outlineOf.set(task.id, outline);
    levelOf.set(task.id, level);
    const duration = Math.max(0, Math.round(task.duration));
    const milestone = !task.isSummary && duration === 0;
    // a milestone sits at the start of its day; work ends at 17:00 of its last working day
    const start = `${task.start}T08:00:00`;
    const finish = milestone ? start : `${task.end}T17:00:00`;
    // issue 34: a must-start-on is MS Project's MSO on its start, else a start no earlier than as set
    const mso = !task.isSummary && task.mustStartOn === true;
    const snet = mso ? (task.startNoEarlierThan ?? task.start) : task.startNoEarlierThan;
    const underWay = !task.isSummary && task.actualStart !== undefined && task.actualFinish === undefined;
    return {
      UID: index + 1,
      ID: index + 1,
      Name: clean(task.name),
      Type: 1,
      IsNull: 0,
      WBS: clean(task.code),
      OutlineNumber: outline,
      OutlineLevel: level,
      Priority: 500,
      Start: start,
      Finish: finish,
      Duration: `PT${duration * HOURS_PER_DAY}H0M0S`,
      DurationFormat: 7,
      // issue 34: where the remaining work of a task under way resumes, when it has its own day
      ...(underWay && task.resume !== undefined ? { Resume: `${task.resume}T08:00:00` } : {}),
      EffortDriven: 0,
      Estimated: 0,
      Milestone: milestone ? 1 : 0,
      Summary: task.isSummary ? 1 : 0,
      PercentComplete: Math.min(100, Math.max(0, Math.round(task.progress))),
      // issue 15: work starts at 08:00 of its first day and ends at 17:00 of its last
      ...(task.actualStart === undefined ? {} : { ActualStart: `${task.actualStart}T08:00:00` }),
      ...(task.actualFinish === undefined
        ? {}
        : { ActualFinish: `${task.actualFinish}T${duration === 0 ? '08:00:00' : '17:00:00'}` }),
      // issue 34: what is left of a leaf under way, as the engine schedules it from the status date
      ...(!underWay
        ? {}
        : {
            RemainingDuration: `PT${remainingWorkDays(duration, task.progress, task.remaining) * HOURS_PER_DAY}H0M0S`,
          }),
      ConstraintType: snet === undefined ? 0 : mso ? 2 : 4,
      CalendarUID: -1,
      ...(snet === undefined ? {} : { ConstraintDate: `${snet}T08:00:00` }),
      // issue 34: a deadline is the end of its day, as MS Project writes it
      ...(task.deadline === undefined ? {} : { Deadline: `${task.deadline}T17:00:00` }),
      ...(task.notes === undefined ? {} : { Notes: clean(task.notes) }),
      ...(predecessorsOf.has(task.id)
        ? {
            PredecessorLink: (predecessorsOf.get(task.id) ?? []).map((link) => ({
              PredecessorUID: uidOf.get(link.from),
              Type: MSPDI_OF_LINK_TYPE[link.type],
              CrossProject: 0,
              LinkLag: Math.round(link.lag) * LINK_LAG_PER_DAY,
              LagFormat: 7,
            })),
          }
        : {}),
      ...(task.baseline === undefined
        ? {}
        : {
            // issue 15: the chosen baseline as MS Project's Baseline (number 0)
            Baseline: {
              Number: 0,
              Start: `${task.baseline.start}T08:00:00`,
              Finish:
                task.baseline.duration === 0 && !task.isSummary
                  ? `${task.baseline.start}T08:00:00`
                  : `${task.baseline.end}T17:00:00`,
              Duration: `PT${Math.max(0, Math.round(task.baseline.duration)) * HOURS_PER_DAY}H0M0S`,
              DurationFormat: 7,
            },
          }),
    };
  });

  const projectRow = {
    UID: 0,
    ID: 0,
    Name: name,
    Type: 1,
    IsNull: 0,
    WBS: 0,
    OutlineNumber: 0,
    OutlineLevel: 0,
    Priority: 500,
    Start: `${input.projectStart}T08:00:00`,
    Finish: `${input.projectFinish}T17:00:00`,
    DurationFormat: 7,
    Milestone: 0,
    Summary: 1,
    PercentComplete: 0,
    ConstraintType: 0,
    CalendarUID: -1,
  };

  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'yes' },
    Project: {
      '@_xmlns': MSPDI_NAMESPACE,
      // the header in schema order
      SaveVersion: 14,
      Name: name,
      Title: name,
      ScheduleFromStart: 1,
      StartDate: `${input.projectStart}T08:00:00`,
      FinishDate: `${input.projectFinish}T17:00:00`,
      FYStartDate: 1,
      CriticalSlackLimit: 0,
      ...mspdiCurrency(input.currency ?? 'CLP'),
      CalendarUID: 1,
      DefaultStartTime: '08:00:00',
      DefaultFinishTime: '17:00:00',
      MinutesPerDay: HOURS_PER_DAY * 60,
      MinutesPerWeek: HOURS_PER_DAY * 60 * weekdays.length,
      DaysPerMonth: 20,
      DefaultTaskType: 1,
      DefaultFixedCostAccrual: 3,
      DefaultStandardRate: 0,
      DefaultOvertimeRate: 0,
      DurationFormat: 7,
      WorkFormat: 2,
      EditableActualCosts: 0,
      HonorConstraints: 0,
      InsertedProjectsLikeSummary: 1,
      MultipleCriticalPaths: 0,
      NewTasksEffortDriven: 0,
      NewTasksEstimated: 0,
      SplitsInProgressTasks: 0,
      SpreadActualCost: 0,
      SpreadPercentComplete: 0,
      TaskUpdatesResource: 1,
      FiscalYearStart: 0,
      WeekStartDay: 1,
      MoveCompletedEndsBack: 0,
      MoveRemainingStartsBack: 0,
      MoveRemainingStartsForward: 0,
      MoveCompletedEndsForward: 0,
      BaselineForEarnedValue: 0,
      AutoAddNewResourcesAndTasks: 1,
      // issue 15: the latest cut-off, MS Project's status date (the start of the remaining work)
      ...(input.statusDate === undefined ? {} : { StatusDate: `${input.statusDate}T08:00:00` }),
      MicrosoftProjectServerURL: 1,
      Autolink: 0,
      NewTaskStartDate: 0,
      DefaultTaskEVMethod: 0,
      ProjectExternallyEdited: 0,
      ActualsInSync: 0,
      RemoveFileProperties: 0,
      AdminProject: 0,
      Calendars: { Calendar: [calendar, ...ownCalendars.calendars] },
      Tasks: { Task: [projectRow, ...tasks] },
      ...resourceElements(input, uidOf, ownCalendars.uids),
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '\t',
    suppressEmptyNode: false,
    processEntities: true,
  });
  return builder.build(document) as string;
}
