import type { FunctionErrorCode } from '@cimiento/domain';

/** An error a handler throws on purpose: its code and Spanish message reach the caller as they are. */
export class HttpsError extends Error {
  readonly code: FunctionErrorCode;
  readonly details: unknown;

  constructor(code: FunctionErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'HttpsError';
    this.code = code;
    this.details = details;
  }
}
