import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.js';
import { HttpError } from './errors.js';

const CONTEXT_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv issues in FastAPI's `{"detail": [{"loc", "msg", "type"}]}` shape, which clients already parse. */
export function validationDetail(issues: AjvIssue[], context: string) {
  return issues.map((issue) => {
    const loc: (string | number)[] = [CONTEXT_LOC[context] ?? context];
    for (const part of issue.instancePath.split('/').filter(Boolean)) loc.push(/^\d+$/.test(part) ? Number(part) : part);
    if (issue.keyword === 'required') loc.push(String(issue.params.missingProperty));
    const type = issue.keyword === 'required' ? 'missing' : issue.keyword === 'type' ? `${issue.params.type}_type` : issue.keyword;
    const msg = issue.keyword === 'required' ? 'Field required' : (issue.message ?? 'Invalid value');
    return { loc, msg, type };
  });
}

/**
 * Errors Fastify raises before routing (a URL it cannot decode, an over-long path parameter), which
 * bypass the error handler: the same documented body, never Fastify's own or the offending path.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send({ detail: 'The URL is not validly percent-encoded', code: 'bad_url' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send({ detail: 'A path segment is too long', code: 'uri_too_long' });
  } else {
    request.log.error({ err: error }, 'framework error');
    reply.code(500).send({ detail: 'Internal server error', code: 'internal_error' });
  }
}

/** One place turns every error into the documented bodies; stack traces and SQL never leave. */
export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail, code: error.code });
    }
    if (error.validation) {
      return reply
        .code(422)
        .send({ detail: validationDetail(error.validation as AjvIssue[], error.validationContext ?? 'body'), code: 'validation_error' });
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return reply.code(413).send({ detail: 'Request body is too large', code: 'payload_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: `Unsupported Content-Type: ${request.headers['content-type'] ?? 'none'}`, code: 'unsupported_media_type' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'The JSON body is empty', code: 'bad_request' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ detail: 'The body is not valid JSON', code: 'malformed_json' });
    }
    if (error instanceof SyntaxError && status === 400) {
      return reply.code(400).send({ detail: 'The body is not valid JSON', code: 'malformed_json' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error', code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: 'Not Found', code: 'not_found' });
  });
}
