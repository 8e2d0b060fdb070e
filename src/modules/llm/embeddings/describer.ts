import type { Logger } from 'pino';
import type { DescriptionGenerator, DescriptionRequest } from '../../ingestion/index.js';
import { CallAborted } from '../calls/attempts.js';
import type { ChatService } from '../calls/chat.service.js';
import type { CredentialSource } from '../gate.js';
import { ProviderFailure } from '../calls/failures.js';

/** Enough of a document to say what it is about, and a bounded cost per document. */
const DESCRIBE_MAX_CHARS = 12_000;

const INSTRUCTIONS =
  'You write short descriptions of documents for a search index. In one to three sentences (at most 60 words), ' +
  'say what the document is and what it covers. Write in the language of the document. No preamble, no quotes.';

export interface DescriberDeps {
  credentials: Pick<CredentialSource, 'resolveForTenant'>;
  chat: Pick<ChatService, 'completeResolved'>;
  log: Logger;
}

/**
 * Document descriptions by the tenant's default chat model. A description is optional: without a default model, with
 * a misconfigured one, or when the provider fails (the failure is in the tenant's error log and health), the answer
 * is null and indexing goes on. Only an abort propagates.
 */
export function createDescriber(deps: DescriberDeps): DescriptionGenerator {
  async function describe(tenantId: string, text: string, signal?: AbortSignal, about?: DescriptionRequest) {
    const excerpt = text.trim().slice(0, DESCRIBE_MAX_CHARS);
    if (!excerpt) return null;
    let resolved;
    try {
      resolved = await deps.credentials.resolveForTenant(tenantId, null, 'chat');
    } catch (error) {
      deps.log.warn({ err: error, tenantId, ...about }, 'default chat model unusable; document left without description');
      return null;
    }
    if (!resolved) return null;
    try {
      // No request behind background work: the error log records the document and job (and, as before their columns
      // existed, names them in the request id, which log readers may still search).
      const requestId = about ? `document:${about.documentId} job:${about.jobId}` : null;
      const subject = about ? { documentId: about.documentId, jobId: about.jobId } : undefined;
      const result = await deps.chat.completeResolved({ tenantId, userId: null, apiKeyId: null, requestId, about: subject, signal }, resolved, {
        model: resolved.model.modelName,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: excerpt },
        ],
        maxTokens: resolved.model.maxOutputTokens ? Math.min(200, resolved.model.maxOutputTokens) : 200,
        temperature: 0.2,
      });
      const description = result.content.trim();
      return description ? { text: description, model: result.model } : null;
    } catch (error) {
      if (error instanceof CallAborted) throw signal?.reason ?? error;
      if (error instanceof ProviderFailure) return null;
      throw error;
    }
  }
  return { describe };
}
