import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/errors.js';

/** OpenAI's error body, which the official clients parse into typed errors by status. */
export interface OpenAIError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

function typeFor(status: number, code: string | null): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return code === 'provider_quota_exceeded' ? 'insufficient_quota' : 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function paramOf(path: (string | number)[]): string | null {
  const parts = path.filter((p) => p !== 'body' && p !== 'query' && p !== 'path');
  return parts.length ? parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') : null;
}

/** The readable text of a FastAPI-style detail (string, 422 issue list, or our rate-limit object). */
function messageOf(error: AppError): { message: string; param: string | null } {
  const detail = error.detail;
  if (typeof detail === 'string') return { message: detail, param: null };
  if (Array.isArray(detail) && detail.length > 0) {
    const first = detail[0] as { loc?: (string | number)[]; msg?: string };
    const param = paramOf(first.loc ?? []);
    return { message: param ? `${param}: ${first.msg}` : String(first.msg), param };
  }
  if (detail && typeof detail === 'object' && 'retry_after' in detail) {
    return { message: `Rate limit reached; retry after ${(detail as { retry_after: number }).retry_after} s`, param: null };
  }
  return { message: error.message, param: null };
}

type AnyError = Error & { validation?: unknown; code?: string; statusCode?: number };

export function toOpenAIError(error: AnyError): { status: number; headers: Record<string, string>; body: { error: OpenAIError } } {
  if (error instanceof AppError) {
    const { message, param } = messageOf(error);
    const code = error.statusCode === 401 ? 'invalid_api_key' : error.code;
    return { status: error.statusCode, headers: error.headers, body: { error: { message, type: typeFor(error.statusCode, error.code), param, code } } };
  }
  if (error.validation) {
    // OpenAI answers malformed requests with 400 and names the first offending parameter.
    const issue = (error.validation as AjvIssue[])[0];
    const path: (string | number)[] = issue.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (issue.keyword === 'required') path.push(String(issue.params.missingProperty));
    const param = paramOf(path);
    const text = issue.keyword === 'required' ? 'is required' : (issue.message ?? 'is invalid');
    return { status: 400, headers: {}, body: { error: { message: `${param ?? 'body'}: ${text}`, type: 'invalid_request_error', param, code: null } } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, headers: {}, body: { error: { message: 'Request body is too large', type: 'invalid_request_error', param: null, code: 'payload_too_large' } } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, headers: {}, body: { error: { message: 'Send the body as application/json', type: 'invalid_request_error', param: null, code: null } } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, headers: {}, body: { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', param: null, code: null } } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, headers: {}, body: { error: { message: error.message, type: 'invalid_request_error', param: null, code: error.code ?? null } } };
  }
  return { status: 500, headers: {}, body: { error: { message: 'Internal server error', type: 'server_error', param: null, code: null } } };
}

export function openAIErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const mapped = toOpenAIError(error);
  if (mapped.status >= 500 && !(error instanceof AppError)) request.log.error({ err: error }, 'unhandled error');
  return reply.code(mapped.status).headers(mapped.headers).send(mapped.body);
}
