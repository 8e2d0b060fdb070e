import type { CliCommand } from '../../cli/commands.js';
import type { CatalogService } from './catalog.service.js';

export function catalogCommands(catalog: CatalogService): CliCommand[] {
  return [
    {
      path: ['catalog', 'sync'],
      usage: 'catalog sync [--file PATH | --url HTTPS_URL] [--json]   (default: CATALOG_FILE, CATALOG_URL, else the bundled catalog)',
      flags: ['file', 'url'],
      async run(flags, io) {
        const file = typeof flags.file === 'string' ? flags.file : undefined;
        const url = typeof flags.url === 'string' ? flags.url : undefined;
        const result = await catalog.sync(file || url ? { file, url } : {});
        if (flags.json) {
          io.out(JSON.stringify({ ...result, skipped: result.skipped.length }));
          return 0;
        }
        io.out(
          `Catalog synced from ${result.source}: ${result.total} models ` +
            `(${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged, ` +
            `${result.removed} no longer listed and kept), ${result.skipped.length} entries skipped`,
        );
        return 0;
      },
    },
  ];
}
