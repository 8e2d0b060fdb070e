import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { revokeGrants } from './grants.repo.js';

/**
 * Ends grants: their refresh tokens at once (the grant is checked at every refresh), their access tokens on every
 * instance as soon as the transaction commits (NOTIFY `grant` drops the Authenticator's cached verdict). Call
 * `forget` after the commit to drop this process's cache without waiting for the notification.
 */
export function createGrantRevoker(deps: { bus: EventBus; authenticator: Pick<Authenticator, 'forgetGrant'> }) {
  return {
    async revoke(t: TenantTx, where: Parameters<typeof revokeGrants>[1], at: Date): Promise<string[]> {
      const ids = await revokeGrants(t, where, at);
      for (const id of ids) await deps.bus.publish(AUTH_CHANNEL, { kind: 'grant', id }, t.tx);
      return ids;
    },
    forget(ids: readonly string[]): void {
      for (const id of ids) deps.authenticator.forgetGrant(id);
    },
  };
}
export type GrantRevoker = ReturnType<typeof createGrantRevoker>;
