import { describe, expect, it } from 'vitest';
import { base64ToBlob, fileExtension, readFileBase64, readFileText } from './file-reading';

describe('file reading', () => {
  it('takes the extension lower-cased, with its dot', () => {
    expect(fileExtension('Plan.XML')).toBe('.xml');
    expect(fileExtension('edp.v2.xlsx')).toBe('.xlsx');
    expect(fileExtension('sin-extension')).toBe('');
    expect(fileExtension('.xml')).toBe('');
  });

  it('reads a file as text and reports it whole at the end', async () => {
    const fractions: number[] = [];
    const text = await readFileText(new Blob(['<Project>ñandú</Project>']), (fraction) => fractions.push(fraction));
    expect(text).toBe('<Project>ñandú</Project>');
    expect(fractions.at(-1)).toBe(1);
  });

  it('reads bytes as base64 and turns base64 back into the same bytes', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 80, 75]);
    const base64 = await readFileBase64(new Blob([bytes]));
    expect(base64).toBe(btoa(String.fromCharCode(...bytes)));
    const blob = base64ToBlob(base64, 'application/octet-stream');
    expect(blob.type).toBe('application/octet-stream');
    expect(blob.size).toBe(bytes.length);
    expect(await readFileBase64(blob)).toBe(base64);
  });
});
