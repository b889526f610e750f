import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FunctionError,
  call,
  callWithProgress,
  decodeCallableResponse,
  describeError,
  onUnauthenticated,
} from './api-client';

/**
 * A small server speaking the callable protocol. Its answers depend on what it receives, so the
 * tests check both how requests are sent and how answers are decoded.
 */
type Received = { method: string; url: string; contentType: string; body: unknown };
let server: Server;
let baseUrl: string;
const received: Received[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  // jsdom's XMLHttpRequest runs as a page on another origin: answer like a CORS-enabled server
  response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
  response.setHeader('access-control-allow-credentials', 'true');
  response.setHeader('access-control-allow-headers', 'content-type, accept');
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  const text = await readBody(request);
  const body: unknown = text ? JSON.parse(text) : undefined;
  received.push({
    method: request.method ?? '',
    url: request.url ?? '',
    contentType: request.headers['content-type'] ?? '',
    body,
  });
  const data = (body as { data?: { user?: { status?: string; message?: string }; dataUrl?: string } } | undefined)
    ?.data;
  const name = request.url?.split('/').pop() ?? '';
  const send = (status: number, payload: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));

  if (name === 'loadProfile') {
    // echoes what it was sent, as a result the client cannot know beforehand
    return send(200, {
      result: { profile: { uid: `uid-${received.length}` }, message: `recibido ${text.length} bytes` },
    });
  }
  const wanted = data?.user;
  if (name === 'saveUser' && wanted?.status) {
    const statuses: Record<string, number> = { PERMISSION_DENIED: 403, FAILED_PRECONDITION: 400, UNAUTHENTICATED: 401 };
    return send(statuses[wanted.status] ?? 500, { error: { status: wanted.status, message: wanted.message } });
  }
  if (name === 'loadUsers') {
    response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    return;
  }
  if (name === 'uploadFile') {
    return send(200, { result: { url: `/files/${data?.dataUrl?.length ?? 0}`, message: 'ok' } });
  }
  return send(404, { error: { status: 'NOT_FOUND', message: `La función '${name}' no existe` } });
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  const realFetch = globalThis.fetch;
  // only the transport is replaced: relative paths go to the test server
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, baseUrl), init));
});

describe('call', () => {
  it('posts {"data": …} as JSON to /api/functions/{name} and resolves to the result', async () => {
    const result = await call('loadProfile', null);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/functions/loadProfile' });
    expect(received[0]?.contentType).toContain('application/json');
    expect(received[0]?.body).toEqual({ data: null });
    expect(result.profile.uid).toBe('uid-1');
    expect(result.message).toBe(`recibido ${JSON.stringify({ data: null }).length} bytes`);
  });

  it('throws a FunctionError named after the status, with the server message', async () => {
    const error = await call('saveUser', {
      user: { status: 'FAILED_PRECONDITION', message: 'No puedes quitar al último administrador' },
    } as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FunctionError);
    const functionError = error as FunctionError;
    expect(functionError.name).toBe('FAILED_PRECONDITION');
    expect(functionError.code).toBe('FAILED_PRECONDITION');
    expect(functionError.message).toBe('No puedes quitar al último administrador');
    expect(functionError.httpStatus).toBe(400);
  });

  it('maps an answer without a callable error body from its HTTP status', async () => {
    const error = (await call('loadUsers', null).catch((caught: unknown) => caught)) as FunctionError;
    expect(error).toBeInstanceOf(FunctionError);
    expect(error.code).toBe('INTERNAL');
    expect(error.httpStatus).toBe(502);
    expect(error.message).toContain('502');
  });

  it('reports UNAUTHENTICATED to the listeners, once per failed call', async () => {
    const listener = vi.fn();
    const stop = onUnauthenticated(listener);
    await call('saveUser', { user: { status: 'UNAUTHENTICATED', message: 'Tu sesión expiró' } } as never).catch(
      () => undefined,
    );
    await call('saveUser', { user: { status: 'PERMISSION_DENIED', message: 'Solo un administrador' } } as never).catch(
      () => undefined,
    );
    stop();
    await call('saveUser', { user: { status: 'UNAUTHENTICATED', message: 'otra vez' } } as never).catch(
      () => undefined,
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]?.[0] as FunctionError).message).toBe('Tu sesión expiró');
  });

  it('turns a refused connection into a Spanish network error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    const error = (await call('loadProfile', null).catch((caught: unknown) => caught)) as FunctionError;
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toMatch(/No se pudo conectar con el servidor/);
  });
});

describe('callWithProgress', () => {
  it('uploads through XMLHttpRequest, reports progress up to 1 and decodes the result', async () => {
    const RealXhr = window.XMLHttpRequest;
    class RoutedXhr extends RealXhr {
      override open(method: string, url: string | URL) {
        super.open(method, new URL(url, baseUrl).href, true);
      }
    }
    vi.stubGlobal('XMLHttpRequest', RoutedXhr);
    const dataUrl = `data:image/png;base64,${'A'.repeat(4000)}`;
    const progress: number[] = [];
    const result = await callWithProgress('uploadFile', { purpose: 'avatar', dataUrl }, (value) =>
      progress.push(value),
    );
    expect(result.url).toBe(`/files/${dataUrl.length}`);
    expect(received.at(-1)?.body).toEqual({ data: { purpose: 'avatar', dataUrl } });
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((value, index) => index === 0 || value >= (progress[index - 1] ?? 0))).toBe(true);
  });
});

describe('decodeCallableResponse', () => {
  it('refuses a 200 answer that has no result', () => {
    expect(() => decodeCallableResponse(200, '{"nothing":true}')).toThrow(FunctionError);
  });

  it('ignores an error status the protocol does not define', () => {
    let error: FunctionError | undefined;
    try {
      decodeCallableResponse(409, '{"error":{"status":"TEAPOT","message":"x"}}');
    } catch (caught) {
      error = caught as FunctionError;
    }
    expect(error?.code).toBe('ABORTED');
  });
});

describe('describeError', () => {
  it('shows the message, or the name when there is no message', () => {
    expect(describeError(new FunctionError('NOT_FOUND', 'El usuario no existe'))).toBe('El usuario no existe');
    expect(describeError(new FunctionError('NOT_FOUND', ''))).toBe('NOT_FOUND');
  });
});
