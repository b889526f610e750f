/**
 * 'Exportar' (issue 7): the visible chart as a PNG image or a one-page PDF, for reports. The
 * image is drawn from the page's own DOM (html-to-image) with the app's self-hosted fonts; the
 * PDF wraps it (jsPDF). Both libraries load only when a user exports.
 */

import { downloadBlob, downloadUrl } from '@/lib/download';

export type GanttExportFormat = 'png' | 'pdf';

export function ganttFileName(projectCode: string, format: GanttExportFormat, today = new Date()): string {
  const day = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
  const safeCode = projectCode.replace(/[^\p{L}\p{N}_-]+/gu, '_');
  return `gantt-${safeCode}-${day}.${format}`;
}

export async function exportGantt(node: HTMLElement, format: GanttExportFormat, fileName: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  const dataUrl = await toPng(node, { backgroundColor: '#ffffff', pixelRatio: 1, cacheBust: false });
  if (format === 'png') {
    downloadUrl(dataUrl, fileName);
    return;
  }
  const { jsPDF } = await import('jspdf');
  const width = node.offsetWidth;
  const height = node.offsetHeight;
  const pdf = new jsPDF({
    orientation: width >= height ? 'landscape' : 'portrait',
    unit: 'px',
    format: [width, height],
    hotfixes: ['px_scaling'],
  });
  pdf.addImage(dataUrl, 'PNG', 0, 0, width, height);
  downloadBlob(pdf.output('blob'), fileName);
}
