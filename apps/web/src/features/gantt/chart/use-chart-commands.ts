import type { IApi } from '@svar-ui/react-gantt';
import { useCallback } from 'react';
import type { RefObject } from 'react';
import type { GanttEditorStore } from '../editor/gantt-editor-store';
import type { GanttKeyCommand } from './gantt-keyboard';
import { rowAfterMove } from './gantt-keyboard';
import { linkOfElement } from './use-chart-links';

/** What the chart's menu and keys ask the screen to do (the screen's store does it). */
export type GanttMenuAction = 'add' | 'edit' | 'delete' | 'indent' | 'outdent';

type ChartCommandsInput = {
  store: GanttEditorStore;
  apiRef: RefObject<IApi | null>;
  wrapperRef: RefObject<HTMLDivElement | null>;
  /** the screen's handlers as last rendered */
  handlersRef: RefObject<{ onMenuAction: (action: GanttMenuAction) => void }>;
  removeLink: (from: number, to: number) => void;
  clearLinkSelection: () => void;
};

/**
 * The chart's keyboard commands (gantt-keyboard.ts): moving the selection through the rows shown,
 * closing and opening a summary, the screen's task actions, and Delete and Escape on a selected link.
 */
export function useChartCommands({
  store,
  apiRef,
  wrapperRef,
  handlersRef,
  removeLink,
  clearLinkSelection,
}: ChartCommandsInput) {
  const selectRow = useCallback(
    (id: number | null) => {
      if (id !== null) apiRef.current?.exec('select-task', { id, show: true });
    },
    [apiRef],
  );

  return useCallback(
    (command: GanttKeyCommand) => {
      const ganttApi = apiRef.current;
      const state = store.getState();
      const id = state.selectedId;
      const selectedLink = linkOfElement(wrapperRef.current?.querySelector('.wx-line-selected') ?? null);
      switch (command) {
        case 'up':
        case 'down':
        case 'pageUp':
        case 'pageDown':
        case 'first':
        case 'last': {
          if (!ganttApi) return;
          const { _tasks: rows, cellHeight } = ganttApi.getState() as {
            _tasks: { id: number }[];
            cellHeight: number;
          };
          const chart = wrapperRef.current?.querySelector('.wx-chart');
          const page = Math.max(1, Math.floor((chart?.clientHeight ?? 320) / (cellHeight || 32)));
          selectRow(
            rowAfterMove(
              rows.map((row) => row.id),
              id,
              command,
              page,
            ),
          );
          return;
        }
        case 'collapse':
        case 'expand': {
          if (!ganttApi || id === null) return;
          const task = ganttApi.getTask(id) as { open?: boolean; data?: { id: number }[]; parent?: number } | undefined;
          if (!task) return;
          const hasChildren = (task.data?.length ?? 0) > 0;
          if (command === 'collapse') {
            if (hasChildren && task.open) ganttApi.exec('open-task', { id, mode: false });
            else if (task.parent) selectRow(task.parent);
          } else if (hasChildren && !task.open) ganttApi.exec('open-task', { id, mode: true });
          else if (hasChildren) selectRow(task.data?.[0]?.id ?? null);
          return;
        }
        case 'edit':
        case 'add':
        case 'indent':
        case 'outdent':
          handlersRef.current.onMenuAction(command);
          return;
        case 'delete':
          if (selectedLink) {
            removeLink(selectedLink.from, selectedLink.to);
            clearLinkSelection();
          } else handlersRef.current.onMenuAction('delete');
          return;
        case 'cancel':
          if (selectedLink) clearLinkSelection();
          else if (state.editingId !== null) state.setEditing(null);
          return;
        default:
      }
    },
    [store, apiRef, wrapperRef, handlersRef, selectRow, removeLink, clearLinkSelection],
  );
}
