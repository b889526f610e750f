import type { CalendarException } from '../gantt/calendar';
import { KeptXmlReader } from '../mspdi/kept-xml';
import type { XmlNode, XmlShape } from '../mspdi/kept-xml';
import { child, children, text } from '../mspdi/mspdi-nodes';
import type { XerFile, XerTable } from './read-xer';
import type { XerCalendar } from './xer-calendar';

/**
 * Primavera P6's XML export (issue 34): `<APIBusinessObjects>` (with P6's namespace, any version, or
 * none) holding global calendars, then each `<Project>` with its WBS, activities, relationships and
 * project calendars. Read as a stream by the shared KeptXmlReader (only the fields the mapping
 * uses are kept), then laid out as the XER tables mapXer reads (PROJECT, PROJWBS, TASK, TASKPRED,
 * CALENDAR, with XER's field names and codes), so both formats map the same way. The differences
 * from XER, handled here:
 *
 * - durations and lags are hours, percents fractions (0.25 = 25 %), dates 'YYYY-MM-DDTHH:MM:SS';
 * - types and statuses are words ('Task Dependent', 'Finish to Start', 'In Progress');
 * - there is no project node in the WBS: one is made for each project (its name the project's);
 * - a project written only as its Id and ObjectId (no Name) is another project's activity brought
 *   along for a cross-project relationship: external, like XER's export_flag N;
 * - calendars are elements (`StandardWorkWeek`, `HolidayOrExceptions`), read into XerCalendar here
 *   (a calendar's base calendar is not followed);
 * - a project without an ObjectId (Aspose's file) is numbered 'proyecto-1', …
 */

export const NOT_P6XML =
  'El archivo no es un XML de Primavera P6: su elemento raíz debe ser APIBusinessObjects. Expórtalo de nuevo desde P6 como «XML».';
const EMPTY_P6XML = 'El archivo está vacío: elige el archivo XML exportado desde Primavera P6.';
const SAVE_AGAIN = 'Revisa que sea el archivo exportado como «XML» desde Primavera P6.';
const DOCTYPE_REFUSED =
  'El archivo contiene una declaración DOCTYPE o entidades, que no se aceptan por seguridad. Expórtalo de nuevo desde Primavera P6 e inténtalo otra vez.';

type Kind = 'document' | 'root' | 'project' | 'calendar' | 'record' | 'all' | 'leaf';

const PROJECT_FIELDS = new Set([
  'OriginalProjectObjectId',
  'CurrentBaselineProjectObjectId',
  'ObjectId',
  'Id',
  'Name',
  'DataDate',
  'PlannedStartDate',
  'StartDate',
  'ActivityDefaultCalendarObjectId',
]);
const RECORD_FIELDS = new Set([
  // WBS
  'ObjectId',
  'ParentObjectId',
  'Code',
  'Name',
  'SequenceNumber',
  // Activity
  'Id',
  'WBSObjectId',
  'CalendarObjectId',
  'Type',
  'Status',
  'PercentComplete',
  'PercentCompleteType',
  'PlannedDuration',
  'RemainingDuration',
  'PrimaryConstraintType',
  'PrimaryConstraintDate',
  'ActualStartDate',
  'ActualFinishDate',
  'StartDate',
  'FinishDate',
  'PlannedStartDate',
  'PlannedFinishDate',
  // Relationship
  'PredecessorActivityObjectId',
  'SuccessorActivityObjectId',
  'Lag',
  // issue 35: Resource, ResourceRate, ResourceAssignment, Currency
  'ResourceType',
  'ResourceObjectId',
  'EffectiveDate',
  'MaxUnitsPerTime',
  'PricePerUnit',
  'ActivityObjectId',
  'PlannedUnitsPerTime',
  'ExchangeRate',
]);
const CALENDAR_FIELDS = new Set(['ObjectId', 'Name', 'HoursPerDay', 'IsDefault']);

function childKind(parent: Kind, name: string): Kind | undefined {
  switch (parent) {
    case 'document':
      return name === 'APIBusinessObjects' ? 'root' : undefined;
    case 'root':
      if (name === 'Project' || name === 'BaselineProject') return 'project';
      if (name === 'Calendar') return 'calendar';
      // issue 35: the resources, their rates and the currencies
      if (name === 'Resource' || name === 'ResourceRate' || name === 'Currency') return 'record';
      return name === 'Relationship' ? 'record' : undefined;
    case 'project':
      if (name === 'Activity' || name === 'WBS' || name === 'Relationship' || name === 'ResourceAssignment')
        return 'record';
      if (name === 'Calendar') return 'calendar';
      return PROJECT_FIELDS.has(name) ? 'leaf' : undefined;
    case 'calendar':
      if (name === 'StandardWorkWeek' || name === 'HolidayOrExceptions') return 'all';
      return CALENDAR_FIELDS.has(name) ? 'leaf' : undefined;
    case 'record':
      return RECORD_FIELDS.has(name) ? 'leaf' : undefined;
    case 'all':
      return 'all';
    case 'leaf':
      return undefined;
  }
}

