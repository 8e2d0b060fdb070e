import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AUTH_CHANNEL, type Authenticator, type AuthInvalidation } from '../../platform/auth/authenticator.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { emitEvent } from '../webhooks/index.js';
import { findVersion, findVisibleApp } from './apps.repo.js';
import type { InstallationStatus } from './apps.table.js';
import {
  findInstallation,
  findInstallationView,
  insertInstallation,
  installationsToPurge,
  listInstallations,
  updateInstallation,
} from './installations.repo.js';
import { deleteLaunchTokensOf } from './launch-tokens.repo.js';
import { presentInstallation } from './apps.present.js';
import { isUniqueViolation } from './unique-violation.js';

/**
 * Deletes what one area keeps for an installation (app data, rich documents, assets …). Modules that keep
 * per-installation data register one in src/modules/index.ts. Called when an uninstalled installation's
 * retention ends, or at once on `DELETE …?purge=true`; must be idempotent (a failed purge is retried, and
 * every purger runs again).
 */
export interface AppDataPurger {
  readonly name: string;
  purge(tenant: TenantDb, installationId: string): Promise<void>;
}

export interface InstallationsDeps {
  db: Pick<Database, 'tenant' | 'query'>;
  clock: Clock;
  bus: Pick<EventBus, 'publish'>;
  authenticator: Pick<Authenticator, 'forgetAppInstallation'>;
  config: Pick<Config, 'apps'>;
  log: Pick<Logger, 'error' | 'info'>;
  purgers: readonly AppDataPurger[];
}

const DAY_MS = 24 * 3600_000;
const PURGE_BATCH = 100;

/** A 422 naming the first permission that is not one the manifest asks for. */
function checkSubset(given: readonly string[], requested: readonly string[]): void {
  const i = given.findIndex((p) => !requested.includes(p));
  if (i >= 0) {
    throw new AppError('permission_not_requested', [
      { loc: ['body', 'permissions', i], msg: `${given[i]} is not among the permissions the manifest asks for (${requested.join(', ') || 'none'})`, type: 'value_error' },
    ]);
  }
}

/**
 * An app installed in a tenant: which version runs, what it was granted. Uninstalling stops every launch
 * and app token of it at once on every instance (the invalidation rides the auth channel, like a deleted
 * API key), keeps its data for the retention period, then purges it through the registered purgers.
 */
