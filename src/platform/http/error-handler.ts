import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.js';
import { AppError } from './errors.js';
import { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes.js';

/** The documented body of a code: the table's status and, unless given, its default message. */
function send(reply: FastifyReply, code: ErrorCode, detail: unknown = ERROR_CODES[code].message) {
  return reply.code(ERROR_CODES[code].status).send({ detail, code });
}

/** A framework 4xx keeps its status; its code is the table's code for that status (never Fastify's FST_… names). */
const FRAMEWORK_CODES: Record<number, ErrorCode> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'payload_too_large', 414: 'uri_too_long', 415: 'unsupported_media_type', 429: 'rate_limited' };

const CONTEXT_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv issues in FastAPI's `{"detail": [{"loc", "msg", "type"}]}` shape, which clients already parse. */
function validationDetail(issues: AjvIssue[], context: string) {
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
    send(reply, 'bad_url');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    send(reply, 'uri_too_long');
  } else {
    request.log.error({ err: error }, 'framework error');
    send(reply, 'internal_error');
  }
}

/** One place turns every error into the documented bodies; stack traces and SQL never leave. */
export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail, code: error.code });
    }
    if (error.validation) {
      return send(reply, 'validation_error', validationDetail(error.validation as AjvIssue[], error.validationContext ?? 'body'));
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return send(reply, 'payload_too_large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 'unsupported_media_type', `Unsupported Content-Type: ${request.headers['content-type'] ?? 'none'}`);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 'bad_request', 'The JSON body is empty');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 'malformed_json');
    }
    if (error instanceof SyntaxError && status === 400) {
      return send(reply, 'malformed_json');
    }
    if (status >= 400 && status < 500) {
      const code = error.code && isErrorCode(error.code) ? error.code : (FRAMEWORK_CODES[status] ?? 'bad_request');
      return reply.code(status).send({ detail: error.message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'internal_error');
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, 'not_found', 'Not Found');
  });
}
