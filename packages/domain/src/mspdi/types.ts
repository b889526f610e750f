import type { ResourceCalendar } from '../resources/resources';
import type { Currency } from '../format/money';
import type { LinkType } from '../gantt/schedule-types';
import type { CalendarException } from '../gantt/calendar';

/**
 * MS Project's XML exchange format (MSPDI) as Cimiento reads and writes it (issue 14). The mapping
 * is pure domain code; the server does the I/O. Contract between the parser, the writer and the
 * server's importProject/exportGantt:
 *
 *   parseMspdi(xml) → ParseMspdiResult           (mspdi/parse-mspdi.ts)
 *   importedProjectRecords(schedule, {code, name}) → ImportedProjectRecords (mspdi/imported-project.ts)
 *   writeMspdi(input: MspdiExport) → string      (mspdi/write-mspdi.ts)
 *
 * All behind the `@cimiento/domain/mspdi` entry (the XML parser never reaches the web bundle).
 */

/** One task of the file, in the file's outline order (depth-first; a parent before its children). */
export type ImportedTask = {
  /** the file's UID */
  uid: number;
  /** the UID of the task above it by outline (absent: top level; MS Project's UID 0 row is never a parent) */
  parentUid?: number;
  name: string;
  /** working days, a whole number (0 = milestone); a summary's is what the file says (we roll up anyway) */
  duration: number;
  /** has children by outline, whatever <Summary> says */
  summary: boolean;
  /** 0–100 */
  progress: number;
  /** YYYY-MM-DD: the task's start no earlier than: the project's start, or its SNET / MSO constraint date */
  start: string;
  /**
   * issue 34: the file's own code for the task (P6's WBS code or Activity ID, MS Project's WBS): the
   * EDP code when every task has one, unique and nested like the outline (importedProjectRecords)
   */
  fileCode?: string;
  /** the file's own Start and Finish, as written (YYYY-MM-DDTHH:MM:SS), for the preview and the tests */
  fileStart?: string;
  fileFinish?: string;
  /**
   * issue 15: YYYY-MM-DD, the leaf's ActualStart / ActualFinish, when they keep the progress rules at
   * the schedule's `cutoff` (else left out, with a warning)
   */
  actualStart?: string;
  actualFinish?: string;
  /**
   * issue 34: a leaf under way: the working days left as the file has them (MS Project's
   * RemainingDuration, P6's remaining duration), when they differ from what its progress leaves (fileRemaining)
   */
  remaining?: number;
  /**
   * issue 34: `start` is a must-start-on ('Debe comenzar el'): MS Project's MSO constraint on a leaf,
   * or a task not started that MS Project placed before a cut-off the file did not give
   */
  mustStartOn?: boolean;
  /** issue 34: a leaf under way: the day its remaining work resumes (MS Project's Resume; see keepActuals) */
  resume?: string;
  /** issue 34: MS Project's Notes (plain text, at most MAX_TASK_NOTES characters) and Deadline (YYYY-MM-DD) */
  notes?: string;
  deadline?: string;
  /**
   * issue 34: the task in MS Project's baselines (Baseline 0–10) that have dates for it: first and
   * last working day (YYYY-MM-DD) and duration in working days
   */
  baselines?: { number: number; start: string; finish: string; duration: number }[];
  /** issue 35: the task's resources (MS Project's assignments), in the file's order */
  resources?: ImportedTaskResource[];
};

/** issue 35: a resource of the file (mspdi-resources.ts): work or material, its maximum and rate. */
export type ImportedResource = {
  uid: number;
  name: string;
  /** MS Project's Initials, when it has them */
  initials?: string;
  /** issue 35: 'equipment' from P6's RT_Equip (MS Project's Work resources are 'work') */
  kind: 'work' | 'equipment' | 'material';
  /** a material's MaterialLabel ('m3', 'kg') */
  unitLabel?: string;
  /** MaxUnits: 1 = 100 % (one unit); a material: MAX_RESOURCE_UNITS */
  maxUnits: number;
  /** StandardRate in the file's currency: per hour of work, per unit of material (absent: none) */
  rate?: number;
  /** its own calendar (Resource/CalendarUID): the days it takes off the project's; absent: none */
  calendar?: ResourceCalendar;
};

/** issue 35: one of a task's resources in the file, with its units (1 = 100 %). */
export type ImportedTaskResource = { resourceUid: number; units: number };

export type ImportedLink = {
  /** UIDs */
  from: number;
  to: number;
  type: LinkType;
  /** working days (negative: a lead), a whole number */
  lag: number;
};

