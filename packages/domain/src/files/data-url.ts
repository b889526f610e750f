/** What the bytes of an upload are, read from their first bytes, never from the name or the claimed type. */
export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export const extensionByImageType: Record<ImageContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

export function detectImageType(bytes: Uint8Array): ImageContentType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}

export type ParsedDataUrl = { claimedType: string; base64: string };

const DATA_URL =
  /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** Splits a base64 data URL; undefined when it is not one (or the base64 is malformed). */
export function parseDataUrl(dataUrl: string): ParsedDataUrl | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return undefined;
  const base64 = match[3] ?? '';
  if (base64.length === 0 || base64.length % 4 !== 0) return undefined;
  return { claimedType: (match[1] ?? '').toLowerCase(), base64 };
}

/** The most pixels on one side of an uploaded image (issue 30): a phone's photo has about 8,000. */
export const MAX_IMAGE_SIDE = 10_000;
/** The most pixels in all (50 megapixels): what a browser decodes to show it stays bounded. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageSize = { width: number; height: number };

function uint16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function uint24le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
}

/**
 * The width and height an image declares in its header (PNG's IHDR, JPEG's first SOF, WebP's
 * VP8 / VP8L / VP8X chunk), read without decoding it; undefined when the header cannot be read.
 */
export function imageSize(bytes: Uint8Array, type: ImageContentType): ImageSize | undefined {
  if (type === 'image/png') {
    if (bytes.length < 24 || !startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return undefined;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === 'image/jpeg') {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return undefined;
      // a start of frame (SOF0–SOF15 but DHT, JPG and DAC) holds the size
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: uint16be(bytes, at + 7), height: uint16be(bytes, at + 5) };
      }
      at += 2 + uint16be(bytes, at + 2);
    }
    return undefined;
  }
  if (bytes.length < 30) return undefined;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8 ' && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits =
      ((bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 };
  return undefined;
}

function uint16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

/** Why an image's size is refused (Spanish), or undefined when it is within the limits. */
export function imageSizeProblem(bytes: Uint8Array, type: ImageContentType): string | undefined {
  const size = imageSize(bytes, type);
  if (size === undefined || size.width === 0 || size.height === 0) {
    return 'La imagen está dañada: no se pudo leer su tamaño';
  }
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    const number = (value: number) => value.toLocaleString('es-CL');
    return `La imagen mide ${number(size.width)} × ${number(size.height)} píxeles; el máximo es ${number(MAX_IMAGE_SIDE)} píxeles por lado y ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles`;
  }
  return undefined;
}
