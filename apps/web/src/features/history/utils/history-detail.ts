import type { HistoryDetail } from '@cimiento/domain';

/** A save whose detail lists nothing (the project's own fields, a save that changed nothing). */
export function detailIsEmpty(detail: HistoryDetail): boolean {
  return (
    detail.added.length === 0 &&
    detail.removed.length === 0 &&
    detail.renamed.length === 0 &&
    detail.tasks.length === 0 &&
    detail.notes.length === 0 &&
    detail.omitted === 0
  );
}
