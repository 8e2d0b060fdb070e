import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedClient } from '../../src/platform/net/guarded-fetch.js';
import type { ConnectorContext, ListEvent, ListResult } from '../../src/modules/connectors/kinds/kind.js';
import { sharepointKind } from '../../src/modules/connectors/kinds/sharepoint.js';
import type { ConnectorPeer } from '../support/connector-peer.js';
import { startSharePointConnectorPeer } from './connector-sharepoint.js';

/**
 * The SharePoint ConnectorPeer keeps its promises to the engine tests (seed, change, remove, a listing that breaks,
 * content reads), checked here against the kind itself without the engine or a database.
 */
let peer: ConnectorPeer;
const versions = new Map<string, string>();
let cursor: unknown = null;

beforeAll(async () => {
  peer = await startSharePointConnectorPeer();
});
afterAll(() => peer.close());

function context(): ConnectorContext {
  const policy = { allowPrivate: peer.env.CONNECTOR_ALLOW_PRIVATE_URLS === 'true', allowedHosts: [] };
  return {
    connectorId: 'c1',
    tenantId: 't1',
    config: peer.config,
    credentials: peer.credentials ?? null,
    env: { folderRoots: [], userAgent: 'KnowledgeBaseBot/1.0', policy, graphBaseUrl: peer.env.CONNECTOR_GRAPH_BASE_URL, graphLoginUrl: peer.env.CONNECTOR_GRAPH_LOGIN_URL },
    http: createGuardedClient({ policy }),
    signal: new AbortController().signal,
    previous: async (id) => (versions.has(id) ? { version: versions.get(id)! } : null),
    cursor,
    limits: { maxItems: 1000, maxFileBytes: 1_000_000 },
    now: () => Date.now(),
  };
}

/** One run as the engine makes it: list, open what is new or changed, remember versions and the cursor. */
async function run(): Promise<{ result: ListResult; texts: string[]; deleted: number }> {
  const ctx = context();
  const events: ListEvent[] = [];
  const listing = sharepointKind.list(ctx);
  let next = await listing.next();
  for (; !next.done; next = await listing.next()) events.push(next.value);
  const texts: string[] = [];
  let deleted = 0;
  for (const event of events) {
    if (event.type === 'item' && versions.get(event.item.externalId) !== event.item.version) {
      const chunks: Buffer[] = [];
      for await (const chunk of await sharepointKind.open(ctx, event.item)) chunks.push(chunk as Buffer);
      texts.push(Buffer.concat(chunks).toString('utf8'));
      versions.set(event.item.externalId, event.item.version);
    }
    if (event.type === 'deleted' && versions.delete(event.externalId)) deleted++;
  }
  cursor = next.value.cursor ?? null;
  return { result: next.value, texts, deleted };
}

describe('SharePoint connector peer', () => {
  it('seeds, changes, adds, removes, breaks and heals as the engine tests expect', async () => {
    await peer.seed(5);
    const first = await run();
    expect(first.result.mode).toBe('full');
    expect(first.texts).toHaveLength(5);
    for (let i = 0; i < 5; i++) expect(first.texts.some((t) => t.includes(peer.phrase(i)))).toBe(true);
    expect(peer.contentReads()).toBe(5);

    const quiet = await run();
    expect(quiet.texts).toEqual([]);
    expect(peer.contentReads()).toBe(5);

    await peer.change(1);
    await peer.add(7);
    await peer.remove(2);
    const changed = await run();
    expect(changed.result.mode).toBe('delta');
    expect(changed.texts.map((t) => t.includes(peer.changedPhrase(1)) || t.includes(peer.phrase(7)))).toEqual([true, true]);
    expect(changed.deleted).toBe(1);

    peer.failListingAfter(2);
    await peer.change(3);
    await expect(run()).rejects.toThrow(/HTTP 500/);
    peer.failListingAfter(null);
    const healed = await run();
    expect(healed.texts.some((t) => t.includes(peer.changedPhrase(3)))).toBe(true);
  });
});
