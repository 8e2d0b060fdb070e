import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { AppDataPurger } from '../apps/index.js';
import type { AssetsService } from './assets/assets.service.js';
import { deleteRecordsOf } from './records/records.repo.js';
import { deleteRichDocuments, documentsOf } from './rich-documents/rich-documents.repo.js';
import type { SearchCopies } from './rich-documents/search-copy.js';
import { deleteUsage } from './usage.repo.js';

const BATCH = 500;

/**
 * Deletes an uninstalled installation's content, area by area, in short transactions of at most BATCH
 * rows (an app may have kept 100 000 records). Each purger can run again after a failure: it deletes
 * whatever is still there. The usage counters go last, once nothing is left to count.
 */
export function createPurgers(deps: { copies: SearchCopies; assets: Pick<AssetsService, 'purgeBatch'> }): AppDataPurger[] {
  const assets: AppDataPurger = {
    name: 'app-assets',
    async purge(tenant: TenantDb, installationId: string) {
      while ((await deps.assets.purgeBatch(tenant, installationId, BATCH)) === BATCH);
    },
  };
  const richDocuments: AppDataPurger = {
    name: 'rich-documents',
    async purge(tenant: TenantDb, installationId: string) {
      for (;;) {
        const { done, after } = await tenant.run(async (t) => {
          const batch = await documentsOf(t, installationId, BATCH);
          const withdrawn: (() => Promise<void>)[] = [];
          for (const doc of batch) withdrawn.push(await deps.copies.remove(t, doc.searchDocumentId));
          await deleteRichDocuments(t, batch.map((d) => d.id)); // versions and attachments follow by foreign key
          return { done: batch.length < BATCH, after: withdrawn };
        });
        for (const run of after) await run();
        if (done) return;
      }
    },
  };
  const records: AppDataPurger = {
    name: 'app-data',
    async purge(tenant: TenantDb, installationId: string) {
      while ((await tenant.run((t) => deleteRecordsOf(t, installationId, BATCH))) === BATCH);
    },
  };
  const usage: AppDataPurger = {
    name: 'app-content-usage',
    purge: (tenant: TenantDb, installationId: string) => tenant.run((t) => deleteUsage(t, installationId)),
  };
  return [assets, richDocuments, records, usage];
}
