import { UsageError, type CliCommand } from '../../cli/commands.js';
import type { CatalogService } from './catalog.service.js';
import { parseCatalogUrl } from './catalog/loader.js';

/** Bad arguments are usage errors (exit 2, nothing done); a source that cannot be read is a failure (exit 1). */
function sourceOf(flags: Record<string, string | true>): { file?: string; url?: string } {
  for (const name of ['file', 'url']) if (flags[name] === true || flags[name] === '') throw new UsageError(`--${name} needs a value`);
  const file = typeof flags.file === 'string' ? flags.file : undefined;
  const url = typeof flags.url === 'string' ? flags.url : undefined;
  if (file && url) throw new UsageError('give --file or --url, not both');
  if (url) {
    try {
      parseCatalogUrl(url);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  return { file, url };
}

export function catalogCommands(catalog: CatalogService): CliCommand[] {
  return [
    {
      path: ['catalog', 'sync'],
      usage: 'catalog sync [--file PATH | --url HTTPS_URL] [--json]   (default: CATALOG_FILE, CATALOG_URL, else the bundled catalog)',
      flags: ['file', 'url'],
      async run(flags, io) {
        const { file, url } = sourceOf(flags);
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
