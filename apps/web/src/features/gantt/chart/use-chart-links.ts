import { addGanttLink, ganttTaskDirectory, removeGanttLink } from '@cimiento/domain';
import type { GanttEdit, LinkType, PlannerLinkLabels } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { notifyError, notifyMessage } from '@/lib/stores/notices-store';
import type { GanttEditorStore } from '../editor/gantt-editor-store';
import { parseLinkId } from './gantt-chart-data';
import type { LinkMenuTarget } from './gantt-link-menu';

/** A link id as SVAR writes it on the line (':from_to'). */
export function linkOfElement(element: Element | null): { from: number; to: number } | null {
  const raw = element?.closest('[data-link-id]')?.getAttribute('data-link-id');
  return raw ? parseLinkId(raw.replace(/^:/, '')) : null;
}

type ChartLinksInput = {
  store: GanttEditorStore;
  wrapperRef: RefObject<HTMLDivElement | null>;
  labels: PlannerLinkLabels;
  report: (result: GanttEdit) => void;
  t: TFunction;
};

/**
 * The links as the chart edits them: drawn (added), deleted (with a notice naming the link), their
 * type changed (the lag kept), each through the store's edit; and SVAR's own link selection cleared.
 */
export function useChartLinks({ store, wrapperRef, labels, report, t }: ChartLinksInput) {
  const linkLabel = useCallback(
    (from: number, to: number, type: LinkType) => {
      const directory = ganttTaskDirectory(store.getState().tasks);
      const name = (id: number) => directory.byId.get(id)?.label ?? `#${id}`;
      return `${name(from)} → ${name(to)} (${labels.types[type]})`;
    },
    [store, labels],
  );

  const linkOf = useCallback(
    (from: number, to: number) =>
      store
        .getState()
        .tasks.find((task) => task.id === to)
        ?.predecessors.find((link) => link.predecessorId === from),
    [store],
  );

  const linkTypeOf = useCallback(
    (from: number, to: number): LinkType | null => linkOf(from, to)?.type ?? null,
    [linkOf],
  );

  const addLink = useCallback(
    (from: number, to: number, type: LinkType) => {
      const result = store.getState().apply((list) => addGanttLink(list, from, to, type));
      report(result);
    },
    [store, report],
  );

  /** Clears SVAR's own link selection: its outside-click handler listens on the document. */
  const clearLinkSelection = useCallback(() => {
    wrapperRef.current?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, [wrapperRef]);

  const removeLink = useCallback(
    (from: number, to: number) => {
      const type = linkTypeOf(from, to);
      const result = store.getState().apply((list) => removeGanttLink(list, from, to));
      if (!result.ok) {
        notifyError(result.error);
        return;
      }
      notifyMessage(t('gantt.linkRemoved', { link: linkLabel(from, to, type ?? 'FS') }));
    },
    [store, t, linkLabel, linkTypeOf],
  );

  const changeLinkType = useCallback(
    (from: number, to: number, type: LinkType) => {
      const lag =
        store
          .getState()
          .tasks.find((task) => task.id === to)
          ?.predecessors.find((link) => link.predecessorId === from)?.lag ?? 0;
      report(store.getState().apply((list) => addGanttLink(list, from, to, type, lag)));
    },
    [store, report],
  );

  return { linkLabel, linkOf, addLink, clearLinkSelection, removeLink, changeLinkType };
}

/** Right-click on a link: its menu (SVAR's menu is for tasks), the link selected as a click would. */
export function useLinkContextMenu(
  wrapperRef: RefObject<HTMLDivElement | null>,
  { linkOf, linkLabel }: Pick<ReturnType<typeof useChartLinks>, 'linkOf' | 'linkLabel'>,
) {
  const [linkMenu, setLinkMenu] = useState<LinkMenuTarget | null>(null);
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const contextmenu = (event: MouseEvent) => {
      const line = (event.target as Element).closest?.('g[data-link-id]');
      const link = linkOfElement(line ?? null);
      if (!line || !link) return;
      event.preventDefault();
      event.stopPropagation();
      // select it as a click would, so the menu's link is the highlighted one
      line.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const found = linkOf(link.from, link.to);
      const type = found?.type ?? 'FS';
      setLinkMenu({
        x: event.clientX,
        y: event.clientY,
        ...link,
        type,
        label: linkLabel(link.from, link.to, type),
        isGenerated: found?.generated === true,
      });
    };
    wrapper.addEventListener('contextmenu', contextmenu, true);
    return () => wrapper.removeEventListener('contextmenu', contextmenu, true);
  }, [wrapperRef, linkLabel, linkOf]);
  return [linkMenu, setLinkMenu] as const;
}
