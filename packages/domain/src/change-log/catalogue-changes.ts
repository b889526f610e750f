import { catalogueCollections } from '../functions/catalogue-contracts';
import type { CatalogueCollection } from '../functions/catalogue-contracts';
import { formatCount, formatDecimal, formatNumber } from '../format/money';
import { formatIsoDate } from '../format/dates';
import { RESOURCE_TYPE_LABELS, resourceCalendarText } from '../resources/resources';
import type { ResourceCalendar, ResourceType } from '../resources/resources';
import { historyDuration } from '../history/project-changes';
import { ChangeLogDetailBuilder } from './change-log-detail';
import type { AdminChange } from './change-log-detail';

/**
 * The 'Registro de cambios' of the catalogues (issue 30): saveObject, removeObject and the starter
 * catalogue's seeding, told from the record before and after. A record is named as the screens
 * name it ('Actividad ACT12 Relleno y compactación'); its sub-areas and subcomponents are compared
 * by their ids, a subcomponent's ticked activities by the activity's `_id`.
 */

/** The collection's word for one record, as the record's name starts. */
export const catalogueRecordNouns: Record<CatalogueCollection, string> = {
  'tipos-area': 'Tipo de área',
  actividades: 'Actividad',
  sistemas: 'Sistema',
  componentes: 'Componente',
  oficios: 'Oficio',
  recursos: 'Recurso',
};

const collectionCounts: Record<CatalogueCollection, [string, string]> = {
  'tipos-area': ['tipo de área', 'tipos de área'],
  actividades: ['actividad', 'actividades'],
  sistemas: ['sistema', 'sistemas'],
  componentes: ['componente', 'componentes'],
  oficios: ['oficio', 'oficios'],
  recursos: ['recurso', 'recursos'],
};

/** A sub-area as saved and loaded. */
export type CatalogueChangeSector = { id: number; code: string; name: string; quantity: number; priority: number };

/** A ticked activity: its `_id` says which, its code and name show it. */
export type CatalogueChangeTick = { _id: string; code: string; name: string };

/** A subcomponent ('componente básico') with its ticked activities. */
export type CatalogueChangeSubcomponent = {
  id: number;
  code: string;
  name: string;
  priority: number;
  actividades: readonly CatalogueChangeTick[];
};

/** A catalogue record as loadObjects answers it (any collection: the fields it has are compared). */
export type CatalogueChangeRecord = {
  code: string;
  name: string;
  priority: number;
  duration?: number | undefined;
  sectores?: readonly CatalogueChangeSector[] | undefined;
  subcomponents?: readonly CatalogueChangeSubcomponent[] | undefined;
  /** issue 35: a resource's fields */
  type?: ResourceType | undefined;
  unit?: string | undefined;
  maxUnits?: number | undefined;
  availability?: readonly { from: string; to: string; maxUnits: number }[] | undefined;
  crew?: readonly { trade: string; tradeName?: string | undefined; count: number }[] | undefined;
  costPerDay?: string | undefined;
  costPerUnit?: string | undefined;
  currency?: string | undefined;
  /** issue 35: a resource's own calendar (absent: the project's) */
  calendar?: ResourceCalendar | undefined;
  /** issue 35: an activity's productivity fields */
  workUnit?: string | undefined;
  productivity?: string | undefined;
  resourceName?: string | undefined;
  crews?: number | undefined;
};

/** issue 35: a resource's cost as it reads ('45000 CLP por día'); undefined when it has none. */
function costText(record: CatalogueChangeRecord): string | undefined {
  if (record.costPerDay !== undefined) return `${record.costPerDay} ${record.currency ?? ''} por día`.trim();
  if (record.costPerUnit !== undefined) return `${record.costPerUnit} ${record.currency ?? ''} por unidad`.trim();
  return record.type === undefined ? undefined : '';
}

/**
 * issue 35: a resource's own calendar as it reads ('L–V; no trabaja: 05-01-2026 a 09-01-2026
 * Vacaciones'); 'el del proyecto' for a resource on the project's calendar, undefined for other records.
 */
