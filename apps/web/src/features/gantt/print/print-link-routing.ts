import { dayNumber } from '@cimiento/domain';
import type { LinkType } from '@cimiento/domain';
import { isCriticalLink } from '../chart/gantt-chart-data';
import { PRINT_GEOMETRY } from './print-model';
import type { Point, PrintLink } from './print-model';
import type { LayoutRow } from './print-pagination';

/**
 * The printed links: orthogonal connectors from the predecessor's bar end to the successor's bar
 * end, with an arrowhead. A link is laid out once on the whole chart and cut by each page's frame,
 * so a link whose ends fall on different pages is drawn on every page it crosses (as a continuous
 * chart cut into sheets). Critical links (both ends critical, the link tight: the screen's rule)
 * are red.
 */

/** A link's connector on the whole chart (global mm: x on the time axis, y from the first row's top). */
export function routeLink(
  type: LinkType,
  from: { start: number; end: number; y: number },
  to: { start: number; end: number; y: number },
): { points: Point[]; tip: Point; direction: 1 | -1 } {
  const { linkStub: stub, arrowLength, rowHeight } = PRINT_GEOMETRY;
  const leavesEnd = type === 'FS' || type === 'FF';
  const entersStart = type === 'FS' || type === 'SS';
  const x1 = leavesEnd ? from.end : from.start;
  const x2 = entersStart ? to.start : to.end;
  const out: 1 | -1 = leavesEnd ? 1 : -1;
  const direction: 1 | -1 = entersStart ? 1 : -1;
  const y1 = from.y;
  const y2 = to.y;
  const exitX = x1 + out * stub;
  const approachX = x2 - direction * stub;
  // one vertical is enough when it can stand a stub past the predecessor and a stub before the successor
  let vertical: number | null = null;
  if (out === 1 && direction === 1 && approachX >= exitX) vertical = exitX;
  else if (out === 1 && direction === -1) vertical = Math.max(exitX, approachX);
  else if (out === -1 && direction === 1) vertical = Math.min(exitX, approachX);
  else if (out === -1 && direction === -1 && approachX <= exitX) vertical = exitX;
  const last: Point = [x2 - direction * arrowLength, y2];
  let points: Point[];
  if (vertical !== null) {
    points = [[x1, y1], [vertical, y1], [vertical, y2], last];
  } else {
    // round the successor's row edge on the predecessor's side
    const middle = y2 > y1 ? y2 - rowHeight / 2 : y2 + rowHeight / 2;
    points = [[x1, y1], [exitX, y1], [exitX, middle], [approachX, middle], [approachX, y2], last];
  }
  return { points: dropRepeats(points), tip: [x2, y2], direction };
}

function dropRepeats(points: Point[]): Point[] {
  const result: Point[] = [];
  for (const point of points) {
    const previous = result[result.length - 1];
    if (!previous || Math.abs(previous[0] - point[0]) > 1e-9 || Math.abs(previous[1] - point[1]) > 1e-9) {
      result.push(point);
    }
  }
  return result;
}

/**
 * An orthogonal polyline cut by the rectangle [left, right] × [top, bottom): the pieces inside.
 * A horizontal run on the bottom edge belongs to the next rectangle down.
 */
export function clipOrthogonal(
  points: readonly Point[],
  left: number,
  right: number,
  top: number,
  bottom: number,
): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] | null = null;
  const eps = 1e-9;
  for (let index = 1; index < points.length; index += 1) {
    const [ax, ay] = points[index - 1] as Point;
    const [bx, by] = points[index] as Point;
    let segment: [Point, Point] | null = null;
    if (Math.abs(ay - by) < eps) {
      if (ay >= top - eps && ay < bottom - eps) {
        const low = Math.max(Math.min(ax, bx), left);
        const high = Math.min(Math.max(ax, bx), right);
        if (high >= low - eps)
          segment =
            ax <= bx
              ? [
                  [low, ay],
                  [high, ay],
                ]
              : [
                  [high, ay],
                  [low, ay],
                ];
      }
    } else if (ax >= left - eps && ax <= right + eps) {
      const low = Math.max(Math.min(ay, by), top);
      const high = Math.min(Math.max(ay, by), bottom);
      if (high >= low - eps)
        segment =
          ay <= by
            ? [
                [ax, low],
                [ax, high],
              ]
            : [
                [ax, high],
                [ax, low],
              ];
    }
    if (!segment) {
      current = null;
      continue;
    }
    const [start, end] = segment;
    const tail = current?.[current.length - 1];
    if (current && tail && Math.abs(tail[0] - start[0]) < eps && Math.abs(tail[1] - start[1]) < eps) {
      current.push(end);
    } else {
      current = [start, end];
      pieces.push(current);
    }
  }
  return pieces.map(dropRepeats).filter((piece) => piece.length >= 2);
}

