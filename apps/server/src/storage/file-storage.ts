/** Where uploaded bytes live. Local disk now; an S3-compatible store can implement the same four calls. */
export type FileStorage = {
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** The URL a browser fetches the file from. */
  publicUrl: (key: string) => string;
};

/** Keys are built by the server only: lowercase folders, then a server-made file name. */
const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function assertSafeKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Clave de archivo no válida: ${key}`);
}
