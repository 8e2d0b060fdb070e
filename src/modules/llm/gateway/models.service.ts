import type { Principal } from '../../../platform/auth/principal.js';
import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/http/errors.js';
import { listAccessRules, restrictedModelIds } from '../access.repo.js';
import { allowedByRules } from '../gate.js';
import type { CatalogModelRow } from '../llm.table.js';
import { listModelsForTenant } from '../models.repo.js';

function present(model: CatalogModelRow) {
  return { id: model.modelName, object: 'model' as const, created: Math.floor(model.createdAt.getTime() / 1000), owned_by: model.provider };
}

/** The models a caller can use through the gateway: enabled for the tenant and not closed to it by access rules. */
export function createGatewayModels(deps: { db: Database }) {
  async function usable(principal: Principal): Promise<CatalogModelRow[]> {
    const tenantId = principal.tenantId;
    return deps.db.tenant(tenantId, async (tx) => {
      const enabled = (await listModelsForTenant(tx, tenantId, { enabledOnly: true })).map((m) => m.model);
      const restricted = await restrictedModelIds(tx, tenantId, enabled.map((m) => m.id));
      const out: CatalogModelRow[] = [];
      for (const model of enabled) {
        if (!restricted.has(model.id) || allowedByRules(principal, await listAccessRules(tx, tenantId, model.id))) out.push(model);
      }
      return out;
    });
  }

  async function list(principal: Principal) {
    return { object: 'list' as const, data: (await usable(principal)).map(present) };
  }

  async function get(principal: Principal, id: string) {
    const model = (await usable(principal)).find((m) => m.modelName === id);
    if (!model) throw notFound(`The model '${id}' does not exist or you do not have access to it.`, 'model_not_found');
    return present(model);
  }

  return { list, get };
}
export type GatewayModels = ReturnType<typeof createGatewayModels>;