/** A link laid out once on the whole chart (global mm), with the bounds that tell the pages it crosses. */
export type ChartLink = {
  from: number;
  to: number;
  type: LinkType;
  critical: boolean;
  points: Point[];
  tip: Point;
  direction: 1 | -1;
  toIndex: number;
  minY: number;
  maxY: number;
  minX: number;
  maxX: number;
};

/**
 * Every link once, on the whole chart: `X` a day's place on the time axis, `globalY` a row's middle
 * (from the first row's top).
 */
export function layoutChartLinks(
  rows: readonly LayoutRow[],
  X: (day: number) => number,
  globalY: (index: number) => number,
): ChartLink[] {
  const indexOf = new Map<number, number>();
  rows.forEach((row, index) => indexOf.set(row.task.id, index));
  const barEnds = (row: LayoutRow) => {
    if (row.isMilestone) {
      const centre = X(dayNumber(row.computed.start));
      return { start: centre - PRINT_GEOMETRY.milestoneHalf, end: centre + PRINT_GEOMETRY.milestoneHalf };
    }
    return { start: X(dayNumber(row.computed.start)), end: X(dayNumber(row.computed.end) + 1) };
  };
  const links: ChartLink[] = [];
  rows.forEach((row, toIndex) => {
    for (const link of row.task.predecessors) {
      const fromIndex = indexOf.get(link.predecessorId);
      if (fromIndex === undefined) continue;
      const fromRow = rows[fromIndex] as LayoutRow;
      const route = routeLink(
        link.type,
        { ...barEnds(fromRow), y: globalY(fromIndex) },
        { ...barEnds(row), y: globalY(toIndex) },
      );
      const xs = route.points.map((point) => point[0]).concat(route.tip[0]);
      const ys = route.points.map((point) => point[1]);
      links.push({
        from: link.predecessorId,
        to: row.task.id,
        type: link.type,
        critical: isCriticalLink(link, fromRow.computed, row.computed),
        ...route,
        toIndex,
        minY: Math.min(...ys),
        maxY: Math.max(...ys),
        minX: Math.min(...xs),
        maxX: Math.max(...xs),
      });
    }
  });
  return links;
}

/**
 * The links a page shows: each cut by the page's frame ([left, right] × [top, bottom) in global mm,
 * its rows `rowStart`…`rowEnd` exclusive), in page coordinates; the arrowhead on the page that holds
 * the successor's bar end.
 */
export function linksOnPage(
  links: readonly ChartLink[],
  frame: { left: number; right: number; top: number; bottom: number; rowStart: number; rowEnd: number },
  toPageX: (globalX: number) => number,
  toPageY: (globalY: number) => number,
): PrintLink[] {
  const { left, right, top, bottom, rowStart, rowEnd } = frame;
  const shown: PrintLink[] = [];
  for (const link of links) {
    if (link.maxY < top || link.minY >= bottom || link.maxX < left || link.minX > right) continue;
    const pieces = clipOrthogonal(link.points, left, right, top, bottom);
    const [tipX, tipY] = link.tip;
    const hasTip = link.toIndex >= rowStart && link.toIndex < rowEnd && tipX >= left - 1e-9 && tipX <= right + 1e-9;
    if (pieces.length === 0 && !hasTip) continue;
    shown.push({
      from: link.from,
      to: link.to,
      type: link.type,
      critical: link.critical,
      paths: pieces.map((piece) => piece.map(([x, y]) => [toPageX(x), toPageY(y)] as Point)),
      ...(hasTip ? { arrow: { x: toPageX(tipX), y: toPageY(tipY), direction: link.direction } } : {}),
    });
  }
  return shown;
}
