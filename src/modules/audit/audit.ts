import type { Principal } from '../../platform/auth/principal.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { insertAuditEvent, type AuditEventInput } from './audit.repo.js';

/**
 * The account events of issue 9. Later areas add theirs here, so the list of what the trail can hold
 * stays in one place (and in docs/permissions.md).
 */
export const AUDIT_TYPES = [
  'user.invited',
  'user.invitation_revoked',
  'user.invitation_accepted',
  'user.created',
  'user.renamed',
  'user.role_changed',
  'user.disabled',
  'user.enabled',
  'user.deleted',
  'user.password_changed',
  'auth.login_failed',
  'auth.otp_sign_in',
  'auth.password_reset_requested',
  'auth.password_reset_confirmed',
  'sso.provider_saved',
  'sso.provider_deleted',
  'sso.settings_changed',
  'sso.admin_consent',
  'sso.identity_linked',
  'sso.sign_in',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/** Who did it: a principal of the tenant, the operator at the CLI, or nobody signed in (login, accept). */
export type AuditActor = Principal | 'operator' | { anonymous: true; userId?: string | null };

function actorOf(actor: AuditActor): Pick<AuditEventInput, 'actorKind' | 'actorId'> {
  if (actor === 'operator') return { actorKind: 'operator', actorId: null };
  if ('anonymous' in actor) return { actorKind: 'anonymous', actorId: actor.userId ?? null };
  if (actor.kind === 'app') return { actorKind: 'app', actorId: actor.installationId };
  return actor.kind === 'user' ? { actorKind: 'user', actorId: actor.userId } : { actorKind: 'api_key', actorId: actor.apiKeyId };
}

/**
 * Records an event in the caller's transaction: it commits with the change it describes, or not at all.
 */
export async function audit(
  t: TenantTx,
  type: AuditType,
  actor: AuditActor,
  event: { targetId?: string | null; details?: Record<string, unknown>; ip?: string | null } = {},
): Promise<void> {
  await insertAuditEvent(t, { type, ...actorOf(actor), ...event });
}