export type ImportedSchedule = {
  /** the project row's (UID 0) name, else <Title>, else <Name> without '.xml', else the file name */
  projectName: string;
  /** YYYY-MM-DD: the file's <StartDate> (or the earliest task start) */
  projectStart: string;
  /** the project's base calendar (<CalendarUID>) */
  calendarName: string;
  /** weekdays 0 = Sunday … 6 = Saturday; the calendar's exceptions (non-working and working dates) */
  calendar: { workingWeekdays: number[]; exceptions: CalendarException[] };
  /** every task but MS Project's project row (UID 0 at OutlineLevel 0), in outline order */
  tasks: ImportedTask[];
  links: ImportedLink[];
  /**
   * issue 15: YYYY-MM-DD, the cut-off the file's actual dates are recorded at: the later of its
   * <StatusDate> and its latest actual date; absent when no task keeps actual dates
   */
  cutoff?: string;
  /** in Spanish, each naming the tasks concerned: what is not carried over or was converted */
  warnings: string[];
  /**
   * issue 34: the file's baselines with dates, each to become a Cimiento baseline named `name`
   * (MS Project's Baseline N: 'Línea base N (MS Project)'; P6's baseline projects by their name),
   * by the `number` the tasks' `baselines` carry; the chosen one first
   */
  baselines?: { number: number; name: string }[];
  /**
   * issue 35: the resources the tasks use (mspdi-resources.ts), with the file's currency
   * (<CurrencyCode>: 'CLP', 'CLF' (the UF), 'USD'…) and hours per working day for their rates
   */
  resources?: ImportedResource[];
  currencyCode?: string;
  hoursPerDay?: number;
};

export type ParseMspdiResult = { ok: true; schedule: ImportedSchedule } | { ok: false; error: string };

/** What the server stores for an imported project: EDP items, Gantt tasks and links, with new ids. */
export type ImportedProjectRecords = {
  /**
   * id 1 = the root (code = the project code, name = the project name); then one item per task, ids
   * 2… in outline order; codes the file's (ImportedTask.fileCode) when they can be, else `{code}.{outline number}`
   */
  edpItems: { id: number; parentId?: number; code: string; name: string }[];
  /** one per EDP item, same id, sourceKey `edp:{id}`, in the same order */
  tasks: {
    id: number;
    sourceKey: string;
    parentId?: number;
    code: string;
    name: string;
    start: string;
    duration: number;
    progress: number;
    /** issue 15: YYYY-MM-DD, as the schedule's task */
    actualStart?: string;
    actualFinish?: string;
    /** issue 34: as the schedule's task */
    remaining?: number;
    mustStartOn?: boolean;
    resume?: string;
    notes?: string;
    deadline?: string;
    /** issue 35: the task's resources by the file's resource UID (the server maps them to the catalogue) */
    resources?: ImportedTaskResource[];
  }[];
  links: { from: number; to: number; type: LinkType; lag: number }[];
  /** in Spanish: what the mapping changed (names cut to 200 characters); add them to the parser's warnings */
  warnings: string[];
};

/** What exportGantt hands the writer: the Gantt as loaded (computed dates) and its calendar. */
export type MspdiExport = {
  projectName: string;
  /** issue 33: the project's currency, written as MS Project's (CLP when left out) */
  currency?: Currency;
  /** YYYY-MM-DD */
  projectStart: string;
  projectFinish: string;
  calendar: { workingWeekdays: number[]; exceptions: CalendarException[]; holidays: { date: string; name: string }[] };
  /**
   * in tree order (a parent before its children). Written as UID/ID 1…n under MS Project's project
   * row (UID 0, named projectName). For an export → import round trip without an extra outline
   * level, pass the Gantt without its EDP root task (its children at the top level): the project row
   * plays the root's part, and importing names the new EDP root after it.
   */
  tasks: {
    id: number;
    parentId?: number;
    code: string;
    name: string;
    /** computed first and last working day */
    start: string;
    end: string;
    duration: number;
    isSummary: boolean;
    progress: number;
    /** the stored start no earlier than, when the user set one (written as an SNET constraint) */
    startNoEarlierThan?: string;
    /** issue 34: the start is a must-start-on (written as an MSO constraint on startNoEarlierThan, else the start) */
    mustStartOn?: boolean;
    /** issue 34: 'Reanudar' of a leaf under way (written as Resume) */
    resume?: string;
    /** issue 15: YYYY-MM-DD, 'Inicio real' / 'Fin real' (leaves) */
    actualStart?: string;
    actualFinish?: string;
    /** issue 34: 'Duración restante' as recorded (written as RemainingDuration either way) */
    remaining?: number;
    /** issue 34: 'Notas' and 'Fecha límite' (written as Notes and Deadline) */
    notes?: string;
    deadline?: string;
    /** issue 15: the task in the chosen baseline (written as MS Project's Baseline 0) */
    baseline?: { start: string; end: string; duration: number };
    /** issue 35: the task's resources by `resources`' uid (written as Assignments) */
    resources?: { resourceUid: number; units: number }[];
  }[];
  /**
   * issue 35: the resources the tasks use (written as Resources): labour and equipment as Work
   * resources, materials and subcontracts as Material ones; the rate in the project's currency
   * (per day of work, per unit of material), absent when the resource's currency is another
   */
  resources?: {
    uid: number;
    name: string;
    code: string;
    kind: 'work' | 'material';
    unit: string;
    maxUnits: number;
    costPerDay?: string;
    costPerUnit?: string;
    /** issue 35: its own calendar (written as a resource calendar derived from the project's) */
    calendar?: ResourceCalendar;
  }[];
  links: { from: number; to: number; type: LinkType; lag: number }[];
  /** issue 15: YYYY-MM-DD, the latest cut-off (written as the project's StatusDate) */
  statusDate?: string;
};
