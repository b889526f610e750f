import type { jsPDF } from 'jspdf';
import type { LegendKind, Point, PrintBar, PrintLink, PrintPage, PrintText } from './print-model';
import { PRINT_COLOURS, PRINT_GEOMETRY } from './print-model';

/**
 * Draws a print layout's page (issue 12) through a small painter: jsPDF's vector primitives for
 * the PDF, a Canvas 2D context for the PNG. Every coordinate is in millimetres from the page's
 * top-left corner; font sizes are points.
 */
export type PrintPainter = {
  rect: (
    x: number,
    y: number,
    width: number,
    height: number,
    style: { fill?: string; stroke?: string; lineWidth?: number },
  ) => void;
  polyline: (points: readonly Point[], color: string, width: number, dash?: number) => void;
  polygon: (points: readonly Point[], fill: string) => void;
  text: (text: PrintText) => void;
};

const PT_TO_MM = 25.4 / 72;

function drawBar(painter: PrintPainter, bar: PrintBar): void {
  if (bar.kind === 'milestone') {
    const half = bar.height / 2;
    const centreY = bar.y + half;
    painter.polygon(
      [
        [bar.x, bar.y],
        [bar.x + half, centreY],
        [bar.x, bar.y + bar.height],
        [bar.x - half, centreY],
      ],
      bar.critical ? PRINT_COLOURS.critical : PRINT_COLOURS.milestone,
    );
    return;
  }
  if (bar.kind === 'summary') {
    const colour = bar.critical ? PRINT_COLOURS.criticalSummary : PRINT_COLOURS.summary;
    const bottom = bar.y + bar.height;
    const tip = 1.3;
    painter.rect(bar.x, bar.y, bar.width, bar.height, { fill: colour });
    if (!bar.cutStart) {
      painter.polygon(
        [
          [bar.x, bar.y],
          [bar.x + tip, bottom],
          [bar.x, bottom + tip],
        ],
        colour,
      );
    }
    if (!bar.cutEnd) {
      const end = bar.x + bar.width;
      painter.polygon(
        [
          [end, bar.y],
          [end, bottom + tip],
          [end - tip, bottom],
        ],
        colour,
      );
    }
    return;
  }
  const width = Math.max(bar.width, 0.4);
  painter.rect(bar.x, bar.y, width, bar.height, {
    fill: bar.critical ? PRINT_COLOURS.critical : PRINT_COLOURS.task,
  });
  if (bar.progressWidth > 0) {
    painter.rect(bar.x, bar.y, Math.min(bar.progressWidth, width), bar.height, {
      fill: bar.critical ? PRINT_COLOURS.criticalProgress : PRINT_COLOURS.taskProgress,
    });
  }
  painter.rect(bar.x, bar.y, width, bar.height, {
    stroke: bar.critical ? PRINT_COLOURS.criticalBorder : PRINT_COLOURS.taskBorder,
    lineWidth: 0.12,
  });
}

function arrowHead(x: number, y: number, direction: 1 | -1): Point[] {
  const { arrowLength, arrowHalfWidth } = PRINT_GEOMETRY;
  return [
    [x, y],
    [x - direction * arrowLength, y - arrowHalfWidth],
    [x - direction * arrowLength, y + arrowHalfWidth],
  ];
}

function drawLink(painter: PrintPainter, link: PrintLink): void {
  const colour = link.critical ? PRINT_COLOURS.criticalLink : PRINT_COLOURS.link;
  const width = link.critical ? 0.3 : 0.2;
  for (const path of link.paths) painter.polyline(path, colour, width);
  if (link.arrow) painter.polygon(arrowHead(link.arrow.x, link.arrow.y, link.arrow.direction), colour);
}

function drawLegendSwatch(painter: PrintPainter, kind: LegendKind, x: number, y: number, width: number): void {
  switch (kind) {
    case 'task':
    case 'critical':
      drawBar(painter, {
        taskId: 0,
        kind: 'task',
        critical: kind === 'critical',
        x,
        y: y - 1.2,
        width,
        height: 2.4,
        progress: 0,
        progressWidth: 0,
        cutStart: false,
        cutEnd: false,
      });
      break;
    case 'summary':
      drawBar(painter, {
        taskId: 0,
        kind: 'summary',
        critical: false,
        x,
        y: y - 1.5,
        width,
        height: 1.4,
        progress: 0,
        progressWidth: 0,
        cutStart: false,
        cutEnd: false,
      });
      break;
    case 'milestone':
      drawBar(painter, {
        taskId: 0,
        kind: 'milestone',
        critical: false,
        x: x + width / 2,
        y: y - width / 2,
        width: 0,
        height: width,
        progress: 0,
        progressWidth: 0,
        cutStart: false,
        cutEnd: false,
      });
      break;
    case 'baseline':
      painter.rect(x, y - 0.45, width, 0.9, { fill: PRINT_COLOURS.baseline });
      break;
    case 'link':
    case 'criticalLink':
      drawLink(painter, {
        from: 0,
        to: 0,
        type: 'FS',
        critical: kind === 'criticalLink',
        paths: [
          [
            [x, y],
            [x + width - PRINT_GEOMETRY.arrowLength, y],
          ],
        ],
        arrow: { x: x + width, y, direction: 1 },
      });
  }
}

