import { isUuid, type Tx } from '../../platform/db/database.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { audit } from '../audit/index.js';
import { ROLES } from '../../platform/auth/roles.js';
import { deleteAccessRules, existingApiKeyIds, existingUserIds, insertAccessRules, listAccessRules, lockModelRules } from './access.repo.js';
import { findModelByRef } from './models.repo.js';
import type { AccessPrincipalType, CatalogModelRow } from './llm.table.js';

export interface AccessRuleInput {
  principal_type: AccessPrincipalType;
  principal_id: string;
}

/**
 * Per-tenant access rules on a model. No rule: every principal of the tenant may use the model. Any rule: only the
 * users, roles and API keys listed (ModelGate enforces it at call time). A rule naming a user or key of another tenant
 * is refused like one that does not exist, so a tenant cannot probe another's ids.
 */
export function createAccessService() {
  async function requireModel(tx: Tx, ref: string): Promise<CatalogModelRow> {
    const model = await findModelByRef(tx, ref);
    if (!model) throw new AppError('model_not_found', `Model ${ref} not found`);
    return model;
  }

  async function present(t: TenantTx, model: CatalogModelRow) {
    const rules = await listAccessRules(t, model.id);
    return {
      model_id: model.id,
      model_name: model.modelName,
      restricted: rules.length > 0,
      rules: rules.map((r) => ({ principal_type: r.principalType, principal_id: r.principalId, created_at: r.createdAt.toISOString() })),
    };
  }

  /** `tenant` is the caller's own tenant (the route builder binds it). */
  async function get(tenant: TenantDb, ref: string) {
    return tenant.run(async (t) => present(t, await requireModel(t.tx, ref)));
  }

  async function validate(t: TenantTx, rules: AccessRuleInput[]) {
    const unique = new Map<string, { principalType: AccessPrincipalType; principalId: string }>();
    rules.forEach((rule, index) => {
      let id = rule.principal_id.trim();
      if (rule.principal_type === 'role') {
        if (!(ROLES as readonly string[]).includes(id)) {
          throw unprocessable(['body', 'rules', index, 'principal_id'], `role must be one of ${ROLES.join(', ')}`);
        }
      } else {
        if (!isUuid(id)) throw unprocessable(['body', 'rules', index, 'principal_id'], `${rule.principal_type} id must be a UUID`);
        id = id.toLowerCase();
      }
      unique.set(`${rule.principal_type}:${id}`, { principalType: rule.principal_type, principalId: id });
    });
    const wanted = [...unique.values()];
    const users = await existingUserIds(t, wanted.filter((r) => r.principalType === 'user').map((r) => r.principalId));
    const keys = await existingApiKeyIds(t, wanted.filter((r) => r.principalType === 'api_key').map((r) => r.principalId));
    rules.forEach((rule, index) => {
      const id = rule.principal_id.trim().toLowerCase();
      if (rule.principal_type === 'user' && !users.has(id)) throw unprocessable(['body', 'rules', index, 'principal_id'], 'no such user in this tenant');
      if (rule.principal_type === 'api_key' && !keys.has(id)) throw unprocessable(['body', 'rules', index, 'principal_id'], 'no such API key in this tenant');
    });
    return wanted;
  }

  /** PUT: replaces the whole rule set (duplicates collapse), so repeating the same call changes nothing. */
  async function replace(tenant: TenantDb, actor: Principal, ref: string, rules: AccessRuleInput[]) {
    return tenant.run(async (t) => {
      const model = await requireModel(t.tx, ref);
      const wanted = await validate(t, rules);
      await lockModelRules(t, model.id);
      await deleteAccessRules(t, model.id);
      await insertAccessRules(t, model.id, wanted);
      await audit(t, 'llm.access_rules_set', actor, {
        targetId: model.id, targetName: model.modelName, details: { rules: wanted.map((r) => ({ principal_type: r.principalType, principal_id: r.principalId })) },
      });
      return present(t, model);
    });
  }

  /** DELETE: no rules left, the model is open to the whole tenant again. */
  async function clear(tenant: TenantDb, actor: Principal, ref: string): Promise<void> {
    await tenant.run(async (t) => {
      const model = await requireModel(t.tx, ref);
      await lockModelRules(t, model.id);
      await deleteAccessRules(t, model.id);
      await audit(t, 'llm.access_rules_cleared', actor, { targetId: model.id, targetName: model.modelName });
    });
  }

  return { get, replace, clear };
}
export type AccessService = ReturnType<typeof createAccessService>;
