import type { ContractByName, FunctionErrorCode, FunctionName } from '@cimiento/domain';
import type { z } from 'zod';
import { i18next } from '@/lib/i18n/i18n';

export type FunctionInput<N extends FunctionName> = z.input<ContractByName<N>['input']>;
export type FunctionOutput<N extends FunctionName> = z.output<ContractByName<N>['output']>;

/**
 * The callable statuses, kept here as plain strings so the app's first chunk does not carry zod;
 * the two type checks below fail the build if the domain's list changes.
 */
const errorCodes = [
  'INVALID_ARGUMENT',
  'FAILED_PRECONDITION',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'ABORTED',
  'RESOURCE_EXHAUSTED',
  'INTERNAL',
] as const satisfies readonly FunctionErrorCode[];
type MissingCode = Exclude<FunctionErrorCode, (typeof errorCodes)[number]>;
const _allCodesListed: MissingCode extends never ? true : false = true;

/** The callable protocol's code for an HTTP status when the body does not say (a proxy's 502 page, …). */
function codeForHttpStatus(status: number): FunctionErrorCode {
  switch (status) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'ABORTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    default:
      return 'INTERNAL';
  }
}

function isErrorCode(value: unknown): value is FunctionErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

/** A failed callable function: `name` is the status code, `message` the server's (Spanish) text. */
export class FunctionError extends Error {
  readonly code: FunctionErrorCode;
  readonly httpStatus: number;
  readonly details: unknown;

  constructor(code: FunctionErrorCode, message: string, options: { httpStatus?: number; details?: unknown } = {}) {
    super(message);
    this.name = code;
    this.code = code;
    this.httpStatus = options.httpStatus ?? 0;
    this.details = options.details;
  }
}

export function isFunctionError(error: unknown): error is FunctionError {
  return error instanceof FunctionError;
}

type UnauthenticatedListener = (error: FunctionError) => void;
const unauthenticatedListeners = new Set<UnauthenticatedListener>();

/**
 * The one place an expired or revoked session is noticed: every call answering UNAUTHENTICATED
 * tells these listeners (the app clears its cached data and the session, and shows /login).
 */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Turns one HTTP answer of the callable protocol into the result, or throws its FunctionError.
 * `quiet`: an UNAUTHENTICATED answer is thrown without telling the listeners (a request sent
 * before the session is known, see `call`).
 */
export function decodeCallableResponse<T>(httpStatus: number, bodyText: string, quiet = false): T {
  const body = parseJson(bodyText);
  const isObject = typeof body === 'object' && body !== null;
  if (httpStatus >= 200 && httpStatus < 300 && isObject && 'result' in body) {
    return body.result as T;
  }
  let error: FunctionError;
  const errorBody = isObject && 'error' in body ? body.error : undefined;
  if (
    typeof errorBody === 'object' &&
    errorBody !== null &&
    'status' in errorBody &&
    isErrorCode(errorBody.status) &&
    'message' in errorBody &&
    typeof errorBody.message === 'string'
  ) {
    error = new FunctionError(errorBody.status, errorBody.message, {
      httpStatus,
      details: 'details' in errorBody ? errorBody.details : undefined,
    });
  } else {
    const code = httpStatus >= 200 && httpStatus < 300 ? 'INTERNAL' : codeForHttpStatus(httpStatus);
    error = new FunctionError(code, i18next.t('errors.httpStatus', { status: httpStatus }), { httpStatus });
  }
  if (error.code === 'UNAUTHENTICATED' && !quiet) {
    for (const listener of unauthenticatedListeners) listener(error);
  }
  throw error;
}

function networkError(): FunctionError {
  return new FunctionError('INTERNAL', i18next.t('errors.network'));
}

/** A call that got no answer at all (no connection, the server unreachable): no HTTP status. */
export function isNetworkError(error: unknown): boolean {
  return isFunctionError(error) && error.code === 'INTERNAL' && error.httpStatus === 0;
}

function functionUrl(name: FunctionName): string {
  return `/api/functions/${name}`;
}

/**
 * Calls a callable function: `POST /api/functions/{name}` with `{"data": …}`, resolving to its `result`.
 * `quiet`: an UNAUTHENTICATED answer is not reported to `onUnauthenticated`'s listeners (a request
 * sent before the session check has answered, whose failure must not sign anyone out).
 */
export async function call<N extends FunctionName>(
  name: N,
  data: FunctionInput<N>,
  options: { signal?: AbortSignal; quiet?: boolean } = {},
): Promise<FunctionOutput<N>> {
  let response: Response;
  try {
    response = await fetch(functionUrl(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ data: data ?? null }),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  }
  return decodeCallableResponse<FunctionOutput<N>>(response.status, await response.text(), options.quiet);
}

/** `call` over XMLHttpRequest, reporting how much of the request body has gone out (0 to 1). */
export function callWithProgress<N extends FunctionName>(
  name: N,
  data: FunctionInput<N>,
  onProgress: (fraction: number) => void,
): Promise<FunctionOutput<N>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', functionUrl(name));
    request.setRequestHeader('content-type', 'application/json');
    request.setRequestHeader('accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        onProgress(1);
        resolve(decodeCallableResponse<FunctionOutput<N>>(request.status, request.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(networkError());
    request.send(JSON.stringify({ data: data ?? null }));
  });
}

/** What an error toast shows: the server's message, or the error's name when it has no message. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name || i18next.t('errors.unknown');
  if (typeof error === 'string' && error !== '') return error;
  return i18next.t('errors.unknown');
}
