import type { HistogramTable } from '../utils/histogram-data';

/**
 * issue 35: 'Descargar PDF' of the 'Histograma de recursos' (or 'de mano de obra'): an A4 landscape
 * page with the title, the project, the series and the rules line, the chart as 'Descargar PNG' makes
 * it (its legend above), then the table of the series by period, overloaded periods marked; more
 * pages when the table does not fit. jsPDF loads only when a user exports.
 */
export type HistogramPdfContent = {
  title: string;
  subtitle: string;
  generated: string;
  summary: string;
  png: Blob;
  pngWidth: number;
  pngHeight: number;
  /** the table's headers, in the screen's order (the period first) */
  headers: string[];
  table: HistogramTable;
  overloadLabel: string;
  totalLabel: string;
};

const MARGIN = 10;
const ROW = 5;

/** The PDF's standard font has no '›' nor narrow spaces: written plainly. */
function plain(text: string): string {
  return text.replace(/\s*›\s*/g, ' / ').replace(/[\u202f\u00a0]/g, ' ');
}

export async function resourceHistogramPdf(content: HistogramPdfContent): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const usable = pageWidth - 2 * MARGIN;

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(plain(content.title), MARGIN, MARGIN + 6);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  doc.text(plain(content.subtitle), MARGIN, MARGIN + 12);
  doc.text(plain(content.generated), pageWidth - MARGIN, MARGIN + 12, { align: 'right' });
  doc.text(doc.splitTextToSize(plain(content.summary), usable) as string[], MARGIN, MARGIN + 17);

  // the chart: the page's width, at most half its height
  const top = MARGIN + 24;
  const scale = Math.min(usable / content.pngWidth, (pageHeight / 2 - top + MARGIN) / content.pngHeight);
  const imageHeight = content.pngHeight * scale;
  doc.addImage(
    new Uint8Array(await content.png.arrayBuffer()),
    'PNG',
    MARGIN,
    top,
    content.pngWidth * scale,
    imageHeight,
  );

  // the table: the period column wider, the figures right-aligned
  const columns = content.headers.length;
  const first = 46;
  const width = (usable - first) / Math.max(1, columns - 1);
  let y = top + imageHeight + 8;
  const row = (cells: string[], bold: boolean) => {
    if (y > pageHeight - MARGIN) {
      doc.addPage('a4', 'landscape');
      y = MARGIN + 6;
    }
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    cells.forEach((cell, index) => {
      if (index === 0) doc.text(plain(cell), MARGIN, y);
      else doc.text(plain(cell), MARGIN + first + width * index, y, { align: 'right' });
    });
    y += ROW;
  };
  doc.setFontSize(9);
  row(content.headers, true);
  const withBaseline = content.table.rows.some((entry) => entry.baselineUnits !== undefined);
  for (const entry of content.table.rows) {
    row(
      [
        entry.overload ? `${entry.label} (${content.overloadLabel})` : entry.label,
        entry.units,
        entry.average,
        entry.available,
        ...(withBaseline ? [entry.baselineUnits ?? ''] : []),
        entry.hours,
        entry.cost,
      ],
      entry.overload,
    );
  }
  const total = content.table.total;
  row(
    [
      content.totalLabel,
      total.units,
      '—',
      '—',
      ...(withBaseline ? [total.baselineUnits ?? ''] : []),
      total.hours,
      total.cost,
    ],
    true,
  );
  return doc.output('blob');
}
