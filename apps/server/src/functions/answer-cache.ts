import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/**
 * Issue 18: the big read answers (loadProject of thousands of EDP items, loadGantt) were read,
 * built, serialised and compressed again on every call, although what they are built from rarely
 * changes. An answer is remembered here as its JSON (and each compressed form once asked for),
 * under the function's name and a stamp of what it was built from. A call reads the stamp from the
 * database first, every time (never trusting memory, so several instances on one database stay
 * right), and answers the remembered bytes when the stamp is the one they were built at. Every
 * writer of the data moves what the stamp reads on (see each handler's stamp).
 *
 * The cache is per server instance and bounded by bytes: the least recently used answers go first.
 */
export const ANSWER_CACHE_BYTES = 8 * 1024 * 1024;

/** Below this size the compression plugin sends an answer as it is (app.ts: threshold 1024). */
const COMPRESSION_THRESHOLD = 1024;

export type ContentEncoding = 'br' | 'gzip' | 'deflate';

/** One remembered answer: its JSON, and the compressed forms made of it so far. */
export type CachedAnswer = { json: Buffer; encoded: Partial<Record<ContentEncoding, Buffer>>; bytes: number };

/**
 * The answer's JSON compressed as the functions' compression does it (functions-routes.ts:
 * FUNCTION_COMPRESSION, gzip and deflate at zlib level 1; brotli at the plugin's quality 4).
 */
export function encode(json: Buffer, encoding: ContentEncoding): Buffer {
  switch (encoding) {
    case 'br':
      return brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    case 'gzip':
      return gzipSync(json, { level: 1 });
    case 'deflate':
      return deflateSync(json, { level: 1 });
  }
}

/**
 * The encoding @fastify/compress would choose for an Accept-Encoding header, when it is plain to
 * see: a list of codings without quality values (`gzip, deflate, br`), where the plugin takes the
 * first of br, gzip and deflate listed (`*` and `x-gzip` count as gzip, as there). Anything else
 * (quality values, identity only, an unknown coding, no header): undefined, and the plugin decides.
 */
export function plainEncoding(header: string | undefined): ContentEncoding | undefined {
  if (header === undefined || header.includes(';')) return undefined;
  const codings = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((coding) => coding.trim())
      .map((coding) => (coding === '*' || coding === 'x-gzip' ? 'gzip' : coding)),
  );
  if (codings.has('br')) return 'br';
  if (codings.has('gzip')) return 'gzip';
  if (codings.has('deflate')) return 'deflate';
  return undefined;
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private total = 0;
  /** How many calls were answered from the cache (tests). */
  hits = 0;

  constructor(readonly maxBytes: number = ANSWER_CACHE_BYTES) {}

  /** The bytes the remembered answers hold (their JSON, compressed forms and keys). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer remembered under `key`, now the most recently used; undefined when there is none. */
  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry;
  }

  /** Remembers `json` under `key` (an answer larger than the whole cache is not remembered); the entry. */
  set(key: string, json: Buffer): CachedAnswer {
    const entry: CachedAnswer = { json, encoded: {}, bytes: json.length + key.length };
    this.forget(key);
    if (entry.bytes > this.maxBytes) return entry;
    this.entries.set(key, entry);
    this.total += entry.bytes;
    this.trim();
    return entry;
  }

  /** The entry's JSON compressed with `encoding`, made once and counted in the cache's size. */
  encoded(key: string, entry: CachedAnswer, encoding: ContentEncoding): Buffer {
    const known = entry.encoded[encoding];
    if (known !== undefined) return known;
    const made = encode(entry.json, encoding);
    entry.encoded[encoding] = made;
    entry.bytes += made.length;
    if (this.entries.get(key) === entry) {
      this.total += made.length;
      this.trim();
    }
    return made;
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.total -= old.bytes;
  }

  private trim(): void {
    while (this.total > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.forget(oldest);
    }
  }
}

/** The request headers the choice of an encoding reads. */
export type EncodingHeaders = {
  'accept-encoding'?: string | undefined;
  'x-no-compression'?: string | string[] | undefined;
};

/**
 * The encoding an answer of `bytes` goes out in when it is chosen here: the plugin's choice when it
 * is plain to see (plainEncoding) for an answer it would compress; undefined: the answer goes out as
 * JSON, for the plugin to compress (or not) as usual.
 */
export function chosenEncoding(bytes: number, headers: EncodingHeaders): ContentEncoding | undefined {
  return bytes >= COMPRESSION_THRESHOLD && headers['x-no-compression'] === undefined
    ? plainEncoding(headers['accept-encoding'])
    : undefined;
}

/**
 * How a remembered answer goes out: compressed here (once per entry and encoding) when the
 * plugin's choice is plain to see (chosenEncoding), else as JSON for the plugin to compress as usual.
 */
export function answerBody(
  cache: AnswerCache,
  key: string,
  entry: CachedAnswer,
  headers: EncodingHeaders,
): { body: Buffer; encoding: ContentEncoding | undefined } {
  const encoding = chosenEncoding(entry.json.length, headers);
  if (encoding === undefined) return { body: entry.json, encoding };
  return { body: cache.encoded(key, entry, encoding), encoding };
}
