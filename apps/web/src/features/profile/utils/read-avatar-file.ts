import { MAX_UPLOAD_BYTES, uploadContentTypes } from '@cimiento/domain';

export type AvatarFileProblem = 'tooLarge' | 'wrongType';

/** The client-side check before uploading (the server checks the bytes again). */
export function checkAvatarFile(file: { size: number; type: string }): AvatarFileProblem | null {
  if (!(uploadContentTypes as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('FileReader did not return a data URL'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}
