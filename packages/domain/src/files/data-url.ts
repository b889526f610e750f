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
