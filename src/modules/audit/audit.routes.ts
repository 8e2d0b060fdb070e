import { auth } from '../../platform/http/types.js';
import { ListOf } from '../../platform/http/pagination.js';
import { route } from '../../platform/http/route.js';
import { AuditEvent, AuditQuery } from './audit.api.js';
import { listAuditEvents } from './audit.repo.js';
import type { AuditRow } from './audit.table.js';

const present = (e: AuditRow) => ({
  id: e.id,
  type: e.type,
  actor_kind: e.actorKind,
  actor_id: e.actorId,
  actor_name: e.actorName,
  target_id: e.targetId,
  target_name: e.targetName,
  details: e.details,
  ip: e.ip,
  created_at: e.createdAt.toISOString(),
});

/** The tenant's audit trail, newest first, for its administrators. */
export function auditRoutes() {
  return [
    route({
      method: 'GET',
      url: '/api/v1/audit-events',
      tags: ['audit'],
      summary: "The tenant's audit trail (newest first)",
      auth: auth.scopes('admin'),
      query: AuditQuery,
      responses: { 200: ListOf(AuditEvent) },
      handler: async ({ tenant, query }) => {
        const { skip, limit } = query;
        const { rows, total } = await tenant.run((t) => listAuditEvents(t, { type: query.type, actorId: query.actor_id, skip, limit }));
        return { items: rows.map(present), total, skip, limit };
      },
    }),
  ];
}
