import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.js';
import { OAuthError } from './oauth-errors.js';

/** Token responses and their errors are never cached (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/**
 * The error handler of the token and revocation routes: every failure in RFC 6749 §5.2's shape, validation and
 * content-type failures included (`invalid_request`), so that standard clients read them.
 */
export function oauthErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: { error: string; error_description: string }, headers: Record<string, string> = {}) =>
    reply.code(status).headers({ ...NO_STORE, ...headers }).send(body);
  if (error instanceof OAuthError) return send(error.status, { error: error.error, error_description: error.description }, error.headers);
  if (error.validation) {
    const issue = error.validation[0];
    const where = `${issue?.instancePath ?? ''}${issue?.keyword === 'required' ? `/${String(issue.params.missingProperty)}` : ''}`.replace(/^\//, '') || 'body';
    return send(400, { error: 'invalid_request', error_description: `${where}: ${issue?.message ?? 'invalid'}` });
  }
  if (error instanceof AppError && error.statusCode === 429) {
    return send(429, { error: 'temporarily_unavailable', error_description: 'Too many requests; retry after the indicated delay' }, error.headers);
  }
  const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
  if (status >= 400 && status < 500) {
    const description = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? 'The body must be application/x-www-form-urlencoded or application/json'
      : error instanceof AppError && typeof error.detail === 'string' ? error.detail : 'The request is malformed';
    return send(status === 415 || status === 422 ? 400 : status, { error: 'invalid_request', error_description: description });
  }
  request.log.error({ err: error }, 'unhandled error in an OAuth endpoint');
  return send(500, { error: 'server_error', error_description: 'Internal server error' });
}

/**
 * The error handler of the authorization routes: an untrusted client or redirect URI (`OAuthError`) is a 400
 * `{error, error_description}`, never a redirect; anything else goes on to the platform's handler (`{detail, code}`).
 */
export function authorizeErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof OAuthError)) throw error;
  return reply.code(error.status).headers(NO_STORE).send({ error: error.error, error_description: error.description });
}
