import { Writable } from 'node:stream';

/** A pino destination that keeps every line the app logs, for tests that read the log (buildApp's logStream). */
export function collectLogLines(): { logStream: Writable; lines: string[] } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  return { logStream, lines };
}