const P6XML_SHAPE: XmlShape<Kind> = {
  documentKind: 'document',
  childKind,
  repeated: new Set([
    'Project',
    'BaselineProject',
    'Calendar',
    'Activity',
    'WBS',
    'Relationship',
    'Resource',
    'ResourceRate',
    'ResourceAssignment',
    'Currency',
    'StandardWorkHours',
    'WorkTime',
    'HolidayOrException',
  ]),
  counted: { name: 'Activity', parentKind: 'project' },
  messages: {
    empty: EMPTY_P6XML,
    doctype: DOCTYPE_REFUSED,
    saveAgain: SAVE_AGAIN,
    usualDepth: 'un XML de Primavera P6 tiene unos pocos',
    split: 'Divide el proyecto en Primavera P6 y vuelve a intentarlo.',
  },
};

const ACTIVITY_TYPES: Record<string, string> = {
  'Task Dependent': 'TT_Task',
  'Resource Dependent': 'TT_Rsrc',
  'Level of Effort': 'TT_LOE',
  'Start Milestone': 'TT_Mile',
  'Finish Milestone': 'TT_FinMile',
  'WBS Summary': 'TT_WBS',
};
const STATUSES: Record<string, string> = {
  'Not Started': 'TK_NotStart',
  'In Progress': 'TK_Active',
  Completed: 'TK_Complete',
};
const CONSTRAINTS: Record<string, string> = {
  'Start On': 'CS_MSO',
  'Start On or After': 'CS_MSOA',
  'Start On or Before': 'CS_MSOB',
  'Finish On': 'CS_MEO',
  'Finish On or After': 'CS_MEOA',
  'Finish On or Before': 'CS_MEOB',
  'As Late As Possible': 'CS_ALAP',
  'Mandatory Start': 'CS_MANDSTART',
  'Mandatory Finish': 'CS_MANDFIN',
};
const LINK_TYPES: Record<string, string> = {
  'Finish to Start': 'PR_FS',
  'Start to Start': 'PR_SS',
  'Finish to Finish': 'PR_FF',
  'Start to Finish': 'PR_SF',
};
const WEEKDAYS: Record<string, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};

/** 'YYYY-MM-DDTHH:MM:SS' → XER's 'YYYY-MM-DD HH:MM'; '' stays ''. */
function xerDate(value: string | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value ?? '');
  return match ? `${match[1]} ${match[2]}` : (value ?? '').trim();
}

/** A fraction ('0.25') as XER's percent ('25'); '' stays ''. */
function percent(value: string | undefined): string {
  const number = Number(value);
  return value === undefined || value.trim() === '' || !Number.isFinite(number) ? '' : String(number * 100);
}

/** Hours of the working times under a day or an exception ('08:00:00'–'15:59:00' is 8 h). */
function hoursOf(node: XmlNode | undefined): number {
  let minutes = 0;
  for (const time of children(node, 'WorkTime')) {
    const start = /^(\d{2}):(\d{2})/.exec(text(time, 'Start') ?? '');
    const finish = /^(\d{2}):(\d{2})/.exec(text(time, 'Finish') ?? '');
    if (!start || !finish) continue;
    let to = Number(finish[1]) * 60 + Number(finish[2]);
    // P6 writes a period's last minute (15:59 for one ending at 16:00)
    if (to % 60 === 59) to += 1;
    if (to === 0) to = 24 * 60;
    minutes += Math.max(0, to - (Number(start[1]) * 60 + Number(start[2])));
  }
  return minutes / 60;
}

function readCalendar(node: XmlNode, name: string): XerCalendar {
  const weekdayHours = [0, 0, 0, 0, 0, 0, 0];
  const week = child(node, 'StandardWorkWeek');
  for (const day of children(week, 'StandardWorkHours')) {
    const weekday = WEEKDAYS[text(day, 'DayOfWeek') ?? ''];
    if (weekday !== undefined) weekdayHours[weekday] = hoursOf(day);
  }
  const exceptions: CalendarException[] = [];
  for (const entry of children(child(node, 'HolidayOrExceptions'), 'HolidayOrException')) {
    const date = /^(\d{4}-\d{2}-\d{2})/.exec(text(entry, 'Date') ?? '')?.[1];
    if (date !== undefined) exceptions.push({ date, name, working: hoursOf(entry) > 0 });
  }
  exceptions.sort((left, right) => left.date.localeCompare(right.date));
  return {
    workingWeekdays: weekdayHours.flatMap((hours, weekday) => (hours > 0 ? [weekday] : [])),
    weekdayHours,
    exceptions,
    isIncomplete: week === undefined,
  };
}

