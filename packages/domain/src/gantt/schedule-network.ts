import type { LinkType, ScheduleLink, ScheduleResult, ScheduleTask } from './schedule-types';

/*
 * issue 18: the engine in typed arrays. The rules (schedule.ts) are those of the reference engine
 * (./schedule-reference, the engine before issue 18), which a differential test holds this one to,
 * result for result. What makes it fast: task ids are looked up in an array when they are small
 * integers (a Map otherwise); links are compiled once into typed adjacency lists (outgoing for the
 * topological sort and the backward pass, incoming for the forward pass, which pulls each task's
 * bound from its predecessors so that a later run can recompute only the tasks downstream of an
 * edit); dates are parsed without a regex or a Date; no per-task object is made before the results.
 */

/*
 * The network: the task list and its links compiled once into positions (schedule.ts's engine;
 * the passes over it are schedule-passes.ts). A cycle is found here and refused with its tasks.
 */

function label(task: ScheduleTask | undefined, id: number): string {
  if (!task) return String(id);
  const text = [task.code, task.name].filter((part) => part !== undefined && part !== '').join(' ');
  return text === '' ? String(id) : `${text} (${id})`;
}

export const FS = 0;
export const SS = 1;
export const FF = 2;
/** anything else schedules as SF, as the reference's `switch` default does */
const SF = 3;

function linkCode(type: LinkType): number {
  return type === 'FS' ? FS : type === 'SS' ? SS : type === 'FF' ? FF : SF;
}

/** The task list and links compiled to positions: the tree, both adjacency lists and a topological order. */
export type Network = {
  n: number;
  parent: Int32Array;
  /** 1 for a task with children */
  summary: Uint8Array;
  childStart: Int32Array;
  children: Int32Array;
  outStart: Int32Array;
  outTo: Int32Array;
  outType: Uint8Array;
  outLag: Float64Array;
  inStart: Int32Array;
  inFrom: Int32Array;
  inType: Uint8Array;
  inLag: Float64Array;
  order: Int32Array;
};

/** A position lookup for task ids: an array when the ids are small non-negative integers, a Map otherwise. */
function positionsOf(tasks: readonly ScheduleTask[]): (id: number) => number {
  const n = tasks.length;
  // the ids read once (task objects come in several shapes, so each read of one is a slow lookup)
  const ids = new Array<number>(n);
  let dense = true;
  let maxId = 0;
  for (let i = 0; i < n; i += 1) {
    const id = (tasks[i] as ScheduleTask).id;
    ids[i] = id;
    if (!dense) continue;
    if (!Number.isInteger(id) || id < 0) dense = false;
    else if (id > maxId) maxId = id;
  }
  if (dense && maxId <= 4 * n + 1024) {
    // position + 1, 0 = no such task; a repeated id maps to its last task, as Map.set did
    const slot = new Int32Array(maxId + 1);
    for (let i = 0; i < n; i += 1) slot[ids[i] as number] = i + 1;
    return (id) => (Number.isInteger(id) && id >= 0 && id <= maxId ? (slot[id] as number) - 1 : -1);
  }
  const map = new Map<number, number>();
  for (let i = 0; i < n; i += 1) map.set(ids[i] as number, i);
  return (id) => map.get(id) ?? -1;
}

