import type { LinkType } from '@cimiento/domain';
import type { RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { BarEnd } from './gantt-chart-data';
import { linkTypeFromEnds, nearestEnd } from './gantt-chart-data';

/** The line drawn while a link is dragged, in viewport pixels. */
export type LinkDraft = { x1: number; y1: number; x2: number; y2: number };

/** The pointer must travel this far before a press on a link circle becomes a drag. */
const DRAG_THRESHOLD = 5;

/** A bar's TaskID: SVAR writes numeric ids as they are and string ids as ':id'. */
export function barTaskId(bar: Element | null): number | null {
  const raw = bar?.getAttribute('data-id');
  if (raw === null || raw === undefined) return null;
  const id = Number(raw.replace(/^:/, ''));
  return Number.isFinite(id) && id > 0 ? id : null;
}

function endOfCircle(circle: Element): BarEnd {
  return circle.classList.contains('wx-left') ? 'start' : 'end';
}

/**
 * Drag-to-link (issue 12): pressing a bar's link circle and releasing over another bar's circle,
 * or over the bar itself (its nearer end), draws a link whose type comes from the two ends. SVAR
 * reads a press on a circle as the start of a resize (the circles sit at the bar's ends), which
 * shrank tasks instead of linking them: the press is taken before SVAR sees it. A press released
 * where it started is a click, and SVAR's click-one-circle-then-the-other linking still works.
 * Every circle says so in its tooltip; while dragging, a line follows the pointer, the bar under
 * it is marked and every circle shows.
 */
export function useLinkDrawing(
  wrapperRef: RefObject<HTMLElement | null>,
  onLink: (from: number, to: number, type: LinkType) => void,
  hint: string,
): LinkDraft | null {
  const [draft, setDraft] = useState<LinkDraft | null>(null);
  const onLinkRef = useRef(onLink);
  onLinkRef.current = onLink;

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;

    const showHint = (event: MouseEvent) => {
      const circle = (event.target as Element).closest?.('.wx-link');
      if (circle && circle.getAttribute('title') !== hint) circle.setAttribute('title', hint);
    };

    let stopDrag: (() => void) | null = null;

    const press = (event: MouseEvent) => {
      if (event.button !== 0) return;
      const circle = (event.target as Element).closest?.('.wx-link');
      const bar = circle?.closest('.wx-bar');
      const from = barTaskId(bar ?? null);
      if (!circle || from === null || !wrapper.contains(circle)) return;
      // not a resize: SVAR never sees this press
      event.stopPropagation();
      event.preventDefault();
      stopDrag?.();
      const box = circle.getBoundingClientRect();
      const origin = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const fromEnd = endOfCircle(circle);
      const startX = event.clientX;
      const startY = event.clientY;
      let dragging = false;
      let marked: Element | null = null;

      const targetAt = (x: number, y: number) => {
        const element = document.elementFromPoint(x, y);
        const targetBar = element?.closest('.wx-bar');
        if (!element || !targetBar || !wrapper.contains(targetBar)) return null;
        const to = barTaskId(targetBar);
        if (to === null || to === from) return null;
        const targetCircle = element.closest('.wx-link');
        const rect = targetBar.getBoundingClientRect();
        const toEnd = targetCircle ? endOfCircle(targetCircle) : nearestEnd(x, rect.left, rect.width);
        return { to, toEnd, bar: targetBar };
      };

      const mark = (bar: Element | null) => {
        if (marked === bar) return;
        marked?.classList.remove('cim-link-target');
        bar?.classList.add('cim-link-target');
        marked = bar;
      };

      const move = (moveEvent: MouseEvent) => {
        if (!dragging && Math.hypot(moveEvent.clientX - startX, moveEvent.clientY - startY) < DRAG_THRESHOLD) return;
        if (!dragging) {
          dragging = true;
          wrapper.classList.add('cim-linking');
          document.body.style.cursor = 'crosshair';
          document.body.style.userSelect = 'none';
        }
        moveEvent.preventDefault();
        setDraft({ x1: origin.x, y1: origin.y, x2: moveEvent.clientX, y2: moveEvent.clientY });
        mark(targetAt(moveEvent.clientX, moveEvent.clientY)?.bar ?? null);
      };

      // Escape drops the link being drawn
      const escape = (keyEvent: KeyboardEvent) => {
        if (keyEvent.key !== 'Escape') return;
        keyEvent.preventDefault();
        keyEvent.stopPropagation();
        finish();
      };

      const finish = () => {
        window.removeEventListener('mousemove', move, true);
        window.removeEventListener('mouseup', release, true);
        window.removeEventListener('keydown', escape, true);
        mark(null);
        wrapper.classList.remove('cim-linking');
        document.body.style.cursor = '';
        document.body.style.userSelect = '';
        setDraft(null);
        stopDrag = null;
      };

      const release = (upEvent: MouseEvent) => {
        const wasDragging = dragging;
        finish();
        // a press released where it started is a click: SVAR's click-then-click linking
        if (!wasDragging) return;
        // the click that follows a drag is not a click on whatever lies under the pointer
        const swallow = (click: MouseEvent) => {
          click.stopPropagation();
          click.preventDefault();
        };
        window.addEventListener('click', swallow, true);
        setTimeout(() => window.removeEventListener('click', swallow, true), 0);
        const target = targetAt(upEvent.clientX, upEvent.clientY);
        if (target) onLinkRef.current(from, target.to, linkTypeFromEnds(fromEnd, target.toEnd));
      };

      stopDrag = finish;
      window.addEventListener('mousemove', move, true);
      window.addEventListener('mouseup', release, true);
      window.addEventListener('keydown', escape, true);
    };

    wrapper.addEventListener('mouseover', showHint);
    wrapper.addEventListener('mousedown', press, true);
    return () => {
      wrapper.removeEventListener('mouseover', showHint);
      wrapper.removeEventListener('mousedown', press, true);
      stopDrag?.();
    };
  }, [wrapperRef, hint]);

  return draft;
}
