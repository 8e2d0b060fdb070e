import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/**
 * A domain error named by its machine `code` (error-codes.ts): the HTTP layer turns it into a FastAPI-shaped
 * body (`{"detail": ..., "code": ...}`). The table decides the status and the default message, so services
 * never choose a status and never import Fastify.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly detail: unknown;

  constructor(
    readonly code: ErrorCode,
    detail?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    const resolved = detail ?? ERROR_CODES[code].message;
    super(typeof resolved === 'string' ? resolved : code);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code].status;
    this.detail = resolved;
  }
}

/** A 401 for a credential that is missing or invalid. */
export const notAuthenticated = (code: 'unauthorized' | 'invalid_credentials' | 'invalid_refresh_token' = 'unauthorized', detail?: string) =>
  new AppError(code, detail, { 'www-authenticate': 'Bearer' });

/** A 422 in FastAPI's shape, for checks a JSON schema cannot express. */
export function unprocessable(loc: (string | number)[], msg: string, type = 'value_error'): AppError {
  return new AppError('validation_error', [{ loc, msg, type }]);
}

/** A required text field, trimmed; blank is a 422 naming the field. */
export function nonBlank(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw unprocessable(['body', field], `${field} must not be blank`, 'string_too_short');
  return trimmed;
}
