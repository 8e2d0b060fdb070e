import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/database.js';
import { fulltextLeg, fulltextTiers, pgArray } from './search.repo.js';

/**
 * The full-text leg ranks at most a capped number of matches per tier. Which matches make it into
 * the ranked set decides the answer once a common word matches more chunks than the cap: these tests fill the cap
 * with a common word and check that the chunks that must rank first are still among those ranked.
 */
describe('fulltextTiers', () => {
  const query = (terms: string[], phrases: string | null = null, not: string[] = []) => ({ config: 'english', terms, phrases, not, rank: terms.join(' | ') });
  const matches = (tiers: ReturnType<typeof fulltextTiers>) => tiers.map((tier) => tier.map((s) => `${s.match} ≤${s.cap}`));

  it('asks for every term, then at least k of them, then each term alone with an equal share of the cap', () => {
    expect(matches(fulltextTiers(query(["'a'", "'b'", "'c'"]), 300))).toEqual([
      ["((('a') & ('b') & ('c'))) ≤300"],
      ["((('a') & ('b')) | (('a') & ('c')) | (('b') & ('c'))) ≤300"],
      ["('a') ≤100", "('b') ≤100", "('c') ≤100"],
    ]);
  });

  it('one term is one tier; a phrase makes the terms optional and every tier requires it and the exclusions', () => {
    expect(matches(fulltextTiers(query(["'a'"]), 300))).toEqual([["('a') ≤300"]]);
    expect(matches(fulltextTiers(query(["'a'", "'b'"], "'x' <-> 'y'", ["!('z')"]), 300))).toEqual([
      ["((('a') & ('b'))) & ('x' <-> 'y') & (!('z')) ≤300"],
      ["('x' <-> 'y') & (!('z')) ≤300"],
    ]);
  });

  it('leaves out a middle tier whose query would list too many subsets, and never gives a term a share of 0', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((t) => `'${t}'`);
    const tiers = fulltextTiers(query(six), 4);
    // C(6,5) = 6, C(6,4) = 15, C(6,3) = 20 (left out), C(6,2) = 15, then the six terms alone.
    expect(tiers.map((tier) => tier.length)).toEqual([1, 1, 1, 1, 6]);
    expect(tiers[1][0].match.split('|')).toHaveLength(6);
    expect(tiers[3][0].match.split('|')).toHaveLength(15);
    expect(tiers[4].every((s) => s.cap === 1)).toBe(true);
  });
});

describe('full-text leg with a cap smaller than a common word’s matches', () => {
  let t: TestService;
  let tenant: TestTenant;
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => t.service.ctx.db.tenant(tenant.tenantId, fn);
  const names = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestService();
    tenant = await createTenant(t, 'Tiers');
    // Twelve documents of the common word first, then, written after them (so an index scan meets them last), one
    // holding the rare word alone and one holding two of three query words.
    const docs: [string, string][] = [
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`common-${i}.txt`, `Harbour notes number ${i}: the harbour harbour opened early.`]),
      ['rare.txt', 'A zeppelin was sighted over the town.'],
      ['two-of-three.txt', 'The lantern and the granite steps by the water.'],
    ];
    // One at a time, so the chunks are written in this order.
    for (const [filename, text] of docs) {
      const id = await uploadOk(t, tenant, filename, text);
      await indexedOk(t, tenant, id);
      names.set(id, filename);
    }
  }, 240_000);
  afterAll(async () => t?.close());

  /** The documents of the leg's first three hits, best first, by filename. */
  const documentsOf = (query: string, maxRanked: number) =>
    inTenant(async (tx) => {
      const hits = await fulltextLeg({ tx, tenantId: tenant.tenantId }, {}, query, 3, maxRanked);
      const owners = await rows<{ id: string; document_id: string }>(tx, sql`
        SELECT id, document_id FROM document_chunks WHERE tenant_id = ${tenant.tenantId} AND id = ANY(${pgArray(hits.map((h) => h.id))}::uuid[])`);
      const documentOf = new Map(owners.map((o) => [o.id, o.document_id]));
      return hits.map((h) => names.get(documentOf.get(h.id) ?? ''));
    });

  it('ranks the chunk holding the rare word although the common word alone fills the cap', async () => {
    // One scan of "either word" capped at 4 would rank the first four harbour chunks and never see the zeppelin.
    const found = await documentsOf('harbour zeppelin', 4);
    expect(found).toContain('rare.txt');
  });

  it('ranks a chunk holding two of three words first although single-word matches fill the cap', async () => {
    const found = await documentsOf('harbour lantern granite', 4);
    expect(found[0]).toBe('two-of-three.txt');
  });
});