function table(name: string, rows: Record<string, string>[]): XerTable {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { name, fields, rows };
}

export type ReadP6XmlResult = { ok: true; xer: XerFile } | { ok: false; error: string };

/** A reader of one P6 XML file: `write` its text in pieces, then `end` answers its tables. */
export class P6XmlReader {
  private readonly reader = new KeptXmlReader(P6XML_SHAPE);

  write(chunk: string): void {
    this.reader.write(chunk);
  }

  end(): ReadP6XmlResult {
    const read = this.reader.end();
    if (!read.ok) return read;
    const root = child(read.document, 'APIBusinessObjects');
    if (!root) return { ok: false, error: NOT_P6XML };
    return { ok: true, xer: tablesOf(root) };
  }
}

/** readP6Xml: a whole P6 XML file's text as the XER tables mapXer reads. */
export function readP6Xml(xml: string): ReadP6XmlResult {
  const reader = new P6XmlReader();
  reader.write(xml);
  return reader.end();
}

/** One Activity as XER's TASK row (P6's words as XER's codes, hours, percents, 'YYYY-MM-DD HH:MM' dates). */
function activityRow(node: XmlNode, projectId: string): Record<string, string> {
  return {
    task_id: text(node, 'ObjectId') ?? '',
    proj_id: projectId,
    wbs_id: text(node, 'WBSObjectId') ?? '',
    clndr_id: text(node, 'CalendarObjectId') ?? '',
    task_type: ACTIVITY_TYPES[text(node, 'Type') ?? ''] ?? text(node, 'Type') ?? '',
    status_code: STATUSES[text(node, 'Status') ?? ''] ?? '',
    // PercentComplete is already the one of the activity's % complete type
    complete_pct_type: 'CP_Phys',
    phys_complete_pct: percent(text(node, 'PercentComplete')),
    task_code: text(node, 'Id') ?? '',
    task_name: text(node, 'Name') ?? '',
    target_drtn_hr_cnt: text(node, 'PlannedDuration') ?? '',
    remain_drtn_hr_cnt: text(node, 'RemainingDuration') ?? '',
    cstr_type: CONSTRAINTS[text(node, 'PrimaryConstraintType') ?? ''] ?? text(node, 'PrimaryConstraintType') ?? '',
    cstr_date: xerDate(text(node, 'PrimaryConstraintDate')),
    act_start_date: xerDate(text(node, 'ActualStartDate')),
    act_end_date: xerDate(text(node, 'ActualFinishDate')),
    early_start_date: xerDate(text(node, 'StartDate')),
    early_end_date: xerDate(text(node, 'FinishDate')),
    target_start_date: xerDate(text(node, 'PlannedStartDate')),
    target_end_date: xerDate(text(node, 'PlannedFinishDate')),
  };
}

