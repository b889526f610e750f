import { describe, expect, it } from 'vitest';
import { longEstadoPago, pdfPageCount, pdfPagesText, ufEstadoPago } from '../../test/support/estado-pago';
import { ESTADO_PAGO_COLUMNS } from './estado-pago-layout';
import { columnWidths, estadoPagoPdf } from './estado-pago-pdf';

const project = { name: 'Edificio Los Ñires', code: 'ELN-01', currency: 'UF' as const };

describe('estadoPagoPdf', () => {
  it('draws a short EP on one landscape page: title, header with the UF value used, partidas, totals, page number', async () => {
    const pdf = await estadoPagoPdf(ufEstadoPago(), project, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    // landscape A4: 842 × 595 points
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const [text = ''] = pdfPagesText(pdf);
    for (const expected of [
      'Estado de pago N°2',
      'Proyecto:',
      'Edificio Los Ñires',
      'Contrato 2026-014 (suma alzada)',
      'Constructora Ñandú Ltda.',
      '01-02-2026 al 28-02-2026',
      'Valor UF al 01-03-2026:',
      '$39.412,58',
      'Aprobado por José Muñoz el 03-03-2026 11:30',
      'Excavación y movimiento de tierras',
      '0,4235',
      '850,5',
      '360,19',
      '75,50 %',
      '271,94',
      'Totales',
      '972,19',
      'Retención (5 %; tope alcanzado: 2 % del contrato)',
      'UF 6,24',
      'UF 129,02',
      'UF 115,60',
      '$4.556.094',
      'IVA (19 %)',
      'Total a pagar',
      'UF 137,56',
      '$5.421.594',
      'Página 1 de 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // the text comes out in the order it is drawn: the header before the table before the totals
    expect(text.indexOf('Valor UF al')).toBeLessThan(text.indexOf('P.1.1'));
    expect(text.indexOf('P.1.3')).toBeLessThan(text.indexOf('Total a pagar'));
  });

  it('pages a long EP: every page numbered n of m, the table header repeated, each partida once and in order', async () => {
    const ep = longEstadoPago(120);
    const pdf = await estadoPagoPdf(ep, { ...project, currency: 'CLP' }, { compress: false });
    const pages = pdfPagesText(pdf);
    const count = pdfPageCount(pdf);
    expect(count).toBeGreaterThanOrEqual(4);
    expect(pages).toHaveLength(count);
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${count}`);
    });
    // every page that carries partidas starts them under the table's header row
    const codes = ep.lines.map((line) => line.code);
    const seen: string[] = [];
    for (const page of pages) {
      const lines = page.split('\n');
      const onPage = lines.filter((line) => codes.includes(line));
      if (onPage.length > 0) {
        // the header row's titles in order ('% acumulado' wraps to two lines of text)
        const flat = lines.join(' ').replace(/\s+/g, ' ');
        const titles = ESTADO_PAGO_COLUMNS.map((column) => column.title).join(' ');
        expect(flat).toContain(titles);
        expect(flat.indexOf(titles)).toBeLessThan(flat.indexOf(` ${onPage[0] as string} `));
      }
      seen.push(...onPage);
    }
    expect(seen).toEqual(codes);
    // the title and header block on the first page only; a running head after it
    expect(pages[0]).toContain('Fecha de corte:');
    expect(pages[1]).not.toContain('Fecha de corte:');
    expect(pages[1]).toContain('Estado de pago N°3 · Edificio Los Ñires (ELN-01)');
    // the totals, after the last partida
    const last = pages.join('\n');
    expect(last.indexOf('Total a pagar')).toBeGreaterThan(last.indexOf(codes.at(-1) as string));
    expect(last).toContain('$34.775.134');
    expect(last).toContain('Borrador (creado por Pía Ñúñez el 02-05-2026 08:00)');
  });

  it('compresses by default: smaller, the same pages', async () => {
    const ep = longEstadoPago(120);
    const plain = await estadoPagoPdf(ep, project, { compress: false });
    const packed = await estadoPagoPdf(ep, project);
    expect(packed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(packed.length).toBeLessThan(plain.length);
    expect(pdfPageCount(packed)).toBe(pdfPageCount(plain));
  });

  it('shares the page width among the columns in proportion to their widths', () => {
    const widths = columnWidths(770);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(770, 6);
    const name = ESTADO_PAGO_COLUMNS.findIndex((column) => column.key === 'name');
    expect(Math.max(...widths)).toBe(widths[name]);
  });
});
