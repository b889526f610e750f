import type { EdcItem } from '../edc/generate-edc';
import type { EdpItem } from '../edp/generate-edp';
import type { SequencingMode } from '../functions/gantt-contracts';
import { edcSourceKey } from '../edp/source-keys';

/**
 * The generated schedule's logic (issue 13; docs/SEQUENCING.md). From the EDP and each item's EDC
 * it gives the finish-to-start links (lag 0) between the Gantt's leaf tasks, named by their source
 * keys, by these rules:
 *   1. a leaf task's duration is its activity's catalogue duration (ganttSources, build-gantt.ts);
 *   2. within one subcomponent, activities follow each other in priority order; equal priorities
 *      run in parallel;
 *   3. within one main component, subcomponents follow each other in priority order (equal
 *      priorities in parallel); different main components (and systems) of one item run in parallel;
 *   4. work train: among sibling EDP items in EDP order, each activity starts after the same
 *      catalogue activity (same component, subcomponent, activity) has finished on the nearest
 *      previous sibling that has it. Level-1 items are not trained (rule 5);
 *   5. level-1 areas run in parallel: no link joins two of them.
 * Pure, and the same input always gives the same links in the same order.
 */

export const DEFAULT_SEQUENCING: SequencingMode = 'train';

/** A generated finish-to-start link, lag 0, between two tasks named by their source keys. */
export type SequenceLink = { from: string; to: string };

/** An EDC item for sequencing: its code, parent code, kind, catalogue copies. */
type SequenceEdcItem = Pick<
  EdcItem,
  'code' | 'parentCode' | 'kind' | 'sourceId' | 'sourceCode' | 'sourceName' | 'name' | 'priority'
> &
  Partial<Pick<EdcItem, 'resourceId' | 'crews'>>;

/** A subcomponent (or a main item's leaf child): its activities' keys in priority groups. */
type Unit = { priority: number; index: number; groups: string[][] };

/** One main item: its units in priority groups, each unit's activity groups. */
type MainGroup = { units: Unit[][] };

/**
 * What one EDP item's EDC gives the sequencing: leaves by identity (for the train), its main items
 * and (issue 35) the crew of each leaf whose activity has a default resource.
 */
type ItemPlan = {
  mains: MainGroup[];
  leafByIdentity: Map<string, string>;
  crewByIdentity: Map<string, { resourceId: string; crews: number }>;
};

/** Sorts by priority (missing: after every priority, in list order) and groups equal priorities. */
function priorityGroups<T extends { priority: number; index: number }>(entries: readonly T[]): T[][] {
  const sorted = [...entries].sort((a, b) => a.priority - b.priority || a.index - b.index);
  const groups: T[][] = [];
  let last: number | undefined;
  for (const entry of sorted) {
    if (groups.length > 0 && entry.priority === last) (groups[groups.length - 1] as T[]).push(entry);
    else groups.push([entry]);
    last = entry.priority;
  }
  return groups;
}

/** An item without a catalogue priority (typed by hand) comes after the catalogue's, one at a time. */
function priorityOf(item: SequenceEdcItem, index: number): number {
  return item.priority ?? 1e12 + index;
}

/** Which catalogue record an item is, for the train: its source id, else its catalogue code, else its name. */
function recordIdentity(item: SequenceEdcItem): string {
  if (item.sourceId) return `id:${item.sourceId}`;
  if (item.sourceCode) return `code:${item.sourceCode.toLowerCase()}`;
  return `name:${(item.sourceName ?? item.name).trim().toLowerCase()}`;
}

/** Counts identities so that the second occurrence of one (the same component on two systems) is its own. */
function occurrence(counter: Map<string, number>, identity: string): string {
  const seen = (counter.get(identity) ?? 0) + 1;
  counter.set(identity, seen);
  return `${identity}#${seen}`;
}

