import type { Logger } from 'pino';
import type { Principal } from '../../../platform/auth/principal.js';
import type { Mode } from '../catalog/loader.js';
import type { CatalogModelRow } from '../llm.table.js';
import type { ErrorLog } from '../errors-log/errors.service.js';
import type { HealthService } from '../health/health.service.js';
import { costOf, type Consumption } from './cost.js';
import type { ProviderFailure } from './failures.js';
import type { UsageRecorder } from './usage.js';
import type { RetryOptions } from './attempts.js';
import type { ResolvedCall } from '../gate.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';

/** Who a call is for: the tenant always; the caller and request when there is one (background work has none). */
export interface CallContext {
  tenantId: string;
  userId: string | null;
  apiKeyId: string | null;
  requestId: string | null;
  /** Background work about a document (its description): the document and its indexing job, for the error log. */
  about?: { documentId: string; jobId: string };
  /** Aborts the upstream call (client disconnect). */
  signal?: AbortSignal;
}

export function contextOf(principal: Principal, requestId: string | null, signal?: AbortSignal): CallContext {
  return {
    tenantId: principal.tenantId,
    userId: principal.kind === 'api_key' ? null : principal.userId,
    apiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
    requestId,
    signal,
  };
}

export interface CallRecorderDeps {
  usage: Pick<UsageRecorder, 'record'>;
  errors: Pick<ErrorLog, 'record'>;
  health: Pick<HealthService, 'reportFailure' | 'reportSuccess'>;
  log: Logger;
  /** The process's registry, for provider call counts and latency. */
  metrics?: Metrics;
}

/** Calls and failed attempts per provider (every attempt is recorded here once, by whichever service made it). */
function providerSeries(metrics: Metrics | undefined) {
  if (!metrics) return null;
  return {
    requests: metrics.counter('kb_llm_provider_requests_total', 'Requests (attempts) sent to providers, by provider and outcome (success, error)', ['provider', 'outcome']),
    errors: metrics.counter('kb_llm_provider_errors_total', 'Failed provider attempts, by provider and error code', ['provider', 'code']),
    latency: metrics.histogram('kb_llm_provider_latency_seconds', 'Latency of successful provider calls, by provider and mode', ['provider', 'mode']),
  };
}

/**
 * The bookkeeping around every provider call: each failed attempt goes to the error log and moves provider health
 * before the client hears of it; each success queues a usage record (written in batches, off the response path).
 * Bookkeeping that fails is logged and never replaces the provider's answer.
 */
export function createCallRecorder(deps: CallRecorderDeps) {
  const { log } = deps;
  const series = providerSeries(deps.metrics);

  async function failure(ctx: CallContext, model: string | null, failed: ProviderFailure): Promise<void> {
    series?.requests.inc({ provider: failed.provider, outcome: 'error' });
    series?.errors.inc({ provider: failed.provider, code: failed.code });
    const entry = {
      tenantId: ctx.tenantId,
      provider: failed.provider,
      model,
      errorCode: failed.code,
      statusCode: failed.statusCode,
      message: failed.message,
      userId: ctx.userId,
      apiKeyId: ctx.apiKeyId,
      requestId: ctx.requestId,
      documentId: ctx.about?.documentId ?? null,
      jobId: ctx.about?.jobId ?? null,
    };
    const status = failed.healthStatus;
    await Promise.all([
      deps.errors.record(entry).catch((error) => log.error({ err: error }, 'llm error log write failed')),
      status
        ? deps.health.reportFailure(ctx.tenantId, failed.provider, status, `${failed.code}: ${failed.message}`).catch((error) => log.error({ err: error }, 'llm health write failed'))
        : null,
    ]);
  }

  /** Returns the cost in USD (null when the catalog prices none of it). */
  async function success(ctx: CallContext, model: CatalogModelRow, mode: Mode, used: Consumption, latencyMs: number): Promise<number | null> {
    series?.requests.inc({ provider: model.provider, outcome: 'success' });
    series?.latency.observe({ provider: model.provider, mode }, latencyMs / 1000);
    const costUsd = costOf(model, used);
    deps.usage.record({
      tenantId: ctx.tenantId,
      model: model.modelName,
      provider: model.provider,
      mode,
      promptTokens: used.promptTokens ?? 0,
      completionTokens: used.completionTokens ?? 0,
      costUsd,
      latencyMs: Math.round(latencyMs),
      userId: ctx.userId,
      apiKeyId: ctx.apiKeyId,
      requestId: ctx.requestId,
      createdAt: new Date(),
    });
    await deps.health.reportSuccess(ctx.tenantId, model.provider, Math.round(latencyMs)).catch((error) => log.error({ err: error }, 'llm health write failed'));
    return costUsd;
  }

  return { failure, success };
}
export type CallRecorder = ReturnType<typeof createCallRecorder>;

/** PROVIDER_TIMEOUT_MS and PROVIDER_MAX_RETRIES, as every call path receives them. */
export interface ProviderLimits {
  timeoutMs: number;
  maxRetries: number;
}

/**
 * The retry options of one provider call, the same on every path (SDK, pass-through, media, rerank): the client's
 * disconnect aborts it, the tenant's key is kept out of every failure message, and each failed attempt is recorded
 * (error log, provider health) whether or not it is retried.
 */
export function retryOptionsFor(recorder: Pick<CallRecorder, 'failure'>, limits: ProviderLimits, ctx: CallContext, resolved: ResolvedCall): RetryOptions {
  return {
    provider: resolved.credentials.provider,
    maxRetries: limits.maxRetries,
    timeoutMs: limits.timeoutMs,
    signal: ctx.signal,
    secret: resolved.credentials.apiKey,
    onFailure: (failure: ProviderFailure) => recorder.failure(ctx, resolved.model.modelName, failure),
  };
}
