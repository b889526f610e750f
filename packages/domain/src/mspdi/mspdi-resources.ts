import { canonicalDecimal } from '../format/decimal';
import { MONEY_DECIMALS } from '../format/money-math';
import { MAX_TASK_RESOURCES } from '../resources/assignments';
import { MAX_RESOURCE_UNITS } from '../resources/resources';
import type { ResourceCalendar, ResourceCurrency } from '../resources/resources';
import { resourceCalendarReader } from './mspdi-resource-calendar';
import { listNames } from './mspdi-format';
import type { XmlNode } from './mspdi-xml';
import { child, children, flag, int, num, text } from './mspdi-nodes';
import type { Warnings } from './mspdi-warnings';
import type { ImportedResource, ImportedTaskResource } from './types';

/**
 * Issue 35: MS Project's resources and assignments (MSPDI `Resources/Resource`,
 * `Assignments/Assignment`), docs/EXCHANGE.md "Resources":
 *
 * - a resource with a name, not a null one, of type Work (1) or Material (0) comes in; a Cost
 *   resource (2) has no units and is named as left out; MS Project's placeholder (UID 0, no name)
 *   is not a resource;
 * - its MaxUnits (1.00 = 100 %, one unit) with 2 decimals; a material has no maximum (MAX_RESOURCE_UNITS);
 * - its own calendar (Resource/CalendarUID): the days it takes off the project's, as
 *   mspdi-resource-calendar.ts reads them;
 * - its StandardRate: per hour for work (MSPDI writes every rate per hour), per unit for a material;
 * - an assignment to such a resource with its Units (1 = 100 %, one unit; 2 decimals; at most
 *   MAX_RESOURCE_UNITS); none or 0 units: 1 unit for a work resource (MS Project's default), left
 *   out for a material (nothing used); the same resource twice on a task: the first; past
 *   MAX_TASK_RESOURCES on a task: the rest left out and named.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

export function mapResources(
  project: XmlNode,
  warnings: Warnings,
  /** the project's calendar as mapCalendar read it (its UID and weekdays) */
  projectCalendar: { uid?: number; workingWeekdays: readonly number[] } = { workingWeekdays: [1, 2, 3, 4, 5] },
): { resources: ImportedResource[]; byTask: Map<number, ImportedTaskResource[]>; crowded: Set<number> } {
  const calendarOf = resourceCalendarReader(project, projectCalendar, warnings);
  const resources: ImportedResource[] = [];
  const byUid = new Map<number, ImportedResource>();
  for (const node of children(child(project, 'Resources'), 'Resource')) {
    const uid = int(node, 'UID');
    const name = (text(node, 'Name') ?? '').trim();
    if (uid === undefined || name === '' || flag(node, 'IsNull') || byUid.has(uid)) continue;
    const type = int(node, 'Type') ?? 1;
    if (type === 2) {
      warnings.add('costResource', name);
      continue;
    }
    const kind = type === 0 ? 'material' : 'work';
    const maxUnits = num(node, 'MaxUnits');
    const rate = num(node, 'StandardRate');
    const initials = (text(node, 'Initials') ?? '').trim();
    const label = (text(node, 'MaterialLabel') ?? '').trim();
    const resource: ImportedResource = {
      uid,
      name: name.slice(0, 200),
      kind,
      maxUnits:
        kind === 'material' || maxUnits === undefined || maxUnits <= 0
          ? kind === 'material'
            ? MAX_RESOURCE_UNITS
            : 1
          : Math.min(MAX_RESOURCE_UNITS, Math.max(0.01, round2(maxUnits))),
    };
    if (initials !== '') resource.initials = initials.slice(0, 50);
    if (kind === 'material' && label !== '') resource.unitLabel = label.slice(0, 20);
    if (rate !== undefined && rate > 0) resource.rate = rate;
    const calendar = calendarOf(int(node, 'CalendarUID'), resource.name);
    if (calendar !== undefined) resource.calendar = calendar;
    resources.push(resource);
    byUid.set(uid, resource);
  }
  const byTask = new Map<number, ImportedTaskResource[]>();
  const crowded = new Set<number>();
  for (const node of children(child(project, 'Assignments'), 'Assignment')) {
    const taskUid = int(node, 'TaskUID');
    const resourceUid = int(node, 'ResourceUID');
    if (taskUid === undefined || resourceUid === undefined) continue;
    const resource = byUid.get(resourceUid);
    if (resource === undefined) continue;
    const raw = num(node, 'Units');
    let units: number;
    if (raw === undefined || !(raw > 0)) {
      if (resource.kind === 'material') continue;
      units = 1;
    } else units = Math.min(MAX_RESOURCE_UNITS, Math.max(0.01, round2(raw)));
    const list = byTask.get(taskUid) ?? [];
    if (list.some((entry) => entry.resourceUid === resourceUid)) continue;
    if (list.length >= MAX_TASK_RESOURCES) {
      crowded.add(taskUid);
      continue;
    }
    list.push({ resourceUid, units });
    byTask.set(taskUid, list);
  }
  return { resources, byTask, crowded };
}

