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
