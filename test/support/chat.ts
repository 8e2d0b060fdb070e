import type { TestService, TestTenant } from '../harness.js';
import type { ChatRequestView } from '../peers/fake-openai.js';
import { indexedOk, uploadOk, type UploadOptions } from './documents.js';

/** Helpers of the chat tests: documents to ask about, questions, and scripted replies of the fake provider. */

export const QUERY = '/api/v1/chat/query';

export function ask(t: TestService, tenant: TestTenant, payload: Record<string, unknown>, token?: string) {
  return t.app.inject({ method: 'POST', url: QUERY, headers: tenant.auth(token), payload });
}

/** Uploads each document and waits until all are indexed; returns their ids by name. */
export async function seedDocuments(t: TestService, tenant: TestTenant, docs: { name: string; text: string; options?: UploadOptions }[]) {
  const ids: Record<string, string> = {};
  for (const doc of docs) ids[doc.name] = await uploadOk(t, tenant, doc.name, doc.text, doc.options);
  for (const id of Object.values(ids)) await indexedOk(t, tenant, id);
  return ids;
}

export interface PromptSource {
  id: number;
  document: string;
  text: string;
}

/** The numbered <source> blocks of the last user message the provider received. */
export function sourcesOf(request: Pick<ChatRequestView, 'lastUser'>): PromptSource[] {
  return [...request.lastUser.matchAll(/<source id="(\d+)" document="([^"]*)"[^>]*>\n([\s\S]*?)\n<\/source>/g)].map((m) => ({
    id: Number(m[1]),
    document: m[2],
    text: m[3],
  }));
}

/** The condensing call (a follow-up rewritten into a standalone question), as opposed to the answer. */
export const isCondensing = (request: ChatRequestView) => request.system.includes('standalone question');

/**
 * A reply that states each fact and cites the source whose text contains its keyword (the number the model was
 * given), plus `extra` text (e.g. a marker naming no source).
 */
export function citing(facts: [keyword: string, sentence: string][], extra = ''): (request: ChatRequestView) => string {
  return (request) => {
    const sources = sourcesOf(request);
    const parts = facts.map(([keyword, sentence]) => {
      const source = sources.find((s) => s.text.includes(keyword));
      return source ? `${sentence} [${source.id}].` : `${sentence}.`;
    });
    return `${parts.join(' ')}${extra}`;
  };
}

/** Server-sent events of a body read whole: `{event, data}` (heartbeats, `: ping`, are left out). */
export function parseEvents(body: string): { event: string; data: any }[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, ...dataLines] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLines.map((l) => l.replace(/^data: /, '')).join('\n')) };
    });
}
