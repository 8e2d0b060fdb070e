import type { Principal } from '../../platform/auth/principal.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { findActorName, insertAuditEvent, type AuditEventInput } from './audit.repo.js';

/**
 * Every event the trail can hold, in one place (and in this module's README and docs/permissions.md): accounts and
 * sign-in, then the credentials and settings an administrator changes, then deletions of content containers.
 */
export const AUDIT_TYPES = [
  'user.invited',
  'user.invitation_revoked',
  'user.invitation_link_issued',
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
  'api_key.created',
  'api_key.revoked',
  'llm.provider_key_set',
  'llm.provider_key_rotated',
  'llm.provider_key_deleted',
  'llm.model_activated',
  'llm.model_deactivated',
  'llm.model_preference_changed',
  'llm.access_rules_set',
  'llm.access_rules_cleared',
  'oauth.client_created',
  'oauth.client_updated',
  'oauth.client_deleted',
  'app.imported',
  'app.installed',
  'app.upgraded',
  'app.uninstalled',
  'memory.deleted',
  'folder.deleted',
  'webhook.endpoint_created',
  'webhook.endpoint_updated',
  'webhook.endpoint_deleted',
  'webhook.secret_rotated',
  'connector.created',
  'connector.updated',
  'connector.deleted',
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
 * Records an event in the caller's transaction: it commits with the change it describes, or not at all. The actor's
 * name (e-mail, key or app name) is looked up here and kept; `targetName` is the target's as the caller knows it
 * (an e-mail, a key's, provider's, client's or model's name); without one, a target that is a user of the tenant is
 * named by its e-mail (the account events). `details` never holds a secret: callers pass names,
 * hints and flags, never a key, token or client secret.
 */
export async function audit(
  t: TenantTx,
  type: AuditType,
  actor: AuditActor,
  event: { targetId?: string | null; targetName?: string | null; details?: Record<string, unknown>; ip?: string | null } = {},
): Promise<void> {
  const who = actorOf(actor);
  const actorName = await findActorName(t, who.actorKind, who.actorId);
  const targetName = event.targetName !== undefined ? event.targetName : await findActorName(t, 'user', event.targetId ?? null);
  await insertAuditEvent(t, { type, ...who, actorName, ...event, targetName });
}
