/**
 * 'Descargar PDF' of the 'Línea de balance': an A4 landscape page (A3 when the chart is wide) with
 * the title, the project, the chart as the PNG 'Descargar PNG' makes (its legend above it), and the
 * list of clashes; more pages when the list does not fit. jsPDF loads only when a user exports. The
 * PDF's standard font has no '›', so locations read 'Torre 1 / Piso 1' there.
 */

export type LobPdfContent = {
  title: string;
  subtitle: string;
  generated: string;
  summary: string;
  /** the chart (with its legend) as PNG bytes, and its size in CSS pixels */
  png: Blob;
  pngWidth: number;
  pngHeight: number;
  /** 'Cruces: 1' and one line per clash, or the 'ninguno' line */
  clashesTitle: string;
  clashes: string[];
};

const MARGIN = 10;

function pdfText(text: string): string {
  return text.replace(/\s*›\s*/g, ' / ');
}

export async function lineOfBalancePdf(content: LobPdfContent): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const format = content.pngWidth > 2400 ? 'a3' : 'a4';
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format, compress: true });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const usable = pageWidth - 2 * MARGIN;

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(pdfText(content.title), MARGIN, MARGIN + 6);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  doc.text(pdfText(content.subtitle), MARGIN, MARGIN + 12);
  doc.text(pdfText(content.generated), pageWidth - MARGIN, MARGIN + 12, { align: 'right' });
  doc.text(pdfText(content.summary), MARGIN, MARGIN + 17);

  // the chart, as wide as the page allows and no taller than what is left of it
  const top = MARGIN + 21;
  const room = pageHeight - top - MARGIN - 12;
  const scale = Math.min(usable / content.pngWidth, room / content.pngHeight);
  const imageWidth = content.pngWidth * scale;
  const imageHeight = content.pngHeight * scale;
  doc.addImage(new Uint8Array(await content.png.arrayBuffer()), 'PNG', MARGIN, top, imageWidth, imageHeight);

  let y = top + imageHeight + 7;
  const line = (text: string, bold = false) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    for (const part of doc.splitTextToSize(pdfText(text), usable) as string[]) {
      if (y > pageHeight - MARGIN) {
        doc.addPage(format, 'landscape');
        y = MARGIN + 6;
      }
      doc.text(part, MARGIN, y);
      y += 5;
    }
  };
  line(content.clashesTitle, true);
  for (const clash of content.clashes) line(`- ${clash}`);
  return doc.output('blob');
}
