import { type CliCommand } from '../../cli/commands.js';
import type { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { AppError } from '../../platform/http/errors.js';
import { findTenant, listTenants, type TenantRow } from '../tenants/index.js';
import { findMail, listMail } from './mail.repo.js';
import type { MailRow } from './mail.table.js';

const summary = (m: MailRow, tenant: TenantRow) => ({
  id: m.id,
  tenant: tenant.slug,
  kind: m.kind,
  to: m.toAddress,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
});

/** The operator's view of outbound mail: the outbox without SMTP, the send log with it. */
export function mailCommands(db: Database): CliCommand[] {
  async function tenantsFor(flag: string | true | undefined): Promise<TenantRow[]> {
    if (typeof flag !== 'string') return db.system((tx) => listTenants(tx));
    const tenant = await db.system((tx) => findTenant(tx, flag));
    if (!tenant) throw new AppError('tenant_not_found', `Unknown tenant "${flag}"`);
    return [tenant];
  }

  return [
    {
      path: ['mail', 'list'],
      usage: 'mail list [--tenant SLUG_OR_ID] [--json]',
      flags: ['tenant'],
      async run(flags, io) {
        const rows: ReturnType<typeof summary>[] = [];
        for (const tenant of await tenantsFor(flags.tenant)) {
          for (const m of await tenantDb(db, tenant.id).run((t) => listMail(t, 200))) rows.push(summary(m, tenant));
        }
        rows.sort((x, y) => y.created_at.localeCompare(x.created_at));
        if (flags.json) io.out(JSON.stringify(rows));
        else if (rows.length === 0) io.out('No mail.');
        else for (const m of rows) io.out(`${m.id}  ${m.created_at}  ${m.status.padEnd(7)}  ${m.tenant}  ${m.to}  ${m.subject}${m.last_error ? `  (${m.last_error})` : ''}`);
        return 0;
      },
    },
    {
      path: ['mail', 'show'],
      positional: 'id',
      usage: 'mail show ID [--json]',
      flags: ['id'],
      async run(flags, io) {
        const id = String(flags.id);
        if (!isUuid(id)) throw new AppError('mail_not_found', `No mail with id "${id}"`);
        for (const tenant of await tenantsFor(undefined)) {
          const m = await tenantDb(db, tenant.id).run((t) => findMail(t, id.toLowerCase()));
          if (!m) continue;
          const full = { ...summary(m, tenant), text: m.textBody, html: m.htmlBody };
          if (flags.json) io.out(JSON.stringify(full));
          else {
            io.out(`To: ${m.toAddress}\nSubject: ${m.subject}\nStatus: ${m.status} (attempts ${m.attempts})${m.lastError ? `\nLast error: ${m.lastError}` : ''}\n`);
            io.out(m.textBody);
          }
          return 0;
        }
        throw new AppError('mail_not_found', `No mail with id "${id}"`);
      },
    },
  ];
}
