import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** README invariant: ingestion holds database-free libraries and never imports documents. */
const root = path.dirname(fileURLToPath(import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

describe('ingestion/ boundaries', () => {
  it('imports nothing outside ingestion but packages: no database, no documents, no other module, no platform', () => {
    const crossings: string[] = [];
    for (const file of sources(root)) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const outside = spec.startsWith('.') && !path.resolve(path.dirname(file), spec).startsWith(root + path.sep);
        if (outside || spec.startsWith('drizzle-orm') || spec.startsWith('pg')) crossings.push(`${path.relative(root, file)} → ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
    expect(sources(root).length).toBeGreaterThan(20); // the scan saw the sources
  });
});
