import { MAX_TASK_RESOURCES } from '../resources/assignments';
import { MAX_RESOURCE_UNITS } from '../resources/resources';
import type { ImportedResource, ImportedTaskResource } from '../mspdi/types';

type Row = Record<string, string | undefined>;

/**
 * Issue 35: Primavera P6's resources (RSRC, with RSRCRATE's maximum and price per unit) and their
 * assignments to the chosen project's activities (TASKRSRC), as the MSPDI import reads MS Project's
 * (docs/EXCHANGE.md "Resources"):
 *
 * - RT_Labor comes in as labour, RT_Equip as equipment, RT_Mat as a material; a role assignment
 *   (no resource) is not a resource;
 * - its maximum: the earliest RSRCRATE's max_qty_per_hr (1 = one unit; none: 1; a material: no
 *   maximum); its rate: that row's cost_per_qty (per hour of work, per unit of material);
 * - an assignment's units: target_qty_per_hr (1 = one unit; none or 0: one unit of work, nothing
 *   of a material), 2 decimals, a resource once per activity, at most MAX_TASK_RESOURCES;
 * - the file's currency: CURRTYPE's base currency (base_exch_rate 1).
 */
export function mapXerResources(
  table: (name: string) => Row[],
  projectId: string,
  uidOfActivity: ReadonlyMap<string, number>,
): { resources: ImportedResource[]; byTask: Map<number, ImportedTaskResource[]>; currencyCode?: string } {
  const round2 = (value: number) => Math.round(value * 100) / 100;
  const numberOf = (value: string | undefined) => {
    if (value === undefined || value.trim() === '') return undefined;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  // the earliest rate row of each resource
  const rateOf = new Map<string, Row>();
  for (const row of table('RSRCRATE')) {
    const id = row['rsrc_id'] ?? '';
    const known = rateOf.get(id);
    if (known === undefined || (row['start_date'] ?? '') < (known['start_date'] ?? '')) rateOf.set(id, row);
  }
  const byId = new Map<string, ImportedResource>();
  let nextUid = 1;
  for (const row of table('RSRC')) {
    const id = row['rsrc_id'] ?? '';
    const name = (row['rsrc_name'] ?? '').trim();
    if (id === '' || name === '' || byId.has(id)) continue;
    const type = row['rsrc_type'] ?? 'RT_Labor';
    const kind = type === 'RT_Mat' ? 'material' : type === 'RT_Equip' ? 'equipment' : 'work';
    const rate = rateOf.get(id);
    const maxUnits = numberOf(rate?.['max_qty_per_hr']);
    const cost = numberOf(rate?.['cost_per_qty']);
    const resource: ImportedResource = {
      uid: nextUid,
      name: name.slice(0, 200),
      kind,
      maxUnits:
        kind === 'material'
          ? MAX_RESOURCE_UNITS
          : maxUnits === undefined || maxUnits <= 0
            ? 1
            : Math.min(MAX_RESOURCE_UNITS, Math.max(0.01, round2(maxUnits))),
    };
    nextUid += 1;
    const short = (row['rsrc_short_name'] ?? '').trim();
    if (short !== '') resource.initials = short.slice(0, 50);
    if (cost !== undefined && cost > 0) resource.rate = cost;
    byId.set(id, resource);
  }
  const byTask = new Map<number, ImportedTaskResource[]>();
  for (const row of table('TASKRSRC')) {
    if ((row['proj_id'] ?? projectId) !== projectId) continue;
    const taskUid = uidOfActivity.get(row['task_id'] ?? '');
    const resource = byId.get(row['rsrc_id'] ?? '');
    if (taskUid === undefined || resource === undefined) continue;
    const raw = numberOf(row['target_qty_per_hr']);
    let units: number;
    if (raw === undefined || raw <= 0) {
      if (resource.kind === 'material') continue;
      units = 1;
    } else units = Math.min(MAX_RESOURCE_UNITS, Math.max(0.01, round2(raw)));
    const list = byTask.get(taskUid) ?? [];
    if (list.some((entry) => entry.resourceUid === resource.uid) || list.length >= MAX_TASK_RESOURCES) continue;
    list.push({ resourceUid: resource.uid, units });
    byTask.set(taskUid, list);
  }
  const used = new Set([...byTask.values()].flatMap((list) => list.map((entry) => entry.resourceUid)));
  const base = table('CURRTYPE').find((row) => numberOf(row['base_exch_rate']) === 1);
  const currencyCode = (base?.['curr_short_name'] ?? '').trim().toUpperCase();
  return {
    resources: [...byId.values()].filter((resource) => used.has(resource.uid)),
    byTask,
    ...(currencyCode === '' ? {} : { currencyCode }),
  };
}