function calendarText(record: CatalogueChangeRecord): string | undefined {
  if (record.calendar === undefined) return record.type === undefined ? undefined : 'el del proyecto';
  const weekdays = resourceCalendarText({ workingWeekdays: record.calendar.workingWeekdays });
  const ranges = (record.calendar.exceptions ?? []).map((range) =>
    `${formatIsoDate(range.from)} a ${formatIsoDate(range.to)} ${range.name ?? ''}`.trim(),
  );
  return [weekdays, ranges.length === 0 ? '' : `no trabaja: ${ranges.join(', ')}`].filter(Boolean).join('; ');
}

/** Where a deleted activity was ticked: it is taken off those subcomponents. */
export type RemovedTick = { component: { code: string; name: string }; subcomponent: { code: string; name: string } };

/** 'Actividad ACT12 Relleno y compactación' */
export function catalogueRecordName(collection: CatalogueCollection, record: { code: string; name: string }): string {
  return `${catalogueRecordNouns[collection]} ${record.code} ${record.name}`;
}

/** '5 días', '1 día', '0 días (hito)' */
function durationText(days: number): string {
  return days === 0 ? `${historyDuration(0)} (hito)` : historyDuration(days);
}

/** How many ticked activities a subcomponent's description lists before '… y N más'. */
const LISTED_TICKS = 20;

function ticksText(ticks: readonly CatalogueChangeTick[]): string {
  const listed = ticks.slice(0, LISTED_TICKS).map((tick) => tick.code);
  const rest = ticks.length - listed.length;
  return rest > 0 ? `${listed.join(', ')} y ${formatNumber(rest)} más` : listed.join(', ');
}

function sectorText(sector: CatalogueChangeSector): string {
  return `${sector.code} ${sector.name} (cantidad ${formatNumber(sector.quantity)}, prioridad ${formatNumber(sector.priority)})`;
}

function subcomponentText(sub: CatalogueChangeSubcomponent): string {
  const ticks =
    sub.actividades.length === 0
      ? 'sin actividades'
      : `${formatCount(sub.actividades.length, 'actividad', 'actividades')}: ${ticksText(sub.actividades)}`;
  return `${sub.code} ${sub.name} (prioridad ${formatNumber(sub.priority)}; ${ticks})`;
}

type FieldRule<T> = { label: string; text: (value: T) => string | undefined };

const recordFields: FieldRule<CatalogueChangeRecord>[] = [
  { label: 'Código', text: (record) => record.code },
  { label: 'Nombre', text: (record) => record.name },
  { label: 'Prioridad', text: (record) => formatNumber(record.priority) },
  { label: 'Duración', text: (record) => (record.duration === undefined ? undefined : durationText(record.duration)) },
  // issue 35: an activity's productivity (crews named once they matter: with a productivity, or not 1)
  { label: 'Unidad de trabajo', text: (record) => record.workUnit },
  {
    label: 'Rendimiento',
    text: (record) =>
      record.productivity === undefined
        ? undefined
        : `${formatDecimal(record.productivity)} ${record.workUnit ?? ''} por cuadrilla y día`.replace('  ', ' '),
  },
  { label: 'Recurso', text: (record) => record.resourceName },
  {
    label: 'Cuadrillas',
    text: (record) =>
      record.crews === undefined || (record.crews === 1 && record.productivity === undefined)
        ? undefined
        : formatNumber(record.crews),
  },
  // issue 35: a resource's fields, in the form's order
  { label: 'Tipo', text: (record) => (record.type === undefined ? undefined : RESOURCE_TYPE_LABELS[record.type]) },
  { label: 'Unidad', text: (record) => record.unit },
  {
    label: 'Máximo de unidades',
    text: (record) => (record.maxUnits === undefined ? undefined : formatDecimal(record.maxUnits)),
  },
  {
    label: 'Cuadrilla',
    text: (record) =>
      record.crew === undefined
        ? undefined
        : record.crew
            .map((member) => `${formatNumber(member.count)} × ${member.tradeName ?? member.trade}`)
            .join(' + '),
  },
  { label: 'Costo', text: costText },
  {
    label: 'Disponibilidad',
    text: (record) =>
      record.availability === undefined
        ? undefined
        : record.availability
            .map(
              (range) => `${formatIsoDate(range.from)} a ${formatIsoDate(range.to)}: ${formatDecimal(range.maxUnits)}`,
            )
            .join('; '),
  },
  { label: 'Calendario', text: calendarText },
];

