import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { Scopes } from '../scope.js';
import { documentsForSearchToggle, findRichDocument, findVersion, readIndexInSearch, writeIndexInSearch } from './rich-documents.repo.js';
import type { SearchCopies } from './search-copy.js';

const BATCH = 100;

/**
 * The tenant's choice to make its apps' rich documents searchable (off by default: app content enters
 * search and chat only when an admin says so). Turning it on copies every document of an active
 * installation now; turning it off withdraws every copy. Both run in batches of short transactions.
 */
export function createSearchSettings(deps: { scopes: Scopes; copies: SearchCopies }) {
  const { scopes, copies } = deps;

  async function get(tenant: TenantDb) {
    return { index_in_search: await tenant.run(readIndexInSearch) };
  }

  async function copyAll(tenant: TenantDb, principal: Principal): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const batch = await tenant.run((t) => documentsForSearchToggle(t, false, after, BATCH));
      for (const doc of batch) {
        const scope = await scopes.forInstallation(tenant, principal, doc.installationId, 'write').catch(() => null);
        const version = scope ? await tenant.run((t) => findVersion(t, doc.id, doc.currentVersion)) : null;
        if (!scope || !version) continue; // an uninstalled app's documents stay out of search
        await copies.refresh(tenant, principal, { id: doc.id, version: version.version, title: version.title, content: version.content, manifestId: scope.manifest.manifest.id });
      }
      if (batch.length < BATCH) return;
      after = batch[batch.length - 1].id;
    }
  }

  async function withdrawAll(tenant: TenantDb): Promise<void> {
    for (;;) {
      const batch = await tenant.run((t) => documentsForSearchToggle(t, true, null, BATCH));
      for (const doc of batch) {
        const after = await tenant.run(async (t) => {
          const row = await findRichDocument(t, doc.id, { lock: true }); // the copy it points at now, not when listed
          return copies.remove(t, row?.searchDocumentId ?? null, doc.id);
        });
        await after();
      }
      if (batch.length < BATCH) return;
    }
  }

  async function put(tenant: TenantDb, principal: Principal, on: boolean) {
    await tenant.run((t) => writeIndexInSearch(t, on));
    if (on) await copyAll(tenant, principal);
    else await withdrawAll(tenant);
    return { index_in_search: on };
  }

  return { get, put };
}
export type SearchSettingsService = ReturnType<typeof createSearchSettings>;
