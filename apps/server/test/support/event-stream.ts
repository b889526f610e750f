import net from 'node:net';
import http from 'node:http';

/** One Server-Sent Event as a client reads it. */
export type StreamEvent = {
  event: string;
  id: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
  data: any;
};

export type EventStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** every event so far, in order (comments are not events) */
  events: StreamEvent[];
  /** how many `: ping` comments came */
  pings: () => number;
  /** the body of a refusal (a status other than 200) */
  body: string;
  /** the first event from index `from` on that `matches` accepts; rejects after `timeoutMs` or when the stream ends first */
  next: (
    matches: (event: StreamEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ) => Promise<StreamEvent>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close: () => void;
};

/** GET /api/events as a browser's EventSource would, with plain node:http (no pooling, one socket each). */
export function openEventStream(
  origin: string,
  cookie: string | undefined,
  options: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/events`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          ...(cookie ? { cookie } : {}),
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const events: StreamEvent[] = [];
        const waiters = new Set<() => void>();
        let pings = 0;
        let buffer = '';
        let body = '';
        let isEnded = false;
        const ended = new Promise<void>((resolveEnd) => {
          const finish = () => {
            isEnded = true;
            for (const wake of waiters) wake();
            resolveEnd();
          };
          response.on('end', finish);
          response.on('close', finish);
          response.on('error', finish);
        });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (response.statusCode !== 200) {
            body += chunk;
            return;
          }
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            const fields = { event: 'message', id: undefined as string | undefined, data: [] as string[] };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) {
                if (line.trim() === ': ping') pings += 1;
                continue;
              }
              const colon = line.indexOf(':');
              const name = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (name === 'event') fields.event = value;
              else if (name === 'id') fields.id = value;
              else if (name === 'data') {
                fields.data.push(value);
                isEvent = true;
              }
            }
            if (isEvent) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data.join('\n')) });
          }
          for (const wake of waiters) wake();
        });
        const stream: EventStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          pings: () => pings,
          get body() {
            return body;
          },
          ended,
          next: (matches, { from = 0, timeoutMs = 10_000 } = {}) =>
            new Promise((resolveNext, rejectNext) => {
              const check = () => {
                const found = events.slice(from).find(matches);
                if (found) {
                  done();
                  resolveNext(found);
                } else if (isEnded) {
                  done();
                  rejectNext(new Error(`the stream ended first; events: ${JSON.stringify(events)}`));
                }
              };
              const timer = setTimeout(() => {
                done();
                rejectNext(new Error(`no such event within ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
              }, timeoutMs);
              const done = () => {
                clearTimeout(timer);
                waiters.delete(check);
              };
              waiters.add(check);
              check();
            }),
          close: () => request.destroy(),
        };
        if (response.statusCode !== 200) void ended.then(() => resolve(stream));
        else resolve(stream);
      },
    );
    request.on('error', reject);
  });
}

/** A client of GET /api/events that stops reading once the stream has begun (issue 30). */
export type StalledStream = {
  status: number;
  /** what came before the client stopped reading: the answer's head and, for a 200, `retry` and `ready` */
  received: string;
  /** the body of a refusal, parsed */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the wire carries
  refusal: any;
  /** reads again: what arrives until the server's side of the connection is gone, or `timeoutMs` */
  drain: (timeoutMs?: number) => Promise<{ bytes: number; closed: boolean }>;
  close: () => void;
};

/**
 * GET /api/events over a raw socket that reads the answer up to the `ready` event and then never
 * reads again: what the server sends piles up in the kernel's buffers (a socket that never reads
 * keeps its receive buffer at its first, small size) and then in the server's process. A refusal
 * (any status but 200) is read whole: the request asks the server to close the connection after it.
 */
export function openStalledStream(origin: string, cookie: string): Promise<StalledStream> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => {
      // a reset: the close that follows says it
    });
    const stream = (status: number, refusal: unknown): StalledStream => ({
      status,
      get received() {
        return received;
      },
      refusal,
      drain: (timeoutMs = 5000) =>
        new Promise((resolveDrain) => {
          let bytes = 0;
          const done = () => {
            clearTimeout(timer);
            resolveDrain({ bytes, closed });
          };
          const timer = setTimeout(done, timeoutMs);
          if (closed) return done();
          socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
          socket.once('close', done);
          socket.resume();
        }),
      close: () => socket.destroy(),
    });
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 0);
      const headEnd = received.indexOf('\r\n\r\n');
      if (status === 200 && /event: ready\n.*\n\n/s.test(received)) {
        // from here on the client never reads
        socket.off('data', onData);
        socket.pause();
        resolve(stream(200, undefined));
      }
      if (status !== 0 && status !== 200 && headEnd >= 0) {
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(received)?.[1] ?? -1);
        const body = received.slice(headEnd + 4);
        if (Buffer.byteLength(body, 'latin1') >= length) {
          socket.off('data', onData);
          resolve(stream(status, JSON.parse(Buffer.from(body, 'latin1').toString('utf8'))));
        }
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(
      `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n` +
        `Cookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
  });
}