/** The plan of one EDP item's EDC list (main → subcomponents → activities; see validateEdcStructure). */
function planItem(edpItemId: number, list: readonly SequenceEdcItem[]): ItemPlan {
  const codes = new Set(list.map((item) => item.code.toLowerCase()));
  const children = new Map<string, { item: SequenceEdcItem; index: number }[]>();
  const mains: { item: SequenceEdcItem; index: number }[] = [];
  list.forEach((item, index) => {
    const parent = item.parentCode.toLowerCase();
    if (!codes.has(parent) || parent === item.code.toLowerCase()) {
      mains.push({ item, index });
      return;
    }
    const siblings = children.get(parent);
    if (siblings) siblings.push({ item, index });
    else children.set(parent, [{ item, index }]);
  });
  const leafByIdentity = new Map<string, string>();
  const crewByIdentity = new Map<string, { resourceId: string; crews: number }>();
  const mainCounter = new Map<string, number>();
  const plans: MainGroup[] = [];
  for (const main of mains) {
    const mainIdentity = occurrence(mainCounter, recordIdentity(main.item));
    const unitCounter = new Map<string, number>();
    const units: Unit[] = [];
    for (const unit of children.get(main.item.code.toLowerCase()) ?? []) {
      const unitIdentity = `${mainIdentity}/${occurrence(unitCounter, recordIdentity(unit.item))}`;
      const kids = children.get(unit.item.code.toLowerCase()) ?? [];
      // a child of a main item without children of its own is a leaf task: a unit of one activity
      const leaves = kids.length === 0 ? [unit] : kids;
      const leafCounter = new Map<string, number>();
      const entries = leaves.map((leaf) => {
        const key = edcSourceKey(edpItemId, leaf.item.code);
        const identity =
          kids.length === 0 ? unitIdentity : `${unitIdentity}/${occurrence(leafCounter, recordIdentity(leaf.item))}`;
        leafByIdentity.set(identity, key);
        if (leaf.item.resourceId !== undefined) {
          crewByIdentity.set(identity, { resourceId: leaf.item.resourceId, crews: Math.max(1, leaf.item.crews ?? 1) });
        }
        return { key, priority: priorityOf(leaf.item, leaf.index), index: leaf.index };
      });
      units.push({
        priority: priorityOf(unit.item, unit.index),
        index: unit.index,
        groups: priorityGroups(entries).map((group) => group.map((entry) => entry.key)),
      });
    }
    plans.push({ units: priorityGroups(units) });
  }
  return { mains: plans, leafByIdentity, crewByIdentity };
}

function pushAll(links: SequenceLink[], from: readonly string[], to: readonly string[]): void {
  for (const a of from) for (const b of to) links.push({ from: a, to: b });
}

/** Rules 2 and 3 for one item's EDC. */
function priorityLinks(plan: ItemPlan, links: SequenceLink[]): void {
  for (const main of plan.mains) {
    let previousEnds: string[] = [];
    for (const unitGroup of main.units) {
      const starts: string[] = [];
      const ends: string[] = [];
      for (const unit of unitGroup) {
        // rule 2: activity groups of one subcomponent, one after the other
        for (let g = 1; g < unit.groups.length; g += 1) {
          pushAll(links, unit.groups[g - 1] as string[], unit.groups[g] as string[]);
        }
        if (unit.groups.length === 0) continue;
        starts.push(...(unit.groups[0] as string[]));
        ends.push(...(unit.groups[unit.groups.length - 1] as string[]));
      }
      // rule 3: a subcomponent group starts when the previous one (with activities) has finished
      if (starts.length === 0) continue;
      pushAll(links, previousEnds, starts);
      previousEnds = ends;
    }
  }
}

/**
 * The generated links of a project, by the rules above: none for 'none', rules 2–3 for
 * 'priority', rules 2–4 for 'train'. `edpItems` in EDP (tree) order; `edcByEdpItem` each item's list.
 *
 * issue 35, rule 4b (the train with crews): an activity whose catalogue record has a default
 * resource is trained by its crews instead of rule 4. `maxUnitsOf` gives a resource's units
 * available; the activity's tasks each take its `crews` of them, so floor(available ÷ crews) crews
 * (at least 1) work on it at once. Each level-1 area's tasks of the activity, in EDP order, are one
 * crew's run (a floor waits for the same crew to finish the floor before); the areas are handed to
 * the crews in EDP order, one after another: with one crew, the second tower waits for the crew to
 * finish the first; with two, both towers run at once. An activity whose resource the catalogue no
 * longer has follows rule 4.
 */