const sectorFields: FieldRule<CatalogueChangeSector>[] = [
  { label: 'Código', text: (sector) => sector.code },
  { label: 'Nombre', text: (sector) => sector.name },
  { label: 'Cantidad', text: (sector) => formatNumber(sector.quantity) },
  { label: 'Prioridad', text: (sector) => formatNumber(sector.priority) },
];

const subcomponentFields: FieldRule<CatalogueChangeSubcomponent>[] = [
  { label: 'Código', text: (sub) => sub.code },
  { label: 'Nombre', text: (sub) => sub.name },
  { label: 'Prioridad', text: (sub) => formatNumber(sub.priority) },
];

/** Each child of `before` and `after` matched by id: added, removed, and each field that changed; answers whether anything did. */
function compareChildren<T extends { id: number; code: string; name: string }>(
  detail: ChangeLogDetailBuilder,
  words: { noun: string },
  before: readonly T[],
  after: readonly T[],
  fields: readonly FieldRule<T>[],
  describe: (child: T) => string,
  compareMore?: (item: string, old: T, now: T) => boolean,
): boolean {
  let changed = false;
  const beforeById = new Map(before.map((child) => [child.id, child]));
  const afterIds = new Set(after.map((child) => child.id));
  for (const child of after) {
    const old = beforeById.get(child.id);
    if (!old) {
      detail.change({ field: words.noun, from: '', to: describe(child) });
      changed = true;
      continue;
    }
    const item = `${words.noun} ${child.code} ${child.name}`;
    for (const field of fields) {
      const from = field.text(old) ?? '';
      const to = field.text(child) ?? '';
      if (from !== to) {
        detail.change({ item, field: field.label, from, to });
        changed = true;
      }
    }
    if (compareMore?.(item, old, child)) changed = true;
  }
  for (const child of before) {
    if (afterIds.has(child.id)) continue;
    detail.change({ field: words.noun, from: describe(child), to: '' });
    changed = true;
  }
  return changed;
}

/** A subcomponent's ticks before and after, by activity `_id`: one change per activity ticked or unticked. */
function compareTicks(
  detail: ChangeLogDetailBuilder,
  item: string,
  before: readonly CatalogueChangeTick[],
  after: readonly CatalogueChangeTick[],
): boolean {
  const beforeIds = new Set(before.map((tick) => tick._id));
  const afterIds = new Set(after.map((tick) => tick._id));
  let changed = false;
  for (const tick of after) {
    if (beforeIds.has(tick._id)) continue;
    detail.change({ item, field: 'Actividad', from: '', to: `${tick.code} ${tick.name}` });
    changed = true;
  }
  for (const tick of before) {
    if (afterIds.has(tick._id)) continue;
    detail.change({ item, field: 'Actividad', from: `${tick.code} ${tick.name}`, to: '' });
    changed = true;
  }
  return changed;
}

/** Every field and child of `record`, as created (`created`) or as deleted. */
function wholeRecord(detail: ChangeLogDetailBuilder, record: CatalogueChangeRecord, created: boolean): void {
  const side = (text: string) => (created ? { from: '', to: text } : { from: text, to: '' });
  for (const field of recordFields) {
    const text = field.text(record);
    if (text !== undefined) detail.change({ field: field.label, ...side(text) });
  }
  for (const sector of record.sectores ?? []) detail.change({ field: 'Subárea', ...side(sectorText(sector)) });
  for (const sub of record.subcomponents ?? []) {
    detail.change({ field: 'Componente básico', ...side(subcomponentText(sub)) });
  }
}

