import { describe, expect, it } from 'vitest';
import {
  FileReadRefusal,
  base64ToBlob,
  decodeXmlBytes,
  fileExtension,
  readFileBase64,
  readFileText,
  readXmlFileText,
} from './file-reading';

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

describe('decodeXmlBytes (issue 34)', () => {
  const xml = '<?xml version="1.0"?><Project><Name>Excavación “norte”</Name></Project>';
  const utf16 = (text: string, littleEndian: boolean) => {
    const bytes = new Uint8Array(text.length * 2);
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      bytes[index * 2 + (littleEndian ? 0 : 1)] = code & 0xff;
      bytes[index * 2 + (littleEndian ? 1 : 0)] = code >> 8;
    }
    return bytes;
  };
  const join = (...parts: Uint8Array[]) => {
    const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return bytes;
  };

  it('reads UTF-8 with or without its mark, and UTF-16 either way with or without its mark', () => {
    const utf8 = new TextEncoder().encode(xml);
    expect(decodeXmlBytes(utf8, 'a.xml')).toBe(xml);
    expect(decodeXmlBytes(join(new Uint8Array([0xef, 0xbb, 0xbf]), utf8), 'a.xml')).toBe(xml);
    expect(decodeXmlBytes(join(new Uint8Array([0xff, 0xfe]), utf16(xml, true)), 'a.xml')).toBe(xml);
    expect(decodeXmlBytes(join(new Uint8Array([0xfe, 0xff]), utf16(xml, false)), 'a.xml')).toBe(xml);
    // MS Project's UTF-16 without a byte-order mark: no NUL reaches the server
    expect(decodeXmlBytes(utf16(xml, true), 'a.xml')).toBe(xml);
    expect(decodeXmlBytes(utf16(xml, false), 'a.xml')).toBe(xml);
  });

  it('reads a picked file through it', async () => {
    const bytes = utf16(xml, true);
    expect(await readXmlFileText(new File([bytes], 'Programa.xml'))).toBe(xml);
  });

  it('reads a declared code page, and refuses bytes that are not UTF-8 without one, naming the file', () => {
    // (Node's windows-1252 is Latin-1 for 0x80–0x9F; Chromium's is right: the test keeps to 'ó')
    const latin = '<?xml version="1.0" encoding="windows-1252"?><Name>Excavaci\u00f3n norte</Name>';
    const bytes = new Uint8Array([...latin].map((char) => char.charCodeAt(0)));
    expect(decodeXmlBytes(bytes, 'a.xml')).toBe(latin);
    const undeclared = bytes.slice(latin.indexOf('?>') + 2);
    expect(() => decodeXmlBytes(undeclared, 'Programa.xml')).toThrow(
      new FileReadRefusal(
        'El archivo Programa.xml no está en UTF-8 ni UTF-16, y no declara otra codificación que se pueda leer. Ábrelo en el programa que lo creó y guárdalo de nuevo como «XML».',
      ),
    );
  });
});
