import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceBetweenMarkers } from '../../bench/report.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

const before = '# Benchmarks\r\n\nIntro, with trailing spaces   \n\n## Chunking\n\n';
const after = '\n\nProse after the table.\n<!-- bench:other:begin -->\nother figures\n<!-- bench:other:end -->\n';
const doc = `${before}<!-- bench:chunking:begin -->\nold line\n\n| a |\n|---|\n| 1 |\n<!-- bench:chunking:end -->${after}`;

describe('replaceBetweenMarkers', () => {
  it('replaces what stands between the named markers and leaves every other byte as it was', () => {
    const out = replaceBetweenMarkers(doc, 'chunking', 'new line\n\n| a |\n|---|\n| 2 |\n');
    expect(out).toBe(`${before}<!-- bench:chunking:begin -->\nnew line\n\n| a |\n|---|\n| 2 |\n<!-- bench:chunking:end -->${after}`);
  });

  it('gives the same document when run twice with the same body', () => {
    const once = replaceBetweenMarkers(doc, 'chunking', '| b |');
    expect(replaceBetweenMarkers(once, 'chunking', '| b |')).toBe(once);
  });

  it('refuses a benchmark whose markers are missing', () => {
    expect(() => replaceBetweenMarkers(doc, 'search', '| x |')).toThrow(/no `<!-- bench:search:begin -->`/);
    expect(() => replaceBetweenMarkers(doc.replace('<!-- bench:chunking:end -->', ''), 'chunking', '| x |')).toThrow(/no `<!-- bench:chunking:end -->`/);
  });

  it('refuses a marker that appears twice', () => {
    const twice = `${doc}\n<!-- bench:chunking:begin -->\n`;
    expect(() => replaceBetweenMarkers(twice, 'chunking', '| x |')).toThrow(/2 `<!-- bench:chunking:begin -->`/);
  });

  it('refuses markers out of order', () => {
    const swapped = 'a\n<!-- bench:chunking:end -->\nb\n<!-- bench:chunking:begin -->\nc\n';
    expect(() => replaceBetweenMarkers(swapped, 'chunking', '| x |')).toThrow(/before/);
  });

  it('does not take another benchmark\u2019s markers for its own', () => {
    const out = replaceBetweenMarkers(doc, 'other', 'new other');
    expect(out).toBe(doc.replace('other figures', 'new other'));
  });
});

describe('docs/benchmarks.md', () => {
  // A benchmark that hands over its table but has no markers would fail at the end of a long run, with its figures lost.
  it('has one pair of markers for every benchmark that hands over its table', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/benchmarks.md'), 'utf8');
    const handing = readdirSync(path.join(ROOT, 'bench'))
      .filter((file) => file.endsWith('.ts') && file !== 'report.ts' && readFileSync(path.join(ROOT, 'bench', file), 'utf8').includes('handOverTable('))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(handing).toContain('chunking');
    for (const name of handing) expect(() => replaceBetweenMarkers(doc, name, '| x |'), name).not.toThrow();
  });
});
