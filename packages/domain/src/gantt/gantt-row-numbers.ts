/**
 * Issue 32: the Gantt's row numbers, MS Project's ID: a task's place in the whole outline, 1-based,
 * a parent before its children, siblings in the list's order. Every task counts, shown or not (a
 * collapsed summary's children, a search's or a filter's hidden rows keep their numbers), so a
 * number names the same task in the grid's 'Id' column, in a predecessor typed by row number
 * ('8FC+2') and in the workbooks. One definition for all of them.
 *
 * The editor's list is already in outline order (depth-first); the walk below does not rely on it:
 * a task whose parent is not in the list counts as a top-level one, and a cycle (never made by the
 * editor) cannot loop.
 */
export function ganttRowNumbers(tasks: readonly { id: number; parentId?: number }[]): Map<number, number> {
  const ids = new Set(tasks.map((task) => task.id));
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  for (const task of tasks) {
    const parent = task.parentId;
    if (parent === undefined || parent === task.id || !ids.has(parent)) {
      roots.push(task.id);
      continue;
    }
    const siblings = children.get(parent);
    if (siblings) siblings.push(task.id);
    else children.set(parent, [task.id]);
  }
  const numbers = new Map<number, number>();
  // depth-first without recursion (10,000 tasks nest deep enough to matter for a call stack)
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (numbers.has(id)) continue;
    numbers.set(id, numbers.size + 1);
    const below = children.get(id);
    if (below) for (let index = below.length - 1; index >= 0; index -= 1) stack.push(below[index] as number);
  }
  // tasks only reachable through a cycle: numbered after the rest, in list order
  for (const task of tasks) if (!numbers.has(task.id)) numbers.set(task.id, numbers.size + 1);
  return numbers;
}
