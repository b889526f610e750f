import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseMspdi } from './parse-mspdi';
import type { MspdiExport } from './types';
import { writeMspdi } from './write-mspdi';

const input: MspdiExport = {
  projectName: 'Obra <&>" Ñuñoa',
  projectStart: '2025-09-15',
  projectFinish: '2025-09-26',
  calendar: {
    workingWeekdays: [1, 2, 3, 4, 5, 6],
    exceptions: [
      { date: '2025-09-22', name: 'Paralización de faena', working: false },
      { date: '2025-09-19', name: 'Se trabaja', working: true },
    ],
    holidays: [
      { date: '2025-09-18', name: 'Independencia Nacional' },
      { date: '2025-09-19', name: 'Día de las Glorias del Ejército' },
    ],
  },
  tasks: [
    {
      id: 1,
      code: 'NUN',
      name: 'Obra <&>" Ñuñoa',
      start: '2025-09-15',
      end: '2025-09-26',
      duration: 9,
      isSummary: true,
      progress: 0,
    },
    {
      id: 2,
      parentId: 1,
      code: 'NUN.1',
      name: 'Excavación & "zanjas" <norte>',
      start: '2025-09-15',
      end: '2025-09-17',
      duration: 3,
      isSummary: false,
      progress: 33.4,
    },
    {
      id: 3,
      parentId: 1,
      code: 'NUN.2',
      name: 'Hito',
      start: '2025-09-17',
      end: '2025-09-17',
      duration: 0,
      isSummary: false,
      progress: 100,
    },
    {
      id: 4,
      parentId: 1,
      code: 'NUN.3',
      name: 'Moldajes',
      start: '2025-09-23',
      end: '2025-09-26',
      duration: 4,
      isSummary: false,
      progress: 0,
      startNoEarlierThan: '2025-09-23',
    },
  ],
  links: [
    { from: 2, to: 3, type: 'FS', lag: 0 },
    { from: 2, to: 4, type: 'SS', lag: 2 },
    { from: 3, to: 4, type: 'FF', lag: -1 },
  ],
};

/** Child element names of every element named `name`, in document order (attributes and text left out). */
function childNames(xml: string, name: string): string[][] {
  const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: true }).parse(xml) as unknown[];
  const found: string[][] = [];
  const walk = (nodes: unknown[]) => {
    for (const node of nodes) {
      if (typeof node !== 'object' || node === null) continue;
      for (const [key, value] of Object.entries(node)) {
        if (!Array.isArray(value)) continue;
        if (key === name)
          found.push(value.flatMap((child) => Object.keys(child as object).filter((k) => k !== '#text' && k !== ':@')));
        walk(value);
      }
    }
  };
  walk(ordered);
  return found;
}

/** True when `names` appear in `schemaOrder`'s order (each at most where repeats are allowed). */
function inSchemaOrder(names: string[], schemaOrder: readonly string[]): boolean {
  let at = 0;
  for (const name of names) {
    const index = schemaOrder.indexOf(name, at);
    if (index === -1) return false;
    at = index;
  }
  return true;
}