export function createInstallationsService(deps: InstallationsDeps) {
  const { db, clock, bus, config, log } = deps;

  async function announce(t: TenantTx, id: string): Promise<void> {
    await bus.publish(AUTH_CHANNEL, { kind: 'app_installation', id } satisfies AuthInvalidation, t.tx);
  }

  async function view(t: TenantTx, id: string) {
    const found = await findInstallationView(t, id);
    if (!found) throw new AppError('installation_not_found');
    return presentInstallation(found);
  }

  async function install(tenant: TenantDb, principal: Principal, appId: string, permissions: string[] | undefined) {
    return tenant.run(async (t) => {
      const app = await findVisibleApp(t, appId);
      const version = app?.latestVersionId ? await findVersion(t, app.latestVersionId) : null;
      if (!app || !version) throw new AppError('app_not_found');
      const granted = permissions ?? version.permissions;
      checkSubset(granted, version.permissions);
      const row = await insertInstallation(t, {
        appId: app.id,
        appVersionId: version.id,
        grantedPermissions: version.permissions.filter((p) => granted.includes(p)),
        entryOrigin: version.entryOrigin,
        installedByUserId: principal.kind === 'api_key' ? null : principal.userId,
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('app_already_installed');
        throw error;
      });
      await audit(t, 'app.installed', principal, {
        targetId: row.id, targetName: app.name, details: { app_id: app.id, version: version.version, permissions: row.grantedPermissions },
      });
      await emitEvent(t, 'app.installed', { installation_id: row.id, app_id: app.id, app_name: app.name, version: version.version });
      return view(t, row.id);
    });
  }

  async function list(tenant: TenantDb, status: InstallationStatus | 'all', skip: number, limit: number) {
    const statuses: InstallationStatus[] = status === 'all' ? ['active', 'uninstalled', 'purged'] : [status];
    const { rows, total } = await tenant.run((t) => listInstallations(t, statuses, skip, limit));
    return { items: rows.map(presentInstallation), total, skip, limit };
  }

  async function get(tenant: TenantDb, id: string) {
    return tenant.run((t) => view(t, id));
  }

  /**
   * Moves the installation to its app's latest version. Grants carry over (minus what the new version no
   * longer asks for); only a version asking for permissions the installed one did not ask for needs them
   * granted again, with `permissions`.
   */
  async function upgrade(tenant: TenantDb, principal: Principal, id: string, permissions: string[] | undefined) {
    const result = await tenant.run(async (t) => {
      const row = await findInstallation(t, id, { lock: true });
      if (!row) throw new AppError('installation_not_found');
      if (row.status !== 'active') throw new AppError('conflict', 'The installation is uninstalled; install the app again');
      const app = await findVisibleApp(t, row.appId);
      const [current, latest] = [await findVersion(t, row.appVersionId), app?.latestVersionId ? await findVersion(t, app.latestVersionId) : null];
      if (!app || !current || !latest) throw new AppError('app_not_found');
      const asked = latest.permissions.filter((p) => !current.permissions.includes(p));
      if (permissions === undefined && asked.length > 0) {
        throw new AppError('app_upgrade_needs_consent', `Version ${latest.version} also asks for: ${asked.join(', ')}. Send the permissions to grant in \`permissions\`.`);
      }
      if (permissions !== undefined) checkSubset(permissions, latest.permissions);
      const granted = permissions ?? row.grantedPermissions;
      const upgraded = await updateInstallation(t, id, {
        appVersionId: latest.id,
        grantedPermissions: latest.permissions.filter((p) => granted.includes(p)),
        entryOrigin: latest.entryOrigin,
      });
      await announce(t, id);
      await audit(t, 'app.upgraded', principal, {
        targetId: id, targetName: app.name, details: { app_id: app.id, from: current.version, to: latest.version, permissions: upgraded.grantedPermissions },
      });
      return view(t, id);
    });
    deps.authenticator.forgetAppInstallation(id);
    return result;
  }

  /** Uninstalls (tokens stop at once; data kept for the retention period), and with `purge` deletes the data now. */
  async function uninstall(tenant: TenantDb, principal: Principal, id: string, purgeNow: boolean) {
    const now = clock.now();
    const row = await tenant.run(async (t) => {
      const found = await findInstallation(t, id, { lock: true });
      if (!found) throw new AppError('installation_not_found');
      if (found.status !== 'active') return found;
      await deleteLaunchTokensOf(t, id);
      await announce(t, id);
      const app = await findVisibleApp(t, found.appId);
      await audit(t, 'app.uninstalled', principal, { targetId: id, targetName: app?.name ?? null, details: { app_id: found.appId, purge: purgeNow } });
      const version = await findVersion(t, found.appVersionId);
      await emitEvent(t, 'app.uninstalled', { installation_id: id, app_id: found.appId, app_name: app?.name ?? null, version: version?.version ?? null });
      return updateInstallation(t, id, {
        status: 'uninstalled',
        uninstalledAt: now,
        purgeAfter: new Date(now.getTime() + config.apps.uninstalledRetentionDays * DAY_MS),
      });
    });
    deps.authenticator.forgetAppInstallation(id);
    if (purgeNow && row.status === 'uninstalled') await purge(tenant, id);
    return tenant.run((t) => view(t, id));
  }

  /** Runs every purger, then marks the installation purged; a purger's failure leaves it for the next run. */
  async function purge(tenant: TenantDb, id: string): Promise<void> {
    for (const purger of deps.purgers) await purger.purge(tenant, id);
    await tenant.run(async (t) => {
      const row = await findInstallation(t, id, { lock: true });
      if (row?.status === 'uninstalled') await updateInstallation(t, id, { status: 'purged', purgedAt: clock.now() });
    });
  }

  /** The periodic job: purges the installations whose retention has ended, across tenants. */
  async function purgeDue(): Promise<number> {
    let purged = 0;
    for (const due of await installationsToPurge(db, clock.now(), PURGE_BATCH)) {
      try {
        await purge(tenantDb(db, due.tenantId), due.id);
        purged++;
      } catch (error) {
        log.error({ err: error, installationId: due.id, tenantId: due.tenantId }, 'app data purge failed; retried on the next run');
      }
    }
    if (purged > 0) log.info({ purged }, 'purged the data of uninstalled apps');
    return purged;
  }

  return { install, list, get, upgrade, uninstall, purgeDue };
}
export type InstallationsService = ReturnType<typeof createInstallationsService>;

