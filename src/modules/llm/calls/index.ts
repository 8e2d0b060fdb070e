import type { LookupFunction } from 'node:net';
import type { CoreContext } from '../../../platform/context.js';
import type { Module } from '../../module.js';
import type { DescriptionGenerator, EmbeddingResolver } from '../../ingestion/ports.js';
import type { ModelGate } from '../gate.js';
import { createDescriber } from '../embeddings/describer.js';
import { createEmbeddingResolver } from '../embeddings/resolver.js';
import { createErrorLog } from '../errors-log/errors.service.js';
import { errorLogRoutes } from '../errors-log/errors.routes.js';
import { createGatewayModels } from '../gateway/models.js';
import { gatewayRoutes } from '../gateway/gateway.routes.js';
import { createHealthService } from '../health/health.service.js';
import { healthRoutes } from '../health/health.routes.js';
import { callsRoutes } from './calls.routes.js';
import { createChatService } from './chat.service.js';
import { createCredentialSource } from './credentials.js';
import { createGateCache } from './gate-cache.js';
import { createMediaService } from './media.service.js';
import { createModelTestService } from './model-test.service.js';
import { createProviderFetch } from './provider-fetch.js';
import { createProviderClients } from './providers.js';
import { safeLookup } from '../ssrf.js';
import { createCallRecorder } from './recorder.js';
import { UsageRecorder } from './usage.js';

export interface LlmCalls {
  /** Calls, health, error log and the OpenAI-compatible gateway. */
  module: Module;
  /** For the documents module (ingestion ports). */
  embeddings: EmbeddingResolver;
  describer: DescriptionGenerator;
  usage: UsageRecorder;
}

/** Wires part B of the language-model area around the model gate (part A). */
export function createLlmCalls(ctx: CoreContext, gate: Pick<ModelGate, 'resolveForCall'>): LlmCalls {
  const { db, config, log } = ctx;
  const keys = { encryptionKey: ctx.secrets.encryptionKey, encryptionKeyVersion: ctx.secrets.encryptionKeyVersion };
  const credentials = createCredentialSource({ db, keys, config });
  const usage = new UsageRecorder(db, log);
  // Connect-time address check: the gate checked the base URL, this checks the address actually dialled.
  const policy = { allowPrivate: config.provider.allowPrivateUrls, allowedHosts: config.provider.allowedHosts };
  const providerFetch = createProviderFetch({ lookup: safeLookup(policy) as unknown as LookupFunction });
  const clients = createProviderClients(providerFetch);
  const errors = createErrorLog({ db });
  const health = createHealthService({ db, credentials, timeoutMs: config.provider.timeoutMs, fetchImpl: providerFetch });
  const recorder = createCallRecorder({ usage, errors, health, log });
  const cachedGate = createGateCache(gate, ctx.bus);
  const provider = { timeoutMs: config.provider.timeoutMs, maxRetries: config.provider.maxRetries };
  const chat = createChatService({ gate: cachedGate, recorder, provider, clients });
  const media = createMediaService({ gate: cachedGate, recorder, provider, clients });
  const tests = createModelTestService({ db, gate: cachedGate, chat, media });
  const gatewayModels = createGatewayModels({ db });

  return {
    module: {
      name: 'llm-calls',
      async routes(app) {
        callsRoutes(chat, media, tests)(app);
        healthRoutes(health)(app);
        errorLogRoutes(errors)(app);
        await gatewayRoutes(chat, media, gatewayModels)(app);
      },
      start: () => cachedGate.start(),
      stop: () => usage.stop(),
    },
    embeddings: createEmbeddingResolver({ db, credentials, media }),
    describer: createDescriber({ credentials, chat, log }),
    usage,
  };
}