// mspdi_pj12.xsd, Task's sequence (the elements up to PredecessorLink, and what follows it)
const TASK_SCHEMA = [
  'UID',
  'ID',
  'Name',
  'Type',
  'IsNull',
  'CreateDate',
  'Contact',
  'WBS',
  'WBSLevel',
  'OutlineNumber',
  'OutlineLevel',
  'Priority',
  'Start',
  'Finish',
  'Duration',
  'DurationFormat',
  'Work',
  'Stop',
  'Resume',
  'ResumeValid',
  'EffortDriven',
  'Recurring',
  'OverAllocated',
  'Estimated',
  'Milestone',
  'Summary',
  'Critical',
  'IsSubproject',
  'IsSubprojectReadOnly',
  'SubprojectName',
  'ExternalTask',
  'ExternalTaskProject',
  'EarlyStart',
  'EarlyFinish',
  'LateStart',
  'LateFinish',
  'StartVariance',
  'FinishVariance',
  'WorkVariance',
  'FreeSlack',
  'TotalSlack',
  'FixedCost',
  'FixedCostAccrual',
  'PercentComplete',
  'PercentWorkComplete',
  'Cost',
  'OvertimeCost',
  'OvertimeWork',
  'ActualStart',
  'ActualFinish',
  'ActualDuration',
  'ActualCost',
  'ActualOvertimeCost',
  'ActualWork',
  'ActualOvertimeWork',
  'RegularWork',
  'RemainingDuration',
  'RemainingCost',
  'RemainingWork',
  'RemainingOvertimeCost',
  'RemainingOvertimeWork',
  'ACWP',
  'CV',
  'ConstraintType',
  'CalendarUID',
  'ConstraintDate',
  'Deadline',
  'LevelAssignments',
  'LevelingCanSplit',
  'LevelingDelay',
  'LevelingDelayFormat',
  'PreLeveledStart',
  'PreLeveledFinish',
  'Hyperlink',
  'HyperlinkAddress',
  'HyperlinkSubAddress',
  'IgnoreResourceCalendar',
  'Notes',
  'HideBar',
  'Rollup',
  'BCWS',
  'BCWP',
  'PhysicalPercentComplete',
  'EarnedValueMethod',
  'PredecessorLink',
  'ActualWorkProtected',
  'ActualOvertimeWorkProtected',
  'ExtendedAttribute',
  'Baseline',
] as const;
const LINK_SCHEMA = ['PredecessorUID', 'Type', 'CrossProject', 'CrossProjectName', 'LinkLag', 'LagFormat'] as const;
const CALENDAR_SCHEMA = [
  'UID',
  'Name',
  'IsBaseCalendar',
  'IsBaselineCalendar',
  'BaseCalendarUID',
  'WeekDays',
  'Exceptions',
  'WorkWeeks',
] as const;
const EXCEPTION_SCHEMA = [
  'EnteredByOccurrences',
  'TimePeriod',
  'Occurrences',
  'Name',
  'Type',
  'Period',
  'DaysOfWeek',
  'MonthItem',
  'MonthPosition',
  'Month',
  'MonthDay',
  'DayWorking',
  'WorkingTimes',
] as const;
// the project header as MS Project 2007 writes it (sample files) and the schema orders it
const HEADER_SCHEMA = [
  'SaveVersion',
  'Name',
  'Title',
  'Subject',
  'Category',
  'Company',
  'Manager',
  'Author',
  'CreationDate',
  'Revision',
  'LastSaved',
  'ScheduleFromStart',
  'StartDate',
  'FinishDate',
  'FYStartDate',
  'CriticalSlackLimit',
  'CurrencyDigits',
  'CurrencySymbol',
  'CurrencyCode',
  'CurrencySymbolPosition',
  'CalendarUID',
  'DefaultStartTime',
  'DefaultFinishTime',
  'MinutesPerDay',
  'MinutesPerWeek',
  'DaysPerMonth',
  'DefaultTaskType',
  'DefaultFixedCostAccrual',
  'DefaultStandardRate',
  'DefaultOvertimeRate',
  'DurationFormat',
  'WorkFormat',
  'EditableActualCosts',
  'HonorConstraints',
  'EarnedValueMethod',
  'InsertedProjectsLikeSummary',
  'MultipleCriticalPaths',
  'NewTasksEffortDriven',
  'NewTasksEstimated',
  'SplitsInProgressTasks',
  'SpreadActualCost',
  'SpreadPercentComplete',
  'TaskUpdatesResource',
  'FiscalYearStart',
  'WeekStartDay',
  'MoveCompletedEndsBack',
  'MoveRemainingStartsBack',
  'MoveRemainingStartsForward',
  'MoveCompletedEndsForward',
  'BaselineForEarnedValue',
  'AutoAddNewResourcesAndTasks',
  'StatusDate',
  'CurrentDate',
  'MicrosoftProjectServerURL',
  'Autolink',
  'NewTaskStartDate',
  'DefaultTaskEVMethod',
  'ProjectExternallyEdited',
  'ExtendedCreationDate',
  'ActualsInSync',
  'RemoveFileProperties',
  'AdminProject',
  'OutlineCodes',
  'WBSMasks',
  'ExtendedAttributes',
  'Calendars',
  'Tasks',
  'Resources',
  'Assignments',
] as const;

