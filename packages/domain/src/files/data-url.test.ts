import { describe, expect, it } from 'vitest';
import { detectImageType, imageSize, imageSizeProblem, parseDataUrl } from './data-url';

/** Latin-1 text as bytes (the domain package has no DOM or Node types). */
function bytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const webp = bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
const gif = bytes('GIF89a');

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP from their first bytes', () => {
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(jpeg)).toBe('image/jpeg');
    expect(detectImageType(webp)).toBe('image/webp');
  });

  it('recognises nothing else, whatever the upload claims', () => {
    expect(detectImageType(gif)).toBeUndefined();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
    expect(detectImageType(bytes('RIFF0000WAVE'))).toBeUndefined();
  });
});

describe('parseDataUrl', () => {
  it('splits a base64 data URL into claimed type and payload', () => {
    expect(parseDataUrl('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      claimedType: 'image/png',
      base64: 'iVBORw0KGgo=',
    });
  });

  it('accepts parameters before base64', () => {
    expect(parseDataUrl('data:image/jpeg;name=x.jpg;base64,/9j/')).toEqual({
      claimedType: 'image/jpeg',
      base64: '/9j/',
    });
  });

  it('refuses what is not a base64 data URL', () => {
    expect(parseDataUrl('data:image/png,rawtext')).toBeUndefined();
    expect(parseDataUrl('data:image/png;base64,abc')).toBeUndefined();
    expect(parseDataUrl('data:image/png;base64,ab!d')).toBeUndefined();
    expect(parseDataUrl('data:image/png;base64,')).toBeUndefined();
    expect(parseDataUrl('http://example.com/a.png')).toBeUndefined();
  });
});

/** A PNG's signature and IHDR chunk declaring width × height (no pixels: the header is all that is read). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A JPEG's SOI, an APP0 segment, then a SOF2 (progressive) declaring width × height. */
function jpegHeader(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    6,
    0x4a,
    0x46,
    0x49,
    0x46,
    0xff,
    0xc2,
    0,
    11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    1,
    1,
    0x11,
    0,
  ]);
}

function webpHeader(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(Array.from('RIFF\u0000\u0000\u0000\u0000WEBP' + chunk, (char) => char.charCodeAt(0)));
  if (chunk === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8], 23);
  } else if (chunk === 'VP8L') {
    const bits = (width - 1) | ((height - 1) << 14);
    bytes.set([0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff], 20);
  } else {
    bytes.set([(width - 1) & 0xff, ((width - 1) >> 8) & 0xff, (width - 1) >> 16], 24);
    bytes.set([(height - 1) & 0xff, ((height - 1) >> 8) & 0xff, (height - 1) >> 16], 27);
  }
  return bytes;
}

describe('imageSize and imageSizeProblem (issue 30)', () => {
  it('reads the size each format declares, without decoding the image', () => {
    expect(imageSize(pngHeader(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpegHeader(4032, 3024), 'image/jpeg')).toEqual({ width: 4032, height: 3024 });
    expect(imageSize(webpHeader('VP8 ', 800, 600), 'image/webp')).toEqual({ width: 800, height: 600 });
    expect(imageSize(webpHeader('VP8L', 16, 9), 'image/webp')).toEqual({ width: 16, height: 9 });
    expect(imageSize(webpHeader('VP8X', 16_383, 70_000), 'image/webp')).toEqual({ width: 16_383, height: 70_000 });
  });

  it('accepts a phone photo and refuses a decompression bomb or an unreadable header, in Spanish', () => {
    expect(imageSizeProblem(jpegHeader(4032, 3024), 'image/jpeg')).toBeUndefined();
    expect(imageSizeProblem(pngHeader(100_000, 100_000), 'image/png')).toBe(
      'La imagen mide 100.000 × 100.000 píxeles; el máximo es 10.000 píxeles por lado y 50 megapíxeles',
    );
    expect(imageSizeProblem(pngHeader(9000, 9000), 'image/png')).toMatch(/^La imagen mide 9\.000 × 9\.000 píxeles/);
    expect(imageSizeProblem(png, 'image/png')).toBe('La imagen está dañada: no se pudo leer su tamaño');
    expect(imageSizeProblem(jpeg, 'image/jpeg')).toBe('La imagen está dañada: no se pudo leer su tamaño');
    expect(imageSizeProblem(pngHeader(0, 10), 'image/png')).toBe('La imagen está dañada: no se pudo leer su tamaño');
  });
});
