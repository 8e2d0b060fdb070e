import { ERROR_CODES, statusOf, type ErrorCode } from './error-codes.js';

/**
 * An error the HTTP layer turns into a FastAPI-shaped body (`{"detail": ...}`, plus a stable machine
 * `code`). Services never import Fastify. New code throws `AppError` by code; `HttpError` with an
 * explicit status remains for callers not yet converted (the status of a code in the table always
 * comes from the table).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: unknown,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
    this.name = 'HttpError';
  }
}

/** A domain error named by its code (error-codes.ts); the table decides the status and the default message. */
export class AppError extends HttpError {
  constructor(code: ErrorCode, detail?: unknown, headers: Record<string, string> = {}) {
    super(ERROR_CODES[code].status, detail ?? ERROR_CODES[code].message, code, headers);
    this.name = 'AppError';
  }
}

// Former helpers, kept as thin wrappers over the table so callers not yet converted keep compiling.
const legacy = (fallback: number, detail: unknown, code: string, headers: Record<string, string> = {}) =>
  new HttpError(statusOf(code, fallback), detail, code, headers);

export const badRequest = (detail: string, code = 'bad_request') => legacy(400, detail, code);
/** 401s carry `WWW-Authenticate: Bearer`, as RFC 6750 asks. */
export const unauthorized = (detail = 'Not authenticated', code = 'unauthorized') =>
  legacy(401, detail, code, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail = 'Not allowed', code = 'forbidden') => legacy(403, detail, code);
export const notFound = (detail = 'Not found', code = 'not_found') => legacy(404, detail, code);
export const conflict = (detail: string, code = 'conflict', headers: Record<string, string> = {}) => legacy(409, detail, code, headers);
export const payloadTooLarge = (detail: string) => new AppError('payload_too_large', detail);
export const unsupportedMediaType = (detail: string) => new AppError('unsupported_media_type', detail);
export const badGateway = (detail: string, code = 'bad_gateway') => legacy(502, detail, code);
export const serviceUnavailable = (detail: string) => new AppError('unavailable', detail);

/** A 401 for a credential that is missing or invalid. */
export const notAuthenticated = (code: 'unauthorized' | 'invalid_credentials' | 'invalid_refresh_token' = 'unauthorized', detail?: string) =>
  new AppError(code, detail, { 'www-authenticate': 'Bearer' });

/** A 422 in FastAPI's shape, for checks a JSON schema cannot express. */
export function unprocessable(loc: (string | number)[], msg: string, type = 'value_error'): HttpError {
  return new AppError('validation_error', [{ loc, msg, type }]);
}

/** A required text field, trimmed; blank is a 422 naming the field. */
export function nonBlank(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw unprocessable(['body', field], `${field} must not be blank`, 'string_too_short');
  return trimmed;
}