describe('writeMspdi', () => {
  const xml = writeMspdi(input);

  it('writes a well-formed MSPDI document with the declaration and namespace MS Project expects', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">',
      ),
    ).toBe(true);
  });

  it('writes the project’s currency as MS Project’s: CLP by default, CLF for the UF, USD for dollars (issue 33)', () => {
    const header = (file: string) => {
      const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(file)?.[1];
      return ['CurrencyCode', 'CurrencySymbol', 'CurrencyDigits', 'CurrencySymbolPosition'].map(tag);
    };
    expect(header(xml)).toEqual(['CLP', '$', '0', '0']);
    expect(header(writeMspdi({ ...input, currency: 'CLP' }))).toEqual(['CLP', '$', '0', '0']);
    // 'UF 1.234,56': the ISO code of the Unidad de Fomento, two decimals, the symbol before with a space
    expect(header(writeMspdi({ ...input, currency: 'UF' }))).toEqual(['CLF', 'UF', '2', '2']);
    for (const currency of ['USD', 'MUSD', 'MMUSD'] as const) {
      expect(header(writeMspdi({ ...input, currency }))).toEqual(['USD', 'US$', '2', '0']);
    }
    // still a valid file, in the schema's order
    expect(XMLValidator.validate(writeMspdi({ ...input, currency: 'UF' }))).toBe(true);
  });

  it('writes the header, calendar, exceptions, tasks and links in the schema order', () => {
    const [header] = childNames(xml, 'Project');
    expect(header?.slice(0, 6)).toEqual([
      'SaveVersion',
      'Name',
      'Title',
      'ScheduleFromStart',
      'StartDate',
      'FinishDate',
    ]);
    expect(inSchemaOrder(header ?? [], HEADER_SCHEMA)).toBe(true);
    for (const calendar of childNames(xml, 'Calendar')) expect(inSchemaOrder(calendar, CALENDAR_SCHEMA)).toBe(true);
    const exceptions = childNames(xml, 'Exception');
    expect(exceptions).toHaveLength(3);
    for (const exception of exceptions) expect(inSchemaOrder(exception, EXCEPTION_SCHEMA)).toBe(true);
    const tasks = childNames(xml, 'Task');
    expect(tasks).toHaveLength(5);
    for (const task of tasks) expect(inSchemaOrder(task, TASK_SCHEMA)).toBe(true);
    // the task with a constraint and two predecessors, child by child
    expect(tasks[4]).toEqual([
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
      'EffortDriven',
      'Estimated',
      'Milestone',
      'Summary',
      'PercentComplete',
      'ConstraintType',
      'CalendarUID',
      'ConstraintDate',
      'PredecessorLink',
      'PredecessorLink',
    ]);
    const links = childNames(xml, 'PredecessorLink');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toEqual(['PredecessorUID', 'Type', 'CrossProject', 'LinkLag', 'LagFormat']);
      expect(inSchemaOrder(link, LINK_SCHEMA)).toBe(true);
    }
  });

  it('writes dates, durations, WBS, outline, flags, SNET constraints and links as MS Project reads them', () => {
    const project = (new XMLParser({ parseTagValue: false }).parse(xml) as { Project: Record<string, unknown> })
      .Project;
    const tasks = (project['Tasks'] as { Task: Record<string, unknown>[] }).Task;
    expect(tasks[0]).toMatchObject({ UID: '0', OutlineLevel: '0', Summary: '1', Name: 'Obra <&>" Ñuñoa' });
    expect(tasks[1]).toMatchObject({
      UID: '1',
      ID: '1',
      WBS: 'NUN',
      OutlineNumber: '1',
      OutlineLevel: '1',
      Summary: '1',
      Milestone: '0',
    });
    expect(tasks[2]).toMatchObject({
      UID: '2',
      Name: 'Excavación & "zanjas" <norte>',
      WBS: 'NUN.1',
      OutlineNumber: '1.1',
      OutlineLevel: '2',
      Start: '2025-09-15T08:00:00',
      Finish: '2025-09-17T17:00:00',
      Duration: 'PT24H0M0S',
      DurationFormat: '7',
      PercentComplete: '33',
      ConstraintType: '0',
    });
    expect(tasks[3]).toMatchObject({
      Milestone: '1',
      Start: '2025-09-17T08:00:00',
      Finish: '2025-09-17T08:00:00',
      Duration: 'PT0H0M0S',
      PercentComplete: '100',
    });
    expect(tasks[4]).toMatchObject({
      ConstraintType: '4',
      ConstraintDate: '2025-09-23T08:00:00',
      OutlineNumber: '1.3',
    });
    expect(tasks[4]?.['PredecessorLink']).toEqual([
      { PredecessorUID: '2', Type: '3', CrossProject: '0', LinkLag: '9600', LagFormat: '7' },
      { PredecessorUID: '3', Type: '0', CrossProject: '0', LinkLag: '-4800', LagFormat: '7' },
    ]);
    expect(tasks[3]?.['PredecessorLink']).toEqual({
      PredecessorUID: '2',
      Type: '1',
      CrossProject: '0',
      LinkLag: '0',
      LagFormat: '7',
    });
    expect(project['MinutesPerWeek']).toBe('2880');
  });

  it('escapes names (the text comes back as written) and reads back the calendar with its holidays', () => {
    expect(xml).toContain('<Name>Excavación &amp; &quot;zanjas&quot; &lt;norte&gt;</Name>');
    const result = parseMspdi(xml);
    if (!result.ok) throw new Error(result.error);
    expect(result.schedule.projectName).toBe('Obra <&>" Ñuñoa');
    expect(result.schedule.tasks.map((task) => task.name)).toEqual(input.tasks.map((task) => task.name));
    expect(result.schedule.calendarName).toBe('Cimiento');
    expect(result.schedule.calendar).toEqual({
      workingWeekdays: [1, 2, 3, 4, 5, 6],
      exceptions: [
        { date: '2025-09-18', name: 'Independencia Nacional', working: false },
        // the project's exception decides its date over the holiday
        { date: '2025-09-19', name: 'Se trabaja', working: true },
        { date: '2025-09-22', name: 'Paralización de faena', working: false },
      ],
    });
    expect(result.schedule.warnings).toEqual([]);
  });

  it('drops characters XML cannot carry', () => {
    const dirty = writeMspdi({
      ...input,
      tasks: [{ ...(input.tasks[1] as MspdiExport['tasks'][number]), parentId: undefined, name: 'a\u0001b\u0007c' }],
      links: [],
    });
    expect(XMLValidator.validate(dirty)).toBe(true);
    const result = parseMspdi(dirty);
    expect(result.ok && result.schedule.tasks[0]?.name).toBe('abc');
  });
});

