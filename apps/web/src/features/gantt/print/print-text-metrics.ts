import type { TextMeasure } from './print-model';

/**
 * The printed texts' metrics: what the built-in Helvetica can print (Latin-1), how wide a text is in
 * it, and a text cut with '...' to fit a width.
 */

/** Helvetica's advance widths (1/1000 em) for U+0020–U+00FF, as jsPDF's built-in font has them. */
const HELVETICA = {
  normal:
    '280,280,350,550,550,890,660,190,330,330,390,580,280,330,280,280,550,550,550,550,550,550,550,550,550,550,280,280,580,580,580,550,1010,660,660,720,720,660,610,780,720,280,500,660,550,830,720,780,660,780,720,660,610,720,660,940,660,660,610,280,280,280,470,550,330,550,550,500,550,550,280,550,550,220,220,500,220,830,550,550,550,550,330,500,280,550,500,720,500,500,500,330,260,330,580,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,530,330,550,550,550,550,530,550,330,730,370,550,580,530,730,330,400,580,530,530,330,550,530,280,330,530,360,550,530,530,530,610,660,660,660,660,660,660,1000,720,660,660,660,660,280,280,280,280,530,720,780,780,780,780,780,530,780,720,720,720,720,530,530,610,550,550,550,550,550,550,890,500,550,550,550,550,280,280,280,280,530,550,550,550,550,550,550,580,610,550,550,550,550,530,530,500',
  bold: '280,330,470,550,550,890,720,240,330,330,390,580,280,330,280,280,550,550,550,550,550,550,550,550,550,550,330,330,580,580,580,610,970,720,720,720,720,660,610,780,720,280,550,720,610,830,720,780,660,780,720,660,610,720,660,940,660,660,610,330,280,330,580,550,330,550,610,550,610,550,330,610,610,280,280,550,280,890,610,610,610,610,390,550,330,610,550,780,550,550,500,390,280,390,580,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,560,330,550,550,550,550,560,550,330,730,370,550,580,560,730,330,400,580,560,560,330,610,550,280,330,560,360,550,560,560,560,610,720,720,720,720,720,720,1000,720,660,660,660,660,280,280,280,280,560,720,780,780,780,780,780,560,780,720,720,720,720,560,560,610,550,550,550,550,550,550,890,550,550,550,550,550,280,280,280,280,560,610,610,610,610,610,610,580,610,610,610,610,610,560,560,550',
};
const WIDTHS = { normal: HELVETICA.normal.split(',').map(Number), bold: HELVETICA.bold.split(',').map(Number) };
const PT_TO_MM = 25.4 / 72;

/**
 * The text as the built-in Helvetica can print it: Latin-1 (Spanish included); typographic
 * quotes and dashes become their plain forms, anything else a '?', control characters a space.
 */
export function printableText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A]/g, "'")
    .replace(/[\u201C\u201D\u201E]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\u0020-\u00FF]/gu, (char) => (char.charCodeAt(0) < 0x20 ? ' ' : '?'))
    .replace(/[\u007F-\u009F]/g, ' ');
}

/** The width of a printable text in Helvetica, mm. */
export function helveticaWidth(text: string, sizePt: number, bold: boolean): number {
  const table = bold ? WIDTHS.bold : WIDTHS.normal;
  let units = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    units += code >= 32 && code <= 255 ? (table[code - 32] ?? 556) || 556 : 556;
  }
  return (units / 1000) * sizePt * PT_TO_MM;
}

/** The text cut with '...' to fit `width` mm ('' when not even the first letter fits). */
export function fitText(text: string, width: number, sizePt: number, bold: boolean, measure: TextMeasure): string {
  if (measure(text, sizePt, bold) <= width) return text;
  const ellipsis = '...';
  let low = 0;
  let high = text.length;
  // the longest prefix that fits with the ellipsis
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, middle).trimEnd() + ellipsis, sizePt, bold) <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : text.slice(0, low).trimEnd() + ellipsis;
}
