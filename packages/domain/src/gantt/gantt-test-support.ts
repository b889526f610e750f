import type { GanttDraftTask } from './gantt-edits';

/**
 * Test support (not exported by the package): a draft task of 5 working days from 2026-01-02, for
 * the tests of the task directory and the typed predecessors.
 */
export function draftTask(
  id: number,
  code: string,
  name: string,
  parentId?: number,
  sourceKey?: string,
  predecessors: GanttDraftTask['predecessors'] = [],
): GanttDraftTask {
  return {
    id,
    code,
    name,
    start: '2026-01-02',
    duration: 5,
    progress: 0,
    ...(parentId === undefined ? {} : { parentId }),
    ...(sourceKey === undefined ? {} : { sourceKey }),
    predecessors,
  };
}
