import type { ExportedFile } from '@cimiento/domain';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { XLSX_MIME_TYPE } from './workbooks';

/**
 * Issue 36: the Last Planner's documents (docs/LAST-PLANNER.md "Exports"): one table with its title,
 * header lines and group rows, as an Excel sheet or a landscape PDF on A4 or A3 with the columns'
 * titles repeated on every page and 'Página n de m' at the foot. The functions that fill them are
 * export-last-planner.ts's; what a row says is decided there.
 */

export type DocumentColumn = {
  title: string;
  /** relative width in the PDF; Excel's column width in characters */
  width: number;
  /** an Excel number format for numeric cells */
  numberFormat?: string;
};

export type DocumentRow =
  { kind: 'group'; label: string } | { kind: 'row'; cells: readonly (string | number | null)[]; flagged?: boolean };

export type DocumentTable = {
  sheetName: string;
  columns: readonly DocumentColumn[];
  rows: readonly DocumentRow[];
};

export type LastPlannerDocument = {
  title: string;
  /** 'Proyecto: …', 'Semana: …', 'PPC: …' */
  header: readonly string[];
  tables: readonly DocumentTable[];
  fileBase: string;
};

export const PDF_MIME_TYPE = 'application/pdf';

function cellText(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return value.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  return value;
}

/** The document as an xlsx workbook: one sheet per table, the header lines above it. */
export async function lastPlannerWorkbook(document: LastPlannerDocument): Promise<ExportedFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cimiento';
  for (const table of document.tables) {
    const sheet = workbook.addWorksheet(table.sheetName);
    sheet.addRow([document.title]).font = { bold: true, size: 14 };
    for (const line of document.header) sheet.addRow([line]);
    sheet.addRow([]);
    const titles = sheet.addRow(table.columns.map((column) => column.title));
    titles.font = { bold: true };
    titles.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3ECF7' } };
    });
    const titleRow = titles.number;
    table.columns.forEach((column, index) => {
      sheet.getColumn(index + 1).width = column.width;
      if (column.numberFormat !== undefined) sheet.getColumn(index + 1).numFmt = column.numberFormat;
    });
    for (const row of table.rows) {
      if (row.kind === 'group') {
        const added = sheet.addRow([row.label]);
        added.font = { bold: true };
        continue;
      }
      const added = sheet.addRow([...row.cells]);
      if (row.flagged === true) added.font = { color: { argb: 'FFB3261E' } };
    }
    sheet.views = [{ state: 'frozen', ySplit: titleRow }];
    sheet.autoFilter = { from: { row: titleRow, column: 1 }, to: { row: titleRow, column: table.columns.length } };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return {
    fileName: `${document.fileBase}.xlsx`,
    mimeType: XLSX_MIME_TYPE,
    content: Buffer.from(buffer).toString('base64'),
  };
}

const MARGIN = 28;
const FOOTER = 16;
const FONT_SIZE = { A4: 8, A3: 10 } as const;

/** The document as a landscape PDF on `paper`: its first table (the look-ahead's or the weekly plan's). */
export async function lastPlannerPdf(
  document: LastPlannerDocument,
  paper: 'A4' | 'A3',
  options: { compress?: boolean } = {},
): Promise<ExportedFile> {
  const table = document.tables[0];
  const doc = new PDFDocument({
    size: paper,
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: document.title, Author: 'Cimiento', Creator: 'Cimiento' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const size = FONT_SIZE[paper];
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  let y = MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(size + 6)
    .fillColor('black')
    .text(document.title, left, y, { width });
  y = doc.y + 4;
  doc.font('Helvetica').fontSize(size + 1);
  for (const line of document.header) {
    doc.text(line, left, y, { width });
    y = doc.y + 1;
  }
  y += 6;
  if (table !== undefined) {
    const total = table.columns.reduce((sum, column) => sum + column.width, 0);
    const widths = table.columns.map((column) => (column.width / total) * width);
    const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
    const pad = 3;
    const drawTitles = () => {
      doc.font('Helvetica-Bold').fontSize(size);
      const height =
        Math.max(
          ...table.columns.map((column, index) =>
            doc.heightOfString(column.title, { width: (widths[index] ?? 0) - 2 * pad }),
          ),
        ) +
        2 * pad;
      doc.rect(left, y, width, height).fillColor('#E3ECF7').fill();
      doc.fillColor('black');
      table.columns.forEach((column, index) =>
        doc.text(column.title, (xs[index] ?? 0) + pad, y + pad, { width: (widths[index] ?? 0) - 2 * pad }),
      );
      y += height;
    };
    drawTitles();
    for (const row of table.rows) {
      if (row.kind === 'group') {
        doc.font('Helvetica-Bold').fontSize(size + 1);
        const height = doc.heightOfString(row.label, { width }) + 2 * pad;
        if (y + height > bottom()) {
          doc.addPage();
          y = MARGIN;
          drawTitles();
        }
        doc.fillColor('black').text(row.label, left + pad, y + pad, { width: width - 2 * pad });
        y += height;
        continue;
      }
      doc.font('Helvetica').fontSize(size);
      const texts = row.cells.map(cellText);
      const height =
        Math.max(
          ...texts.map((text, index) =>
            doc.heightOfString(text === '' ? ' ' : text, { width: (widths[index] ?? 0) - 2 * pad }),
          ),
        ) +
        2 * pad;
      if (y + height > bottom()) {
        doc.addPage();
        y = MARGIN;
        drawTitles();
        doc.font('Helvetica').fontSize(size);
      }
      doc.fillColor(row.flagged === true ? '#B3261E' : 'black');
      texts.forEach((text, index) =>
        doc.text(text, (xs[index] ?? 0) + pad, y + pad, { width: (widths[index] ?? 0) - 2 * pad }),
      );
      doc
        .moveTo(left, y + height)
        .lineTo(left + width, y + height)
        .lineWidth(0.3)
        .strokeColor('#BBBBBB')
        .stroke();
      y += height;
    }
  }
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    doc
      .font('Helvetica')
      .fontSize(size)
      .fillColor('black')
      .text(`${document.title} · Página ${index + 1} de ${range.count}`, left, doc.page.height - MARGIN - FOOTER + 4, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  const bytes = await done;
  return { fileName: `${document.fileBase}.pdf`, mimeType: PDF_MIME_TYPE, content: bytes.toString('base64') };
}
