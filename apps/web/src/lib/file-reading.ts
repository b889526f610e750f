/**
 * Reading a file the user picked or dropped (the import dialogs): as text (an MS Project XML) or as
 * base64 (a workbook, sent to the server in a JSON body), with the share read so far for a progress
 * bar; and the way back, base64 from the server as a Blob to download.
 */

/** `fraction`: 0 to 1 of the file read so far. */
export type ReadProgress = (fraction: number) => void;

/** The file's extension, lower-cased with its dot ('.xml'); '' when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

function read(file: Blob, as: 'text' | 'dataUrl', onProgress?: ReadProgress): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (onProgress && event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      onProgress?.(1);
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.onabort = () => reject(new Error('FileReader'));
    if (as === 'text') reader.readAsText(file, 'utf-8');
    else reader.readAsDataURL(file);
  });
}

/** The file as text (UTF-8; an XML file's own declaration is for the server's parser). */
export function readFileText(file: Blob, onProgress?: ReadProgress): Promise<string> {
  return read(file, 'text', onProgress);
}

/** The file's bytes in base64 (the data URL's payload, without its `data:…;base64,` prefix). */
export async function readFileBase64(file: Blob, onProgress?: ReadProgress): Promise<string> {
  const dataUrl = await read(file, 'dataUrl', onProgress);
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
}

/** Base64 text (as the server's exports answer it) as a Blob of the given type. */
export function base64ToBlob(base64: string, mimeType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: mimeType });
}
