/**
 * Errors a service may throw; the HTTP layer turns them into FastAPI-shaped bodies
 * (`{"detail": ...}`, plus a stable machine `code`). Services never import Fastify.
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

export const badRequest = (detail: string, code = 'bad_request') => new HttpError(400, detail, code);
export const unauthorized = (detail = 'Not authenticated', code = 'unauthorized') =>
  new HttpError(401, detail, code, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail = 'Not allowed', code = 'forbidden') => new HttpError(403, detail, code);
export const notFound = (detail = 'Not found', code = 'not_found') => new HttpError(404, detail, code);
export const conflict = (detail: string, code = 'conflict', headers: Record<string, string> = {}) =>
  new HttpError(409, detail, code, headers);
export const payloadTooLarge = (detail: string) => new HttpError(413, detail, 'payload_too_large');
export const unsupportedMediaType = (detail: string) => new HttpError(415, detail, 'unsupported_media_type');
export const badGateway = (detail: string, code = 'bad_gateway') => new HttpError(502, detail, code);
export const serviceUnavailable = (detail: string) => new HttpError(503, detail, 'unavailable');

/** A 422 in FastAPI's shape, for checks a JSON schema cannot express. */
export function unprocessable(loc: (string | number)[], msg: string, type = 'value_error'): HttpError {
  return new HttpError(422, [{ loc, msg, type }], 'validation_error');
}

/** A required text field, trimmed; blank is a 422 naming the field. */
export function nonBlank(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw unprocessable(['body', field], `${field} must not be blank`, 'string_too_short');
  return trimmed;
}
