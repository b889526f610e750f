import type { GanttLinkRecord } from './build-gantt';
import type { SequenceLink } from './sequence-gantt';

/**
 * The stored Gantt's links against the sequencing's (issue 13; docs/SEQUENCING.md "Generated links").
 * A generated link is a GanttLinkRecord with `generated: true`; every other link is the user's.
 * After a merge or a regeneration, the generated links are exactly the sequencing's, less:
 *   - the ones the user deleted (`removed`, by source keys), unless regenerating;
 *   - pairs the user already joined with a link of their own (either direction);
 *   - links whose ends have no task (a built task the user deleted);
 *   - links that would close a loop with the user's links (the schedule could not be computed).
 * User links are never touched. Pure.
 */

/** `from>to`: a removed generated link's name, by the source keys of its two tasks. */
export function linkPairKey(from: string, to: string): string {
  return `${from}>${to}`;
}

export type ReconcileResult = {
  links: GanttLinkRecord[];
  /** generated links that are new */
  added: number;
  /** generated links that went (no longer given by the rules) */
  dropped: number;
  /** generated links kept as they were */
  kept: number;
};

export function reconcileGeneratedLinks(options: {
  tasks: readonly { id: number; sourceKey: string | null }[];
  links: readonly GanttLinkRecord[];
  sequence: readonly SequenceLink[];
  /** linkPairKey of generated links the user deleted */
  removed: ReadonlySet<string>;
}): ReconcileResult {
  const idByKey = new Map<string, number>();
  for (const task of options.tasks) if (task.sourceKey !== null) idByKey.set(task.sourceKey, task.id);

  // pairs by numbers (from → tos): a 40,000-task Gantt makes no pair strings
  const userLinks: GanttLinkRecord[] = [];
  const userPairs = new PairSet();
  const storedGenerated = new PairMap<GanttLinkRecord>();
  for (const link of options.links) {
    if (link.generated === true) {
      storedGenerated.set(link.from, link.to, link);
      continue;
    }
    userLinks.push(link);
    userPairs.add(link.from, link.to);
    userPairs.add(link.to, link.from);
  }

  // the wanted generated links, by task ids, in the sequencing's order, each pair once
  const wanted: GanttLinkRecord[] = [];
  const wantedPairs = new PairSet();
  const checkRemoved = options.removed.size > 0;
  for (const link of options.sequence) {
    if (checkRemoved && options.removed.has(linkPairKey(link.from, link.to))) continue;
    const from = idByKey.get(link.from);
    const to = idByKey.get(link.to);
    if (from === undefined || to === undefined || from === to) continue;
    if (wantedPairs.has(from, to) || userPairs.has(from, to)) continue;
    wantedPairs.add(from, to);
    wanted.push({ from, to, type: 'FS', lag: 0, generated: true });
  }

  const accepted = acyclicAdditions(userLinks, wanted);
  let kept = 0;
  for (const link of accepted) {
    const stored = storedGenerated.get(link.from, link.to);
    if (stored && stored.type === 'FS' && stored.lag === 0) kept += 1;
  }
  return {
    links: [...userLinks, ...accepted],
    added: accepted.length - kept,
    dropped: storedGenerated.size - kept,
    kept,
  };
}

/** A set of (from, to) pairs of task ids. */
class PairSet {
  private readonly pairs = new Map<number, Set<number>>();

  add(from: number, to: number): void {
    const tos = this.pairs.get(from);
    if (tos) tos.add(to);
    else this.pairs.set(from, new Set([to]));
  }

  has(from: number, to: number): boolean {
    return this.pairs.get(from)?.has(to) ?? false;
  }
}

/** A map from (from, to) pairs of task ids. */
class PairMap<T> {
  private readonly pairs = new Map<number, Map<number, T>>();
  size = 0;

  set(from: number, to: number, value: T): void {
    let tos = this.pairs.get(from);
    if (!tos) {
      tos = new Map();
      this.pairs.set(from, tos);
    }
    if (!tos.has(to)) this.size += 1;
    tos.set(to, value);
  }

  get(from: number, to: number): T | undefined {
    return this.pairs.get(from)?.get(to);
  }
}

/**
 * The additions, less those that would close a loop with the links before them. The usual case
 * (no loop at all) costs one topological sort; otherwise each addition is checked in turn.
 */
function acyclicAdditions(base: readonly GanttLinkRecord[], additions: readonly GanttLinkRecord[]): GanttLinkRecord[] {
  if (!hasCycle([...base, ...additions])) return [...additions];
  const successors = new Map<number, number[]>();
  const addEdge = (from: number, to: number) => {
    const list = successors.get(from);
    if (list) list.push(to);
    else successors.set(from, [to]);
  };
  for (const link of base) addEdge(link.from, link.to);
  const reaches = (start: number, goal: number): boolean => {
    const stack = [start];
    const seen = new Set<number>([start]);
    while (stack.length > 0) {
      const node = stack.pop() as number;
      if (node === goal) return true;
      for (const next of successors.get(node) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return false;
  };
  const accepted: GanttLinkRecord[] = [];
  for (const link of additions) {
    if (reaches(link.to, link.from)) continue;
    addEdge(link.from, link.to);
    accepted.push(link);
  }
  return accepted;
}

/** Whether the links (as a graph of task ids) have a loop: Kahn's algorithm. */
export function hasCycle(links: readonly { from: number; to: number }[]): boolean {
  const indegree = new Map<number, number>();
  const successors = new Map<number, number[]>();
  for (const { from, to } of links) {
    indegree.set(to, (indegree.get(to) ?? 0) + 1);
    if (!indegree.has(from)) indegree.set(from, 0);
    const list = successors.get(from);
    if (list) list.push(to);
    else successors.set(from, [to]);
  }
  const ready: number[] = [];
  for (const [node, count] of indegree) if (count === 0) ready.push(node);
  let visited = 0;
  while (ready.length > 0) {
    const node = ready.pop() as number;
    visited += 1;
    for (const next of successors.get(node) ?? []) {
      const count = (indegree.get(next) as number) - 1;
      indegree.set(next, count);
      if (count === 0) ready.push(next);
    }
  }
  return visited < indegree.size;
}
