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

function read(file: Blob, as: 'text' | 'dataUrl' | 'bytes', onProgress?: ReadProgress): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (onProgress && event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      onProgress?.(1);
      resolve(reader.result ?? '');
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.onabort = () => reject(new Error('FileReader'));
    if (as === 'text') reader.readAsText(file, 'utf-8');
    else if (as === 'bytes') reader.readAsArrayBuffer(file);
    else reader.readAsDataURL(file);
  });
}

/** The file as text (UTF-8; an XML file's own declaration is for the server's parser). */
export async function readFileText(file: Blob, onProgress?: ReadProgress): Promise<string> {
  const text = await read(file, 'text', onProgress);
  return typeof text === 'string' ? text : '';
}

/** A file that cannot be read as the import needs it; its message is the user's. */
export class FileReadRefusal extends Error {
  override readonly name = 'FileReadRefusal';
}

/**
 * An XML file's bytes as text (issue 34), as an XML parser would take them: a byte-order mark says
 * UTF-8 or UTF-16; without one, NUL bytes at every other position say UTF-16 (little- or
 * big-endian); a declared encoding other than UTF-8 or UTF-16 (`<?xml … encoding="windows-1252"?>`)
 * is used when the browser knows it; else strict UTF-8. Throws FileReadRefusal when the bytes are
 * none of these, naming the file.
 */
export function decodeXmlBytes(bytes: Uint8Array, fileName: string): string {
  const refuse = () =>
    new FileReadRefusal(
      `El archivo ${fileName} no está en UTF-8 ni UTF-16, y no declara otra codificación que se pueda leer. Ábrelo en el programa que lo creó y guárdalo de nuevo como «XML».`,
    );
  const decode = (label: string, from = 0) => {
    try {
      return new TextDecoder(label, { fatal: true }).decode(bytes.subarray(from));
    } catch {
      throw refuse();
    }
  };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', 2);
  // '<' (0x3C) beside a NUL: UTF-16 without its mark
  if (bytes[0] === 0x3c && bytes[1] === 0) return decode('utf-16le');
  if (bytes[0] === 0 && bytes[1] === 0x3c) return decode('utf-16be');
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared !== undefined && !declared.startsWith('utf')) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // a label the browser does not know: strict UTF-8 below
    }
  }
  return decode('utf-8');
}

/** An XML file as text, decoded by decodeXmlBytes (throws FileReadRefusal when it cannot be). */
export async function readXmlFileText(file: Blob, onProgress?: ReadProgress): Promise<string> {
  const bytes = await read(file, 'bytes', onProgress);
  const name = file instanceof File ? file.name : 'elegido';
  return decodeXmlBytes(new Uint8Array(typeof bytes === 'string' ? new ArrayBuffer(0) : bytes), name);
}

/** The file's bytes in base64 (the data URL's payload, without its `data:…;base64,` prefix). */
export async function readFileBase64(file: Blob, onProgress?: ReadProgress): Promise<string> {
  const read64 = await read(file, 'dataUrl', onProgress);
  const dataUrl = typeof read64 === 'string' ? read64 : '';
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
