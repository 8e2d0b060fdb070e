import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { findUser, findUserByEmail, normaliseEmail, provisionUser, type UserRow } from '../users/index.js';
import type { IdpPerson } from './idp-client.js';
import { findIdentity, findUserIdentity, insertIdentity, touchIdentity } from './identities.repo.js';
import type { SsoProviderRow } from './sso.table.js';

/**
 * Who a person from an IdP is in the tenant, in the order that keeps accounts safe:
 * 1. a known (issuer, sub) is its linked user, whatever the e-mail says today;
 * 2. an e-mail that matches an existing user is linked only when the provider links by e-mail, the IdP says
 *    email_verified, and that user has no other subject at this issuer (no takeover through an e-mail claim);
 * 3. anyone else is created just in time only when the provider allows it and the e-mail's domain is allowed.
 * Everything runs in the caller's transaction: a refusal writes nothing.
 */
export async function resolveAccount(t: TenantTx, provider: SsoProviderRow, person: IdpPerson, clock: Clock, ip: string): Promise<UserRow> {
  const now = clock.now();
  const email = validEmail(person.email);
  const known = await findIdentity(t, person.issuer, person.subject);
  if (known) {
    const user = await findUser(t, known.userId);
    if (!user || user.status !== 'active') throw new AppError('sso_user_disabled');
    await touchIdentity(t, known.id, now, email ?? known.email);
    return user;
  }
  if (!email) throw new AppError('sso_email_missing', 'The identity provider did not share a valid e-mail address (is the email scope requested?)');
  const existing = await findUserByEmail(t, email);
  const actor = { anonymous: true as const, userId: existing?.id ?? null };
  if (existing) {
    if (!provider.linkExistingByEmail) throw new AppError('sso_account_exists');
    if (person.emailVerified !== true) throw new AppError('sso_email_not_verified', 'The identity provider does not say email_verified for this address, so it is not linked to the existing account');
    if (existing.status !== 'active') throw new AppError('sso_user_disabled');
    if (await findUserIdentity(t, person.issuer, existing.id)) throw new AppError('sso_email_linked_elsewhere');
    await insertIdentity(t, { userId: existing.id, providerId: provider.id, issuer: person.issuer, subject: person.subject, email, lastSignInAt: now });
    await audit(t, 'sso.identity_linked', actor, { targetId: existing.id, details: { provider_id: provider.id, issuer: person.issuer, email }, ip });
    return existing;
  }
  if (!provider.jitEnabled) throw new AppError('sso_no_account');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!provider.allowedEmailDomains.includes(domain)) throw new AppError('sso_email_domain_not_allowed', `Accounts are not created for ${domain} addresses through this provider`);
  // An IdP that says outright the address is unverified does not get an account made for it.
  if (person.emailVerified === false) throw new AppError('sso_email_not_verified');
  const user = await provisionUser(t, { email, name: person.name ?? '', role: provider.jitDefaultRole }, `sso:${provider.id}`);
  await insertIdentity(t, { userId: user.id, providerId: provider.id, issuer: person.issuer, subject: person.subject, email, lastSignInAt: now });
  return user;
}

function validEmail(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    return normaliseEmail(raw);
  } catch {
    return null;
  }
}