describe('writeMspdi with tracking (issue 15)', () => {
  const tracked: MspdiExport = {
    ...input,
    statusDate: '2025-09-17',
    tasks: input.tasks.map((task) => {
      if (task.id === 2)
        return {
          ...task,
          progress: 100,
          actualStart: '2025-09-15',
          actualFinish: '2025-09-16',
          baseline: { start: '2025-09-15', end: '2025-09-17', duration: 3 },
        };
      if (task.id === 3) return { ...task, baseline: { start: '2025-09-17', end: '2025-09-17', duration: 0 } };
      return task;
    }),
  };
  const xml = writeMspdi(tracked);
  const parsed = new XMLParser({ isArray: (name) => name === 'Task' }).parse(xml) as {
    Project: { StatusDate?: string; Tasks: { Task: Record<string, unknown>[] } };
  };
  const byUid = new Map(parsed.Project.Tasks.Task.map((task) => [task.UID, task]));

  it('writes the cut-off as the status date, actual dates and the chosen baseline as Baseline 0, in schema order', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const [header] = childNames(xml, 'Project');
    expect(header).toContain('StatusDate');
    expect(inSchemaOrder(header ?? [], HEADER_SCHEMA)).toBe(true);
    expect(parsed.Project.StatusDate).toBe('2025-09-17T08:00:00');
    for (const task of childNames(xml, 'Task')) expect(inSchemaOrder(task, TASK_SCHEMA)).toBe(true);
    // UID 0 is the project row; the excavation (id 2) is UID 2
    expect(byUid.get(2)).toMatchObject({
      PercentComplete: 100,
      ActualStart: '2025-09-15T08:00:00',
      ActualFinish: '2025-09-16T17:00:00',
      Baseline: { Number: 0, Start: '2025-09-15T08:00:00', Finish: '2025-09-17T17:00:00', Duration: 'PT24H0M0S' },
    });
    // a milestone's baseline finishes where it starts
    expect(byUid.get(3)).toMatchObject({
      Baseline: { Number: 0, Start: '2025-09-17T08:00:00', Finish: '2025-09-17T08:00:00', Duration: 'PT0H0M0S' },
    });
    expect(byUid.get(4)?.Baseline).toBeUndefined();
    expect(byUid.get(4)?.ActualStart).toBeUndefined();
  });

  it('still reads back as the same tasks', () => {
    const result = parseMspdi(xml);
    if (!result.ok) throw new Error(result.error);
    expect(result.schedule.tasks.map((task) => task.name)).toEqual(input.tasks.map((task) => task.name));
  });

  it("issue 34: writes a task's notes and deadline (the end of its day), and reads them back", () => {
    const withNotes: MspdiExport = {
      ...tracked,
      tasks: tracked.tasks.map((task) =>
        task.id === 4
          ? { ...task, notes: 'Moldaje metálico <arrendado>\nVer contrato & anexo', deadline: '2025-09-25' }
          : task,
      ),
    };
    const written = writeMspdi(withNotes);
    expect(XMLValidator.validate(written)).toBe(true);
    for (const task of childNames(written, 'Task')) expect(inSchemaOrder(task, TASK_SCHEMA)).toBe(true);
    const task = (
      new XMLParser({ isArray: (name) => name === 'Task' }).parse(written) as {
        Project: { Tasks: { Task: Record<string, unknown>[] } };
      }
    ).Project.Tasks.Task.find((candidate) => candidate.UID === 4);
    expect(task).toMatchObject({
      Deadline: '2025-09-25T17:00:00',
      Notes: 'Moldaje metálico <arrendado>\nVer contrato & anexo',
    });
    const back = parseMspdi(written);
    if (!back.ok) throw new Error(back.error);
    expect(back.schedule.tasks.find((candidate) => candidate.name === 'Moldajes')).toMatchObject({
      notes: 'Moldaje metálico <arrendado>\nVer contrato & anexo',
      deadline: '2025-09-25',
    });
    expect(back.schedule.warnings).toEqual([]);
  });

  it('issue 34: writes what is left of a task under way as RemainingDuration, and reads a recorded one back', () => {
    const underWay = (remaining?: number): MspdiExport => ({
      ...tracked,
      tasks: tracked.tasks.map((task) =>
        task.id === 4
          ? { ...task, progress: 25, actualStart: '2025-09-16', ...(remaining === undefined ? {} : { remaining }) }
          : task,
      ),
    });
    const taskOf = (written: string) =>
      new Map(
        (
          new XMLParser({ isArray: (name) => name === 'Task' }).parse(written) as {
            Project: { Tasks: { Task: Record<string, unknown>[] } };
          }
        ).Project.Tasks.Task.map((task) => [task.UID, task]),
      ).get(4);
    // 4 days at 25 %: 3 left by the progress; 7 as recorded
    const byProgress = writeMspdi(underWay());
    expect(taskOf(byProgress)?.RemainingDuration).toBe('PT24H0M0S');
    const recorded = writeMspdi(underWay(7));
    expect(taskOf(recorded)?.RemainingDuration).toBe('PT56H0M0S');
    for (const task of childNames(recorded, 'Task')) expect(inSchemaOrder(task, TASK_SCHEMA)).toBe(true);
    // done, not started and summaries have none
    expect(byUid.get(2)?.RemainingDuration).toBeUndefined();
    expect(taskOf(recorded) === undefined).toBe(false);
    expect(childNames(recorded, 'Task').filter((names) => names.includes('RemainingDuration'))).toHaveLength(1);
    const back = parseMspdi(recorded);
    if (!back.ok) throw new Error(back.error);
    expect(back.schedule.tasks.find((task) => task.name === 'Moldajes')?.remaining).toBe(7);
    const same = parseMspdi(byProgress);
    expect(same.ok && same.schedule.tasks.find((task) => task.name === 'Moldajes')?.remaining).toBeUndefined();
  });

  it('issue 34: writes a must-start-on as an MSO constraint and the Resume of a task under way, and reads them back', () => {
    const input34: MspdiExport = {
      ...tracked,
      tasks: tracked.tasks.map((task) => {
        if (task.id === 4) return { ...task, progress: 25, actualStart: '2025-09-16', resume: '2025-09-22' };
        if (task.id === 3) return { ...task, mustStartOn: true };
        return task;
      }),
    };
    const written = writeMspdi(input34);
    expect(XMLValidator.validate(written)).toBe(true);
    for (const task of childNames(written, 'Task')) expect(inSchemaOrder(task, TASK_SCHEMA)).toBe(true);
    const byId = new Map(
      (
        new XMLParser({ isArray: (name) => name === 'Task' }).parse(written) as {
          Project: { Tasks: { Task: Record<string, unknown>[] } };
        }
      ).Project.Tasks.Task.map((task) => [task.UID, task]),
    );
    const fixed = input34.tasks.find((task) => task.id === 3);
    expect(byId.get(3)).toMatchObject({ ConstraintType: 2, ConstraintDate: `${fixed?.start}T08:00:00` });
    expect(byId.get(4)).toMatchObject({ Resume: '2025-09-22T08:00:00' });
    // only the task under way has a Resume
    expect(childNames(written, 'Task').filter((names) => names.includes('Resume'))).toHaveLength(1);
    const back = parseMspdi(written);
    if (!back.ok) throw new Error(back.error);
    const byName = new Map(back.schedule.tasks.map((task) => [task.name, task]));
    expect(byName.get(fixed?.name ?? '')).toMatchObject({ start: fixed?.start, mustStartOn: true });
    expect(byName.get('Moldajes')?.resume).toBe('2025-09-22');
  });
});
