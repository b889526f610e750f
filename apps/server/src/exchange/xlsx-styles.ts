import { formatNumber } from '@cimiento/domain';
import { TimeSlices } from './time-slices';
import { limitError, cellTooLong } from './xlsx-limits';
import type { WorkbookLimits } from './xlsx-limits';
import { readXml } from './xlsx-xml';

/** The shared strings and the cell styles (which numbers are dates or percentages) of an .xlsx, read as they stream. */

/** Excel's _xHHHH_ escapes (a character XML cannot hold, such as a carriage return) decoded. */
export function decodeEscapes(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}

export async function readSharedStrings(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = false;
  let characters = 0;
  await readXml(
    text,
    {
      open: (name) => {
        if (name === 'si') {
          if (strings.length >= limits.sharedStrings) {
            throw limitError(
              `El libro tiene más de ${formatNumber(limits.sharedStrings)} textos distintos; Cimiento lee como máximo ${formatNumber(limits.sharedStrings)}`,
            );
          }
          current = '';
        } else if (name === 't') inText = true;
        else if (name === 'rPh') phonetic = true;
      },
      close: (name) => {
        if (name === 'si') strings.push(decodeEscapes(current));
        else if (name === 't') inText = false;
        else if (name === 'rPh') phonetic = false;
      },
      text: (piece) => {
        if (!inText || phonetic) return;
        current += piece;
        characters += piece.length;
        if (current.length > limits.cellChars)
          throw cellTooLong(limits, `El texto ${formatNumber(strings.length + 1)} del libro`);
        if (characters > limits.sharedStringChars) {
          throw limitError(
            `Los textos del libro suman más de ${formatNumber(limits.sharedStringChars)} caracteres; Cimiento lee como máximo ${formatNumber(limits.sharedStringChars)}`,
          );
        }
      },
    },
    limits,
    slicer,
  );
  return strings;
}

/** Excel's built-in number formats that are not 'General' (exceljs's table, the ids that matter). */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  27: 'yyyy"年"m"月"',
  28: 'm"月"d"日"',
  29: 'm"月"d"日"',
  30: 'm-d-yy',
  31: 'yyyy"年"m"月"d"日"',
  32: 'h"时"mm"分"',
  33: 'h"时"mm"分"ss"秒"',
  36: 'yyyy"年"m"月"',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
  50: 'yyyy"年"m"月"',
  51: 'm"月"d"日"',
  52: 'yyyy"年"m"月"',
  53: 'm"月"d"日"',
  54: 'm"月"d"日"',
  55: 'yyyy"年"m"月"',
  56: 'm"月"d"日"',
  57: 'yyyy"年"m"月"',
  58: 'm"月"d"日"',
};

export type CellFormat = { isDate: boolean; isPercent: boolean };

export const PLAIN: CellFormat = { isDate: false, isPercent: false };

/** What a number format does to a number: a date (exceljs's rule: y m d h s b outside quotes and brackets) or a percentage. */
function cellFormatOf(code: string | undefined): CellFormat {
  if (code === undefined || code === '') return PLAIN;
  const bare = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return {
    isDate: /[ymdhMsb]+/.test(bare),
    isPercent: code
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, '')
      .includes('%'),
  };
}

export async function readStyles(text: AsyncIterable<string>, limits: WorkbookLimits, slicer: TimeSlices) {
  const custom = new Map<number, string>();
  const numberFormatIds: number[] = [];
  let inCellXfs = false;
  await readXml(
    text,
    {
      open: (name, attributes) => {
        if (name === 'numFmt') {
          const id = Number(attributes['numFmtId']);
          const code = attributes['formatCode'];
          if (Number.isInteger(id) && code !== undefined && custom.size < limits.cellStyles) custom.set(id, code);
        } else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          if (numberFormatIds.length >= limits.cellStyles) {
            throw limitError(
              `El libro tiene más de ${formatNumber(limits.cellStyles)} formatos de celda; Cimiento lee como máximo ${formatNumber(limits.cellStyles)}`,
            );
          }
          numberFormatIds.push(Number(attributes['numFmtId'] ?? 0) || 0);
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text: () => undefined,
    },
    limits,
    slicer,
  );
  const formats = new Map<number, CellFormat>();
  return (style: number): CellFormat => {
    let format = formats.get(style);
    if (format === undefined) {
      const id = numberFormatIds[style] ?? 0;
      format = cellFormatOf(custom.get(id) ?? BUILT_IN_FORMATS[id]);
      formats.set(style, format);
    }
    return format;
  };
}
