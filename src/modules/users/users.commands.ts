import { requireFlag, type CliCommand } from '../../cli/commands.js';
import type { UsersService } from './users.service.js';

export function userCommands(service: UsersService): CliCommand[] {
  return [
    {
      path: ['tenant', 'create'],
      usage: 'tenant create --name N --slug S --admin-email E --admin-password P [--admin-name NAME] [--json]',
      flags: ['name', 'slug', 'admin-email', 'admin-password', 'admin-name'],
      async run(flags, io) {
        const input = {
          name: requireFlag(flags, 'name'),
          slug: requireFlag(flags, 'slug'),
          adminEmail: requireFlag(flags, 'admin-email'),
          adminPassword: requireFlag(flags, 'admin-password'),
          adminName: typeof flags['admin-name'] === 'string' ? flags['admin-name'] : undefined,
        };
        const { tenant, owner } = await service.createTenant(input);
        if (flags.json) io.out(JSON.stringify({ tenant_id: tenant.id, slug: tenant.slug, user_id: owner.id }));
        else io.out(`Created tenant ${tenant.slug} (${tenant.id}) with owner ${owner.email} (${owner.id})`);
        return 0;
      },
    },
    {
      path: ['tenant', 'list'],
      usage: 'tenant list [--json]',
      flags: [],
      async run(flags, io) {
        const rows = await service.listTenants();
        if (flags.json) {
          io.out(JSON.stringify(rows.map((t) => ({ tenant_id: t.id, slug: t.slug, name: t.name, created_at: t.createdAt.toISOString() }))));
        } else {
          for (const t of rows) io.out(`${t.id}  ${t.slug.padEnd(24)}  ${t.name}`);
          if (rows.length === 0) io.out('No tenants yet.');
        }
        return 0;
      },
    },
    {
      path: ['user', 'create'],
      usage: 'user create --tenant SLUG_OR_ID --email E --password P --role owner|admin|member|viewer [--name NAME] [--json]',
      flags: ['tenant', 'email', 'password', 'role', 'name'],
      async run(flags, io) {
        const tenant = await service.resolveTenant(requireFlag(flags, 'tenant'));
        const user = await service.createUser(service.forTenant(tenant), 'operator', {
          email: requireFlag(flags, 'email'),
          password: requireFlag(flags, 'password'),
          role: requireFlag(flags, 'role'),
          name: typeof flags.name === 'string' ? flags.name : undefined,
        });
        if (flags.json) io.out(JSON.stringify({ user_id: user.id, tenant_id: tenant.id, email: user.email, role: user.role }));
        else io.out(`Created ${user.role} ${user.email} (${user.id}) in tenant ${tenant.slug}`);
        return 0;
      },
    },
  ];
}
