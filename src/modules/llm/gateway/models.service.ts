import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError } from '../../../platform/http/errors.js';
import { listAccessRules, restrictedModelIds } from '../access.repo.js';
import { allowedByRules } from '../gate.js';
import type { CatalogModelRow } from '../llm.table.js';
import { listModelsForTenant } from '../models.repo.js';

function present(model: CatalogModelRow) {
  return { id: model.modelName, object: 'model' as const, created: Math.floor(model.createdAt.getTime() / 1000), owned_by: model.provider };
}

/** The models a caller can use through the gateway: enabled for the tenant and not closed to it by access rules. */
export function createGatewayModels() {
  /** `tenant` is the principal's own tenant (the route builder binds it). */
  async function usable(tenant: TenantDb, principal: Principal): Promise<CatalogModelRow[]> {
    return tenant.run(async (t) => {
      const enabled = (await listModelsForTenant(t, { enabledOnly: true })).map((m) => m.model);
      const restricted = await restrictedModelIds(t, enabled.map((m) => m.id));
      const out: CatalogModelRow[] = [];
      for (const model of enabled) {
        if (!restricted.has(model.id) || allowedByRules(principal, await listAccessRules(t, model.id))) out.push(model);
      }
      return out;
    });
  }

  async function list(tenant: TenantDb, principal: Principal) {
    return { object: 'list' as const, data: (await usable(tenant, principal)).map(present) };
  }

  async function get(tenant: TenantDb, principal: Principal, id: string) {
    const model = (await usable(tenant, principal)).find((m) => m.modelName === id);
    if (!model) throw new AppError('model_not_found', `The model '${id}' does not exist or you do not have access to it.`);
    return present(model);
  }

  return { list, get };
}
export type GatewayModels = ReturnType<typeof createGatewayModels>;
