import type { EstadoPago } from '@cimiento/domain';
import PDFDocument from 'pdfkit';
import {
  ESTADO_PAGO_COLUMNS,
  ESTADO_PAGO_SIGNATURES,
  estadoPagoHeaderFields,
  estadoPagoLineCells,
  estadoPagoTitle,
  estadoPagoTotalsCells,
  estadoPagoTotalsRows,
  figureText,
  indentOf,
  isChapterLine,
} from './estado-pago-layout';
import type { EstadoPagoFigure, EstadoPagoProject } from './estado-pago-layout';

/**
 * An estado de pago as a PDF (issue 16; docs/COSTS.md), drawn with pdfkit on landscape A4: the
 * title and header block on the first page, the partidas table paged with its header row repeated
 * on every page (and a running head naming the EP), the Totales row, the totals block, the
 * signature lines, and 'Página n de m' at the foot of each page. Amounts are right-aligned and
 * formatted es-CL (formatMoney / formatNumber); the standard Helvetica fonts carry Spanish accents
 * and '°' (WinAnsi), so nothing is embedded or fetched.
 */

export const PDF_MIME_TYPE = 'application/pdf';

export type EstadoPagoPdfOptions = {
  /** compress the page streams (the default); tests read the text of an uncompressed file */
  compress?: boolean;
};

const MARGIN = 36;
/** room kept at the foot of each page for 'Página n de m' */
const FOOTER = 18;
const TABLE_FONT_SIZE = 7.5;
const CELL_PADDING = 2.5;
const HEADER_FILL = '#E7ECF3';
const TOTAL_FILL = '#F3F5F8';
const RULE = '#9E9E9E';
const INDENT_STEP = 6;

type Doc = PDFKit.PDFDocument;

/** A cell's text and how it is drawn. */
type CellText = { text: string; align: 'left' | 'right'; indent?: number };

/** The width each column takes of `width`, in proportion to its relative width. */
export function columnWidths(width: number): number[] {
  const total = ESTADO_PAGO_COLUMNS.reduce((sum, column) => sum + column.width, 0);
  return ESTADO_PAGO_COLUMNS.map((column) => (column.width / total) * width);
}

/** Draws `text` in a box, shrinking the font (never wrapping) when a figure does not fit its width. */
function drawFitted(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right',
  size: number,
) {
  doc.fontSize(size);
  const natural = doc.widthOfString(text);
  if (natural > width) doc.fontSize((size * width) / natural);
  doc.text(text, x, y, { width, align, lineBreak: false });
  doc.fontSize(size);
}

/** `doc`'s bytes once it has ended. */
function collect(doc: Doc): Promise<Buffer> {
  const parts: Buffer[] = [];
  doc.on('data', (part: Buffer) => parts.push(part));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
}

