import { sql } from 'drizzle-orm';
import { rows } from '../../src/platform/db/database.js';
import type { TestService } from '../harness.js';
import { eventually } from './eventually.js';

/** Reads of the tenant's event log (the webhooks module's `events` table), for tests of what a change writes there. */

export interface LoggedEvent {
  id: string;
  type: string;
  data: Record<string, any>;
  created_at: string;
}

/** The tenant's events, oldest first (by `seq`, the order they were written in), of `type` when given. */
export function loggedEvents(t: TestService, tenantId: string, type?: string): Promise<LoggedEvent[]> {
  return t.service.ctx.db.tenant(tenantId, (tx) =>
    rows<LoggedEvent>(tx, sql`
      SELECT id, type, data, created_at::text AS created_at FROM events
      WHERE tenant_id = ${tenantId} ${type ? sql`AND type = ${type}` : sql``}
      ORDER BY seq`),
  );
}

/**
 * Makes the database refuse, at commit, every transaction that changes a row of `table` matching `when` (a trigger
 * condition on NEW or OLD): a deferred constraint trigger, so the change and everything written after it in the same
 * transaction (its event) are in place when the commit fails. Returns the function that removes it again.
 */
export async function refuseAtCommit(t: TestService, table: string, on: 'INSERT' | 'DELETE' | 'UPDATE', when: string): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${Math.random().toString(36).slice(2, 10)}`;
  // The service's own maintenance (ANALYZE after indexing) may hold the owner's lock for a moment: wait for it.
  const owner = (statement: string) =>
    eventually(`the maintenance lock, to run ${statement.slice(0, 40)}`, () => t.service.ctx.db.maintain((run) => run(statement)), (done) => done !== null);
  await owner(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
  await owner(`CREATE CONSTRAINT TRIGGER ${name} AFTER ${on} ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`);
  return async () => {
    await owner(`DROP TRIGGER ${name} ON ${table}`);
    await owner(`DROP FUNCTION ${name}()`);
  };
}
