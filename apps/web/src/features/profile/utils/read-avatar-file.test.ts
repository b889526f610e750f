import { MAX_UPLOAD_BYTES } from '@cimiento/domain';
import { describe, expect, it } from 'vitest';
import { checkAvatarFile, readFileAsDataUrl } from './read-avatar-file';

describe('checkAvatarFile', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkAvatarFile({ type, size: MAX_UPLOAD_BYTES })).toBeNull();
    }
  });

  it('refuses a file one byte over 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('tooLarge');
  });

  it('refuses other types, whatever their size', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe('wrongType');
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toBe('wrongType');
  });
});

describe('readFileAsDataUrl', () => {
  it('reads the bytes as a base64 data URL of the file type', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const dataUrl = await readFileAsDataUrl(new Blob([bytes], { type: 'image/png' }));
    expect(dataUrl).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`);
  });
});