/** Compiles the network, or returns the positions of one cycle (in link direction) when there is one. */
export function compile(tasks: readonly ScheduleTask[], links: readonly ScheduleLink[]): Network | number[] {
  const n = tasks.length;
  const positionOf = positionsOf(tasks);

  const parent = new Int32Array(n).fill(-1);
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i += 1) {
    const parentId = (tasks[i] as ScheduleTask).parentId;
    const p = parentId === undefined ? -1 : positionOf(parentId);
    if (p !== -1 && p !== i) {
      parent[i] = p;
      childStart[p + 1] = (childStart[p + 1] as number) + 1;
    }
  }
  const summary = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    if ((childStart[i + 1] as number) > 0) summary[i] = 1;
    childStart[i + 1] = (childStart[i + 1] as number) + (childStart[i] as number);
  }
  const children = new Int32Array(childStart[n] as number);
  {
    const fill = childStart.slice(0, n);
    for (let i = 0; i < n; i += 1) {
      const p = parent[i] as number;
      if (p === -1) continue;
      children[fill[p] as number] = i;
      fill[p] = (fill[p] as number) + 1;
    }
  }

  // the links between tasks of the list, resolved to positions
  const linkCount = links.length;
  const rawFrom = new Int32Array(linkCount);
  const rawTo = new Int32Array(linkCount);
  let m = 0;
  let intoSummary = false;
  for (let e = 0; e < linkCount; e += 1) {
    const link = links[e] as ScheduleLink;
    const from = positionOf(link.from);
    const to = positionOf(link.to);
    rawFrom[e] = from;
    rawTo[e] = to;
    if (from === -1 || to === -1) continue;
    if (summary[to] === 1) intoSummary = true;
    else m += 1;
  }
  // a link into a summary applies to each leaf under it, in position order (rare: built only then)
  let leafStart: Int32Array | undefined;
  let leafList: Int32Array | undefined;
  if (intoSummary) {
    leafStart = new Int32Array(n + 1);
    // at most n steps up: a cycle in the tree (refused below as a cycle) must not walk forever, as
    // the reference engine does
    for (let leaf = 0; leaf < n; leaf += 1) {
      if (summary[leaf] === 1) continue;
      for (let a = parent[leaf] as number, steps = 0; a !== -1 && steps < n; a = parent[a] as number, steps += 1)
        leafStart[a + 1] = (leafStart[a + 1] as number) + 1;
    }
    for (let i = 0; i < n; i += 1) leafStart[i + 1] = (leafStart[i + 1] as number) + (leafStart[i] as number);
    leafList = new Int32Array(leafStart[n] as number);
    const fill = leafStart.slice(0, n);
    for (let leaf = 0; leaf < n; leaf += 1) {
      if (summary[leaf] === 1) continue;
      for (let a = parent[leaf] as number, steps = 0; a !== -1 && steps < n; a = parent[a] as number, steps += 1) {
        leafList[fill[a] as number] = leaf;
        fill[a] = (fill[a] as number) + 1;
      }
    }
    m = 0;
    for (let e = 0; e < linkCount; e += 1) {
      const from = rawFrom[e] as number;
      const to = rawTo[e] as number;
      if (from === -1 || to === -1) continue;
      m += summary[to] === 1 ? (leafStart[to + 1] as number) - (leafStart[to] as number) : 1;
    }
  }

  // effective links in the reference's order: by link, then by leaf
  const linkFrom = new Int32Array(m);
  const linkTo = new Int32Array(m);
  const linkType = new Uint8Array(m);
  const linkLag = new Float64Array(m);
  let e2 = 0;
  for (let e = 0; e < linkCount; e += 1) {
    const from = rawFrom[e] as number;
    const to = rawTo[e] as number;
    if (from === -1 || to === -1) continue;
    const link = links[e] as ScheduleLink;
    const type = linkCode(link.type);
    if (summary[to] === 1) {
      const first = (leafStart as Int32Array)[to] as number;
      const last = (leafStart as Int32Array)[to + 1] as number;
      for (let k = first; k < last; k += 1) {
        linkFrom[e2] = from;
        linkTo[e2] = (leafList as Int32Array)[k] as number;
        linkType[e2] = type;
        linkLag[e2] = link.lag;
        e2 += 1;
      }
    } else {
      linkFrom[e2] = from;
      linkTo[e2] = to;
      linkType[e2] = type;
      linkLag[e2] = link.lag;
      e2 += 1;
    }
  }

  // adjacency lists, each in link order
  const outStart = new Int32Array(n + 1);
  const inStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e += 1) {
    outStart[(linkFrom[e] as number) + 1] = (outStart[(linkFrom[e] as number) + 1] as number) + 1;
    inStart[(linkTo[e] as number) + 1] = (inStart[(linkTo[e] as number) + 1] as number) + 1;
  }
  for (let i = 0; i < n; i += 1) {
    outStart[i + 1] = (outStart[i + 1] as number) + (outStart[i] as number);
    inStart[i + 1] = (inStart[i + 1] as number) + (inStart[i] as number);
  }
  const outTo = new Int32Array(m);
  const outType = new Uint8Array(m);
  const outLag = new Float64Array(m);
  const inFrom = new Int32Array(m);
  const inType = new Uint8Array(m);
  const inLag = new Float64Array(m);
  {
    const outFill = outStart.slice(0, n);
    const inFill = inStart.slice(0, n);
    for (let e = 0; e < m; e += 1) {
      const from = linkFrom[e] as number;
      const to = linkTo[e] as number;
      const o = outFill[from] as number;
      outTo[o] = to;
      outType[o] = linkType[e] as number;
      outLag[o] = linkLag[e] as number;
      outFill[from] = o + 1;
      const k = inFill[to] as number;
      inFrom[k] = from;
      inType[k] = linkType[e] as number;
      inLag[k] = linkLag[e] as number;
      inFill[to] = k + 1;
    }
  }

  // topological order over links and child → parent (a summary after its children), as the reference
  const inDegree = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    inDegree[i] =
      (inStart[i + 1] as number) - (inStart[i] as number) + ((childStart[i + 1] as number) - (childStart[i] as number));
  }
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i += 1) if (inDegree[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++] as number;
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = outTo[k] as number;
      inDegree[to] = (inDegree[to] as number) - 1;
      if (inDegree[to] === 0) order[tail++] = to;
    }
    const p = parent[i] as number;
    if (p !== -1) {
      inDegree[p] = (inDegree[p] as number) - 1;
      if (inDegree[p] === 0) order[tail++] = p;
    }
  }
  if (tail < n) return findCycle(n, inDegree, outStart, outTo, parent);
  return {
    n,
    parent,
    summary,
    childStart,
    children,
    outStart,
    outTo,
    outType,
    outLag,
    inStart,
    inFrom,
    inType,
    inLag,
    order,
  };
}

