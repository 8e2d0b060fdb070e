import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite, pgliteStartParams } from './pglite.js';

describe('pgliteStartParams', () => {
  it("keeps PGlite's own start-up parameters and sets shared_buffers after them", () => {
    const params = pgliteStartParams({ sharedBuffersMb: 16 })!;
    expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(params.slice(-2)).toEqual(['-c', 'shared_buffers=16MB']);
    expect(pgliteStartParams({})).toBeNull();
    expect(() => pgliteStartParams({ sharedBuffersMb: 0 })).toThrow();
  });
});

describe('openPglite', () => {
  it('starts PostgreSQL with the shared_buffers it is given', async () => {
    const db = await openPglite({ dataDir: null, appRole: 'kb_app', sharedBuffersMb: 16 });
    try {
      const [row] = await db.pglite.query<{ shared_buffers: string }>('SHOW shared_buffers').then((r) => r.rows);
      expect(row.shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
  });
});