/** A resource of the file as a new catalogue record (saveObject's `recursos` input). */
export type NewCatalogueResource = {
  uid: number;
  object: {
    code: string;
    name: string;
    type: 'labor' | 'equipment' | 'material';
    unit: string;
    maxUnits: number;
    currency: ResourceCurrency;
    costPerDay?: string;
    costPerUnit?: string;
    /** its own calendar from the file (absent: the project's) */
    calendar?: ResourceCalendar;
  };
};

/** What importProject does with the file's resources against the catalogue (resourcesForImport). */
export type ImportResourcePlan = {
  /** the file's resource UID → the catalogue's `_id`, for the resources the catalogue has (by name) */
  existing: Map<number, string>;
  /** the resources the catalogue gains, in the file's order */
  created: NewCatalogueResource[];
  /** in Spanish, for the import's warnings */
  notes: string[];
};

/** ISO 4217 codes MS Project writes, as Cimiento's currencies (CLF is the UF). */
const FILE_CURRENCIES: Readonly<Record<string, ResourceCurrency>> = { CLP: 'CLP', CLF: 'UF', USD: 'USD' };

/** A catalogue code from a resource's initials or name: capitals, digits and '-', at most 20; unique. */
function uniqueCode(resource: ImportedResource, taken: Set<string>): string {
  const plain = (resource.initials ?? resource.name)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20);
  const base = plain === '' ? `REC-${resource.uid}` : plain;
  let code = base;
  for (let suffix = 2; taken.has(code.toLowerCase()); suffix += 1) code = `${base.slice(0, 16)}-${suffix}`;
  taken.add(code.toLowerCase());
  return code;
}

/**
 * Issue 35: the file's resources against the catalogue (docs/EXCHANGE.md "Resources"): one the
 * catalogue has by name (case and spaces aside) is that one, as it is; any other is added: type
 * 'Mano de obra' for MS Project's Work resources (its crew to fill in), 'Material' for Material ones
 * (its MaterialLabel as the unit), a code from its initials or name, its MaxUnits, and its rate in
 * the file's currency when that is CLP, CLF (UF) or USD: per day of work (the rate per hour × the
 * file's hours per day) or per unit of material, rounded to the currency's decimals. Pure.
 */
export function resourcesForImport(
  resources: readonly ImportedResource[],
  catalogue: readonly { _id: string; code: string; name: string }[],
  file: { currencyCode?: string | undefined; hoursPerDay?: number | undefined },
): ImportResourcePlan {
  const byName = new Map<string, string>();
  for (const entry of catalogue) {
    const key = entry.name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es-CL');
    if (!byName.has(key)) byName.set(key, entry._id);
  }
  const taken = new Set(catalogue.map((entry) => entry.code.toLowerCase()));
  const currency = file.currencyCode === undefined ? undefined : FILE_CURRENCIES[file.currencyCode];
  const hoursPerDay = file.hoursPerDay ?? 8;
  const existing = new Map<number, string>();
  const created: NewCatalogueResource[] = [];
  const matchedNames: string[] = [];
  let withCost = false;
  for (const resource of resources) {
    const id = byName.get(resource.name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es-CL'));
    if (id !== undefined) {
      existing.set(resource.uid, id);
      matchedNames.push(resource.name);
      continue;
    }
    const object: NewCatalogueResource['object'] = {
      code: uniqueCode(resource, taken),
      name: resource.name,
      type: resource.kind === 'material' ? 'material' : resource.kind === 'equipment' ? 'equipment' : 'labor',
      unit: resource.kind === 'material' ? (resource.unitLabel ?? 'un') : 'un',
      maxUnits: resource.maxUnits,
      currency: currency ?? 'CLP',
    };
    if (resource.calendar !== undefined) object.calendar = resource.calendar;
    if (resource.rate !== undefined) withCost = true;
    if (resource.rate !== undefined && currency !== undefined) {
      const decimals = MONEY_DECIMALS[currency];
      const amount = resource.kind === 'material' ? resource.rate : resource.rate * hoursPerDay;
      const text = canonicalDecimal(amount.toFixed(decimals));
      if (text !== '0') {
        if (resource.kind === 'material') object.costPerUnit = text;
        else object.costPerDay = text;
      }
    }
    created.push({ uid: resource.uid, object });
  }
  const notes: string[] = [];
  if (created.length > 0) {
    const names = listNames(created.map((entry) => `${entry.object.code} ${entry.object.name}`));
    notes.push(
      created.length === 1
        ? `Se agrega al catálogo de recursos (Administración › Recursos) un recurso del archivo: ${names}. Revisa su tipo y, si es mano de obra, su cuadrilla.`
        : `Se agregan al catálogo de recursos (Administración › Recursos) ${created.length} recursos del archivo: ${names}. Revisa su tipo y, en la mano de obra, su cuadrilla.`,
    );
  }
  if (matchedNames.length > 0) {
    notes.push(
      `Se asocian a recursos que ya estaban en el catálogo, por su nombre: ${listNames(matchedNames)}; el catálogo no cambia.`,
    );
  }
  if (withCost && currency === undefined) {
    notes.push(
      `No se importan las tarifas de los recursos: el archivo está en ${file.currencyCode === undefined || file.currencyCode === '' ? 'una moneda que no indica' : file.currencyCode}, y Cimiento lleva los costos en CLP, UF o USD.`,
    );
  }
  return { existing, created, notes };
}