/** The PDF of `ep` (see the module's comment). */
export async function estadoPagoPdf(
  ep: EstadoPago,
  project: EstadoPagoProject,
  options: EstadoPagoPdfOptions = {},
): Promise<Buffer> {
  const title = estadoPagoTitle(ep);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: `${title} — ${project.name}`, Author: 'Cimiento', Creator: 'Cimiento' },
  });
  const done = collect(doc);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  const widths = columnWidths(width);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const nameIndex = ESTADO_PAGO_COLUMNS.findIndex((column) => column.key === 'name');

  // ---------------------------------------------------------------- header block (first page)
  let y = MARGIN;
  doc.font('Helvetica-Bold').fontSize(15).fillColor('black').text(title, left, y, { width, lineBreak: false });
  y += 24;
  const fields = estadoPagoHeaderFields(ep, project);
  const half = Math.ceil(fields.length / 2);
  const columnWidth = width / 2 - 10;
  const labelWidth = 105;
  let blockBottom = y;
  [fields.slice(0, half), fields.slice(half)].forEach((group, groupIndex) => {
    let fieldY = y;
    const x = left + groupIndex * (width / 2);
    for (const field of group) {
      doc.font('Helvetica-Bold').fontSize(9);
      doc.text(`${field.label}:`, x, fieldY, { width: labelWidth });
      doc.font('Helvetica').fontSize(9);
      const text = field.text === '' ? '—' : field.text;
      const height = Math.max(12, doc.heightOfString(text, { width: columnWidth - labelWidth }));
      doc.text(text, x + labelWidth, fieldY, { width: columnWidth - labelWidth });
      fieldY += height + 2;
    }
    blockBottom = Math.max(blockBottom, fieldY);
  });
  y = blockBottom + 10;

  // ---------------------------------------------------------------- the table
  const rowHeightOf = (cells: CellText[], bold: boolean): number => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE);
    const name = cells[nameIndex] as CellText;
    const nameWidth = (widths[nameIndex] as number) - 2 * CELL_PADDING - (name.indent ?? 0);
    const lines = Math.max(doc.currentLineHeight(), doc.heightOfString(name.text || ' ', { width: nameWidth }));
    return lines + 2 * CELL_PADDING;
  };

  /** Draws a row at `y` (its height measured once by the caller, when given) and moves `y` under it. */
  const drawRow = (
    cells: CellText[],
    options: { bold: boolean; fill?: string; wrapAll?: boolean; height?: number },
  ) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE);
    const height =
      options.height ??
      (options.wrapAll
        ? Math.max(
            ...cells.map((cell, index) =>
              doc.heightOfString(cell.text, { width: (widths[index] as number) - 2 * CELL_PADDING }),
            ),
          ) +
          2 * CELL_PADDING
        : rowHeightOf(cells, options.bold));
    if (options.fill) doc.rect(left, y, width, height).fill(options.fill);
    doc.fillColor('black');
    cells.forEach((cell, index) => {
      const x = (xs[index] as number) + CELL_PADDING + (cell.indent ?? 0);
      const cellWidth = (widths[index] as number) - 2 * CELL_PADDING - (cell.indent ?? 0);
      if (index === nameIndex || options.wrapAll) {
        doc.text(cell.text, x, y + CELL_PADDING, { width: cellWidth, align: cell.align });
      } else {
        drawFitted(doc, cell.text, x, y + CELL_PADDING, cellWidth, cell.align, TABLE_FONT_SIZE);
      }
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    y += height;
  };

  const headerCells: CellText[] = ESTADO_PAGO_COLUMNS.map((column) => ({ text: column.title, align: column.align }));
  const drawTableHeader = () => drawRow(headerCells, { bold: true, fill: HEADER_FILL, wrapAll: true });

  const runningHead = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('black');
    doc.text(`${title} · ${project.name} (${project.code})`, left, MARGIN, { width, lineBreak: false });
    y = MARGIN + 16;
  };
  const newPage = (withTableHeader: boolean) => {
    doc.addPage();
    runningHead();
    if (withTableHeader) drawTableHeader();
  };

  drawTableHeader();
  const figure = (value: EstadoPagoFigure | string | undefined): string =>
    value === undefined ? '' : typeof value === 'string' ? value : figureText(value);
  ep.lines.forEach((line, index) => {
    const content = estadoPagoLineCells(ep.lines, index, ep.currency);
    const cells = ESTADO_PAGO_COLUMNS.map((column): CellText => ({
      text: figure(content[column.key]),
      align: column.align,
      indent: column.key === 'name' ? indentOf(line.level) * INDENT_STEP : undefined,
    }));
    const bold = isChapterLine(ep.lines, index);
    const height = rowHeightOf(cells, bold);
    if (y + height > bottom()) newPage(true);
    drawRow(cells, { bold, height });
  });

  const totalsContent = estadoPagoTotalsCells(ep.lines, ep.currency);
  const totalsCells = ESTADO_PAGO_COLUMNS.map((column): CellText => ({
    text: figure(totalsContent[column.key]),
    align: column.align,
  }));
  if (y + rowHeightOf(totalsCells, true) > bottom()) newPage(true);
  drawRow(totalsCells, { bold: true, fill: TOTAL_FILL });

  // ---------------------------------------------------------------- totals block
  const totalsRows = estadoPagoTotalsRows(ep);
  const lineHeight = 13;
  const blockHeight = 14 + (ep.uf ? lineHeight : 0) + totalsRows.length * lineHeight;
  y += 14;
  if (y + blockHeight > bottom()) newPage(false);
  const valueWidth = 110;
  const clpX = left + width - valueWidth;
  const valueX = ep.uf ? clpX - valueWidth - 10 : clpX;
  const labelX = valueX - 280;
  if (ep.uf) {
    doc.font('Helvetica-Bold').fontSize(9);
    doc.text(ep.currency, valueX, y, { width: valueWidth, align: 'right', lineBreak: false });
    doc.text('CLP', clpX, y, { width: valueWidth, align: 'right', lineBreak: false });
    y += lineHeight;
  }
  for (const row of totalsRows) {
    doc.font(row.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.text(row.label, labelX, y, { width: 270, lineBreak: false });
    drawFitted(doc, figureText(row.figure), valueX, y, valueWidth, 'right', 9);
    if (row.clp !== undefined) {
      drawFitted(doc, figureText({ kind: 'money', value: row.clp, currency: 'CLP' }), clpX, y, valueWidth, 'right', 9);
    }
    if (row.strong) {
      doc
        .moveTo(labelX, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
    }
    y += lineHeight;
  }

  // ---------------------------------------------------------------- signatures
  const signatureHeight = 60;
  if (y + signatureHeight > bottom()) newPage(false);
  y += signatureHeight - 14;
  const slot = width / ESTADO_PAGO_SIGNATURES.length;
  doc.font('Helvetica').fontSize(9);
  ESTADO_PAGO_SIGNATURES.forEach((name, index) => {
    const x = left + index * slot + 20;
    doc
      .moveTo(x, y)
      .lineTo(x + slot - 40, y)
      .lineWidth(0.6)
      .strokeColor('black')
      .stroke();
    doc.text(name, x, y + 3, { width: slot - 40, align: 'center', lineBreak: false });
  });

  // ---------------------------------------------------------------- page numbers
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // writing in the bottom margin would otherwise start a new page
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footY = doc.page.height - MARGIN - 8;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(`${title} · ${project.code}`, left, footY, { width: width / 2, lineBreak: false });
    doc.text(`Página ${index + 1} de ${range.count}`, left + width / 2, footY, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