/** One page, back to front: fills, lines, outlines, baseline bars, bars, links, the cut-off line, texts, the legend. */
export function drawPrintPage(page: PrintPage, painter: PrintPainter): void {
  for (const rect of page.rects) {
    if (rect.fill) painter.rect(rect.x, rect.y, rect.width, rect.height, { fill: rect.fill });
  }
  for (const line of page.lines) {
    painter.polyline(
      [
        [line.x1, line.y1],
        [line.x2, line.y2],
      ],
      line.color,
      line.width,
      line.dash,
    );
  }
  for (const rect of page.rects) {
    if (rect.stroke) painter.rect(rect.x, rect.y, rect.width, rect.height, { stroke: rect.stroke, lineWidth: 0.3 });
  }
  for (const base of page.baselineBars) {
    painter.rect(base.x, base.y, base.width, base.height, { fill: PRINT_COLOURS.baseline });
  }
  for (const bar of page.bars) drawBar(painter, bar);
  for (const link of page.links) drawLink(painter, link);
  if (page.cutOff) {
    painter.polyline(
      [
        [page.cutOff.x, page.cutOff.top],
        [page.cutOff.x, page.cutOff.bottom],
      ],
      PRINT_COLOURS.cutOff,
      0.4,
      1.2,
    );
  }
  for (const text of page.texts) painter.text(text);
  for (const item of page.legend) drawLegendSwatch(painter, item.kind, item.x, item.y, item.width);
}

/** The painter over a jsPDF document whose unit is mm. */
export function jsPdfPainter(doc: jsPDF): PrintPainter {
  const toLines = (points: readonly Point[]) => {
    const [first] = points;
    const vectors: [number, number][] = [];
    for (let index = 1; index < points.length; index += 1) {
      const [x, y] = points[index] as Point;
      const [px, py] = points[index - 1] as Point;
      vectors.push([x - px, y - py]);
    }
    return { first: first as Point, vectors };
  };
  return {
    rect: (x, y, width, height, style) => {
      if (style.fill) doc.setFillColor(style.fill);
      if (style.stroke) {
        doc.setDrawColor(style.stroke);
        doc.setLineWidth(style.lineWidth ?? 0.2);
      }
      doc.rect(x, y, width, height, style.fill && style.stroke ? 'FD' : style.fill ? 'F' : 'S');
    },
    polyline: (points, color, width, dash) => {
      if (points.length < 2) return;
      doc.setDrawColor(color);
      doc.setLineWidth(width);
      if (dash) doc.setLineDashPattern([dash, dash], 0);
      const { first, vectors } = toLines(points);
      doc.lines(vectors, first[0], first[1], [1, 1], 'S', false);
      if (dash) doc.setLineDashPattern([], 0);
    },
    polygon: (points, fill) => {
      if (points.length < 3) return;
      doc.setFillColor(fill);
      const { first, vectors } = toLines(points);
      doc.lines(vectors, first[0], first[1], [1, 1], 'F', true);
    },
    text: (text) => {
      doc.setFont('helvetica', text.bold ? 'bold' : 'normal');
      doc.setFontSize(text.size);
      doc.setTextColor(text.color);
      doc.text(text.text, text.x, text.y, { align: text.align, baseline: 'alphabetic' });
    },
  };
}

/** The painter over a Canvas 2D context, `pxPerMm` pixels a millimetre. */
export function canvasPainter(context: CanvasRenderingContext2D, pxPerMm: number): PrintPainter {
  context.setTransform(pxPerMm, 0, 0, pxPerMm, 0, 0);
  context.lineJoin = 'miter';
  context.lineCap = 'butt';
  const trace = (points: readonly Point[]) => {
    context.beginPath();
    points.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  };
  return {
    rect: (x, y, width, height, style) => {
      if (style.fill) {
        context.fillStyle = style.fill;
        context.fillRect(x, y, width, height);
      }
      if (style.stroke) {
        context.strokeStyle = style.stroke;
        context.lineWidth = style.lineWidth ?? 0.2;
        context.strokeRect(x, y, width, height);
      }
    },
    polyline: (points, color, width, dash) => {
      if (points.length < 2) return;
      context.strokeStyle = color;
      context.lineWidth = width;
      context.setLineDash(dash ? [dash, dash] : []);
      trace(points);
      context.stroke();
      context.setLineDash([]);
    },
    polygon: (points, fill) => {
      if (points.length < 3) return;
      context.fillStyle = fill;
      trace(points);
      context.closePath();
      context.fill();
    },
    text: (text) => {
      // Helvetica's metrics laid the text out; Arial and Liberation Sans share them
      context.font = `${text.bold ? 'bold ' : ''}${text.size * PT_TO_MM}px Helvetica, Arial, "Liberation Sans", sans-serif`;
      context.fillStyle = text.color;
      context.textAlign = text.align;
      context.textBaseline = 'alphabetic';
      if (text.maxWidth === undefined) context.fillText(text.text, text.x, text.y);
      else context.fillText(text.text, text.x, text.y, text.maxWidth);
    },
  };
}
