import { auth } from '../../platform/http/types.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { route } from '../../platform/http/route.js';
import { OutboxMessage } from './mail.api.js';
import { listMailPage } from './mail.repo.js';
import type { MailRow } from './mail.table.js';

const present = (m: MailRow) => ({
  id: m.id,
  kind: m.kind,
  to: m.toAddress,
  subject: m.subject,
  status: m.status,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
});

/** The tenant's outgoing mail for its administrators: what was sent, and what waits because mail is not configured. */
export function mailRoutes() {
  return [
    route({
      method: 'GET',
      url: '/api/v1/mail/outbox',
      tags: ['mail'],
      summary: "The tenant's outgoing mail (newest first), without bodies",
      description:
        'Status `outbox`: mail is not configured (no SMTP_URL), nothing was sent. Bodies are never listed (they hold sign-in ' +
        'codes and links); an invitation\'s link is issued by POST /api/v1/users/invitations/{id}/link.',
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(OutboxMessage) },
      handler: async ({ tenant, query: { skip, limit } }) => {
        const { rows, total } = await tenant.run((t) => listMailPage(t, skip, limit));
        return { items: rows.map(present), total, skip, limit };
      },
    }),
  ];
}