function tablesOf(root: XmlNode): XerFile {
  const projects: Record<string, string>[] = [];
  const wbs: Record<string, string>[] = [];
  const tasks: Record<string, string>[] = [];
  const preds: Record<string, string>[] = [];
  const calendarRows: Record<string, string>[] = [];
  const calendars = new Map<string, XerCalendar>();

  const addCalendar = (node: XmlNode) => {
    const id = text(node, 'ObjectId') ?? '';
    if (id === '' || calendars.has(id)) return;
    const name = text(node, 'Name') ?? '';
    calendars.set(id, readCalendar(node, name));
    const isDefault = text(node, 'IsDefault') ?? '';
    calendarRows.push({
      clndr_id: id,
      clndr_name: name,
      day_hr_cnt: text(node, 'HoursPerDay') ?? '',
      default_flag: isDefault === '1' || isDefault.toLowerCase() === 'true' ? 'Y' : 'N',
      clndr_data: '',
    });
  };
  const addRelationship = (node: XmlNode, projectId: string) => {
    preds.push({
      task_id: text(node, 'SuccessorActivityObjectId') ?? '',
      pred_task_id: text(node, 'PredecessorActivityObjectId') ?? '',
      proj_id: projectId,
      pred_type: LINK_TYPES[text(node, 'Type') ?? ''] ?? text(node, 'Type') ?? '',
      lag_hr_cnt: text(node, 'Lag') ?? '0',
    });
  };

  for (const node of children(root, 'Calendar')) addCalendar(node);
  children(root, 'Project').forEach((project, index) => {
    const id = text(project, 'ObjectId') || `proyecto-${index + 1}`;
    const name = text(project, 'Name') ?? '';
    const shortName = text(project, 'Id') || name || id;
    for (const node of children(project, 'Calendar')) addCalendar(node);
    projects.push({
      proj_id: id,
      proj_short_name: shortName,
      // a project written as its Id alone is brought along for a relationship
      export_flag: name === '' ? 'N' : 'Y',
      clndr_id: text(project, 'ActivityDefaultCalendarObjectId') ?? '',
      plan_start_date: xerDate(text(project, 'PlannedStartDate') || text(project, 'StartDate')),
      last_recalc_date: xerDate(text(project, 'DataDate')),
      // P6's current baseline (a BaselineProject's ObjectId), the one chosen on import
      current_baseline_id: text(project, 'CurrentBaselineProjectObjectId') ?? '',
    });
    // the project's node, as XER writes one
    const nodeId = `proyecto:${id}`;
    wbs.push({
      wbs_id: nodeId,
      proj_id: id,
      seq_num: '0',
      proj_node_flag: 'Y',
      wbs_short_name: shortName,
      wbs_name: name || shortName,
      parent_wbs_id: '',
    });
    for (const node of children(project, 'WBS')) {
      wbs.push({
        wbs_id: text(node, 'ObjectId') ?? '',
        proj_id: id,
        seq_num: text(node, 'SequenceNumber') ?? '0',
        proj_node_flag: 'N',
        wbs_short_name: text(node, 'Code') ?? '',
        wbs_name: text(node, 'Name') ?? '',
        parent_wbs_id: text(node, 'ParentObjectId') || nodeId,
      });
    }
    for (const node of children(project, 'Activity')) tasks.push(activityRow(node, id));
    for (const node of children(project, 'Relationship')) addRelationship(node, id);
  });
  for (const node of children(root, 'Relationship')) addRelationship(node, '');

  // issue 35: the resources, their rates and assignments and the base currency, as XER's tables
  const resourceTypes: Record<string, string> = { Labor: 'RT_Labor', Nonlabor: 'RT_Equip', Material: 'RT_Mat' };
  const resources = children(root, 'Resource').map((node) => ({
    rsrc_id: text(node, 'ObjectId') ?? '',
    rsrc_name: text(node, 'Name') ?? '',
    rsrc_short_name: text(node, 'Id') ?? '',
    rsrc_type: resourceTypes[text(node, 'ResourceType') ?? ''] ?? 'RT_Labor',
  }));
  const rates = children(root, 'ResourceRate').map((node) => ({
    rsrc_id: text(node, 'ResourceObjectId') ?? '',
    max_qty_per_hr: text(node, 'MaxUnitsPerTime') ?? '',
    cost_per_qty: text(node, 'PricePerUnit') ?? '',
    start_date: xerDate(text(node, 'EffectiveDate')),
  }));
  const assignments = children(root, 'Project').flatMap((project, index) => {
    const projectId = text(project, 'ObjectId') || `proyecto-${index + 1}`;
    return children(project, 'ResourceAssignment').map((node) => ({
      task_id: text(node, 'ActivityObjectId') ?? '',
      rsrc_id: text(node, 'ResourceObjectId') ?? '',
      proj_id: projectId,
      target_qty_per_hr: text(node, 'PlannedUnitsPerTime') ?? '',
    }));
  });
  const currencyRows = children(root, 'Currency').map((node) => ({
    curr_short_name: text(node, 'Id') ?? '',
    base_exch_rate: text(node, 'ExchangeRate') ?? '',
  }));

  // the baseline projects: each one's activities as TASK rows, kept apart for mapXer
  const baselineProjects: NonNullable<XerFile['baselineProjects']> = children(root, 'BaselineProject').map(
    (baseline, index) => {
      const id = text(baseline, 'ObjectId') || `linea-base-${index + 1}`;
      return {
        originalProjectId: text(baseline, 'OriginalProjectObjectId') ?? '',
        id,
        name: text(baseline, 'Name') || text(baseline, 'Id') || id,
        activities: children(baseline, 'Activity').map((node) => activityRow(node, id)),
      };
    },
  );
  const tables = new Map<string, XerTable>([
    ['PROJECT', table('PROJECT', projects)],
    ['CALENDAR', table('CALENDAR', calendarRows)],
    ['PROJWBS', table('PROJWBS', wbs)],
    ['TASK', table('TASK', tasks)],
    ['TASKPRED', table('TASKPRED', preds)],
    ['RSRC', table('RSRC', resources)],
    ['RSRCRATE', table('RSRCRATE', rates)],
    ['TASKRSRC', table('TASKRSRC', assignments)],
    ['CURRTYPE', table('CURRTYPE', currencyRows)],
  ]);
  const version = /\/V(\d+(?:\.\d+)*)\//.exec(String(root['@_xmlns'] ?? ''))?.[1] ?? '';
  return {
    header: { version, exportDate: '', currency: '' },
    encoding: 'utf-8',
    tables,
    calendars,
    ...(baselineProjects.length === 0 ? {} : { baselineProjects }),
  };
}
