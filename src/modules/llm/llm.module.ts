import type { CoreContext } from '../../platform/context.js';
import { createGuardedClient } from '../../platform/net/guarded-fetch.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { DescriptionGenerator, EmbeddingResolver } from '../ingestion/index.js';
import { createAccessService } from './access.service.js';
import { createAnswerModels, type AnswerModels } from './answer-models.js';
import { callsRoutes } from './calls/calls.routes.js';
import { createChatEngine } from './calls/chat-engine.js';
import { createChatService } from './calls/chat.service.js';
import { createGateCache } from './calls/gate-cache.js';
import { createMediaService } from './calls/media.service.js';
import { createModelTestService } from './calls/model-test.service.js';
import { createPassthrough } from './calls/passthrough.js';
import { createProviderClients } from './calls/providers.js';
import { createCallRecorder } from './calls/recorder.js';
import { createRerankService } from './calls/rerank.service.js';
import { createSdkChat } from './calls/sdk-chat.js';
import { UsageRecorder } from './calls/usage.js';
import { catalogCommands } from './catalog.commands.js';
import { createCatalogService } from './catalog.service.js';
import { createDescriber } from './embeddings/describer.js';
import { createEmbeddingResolver } from './embeddings/resolver.js';
import { errorLogRoutes } from './errors-log/errors.routes.js';
import { createErrorLog } from './errors-log/errors.service.js';
import { usageReportRoutes } from './usage-report/usage-report.routes.js';
import { createUsageReport } from './usage-report/usage-report.service.js';
import { createModelGate } from './gate.js';
import { gatewayRoutes } from './gateway/gateway.routes.js';
import { createGatewayModels } from './gateway/models.service.js';
import { healthRoutes } from './health/health.routes.js';
import { createHealthService } from './health/health.service.js';
import { llmRoutes } from './llm.routes.js';
import { createModelsService } from './models.service.js';
import { createProvidersService } from './providers.service.js';
import { providerUrlPolicy } from './provider-url.js';

/**
 * Calls with the tenants' keys and their bookkeeping: what other modules use (the ingestion ports, the chat
 * module's models), built from the context alone so that documents can be built before the llm module.
 */
export interface LlmCalls {
  /** Ingestion ports (ingestion/ports.ts), for the documents and search modules. */
  embeddings: EmbeddingResolver;
  describer: DescriptionGenerator;
  /** Chat models, completions and reranking for the chat module (answers over memories). */
  answers: AnswerModels;
  /** Usage is written in batches: stop() flushes what is left. */
  usage: UsageRecorder;
  /** The module's own use of the calls (routes, start). */
  internal: ReturnType<typeof buildCalls>;
}

export interface LlmModuleDeps {
  calls: LlmCalls;
  /** The tenant's default embedding model may have changed (documents re-embeds when its documents are on another). */
  onDefaultEmbeddingModelChanged(tenantId: string): Promise<unknown>;
}

/**
 * Every provider key goes out through the gate (gate.ts); every request to a tenant- or operator-configured URL goes
 * through the guarded HTTP client (platform/net), which checks the address it connects to and follows no redirect.
 */
function buildCalls(ctx: CoreContext) {
  const { db, config, log } = ctx;
  const keys = ctx.secrets; // the key ring, older key versions included (rotation)
  const gate = createModelGate({ db, keys, config });
  const providerHttp = createGuardedClient({ policy: providerUrlPolicy(config) });
  const providerFetch = providerHttp.fetch;
  const clients = createProviderClients(providerFetch);
  const usage = new UsageRecorder(db, log);
  const errors = createErrorLog({ db, credentials: gate });
  const health = createHealthService({ db, credentials: gate, timeoutMs: config.provider.timeoutMs, fetchImpl: providerFetch });
  const recorder = createCallRecorder({ usage, errors, health, log, metrics: ctx.metrics });
  const cachedGate = createGateCache(gate, ctx.bus);
  const provider = { timeoutMs: config.provider.timeoutMs, maxRetries: config.provider.maxRetries };
  // One chat engine, two adapters: OpenAI-protocol providers skip the SDK (PROVIDER_PASSTHROUGH, on by default).
  const engine = createChatEngine({ recorder, provider });
  const passthrough = config.provider.passthrough ? createPassthrough({ request: providerHttp.request, engine }) : null;
  const chat = createChatService({ gate: cachedGate, sdk: createSdkChat({ engine, clients }), passthrough });
  const media = createMediaService({ gate: cachedGate, recorder, provider, clients });
  const tests = createModelTestService({ gate: cachedGate, chat, media });
  const reranker = createRerankService({ gate: cachedGate, recorder, provider, clients });
  return { gate, cachedGate, usage, errors, health, chat, media, tests, reranker };
}

/** The calls half of the language-model module (see LlmCalls). */
export function createLlmCalls(ctx: CoreContext): LlmCalls {
  const internal = buildCalls(ctx);
  const { gate, cachedGate, chat, media, reranker, errors, usage } = internal;
  return {
    embeddings: createEmbeddingResolver({ db: ctx.db, credentials: gate, media }),
    describer: createDescriber({ credentials: gate, chat, log: ctx.log }),
    answers: createAnswerModels({ gate, cachedGate, chat, reranker, errors }),
    usage,
    internal,
  };
}

/**
 * The language-model module over its calls: catalog, preferences, access rules, provider keys, the call routes,
 * health, the error log, usage reports and the OpenAI-compatible gateway. Built after documents, whose re-embedding
 * it starts when a tenant's default embedding model changes.
 */
export function createLlm(ctx: CoreContext, deps: LlmModuleDeps): { module: Module } {
  const { db, config, log } = ctx;
  const { chat, media, tests, health, errors, cachedGate, usage } = deps.calls.internal;
  // The catalog loader fetches the operator's URL through its own guarded client (no redirect followed).
  const catalog = createCatalogService({ db, config, log });
  const models = createModelsService({ db, catalog, hooks: { onDefaultEmbeddingModelChanged: deps.onDefaultEmbeddingModelChanged } });
  const access = createAccessService();
  const providers = createProvidersService({ db, keys: ctx.secrets, config });
  const gatewayModels = createGatewayModels();

  const module: Module = {
    name: 'llm',
    async routes(app) {
      mountRoutes(app, [
        ...llmRoutes({ models, access, providers }),
        ...callsRoutes(chat, media, tests),
        ...healthRoutes(health),
        ...errorLogRoutes(errors),
        ...usageReportRoutes(createUsageReport({ clock: ctx.clock })),
      ]);
      await gatewayRoutes(chat, media, gatewayModels)(app);
    },
    commands: catalogCommands(catalog),
    async start() {
      await catalog.syncOnStart();
      await cachedGate.start();
    },
    stop: () => usage.stop(),
  };
  return { module };
}
