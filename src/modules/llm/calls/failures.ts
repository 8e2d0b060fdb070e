import { APICallError, EmptyResponseBodyError, InvalidResponseDataError, JSONParseError, TypeValidationError } from 'ai';
import { AppError } from '../../../platform/http/errors.js';
import { UnsafeUrlError } from '../../../platform/net/address-policy.js';
import { RedirectRefusedError } from '../../../platform/net/guarded-fetch.js';
import { redactKeyShapes, removeSecret } from './redact.js';

/** Provider health statuses of SPEC "Provider health entry". */
export type HealthStatus = 'ok' | 'rate_limited' | 'quota_exceeded' | 'invalid_key' | 'error' | 'unknown';

/** What went wrong with a provider call; the error log stores `code`, the client sees `toAppError()`. */
export type FailureCode =
  | 'rate_limited'
  | 'quota_exceeded'
  | 'invalid_key'
  | 'bad_request'
  | 'provider_error'
  | 'timeout'
  | 'malformed_response'
  | 'stream_interrupted'
  | 'connection_error';

const MAX_MESSAGE = 1_000;

/** A provider call that failed, classified once from whatever the SDK threw. */
export class ProviderFailure extends Error {
  override name = 'ProviderFailure';
  constructor(
    readonly code: FailureCode,
    readonly provider: string,
    message: string,
    readonly statusCode: number | null = null,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSec: number | null = null,
    readonly timeoutMs: number | null = null,
  ) {
    super(redactKeyShapes(message).slice(0, MAX_MESSAGE));
  }

  /** The same failure with `secret` (the tenant's key) and every long fragment of it removed from the message. */
  without(secret: string | null | undefined): ProviderFailure {
    const message = removeSecret(this.message, secret);
    if (message === this.message) return this;
    return new ProviderFailure(this.code, this.provider, message, this.statusCode, this.retryAfterSec, this.timeoutMs);
  }

  /** Worth another attempt: the provider may answer differently in a moment. */
  get retryable(): boolean {
    // A refused redirect answers the same way every time.
    if (this.statusCode !== null && this.statusCode >= 300 && this.statusCode < 400) return false;
    return this.code === 'rate_limited' || this.code === 'provider_error' || this.code === 'connection_error';
  }

  /** The health status this failure proves; null when it says nothing about the provider (our request was bad). */
  get healthStatus(): HealthStatus | null {
    switch (this.code) {
      case 'rate_limited':
      case 'quota_exceeded':
      case 'invalid_key':
        return this.code;
      case 'bad_request':
        return null;
      default:
        return 'error';
    }
  }

  /** The response our client gets: readable, never the provider's raw body or anything key-shaped. */
  toAppError(): AppError {
    const who = this.provider;
    switch (this.code) {
      case 'rate_limited':
      case 'quota_exceeded': {
        const wait = String(Math.max(1, Math.ceil(this.retryAfterSec ?? (this.code === 'quota_exceeded' ? 60 : 1))));
        const detail =
          this.code === 'rate_limited'
            ? `The ${who} provider is rate limiting this tenant's key (HTTP 429); retry after ${wait} s`
            : `The ${who} account of this tenant has exceeded its quota or billing limit (HTTP 429): ${this.message}`;
        return new AppError(this.code === 'rate_limited' ? 'provider_rate_limited' : 'provider_quota_exceeded', detail, { 'retry-after': wait });
      }
      case 'invalid_key':
        return new AppError('provider_key_rejected', `provider key rejected: ${who} answered HTTP ${this.statusCode}; check the API key configured for this tenant`);
      case 'bad_request':
        return new AppError('provider_bad_request', `The ${who} provider refused the request (HTTP ${this.statusCode}): ${this.message}`);
      case 'timeout':
        return new AppError('provider_timeout', `The ${who} provider did not answer within ${this.timeoutMs} ms`);
      case 'malformed_response':
        return new AppError('provider_malformed_response', `The ${who} provider sent a malformed response`);
      case 'stream_interrupted':
        return new AppError('provider_stream_interrupted', `The ${who} provider closed the connection before the answer was complete`);
      case 'connection_error':
        return new AppError('provider_unreachable', `The ${who} provider could not be reached`);
      default:
        return new AppError('provider_error', `The ${who} provider failed (HTTP ${this.statusCode ?? 'none'}): ${this.message}`);
    }
  }
}

const QUOTA = /insufficient_quota|quota|billing|credit balance|exceeded your current/i;

/** Seconds from a Retry-After (delta seconds or HTTP date) or OpenAI's retry-after-ms header. */
function retryAfterSeconds(headers: Record<string, string> | undefined): number | null {
  if (!headers) return null;
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const raw = headers['retry-after'];
  if (raw === undefined) return null;
  const secs = Number(raw);
  if (Number.isFinite(secs) && secs >= 0) return secs;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/** The provider's own message in an error body: {error: {message}} (OpenAI, Mistral, Groq, Anthropic, Google) or {message}. */
function messageInBody(body: string | undefined): string | null {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: { message?: unknown }; message?: unknown };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    /* not JSON */
  }
  return null;
}

