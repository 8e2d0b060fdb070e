import { requireFlag, UsageError, type CliCommand } from '../../cli/commands.js';
import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { AppError } from '../../platform/http/errors.js';
import { findTenant } from '../tenants/index.js';
import type { ClientsService } from './clients.service.js';
import { presentClient } from './clients.present.js';

/** Operator commands: register an OAuth client (platform-wide, or a tenant's), list the platform's. */
export function clientCommands(db: Database, service: ClientsService): CliCommand[] {
  return [
    {
      path: ['oauth-client', 'create'],
      usage:
        'oauth-client create --name N --redirect-uri U [--redirect-uri U ...] [--post-logout-uri U ...] [--confidential] [--first-party] ' +
        '[--tenant SLUG_OR_ID] [--logo-url URL] [--scope S ...] [--json]',
      flags: ['name', 'redirect-uri', 'post-logout-uri', 'confidential', 'first-party', 'tenant', 'logo-url', 'scope'],
      repeatable: ['redirect-uri', 'post-logout-uri', 'scope'],
      async run(flags, io, lists) {
        const name = requireFlag(flags, 'name');
        if (!lists['redirect-uri']?.length) throw new UsageError('--redirect-uri is required (repeat it for several)');
        for (const flag of ['confidential', 'first-party'] as const) {
          if (typeof flags[flag] === 'string') throw new UsageError(`--${flag} takes no value`);
        }
        let tenant = null;
        if (flags.tenant !== undefined) {
          const row = await db.system((tx) => findTenant(tx, requireFlag(flags, 'tenant')));
          if (!row) throw new AppError('tenant_not_found', `Unknown tenant "${String(flags.tenant)}"`);
          tenant = tenantDb(db, row.id);
        }
        const { row, secret } = await service.registerAsOperator(
          {
            name,
            redirect_uris: lists['redirect-uri'],
            post_logout_redirect_uris: lists['post-logout-uri'] ?? [],
            confidential: flags.confidential === true,
            first_party: flags['first-party'] === true,
            logo_url: typeof flags['logo-url'] === 'string' ? flags['logo-url'] : null,
            ...(lists.scope ? { scopes: lists.scope } : {}),
          },
          tenant,
        );
        if (flags.json) {
          io.out(JSON.stringify({ ...presentClient(row), client_secret: secret }));
        } else {
          io.out(`Created ${row.confidential ? 'confidential' : 'public'} client "${row.name}": client_id ${row.clientId}`);
          if (secret) io.out(`client_secret ${secret}\n(shown once: store it now; only its hash is kept)`);
        }
        return 0;
      },
    },
    {
      path: ['oauth-client', 'list'],
      usage: 'oauth-client list [--json]   (the platform-wide clients)',
      flags: [],
      async run(flags, io) {
        const rows = await service.listPlatform();
        if (flags.json) io.out(JSON.stringify(rows.map(presentClient)));
        else {
          for (const r of rows) io.out(`${r.clientId}  ${r.confidential ? 'confidential' : 'public      '}  ${r.firstParty ? 'first-party' : 'third-party'}  ${r.name}`);
          if (rows.length === 0) io.out('No platform-wide OAuth clients yet.');
        }
        return 0;
      },
    },
  ];
}
