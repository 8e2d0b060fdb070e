import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is where a newcomer finds their way: its layout names every folder under src/modules and src/platform,
 * and no relative link of the README or of docs/ points at a file that is not there. Files only, no service.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const foldersOf = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The README's layout block: each top-level line (`src/modules/ …`) with the folder names indented under it. */
function layoutOf(readme: string): Map<string, string[]> {
  const section = readme.split(/^## Layout$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = section.split('```')[1] ?? '';
  const layout = new Map<string, string[]>();
  let parent: string | null = null;
  for (const line of block.split('\n')) {
    const top = /^(\S+)/.exec(line);
    if (top) {
      parent = top[1];
      layout.set(parent, []);
      continue;
    }
    const child = /^\s+([\w.-]+)\/\s/.exec(line);
    if (child && parent) layout.get(parent)!.push(child[1]);
  }
  return layout;
}

/** Relative link targets of a Markdown text, outside fenced code: `[text](target)` and `![alt](target)`. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join('\n');
  const targets = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#')).map((t) => t.split(/[#?]/)[0]);
}

describe("the README's layout", () => {
  const layout = layoutOf(read('README.md'));

  it.each(['src/modules', 'src/platform'])('names every folder under %s, each on a line of its own', (dir) => {
    expect(layout.get(`${dir}/`), `README's layout has no "${dir}/" line`).toBeDefined();
    expect([...layout.get(`${dir}/`)!].sort()).toEqual(foldersOf(dir));
  });

  it('is read from the layout block: a folder missing from it is reported', () => {
    const readme = '## Layout\n\n```\nsrc/modules/   features\n  users/   people\n```\n\n## Next\n';
    expect(layoutOf(readme).get('src/modules/')).toEqual(['users']);
    expect(layoutOf('## Layout\n\n```\nsrc/modules/   features\n```\n').get('src/modules/')).toEqual([]);
  });
});

describe('relative links of the README and docs/', () => {
  const documents = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

  it.each(documents)('%s links only to files that exist', (document) => {
    const missing = relativeLinks(read(document)).filter((target) => !existsSync(path.join(ROOT, path.dirname(document), target)));
    expect(missing).toEqual([]);
  });

  it('finds the links of prose and images, not those of code blocks or other schemes', () => {
    const markdown = 'See [a](docs/a.md#part), ![b](img/b.png "title") and [c](https://x.io).\n```\n[d](d.md)\n```\n[e](#top)';
    expect(relativeLinks(markdown)).toEqual(['docs/a.md', 'img/b.png']);
  });
});
