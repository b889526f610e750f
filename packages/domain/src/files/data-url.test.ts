import { describe, expect, it } from 'vitest';
import { detectImageType, parseDataUrl } from './data-url';

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
