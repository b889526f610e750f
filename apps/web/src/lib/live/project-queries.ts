import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A query about this project: its id is one of the key's parts (or a part's `projectId`/`id`). */
export function isProjectQueryKey(queryKey: QueryKey, projectId: string): boolean {
  return queryKey.some(
    (part) =>
      part === projectId ||
      (typeof part === 'object' &&
        part !== null &&
        ((part as Record<string, unknown>).projectId === projectId ||
          (part as Record<string, unknown>).id === projectId)),
  );
}

/** Forgets every cached answer about the project, so the screens drawn next load it afresh. */
export function forgetProjectQueries(queryClient: QueryClient, projectId: string): void {
  queryClient.removeQueries({ predicate: (query) => isProjectQueryKey(query.queryKey, projectId) });
}
