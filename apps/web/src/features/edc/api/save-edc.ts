import type { EdcItem } from '@cimiento/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

export type SaveEdcVariables = { projectId: string; edpItemId: number; items: readonly EdcItem[]; version: number };

/**
 * saveEdc: the selected EDP item's whole EDC list with the version it was based on. Success shows
 * the server's message; a stale version answers ABORTED (the error toast shows the message and the
 * screen keeps the user's list); the global spinner covers the page while it runs.
 */
export function useSaveEdc() {
  return useMutation({
    mutationFn: ({ projectId, edpItemId, items, version }: SaveEdcVariables) =>
      call('saveEdc', {
        id: projectId,
        edc: {
          id: edpItemId,
          // only the contract's fields (it refuses others); the optional ones only when present
          componentesEdc: items.map(
            ({ code, name, parentCode, kind, sourceId, sourceCode, sourceName, priority, duration, quantity }) => ({
              code,
              name,
              parentCode,
              kind,
              ...(sourceId === undefined ? {} : { sourceId }),
              ...(sourceCode === undefined ? {} : { sourceCode }),
              ...(sourceName === undefined ? {} : { sourceName }),
              // issue 13: the catalogue's priority and duration the Gantt's sequencing reads
              ...(priority === undefined ? {} : { priority }),
              ...(duration === undefined ? {} : { duration }),
              // issue 35: an activity's quantity typed in the grid
              ...(quantity === undefined ? {} : { quantity }),
            }),
          ),
          version,
        },
      }),
    meta: { showGlobalSpinner: true },
    onSuccess: (result) => notifyMessage(result.message),
  });
}