export function sequenceGantt(
  edpItems: readonly EdpItem[],
  edcByEdpItem: ReadonlyMap<number, readonly SequenceEdcItem[]>,
  mode: SequencingMode,
  maxUnitsOf: (resourceId: string) => number | undefined = () => undefined,
): SequenceLink[] {
  if (mode === 'none') return [];
  const links: SequenceLink[] = [];
  const plans = new Map<number, ItemPlan>();
  for (const item of edpItems) {
    const list = edcByEdpItem.get(item.id);
    if (!list || list.length === 0) continue;
    const plan = planItem(item.id, list);
    plans.set(item.id, plan);
    priorityLinks(plan, links);
  }
  if (mode !== 'train') return links;

  // rule 4 (and 5): siblings under an item of level 1 or deeper, in EDP order
  const ids = new Set(edpItems.map((item) => item.id));
  const depth = new Map<number, number>();
  const areaOf = new Map<number, number>();
  const childrenOf = new Map<number, number[]>();
  for (const item of edpItems) {
    const parentId = item.parentId !== undefined && ids.has(item.parentId) ? item.parentId : undefined;
    const level = parentId === undefined ? 0 : (depth.get(parentId) ?? 0) + 1;
    depth.set(item.id, level);
    // issue 35: the level-1 area an item is in (itself at level 1; none for the root)
    if (level === 1) areaOf.set(item.id, item.id);
    else if (level > 1 && parentId !== undefined && areaOf.has(parentId))
      areaOf.set(item.id, areaOf.get(parentId) as number);
    if (parentId === undefined) continue;
    const siblings = childrenOf.get(parentId);
    if (siblings) siblings.push(item.id);
    else childrenOf.set(parentId, [item.id]);
  }

  // rule 4b: the activities trained by their crews
  const crewRuns = new Map<string, { crews: number; areas: Map<number, string[]> }>();
  for (const item of edpItems) {
    const plan = plans.get(item.id);
    const area = areaOf.get(item.id);
    if (!plan || area === undefined) continue;
    for (const [identity, crew] of plan.crewByIdentity) {
      const available = maxUnitsOf(crew.resourceId);
      if (available === undefined) continue;
      let run = crewRuns.get(identity);
      if (!run) {
        run = { crews: Math.max(1, Math.floor(available / crew.crews + 1e-9)), areas: new Map() };
        crewRuns.set(identity, run);
      }
      const keys = run.areas.get(area) ?? [];
      keys.push(plan.leafByIdentity.get(identity) as string);
      run.areas.set(area, keys);
    }
  }

  for (const [parentId, siblings] of childrenOf) {
    // the root's children are the level-1 areas, which run in parallel (rule 5)
    if ((depth.get(parentId) ?? 0) < 1) continue;
    const lastByIdentity = new Map<string, string>();
    for (const siblingId of siblings) {
      const plan = plans.get(siblingId);
      if (!plan) continue;
      for (const [identity, key] of plan.leafByIdentity) {
        if (crewRuns.has(identity)) continue;
        const previous = lastByIdentity.get(identity);
        if (previous !== undefined) links.push({ from: previous, to: key });
      }
      for (const [identity, key] of plan.leafByIdentity) lastByIdentity.set(identity, key);
    }
  }

  // rule 4b: each crew's run, area after area
  for (const run of crewRuns.values()) {
    const lastOfCrew: (string | undefined)[] = Array.from({ length: run.crews }, () => undefined);
    let index = 0;
    for (const keys of run.areas.values()) {
      const crew = index % run.crews;
      index += 1;
      let previous = lastOfCrew[crew];
      for (const key of keys) {
        if (previous !== undefined) links.push({ from: previous, to: key });
        previous = key;
      }
      lastOfCrew[crew] = previous;
    }
  }
  return links;
}