function upstreamMessage(error: APICallError): string {
  // OpenAI, Mistral and Groq: {error: {message}}; Anthropic: {error: {type, message}}; Google: {error: {message, status}}.
  const data = error.data as { error?: { message?: unknown } } | undefined;
  if (typeof data?.error?.message === 'string') return data.error.message;
  return messageInBody(error.responseBody) ?? error.message;
}

/**
 * A provider's answer with an error status, classified: the one table of statuses for the AI SDK path (through
 * APICallError) and the OpenAI pass-through (which reads the status itself). `message` is the provider's.
 */
function failureOfStatus(provider: string, status: number, message: string, body: string | undefined, headers: Record<string, string> | undefined): ProviderFailure {
  if (status >= 200 && status < 300) {
    // A 2xx whose body broke off ("terminated") or could not be read.
    return new ProviderFailure('stream_interrupted', provider, 'the connection closed before the response was complete', status);
  }
  if (status === 429 || status === 402) {
    const quota = status === 402 || QUOTA.test(body ?? '') || QUOTA.test(message);
    return new ProviderFailure(quota ? 'quota_exceeded' : 'rate_limited', provider, message, status, retryAfterSeconds(headers));
  }
  if (status === 401 || status === 403) return new ProviderFailure('invalid_key', provider, message, status);
  if (status === 400 && /credit balance/i.test(message)) return new ProviderFailure('quota_exceeded', provider, message, status);
  if (status >= 500) return new ProviderFailure('provider_error', provider, message, status, retryAfterSeconds(headers));
  return new ProviderFailure('bad_request', provider, message, status);
}

/**
 * An error answer read by the pass-through, with `secret` removed from its message. A body that is not the provider's
 * JSON error is not relayed: the status line stands for it (as the SDK does).
 */
export function classifyResponse(
  provider: string,
  answer: { status: number; statusText: string; body: string; headers: Record<string, string> },
  secret?: string,
): ProviderFailure {
  const { status, body, headers } = answer;
  const message = messageInBody(body) ?? (answer.statusText || `HTTP ${status}`);
  return failureOfStatus(provider, status, message, body, headers).without(secret);
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) chain.push(e);
  return chain;
}

/**
 * Turns whatever the SDK (or fetch) threw into a ProviderFailure, with `secret` (the key the call used) removed from
 * its message. Aborts are the caller's business: not here.
 */
export function classify(error: unknown, provider: string, secret?: string): ProviderFailure {
  return classifyError(error, provider).without(secret);
}

function classifyError(error: unknown, provider: string): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  const chain = causeChain(error);
  // Refusals of the guarded client (platform/net): a redirect it did not follow, an address it may not reach.
  const redirect = chain.find((e): e is RedirectRefusedError => e instanceof RedirectRefusedError);
  if (redirect) return new ProviderFailure('provider_error', provider, 'answered with a redirect, which this service does not follow', redirect.status);
  const refused = chain.find((e): e is UnsafeUrlError => e instanceof UnsafeUrlError);
  if (refused) return new ProviderFailure('connection_error', provider, `could not connect: ${refused.message}`);
  if (chain.some((e) => JSONParseError.isInstance(e) || TypeValidationError.isInstance(e) || InvalidResponseDataError.isInstance(e) || EmptyResponseBodyError.isInstance(e))) {
    return new ProviderFailure('malformed_response', provider, 'the response body is not the JSON the provider API promises', 200);
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? null;
    const message = upstreamMessage(error);
    if (status === null) {
      const cause = causeChain(error.cause).map((e) => (e instanceof Error ? e.message : String(e))).join(': ');
      // The connection broke after the request went out: the answer was cut, not unreachable.
      if (/terminated|premature close|socket hang up/i.test(cause)) {
        return new ProviderFailure('stream_interrupted', provider, 'the connection closed before the response was complete');
      }
      return new ProviderFailure('connection_error', provider, `could not connect: ${cause || error.message}`);
    }
    return failureOfStatus(provider, status, message, error.responseBody, error.responseHeaders);
  }
  const text = chain.map((e) => (e instanceof Error ? e.message : String(e))).join(': ');
  if (/terminated|other side closed|ECONNRESET|socket hang up|premature close/i.test(text)) {
    return new ProviderFailure('stream_interrupted', provider, 'the connection closed before the response was complete');
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|fetch failed|EPROVIDERADDR/i.test(text)) {
    return new ProviderFailure('connection_error', provider, `could not connect: ${text}`);
  }
  return new ProviderFailure('provider_error', provider, text || 'unknown provider error');
}

/** For the edge of a service: provider failures become the domain errors (by code) the error handlers know. */
export function rethrowAsAppError(error: unknown): never {
  if (error instanceof ProviderFailure) throw error.toAppError();
  // The client left; nobody reads this, but it must not be logged as a server error either (499: nginx's name).
  if (error instanceof Error && error.name === 'CallAborted') throw new AppError('client_closed_request');
  throw error;
}
