/**
 * The sync engine against every kind's loopback peer (one line each in PEERS): a first run indexes everything; a run
 * over an unchanged source reads and re-parses nothing; a change, an addition and a deletion are exactly one update,
 * one add and one delete; a listing that breaks deletes nothing; and a service stopped in the middle of a run
 * resumes it after a restart without losing or doubling anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import type { ConnectorPeer } from '../../../test/support/connector-peer.js';
import { connectorDocuments, createConnector, getRun, startSync, syncAndWait } from '../../../test/support/connectors.js';
import { search } from '../../../test/support/documents.js';
import { ask } from '../../../test/support/chat.js';
import { eventually } from '../../../test/support/eventually.js';
import { createFolderPeer } from '../../../test/peers/connector-folder.js';
import { startS3ConnectorPeer } from '../../../test/peers/connector-s3.js';
import { startSharePointConnectorPeer } from '../../../test/peers/connector-sharepoint.js';
import { startWebPeer } from '../../../test/peers/connector-web.js';

const PEERS: { name: string; create: () => Promise<ConnectorPeer> }[] = [
  { name: 'folder', create: createFolderPeer },
  { name: 'web', create: startWebPeer },
  { name: 's3', create: startS3ConnectorPeer },
  { name: 'sharepoint', create: startSharePointConnectorPeer },
];

const N = 6;

describe.each(PEERS)('the sync engine with the $name peer', ({ create }) => {
  let peer: ConnectorPeer;
  const services: TestService[] = [];
  let t: TestService;
  let tenant: TestTenant;
  let connectorId: string;
  // Every service of the file stops running jobs at once when closed, so a restart really interrupts a run.
  const env = () => ({ ...peer.env, SHUTDOWN_GRACE_MS: '0' });

  beforeAll(async () => {
    peer = await create();
    t = await startTestService({ env: env(), persistent: true });
    services.push(t);
    tenant = await createTenant(t);
    connectorId = (await createConnector(t, tenant, peer)).id;
  });

  afterAll(async () => {
    for (const s of services.reverse()) await s.close();
    await services.at(-1)?.destroy();
    await peer?.close();
  });

  const documents = () => connectorDocuments(t, tenant, connectorId);
  const jobCount = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/jobs`, headers: tenant.auth() })).json().length as number;
  const found = async (phrase: string) => (await search(t, tenant, { query: phrase, mode: 'fulltext' })).items.filter((i) => i.text.includes(phrase));

  it('indexes every item on the first run', async () => {
    await peer.seed(N);
    const run = await syncAndWait(t, tenant, connectorId);
    expect(run).toMatchObject({ status: 'succeeded', listing_complete: true, counts: { seen: N, added: N, updated: 0, unchanged: 0, deleted: 0, failed: 0 } });
    const docs = await documents();
    expect(docs).toHaveLength(N);
    expect(docs.every((d) => d.status === 'indexed')).toBe(true);
    expect(new Set(docs.map((d) => d.source.external_id)).size).toBe(N);
    for (let i = 0; i < N; i++) expect(await found(peer.phrase(i)), peer.phrase(i)).toHaveLength(1);
    // Search hits say where their document came from, as documents do.
    const [hit] = await found(peer.phrase(0));
    expect(hit.source).toEqual(docs.find((d) => d.document_id === hit.document_id).source);
    // And so do an answer's sources.
    const answer = await ask(t, tenant, { query: peer.phrase(0), mode: 'retrieve' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().sources.find((s: any) => s.document_id === hit.document_id).source).toEqual(hit.source);
  });

  it('reads, parses and changes nothing when nothing changed', async () => {
    const before = await documents();
    const jobs = await Promise.all(before.map((d) => jobCount(d.document_id)));
    const reads = peer.contentReads();
    const run = await syncAndWait(t, tenant, connectorId);
    expect(run).toMatchObject({ status: 'succeeded', counts: { added: 0, updated: 0, deleted: 0, failed: 0 } });
    // A full listing sees every item unchanged; a delta source reports no change at all.
    expect([`${N}/${N}`, '0/0']).toContain(`${run.counts.seen}/${run.counts.unchanged}`);
    expect(peer.contentReads()).toBe(reads);
    const after = await documents();
    expect(after.map((d) => [d.document_id, d.updated_at]).sort()).toEqual(before.map((d) => [d.document_id, d.updated_at]).sort());
    expect(await Promise.all(after.map((d) => jobCount(d.document_id)))).toEqual(jobs);
  });

  it('applies one change, one addition and one deletion exactly', async () => {
    const before = await documents();
    await peer.change(0);
    await peer.add(N);
    await peer.remove(1);
    const run = await syncAndWait(t, tenant, connectorId);
    expect(run).toMatchObject({ status: 'succeeded', listing_complete: true, counts: { added: 1, updated: 1, deleted: 1, failed: 0 } });
    expect([`${N}/${N - 2}`, '2/0']).toContain(`${run.counts.seen}/${run.counts.unchanged}`);
    const after = await documents();
    expect(after).toHaveLength(N);
    expect(after.every((d) => d.status === 'indexed')).toBe(true);
    const changed = await found(peer.changedPhrase(0));
    expect(changed).toHaveLength(1);
    // Updated in place: the same document, reindexed.
    expect(before.map((d) => d.document_id)).toContain(changed[0].document_id);
    expect(await found(peer.phrase(0))).toHaveLength(0);
    expect(await found(peer.phrase(1))).toHaveLength(0);
    expect(await found(peer.phrase(N))).toHaveLength(1);
  });

  it('deletes nothing when the listing breaks, and catches up once it heals', async () => {
    const before = await documents();
    await peer.remove(2);
    peer.failListingAfter(1);
    const failed = await syncAndWait(t, tenant, connectorId);
    expect(failed.status).toBe('failed');
    expect(failed.listing_complete).toBe(false);
    expect(failed.counts.deleted).toBe(0);
    expect(failed.error).toMatch(/listing failed/);
    expect((await documents()).map((d) => d.document_id).sort()).toEqual(before.map((d) => d.document_id).sort());
    const connector = (await t.app.inject({ method: 'GET', url: `/api/v1/connectors/${connectorId}`, headers: tenant.auth() })).json();
    expect(connector).toMatchObject({ status: 'idle', consecutive_failures: 1 });

    peer.failListingAfter(null);
    const healed = await syncAndWait(t, tenant, connectorId);
    expect(healed).toMatchObject({ status: 'succeeded', counts: { deleted: 1, added: 0 } });
    expect(await documents()).toHaveLength(N - 1);
    expect(await found(peer.phrase(2))).toHaveLength(0);
  });

  it('resumes a run the service was stopped in, losing and doubling nothing', async () => {
    const more = 20;
    for (let i = N + 1; i <= N + more; i++) await peer.add(i);
    const expected = (await documents()).length + more;
    const runId = await startSync(t, tenant, connectorId);
    const midway = await eventually('the run to be under way', () => getRun(t, tenant, connectorId, runId), (r) => r.counts.seen >= 1, 90_000, 5);
    await t.close();
    t = await startTestService({ env: env(), reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl } });
    services.push(t);
    const run = await eventually(`run ${runId} to end`, () => getRun(t, tenant, connectorId, runId), (r) => ['succeeded', 'failed', 'cancelled'].includes(r.status));
    expect(run.status).toBe('succeeded');
    expect(run.counts.added).toBe(more);
    expect(run.counts.deleted).toBe(0);
    const docs = await documents();
    expect(docs).toHaveLength(expected);
    expect(new Set(docs.map((d) => d.source.external_id)).size).toBe(expected);
    expect(docs.every((d) => d.status === 'indexed')).toBe(true);
    for (let i = N + 1; i <= N + more; i++) expect(await found(peer.phrase(i))).toHaveLength(1);
    // Only meaningful when the stop landed mid-run; say so when the run outran it.
    if (midway.status !== 'running' || midway.counts.seen >= more + N) console.warn('the run was nearly done when the service stopped');
  });
});