/**
 * One saveObject or removeObject: `before` undefined is a creation ('creó'), `after` undefined a
 * deletion ('eliminó'), both an update ('modificó: Nombre, Duración', the fields in the form's order,
 * then 'Subáreas' or 'Componentes básicos' when any of those changed). Null when a save changed
 * nothing: nothing to record. `removedTicks`: where a deleted activity was ticked.
 */
export function catalogueChange(
  collection: CatalogueCollection,
  before: CatalogueChangeRecord | undefined,
  after: CatalogueChangeRecord | undefined,
  removedTicks: readonly RemovedTick[] = [],
): AdminChange | null {
  const detail = new ChangeLogDetailBuilder();
  if (before === undefined && after === undefined) return null;
  if (before === undefined && after !== undefined) {
    wholeRecord(detail, after, true);
    return {
      action: 'create',
      record: catalogueRecordName(collection, after),
      summary: 'creó',
      detail: detail.build(),
    };
  }
  if (before !== undefined && after === undefined) {
    wholeRecord(detail, before, false);
    for (const tick of removedTicks) {
      detail.note(
        `Se quitó del componente básico ${tick.subcomponent.code} ${tick.subcomponent.name} (componente ${tick.component.code} ${tick.component.name})`,
      );
    }
    const removedFrom =
      removedTicks.length === 0
        ? ''
        : `; se quitó de ${formatCount(removedTicks.length, 'componente básico', 'componentes básicos')}`;
    return {
      action: 'delete',
      record: catalogueRecordName(collection, before),
      summary: `eliminó${removedFrom}`,
      detail: detail.build(),
    };
  }
  if (before === undefined || after === undefined) return null;

  const labels: string[] = [];
  for (const field of recordFields) {
    const from = field.text(before) ?? '';
    const to = field.text(after) ?? '';
    if (from === to) continue;
    labels.push(field.label);
    detail.change({ field: field.label, from, to });
  }
  if (
    (before.sectores !== undefined || after.sectores !== undefined) &&
    compareChildren(detail, { noun: 'Subárea' }, before.sectores ?? [], after.sectores ?? [], sectorFields, sectorText)
  ) {
    labels.push('Subáreas');
  }
  if (
    (before.subcomponents !== undefined || after.subcomponents !== undefined) &&
    compareChildren(
      detail,
      { noun: 'Componente básico' },
      before.subcomponents ?? [],
      after.subcomponents ?? [],
      subcomponentFields,
      subcomponentText,
      (item, old, now) => compareTicks(detail, item, old.actividades, now.actividades),
    )
  ) {
    labels.push('Componentes básicos');
  }
  if (labels.length === 0) return null;
  return {
    action: 'update',
    record: catalogueRecordName(collection, after),
    summary: `modificó: ${labels.join(', ')}`,
    detail: detail.build(),
  };
}

/** A record the starter catalogue's seeding added. */
export type SeededCatalogueRecord = { collection: CatalogueCollection; code: string; name: string };

/**
 * One seeding (seedCatalogues or `npm run seed:catalogues`): 'cargó 6 tipos de área, 30 actividades,
 * 8 sistemas y 8 componentes', each added record in the detail. Null when it added nothing.
 */
export function catalogueSeedChange(records: readonly SeededCatalogueRecord[]): AdminChange | null {
  if (records.length === 0) return null;
  const counts = new Map<CatalogueCollection, number>();
  for (const record of records) counts.set(record.collection, (counts.get(record.collection) ?? 0) + 1);
  const parts = catalogueCollections
    .filter((collection) => (counts.get(collection) ?? 0) > 0)
    .map((collection) => {
      const [one, many] = collectionCounts[collection];
      return formatCount(counts.get(collection) ?? 0, one, many);
    });
  const list = parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1) ?? ''}`;
  const detail = new ChangeLogDetailBuilder();
  for (const record of records) {
    detail.change({ field: catalogueRecordNouns[record.collection], from: '', to: `${record.code} ${record.name}` });
  }
  return { action: 'seed', record: 'Catálogos de ejemplo', summary: `cargó ${list}`, detail: detail.build() };
}
