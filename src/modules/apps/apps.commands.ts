import { requireFlag, UsageError, type CliCommand } from '../../cli/commands.js';
import { isUuid } from '../../platform/db/database.js';
import type { CatalogService } from './catalog.service.js';

export function appCommands(catalog: CatalogService): CliCommand[] {
  return [
    {
      path: ['app', 'publish'],
      usage: 'app publish --app-id ID [--unpublish] [--json]   (list the app for, and let it be installed by, every tenant)',
      flags: ['app-id', 'unpublish'],
      async run(flags, io) {
        const appId = requireFlag(flags, 'app-id');
        if (!isUuid(appId)) throw new UsageError('--app-id must be an app_id (a UUID, as GET /api/v1/app-platform/apps/ lists it)');
        const app = await catalog.publish(appId, flags.unpublish !== true);
        if (flags.json) io.out(JSON.stringify(app));
        else io.out(`${app.published ? 'Published' : 'Unpublished'} ${app.name} (${app.id}, app_id ${app.app_id}, from tenant ${app.tenant_id})`);
        return 0;
      },
    },
  ];
}