/** One cycle among the nodes the topological sort could not place (in-degree still > 0), in order. */
function findCycle(
  n: number,
  inDegree: Int32Array,
  outStart: Int32Array,
  outTo: Int32Array,
  parent: Int32Array,
): number[] {
  const stuck = (i: number) => (inDegree[i] as number) > 0;
  // every stuck node has a stuck predecessor, so walking predecessors from one must meet a node twice
  const predecessor = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i += 1) {
    if (!stuck(i)) continue;
    for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k += 1) {
      const to = outTo[k] as number;
      if (stuck(to) && predecessor[to] === -1) predecessor[to] = i;
    }
    const p = parent[i] as number;
    if (p !== -1 && stuck(p) && predecessor[p] === -1) predecessor[p] = i;
  }
  let current = -1;
  for (let i = 0; i < n && current === -1; i += 1) if (stuck(i)) current = i;
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  while (current !== -1 && !seenAt.has(current)) {
    seenAt.set(current, path.length);
    path.push(current);
    current = predecessor[current] as number;
  }
  if (current === -1) return path.reverse();
  // the walk went backwards: reverse to read the cycle in link direction
  return path.slice(seenAt.get(current)).reverse();
}

export function cycleResult(tasks: readonly ScheduleTask[], cycle: number[]): ScheduleResult {
  const names = cycle.map((i) => label(tasks[i], tasks[i]?.id ?? i));
  return {
    ok: false,
    error: `Los vínculos forman un ciclo entre las tareas: ${names.join(' → ')}`,
    cycle: cycle.map((i) => tasks[i]?.id as number),
  };
}
