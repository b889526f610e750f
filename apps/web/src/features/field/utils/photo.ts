/**
 * Issue 36: a photo as the field screen sends it: scaled so its longer side is at most 1,600 px and
 * encoded as JPEG, so a phone's 4,000 × 3,000 picture travels as a few hundred KB (the server takes 4 MB).
 */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;
export const PHOTO_MAX_BYTES = 4 * 1024 * 1024;

/** The sides a photo of `width` × `height` is scaled to. */
export function scaledSize(
  width: number,
  height: number,
  maxSide: number = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The bytes a base64 data URL carries. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const base64 = comma < 0 ? '' : dataUrl.slice(comma + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The file as a scaled JPEG data URL; throws (in Spanish) when it is not an image the browser reads. */
export async function photoDataUrl(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('El archivo no es una imagen que el navegador pueda leer');
  }
  const size = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('El navegador no pudo preparar la foto');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const dataUrl = canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
  if (dataUrlBytes(dataUrl) > PHOTO_MAX_BYTES) throw new Error('La foto supera el máximo de 4 MB');
  return dataUrl;
}
