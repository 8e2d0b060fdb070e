import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Authenticator } from '../../platform/auth/authenticator.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import { effectiveAppPermissions } from '../../platform/auth/app-permissions.js';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';
import { AppError } from '../../platform/http/errors.js';
import { findActiveInstallationOfApp, findInstallationView } from './installations.repo.js';
import { deleteExpiredLaunchTokens, findLaunchTokenTenant, insertLaunchToken, lockLaunchToken, spendLaunchToken } from './launch-tokens.repo.js';

export interface RuntimeDeps {
  db: Pick<Database, 'tenant' | 'query'>;
  clock: Clock;
  tokens: Pick<TokenService, 'sign'>;
  authenticator: Pick<Authenticator, 'profile'>;
  config: Pick<Config, 'apps'>;
}

/** `alt_` and 43 base64url characters (32 random bytes); anything else is refused before any lookup. */
const LAUNCH_TOKEN = opaqueTokenKind('alt');
/** Spent launch tokens are kept this long after expiry (a record of launches), then dropped by later launches. */
const KEEP_SPENT_MS = 24 * 3600_000;

/** The one answer for a launch token that is malformed, unknown, used or expired, or whose app was uninstalled. */
const invalid = () => new AppError('invalid_launch_token');

/**
 * Opening an app: a signed-in user asks for a launch token (opaque, single use, 60 s, bound to the
 * installation and the user, stored as a hash) placed in the app's entry URL; the app's frontend exchanges
 * it at once for an app access token (a JWT of its own type and audience, 900 s, no refresh). Nothing but the
 * exchange accepts a launch token: it is no JWT and no API key, so as a bearer it opens nothing.
 */
export function createRuntimeService(deps: RuntimeDeps) {
  const { db, clock, tokens, config } = deps;

  async function launch(tenant: TenantDb, userId: string, appId: string) {
    const now = clock.now();
    const token = LAUNCH_TOKEN.create();
    const installation = await tenant.run(async (t) => {
      const found = await findActiveInstallationOfApp(t, appId);
      if (!found) throw new AppError('installation_not_found', 'This app is not installed in this tenant');
      const view = await findInstallationView(t, found.id);
      if (!view) throw new AppError('installation_not_found');
      await deleteExpiredLaunchTokens(t, new Date(now.getTime() - KEEP_SPENT_MS));
      await insertLaunchToken(t, {
        installationId: found.id,
        userId,
        tokenHash: hashOpaqueToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + config.apps.launchTokenTtlSec * 1000),
      });
      return view;
    });
    const url = new URL(installation.version.manifest.entry_url);
    url.searchParams.set('launch_token', token);
    return {
      launch_token: token,
      launch_url: url.toString(),
      expires_in: config.apps.launchTokenTtlSec,
      installation_id: installation.installation.id,
    };
  }

  /**
   * Spends a launch token for an app access token. A request from a browser must come from the app's own
   * origin (checked before the token is spent, so a foreign page cannot burn it either).
   */
  async function exchange(launchToken: string, origin: string | undefined) {
    if (!LAUNCH_TOKEN.pattern.test(launchToken)) throw invalid();
    const tokenHash = hashOpaqueToken(launchToken);
    const tenantId = await findLaunchTokenTenant(db, tokenHash);
    if (!tenantId) throw invalid();
    const granted = await tenantDb(db, tenantId).run(async (t) => {
      const row = await lockLaunchToken(t, tokenHash);
      const now = clock.now();
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
      const view = await findInstallationView(t, row.installationId);
      if (!view || view.installation.status !== 'active') return null;
      const user = await deps.authenticator.profile(tenantId, row.userId);
      if (!user || user.status !== 'active' || user.tenantId !== tenantId) return null;
      if (origin !== undefined && origin !== view.installation.entryOrigin) throw new AppError('app_origin_mismatch');
      await spendLaunchToken(t, row.id, now);
      return { view, user };
    });
    if (!granted) throw invalid();
    const { view, user } = granted;
    const permissions = effectiveAppPermissions(view.installation.grantedPermissions, user.role);
    const { token } = await tokens.sign(
      'app',
      { sub: user.id, tid: tenantId, ins: view.installation.id, app: view.app.id, perms: permissions },
      config.apps.accessTokenTtlSec,
    );
    return {
      access_token: token,
      token_type: 'Bearer' as const,
      expires_in: config.apps.accessTokenTtlSec,
      installation_id: view.installation.id,
      app: { app_id: view.app.id, id: view.app.manifestId, name: view.version.manifest.name, version: view.version.version },
      tenant: { id: tenantId, name: user.tenantName },
      user: { id: user.id, name: user.name, role: user.role },
      permissions,
    };
  }

  return { launch, exchange };
}
export type RuntimeService = ReturnType<typeof createRuntimeService>;
