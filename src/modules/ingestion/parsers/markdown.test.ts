import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';

const enc = (s: string) => new TextEncoder().encode(s);

const MD = `---
title: Field guide
tags: [camping, gear]
---

# Field guide

Intro with **bold**, \`inline code\` and a [link](https://example.com).

## Gear

- Tent and *poles*
- Water filter
  - nested item

| Item | Weight |
| ---- | ------ |
| Stove | 350 g |

\`\`\`bash
echo "forget me this weekend"
\`\`\`

> A quoted remark.

<p align="center">Raw <b>HTML</b> paragraph</p>
`;

const MDX = `import { Note } from './components.js'
export const meta = { title: 'Not text' }

# Welcome to MDX

Some text with an {expression} inside and {/* a comment */} too.

<Note type="info">
  Pretty sure this page used to exist
</Note>

{1 + 1}

Inline <Badge>JSX text</Badge> stays.
`;

describe('Markdown extractor', () => {
  it('maps headings, paragraphs, lists, tables, code, quotes and raw HTML to blocks; front matter to metadata', async () => {
    const doc = await parseDocument(enc(MD), 'md');
    expect(doc.metadata.frontmatter).toEqual({ title: 'Field guide', tags: ['camping', 'gear'] });
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Field guide' },
      { kind: 'paragraph', text: 'Intro with bold, inline code and a link.' },
      { kind: 'heading', level: 2, text: 'Gear' },
      { kind: 'list_item', text: 'Tent and poles' },
      { kind: 'list_item', text: 'Water filter' },
      { kind: 'list_item', text: 'nested item' },
      { kind: 'table', rows: [['Item', 'Weight'], ['Stove', '350 g']], text: 'Item | Weight\nStove | 350 g' },
      { kind: 'code', text: 'echo "forget me this weekend"' },
      { kind: 'quote', text: 'A quoted remark.' },
      { kind: 'paragraph', text: 'Raw HTML paragraph' },
    ]);
  });

  it('reports broken front matter as a warning, not an error', async () => {
    const doc = await parseDocument(enc('---\ntitle: [unclosed\n---\n\nBody text\n'), 'md');
    expect(doc.warnings.join(' ')).toMatch(/front matter is not valid YAML/);
    expect(doc.blocks).toEqual([{ kind: 'paragraph', text: 'Body text' }]);
  });
});

describe('MDX extractor', () => {
  it('drops import/export and expressions, keeps JSX children text, never evaluates', async () => {
    const doc = await parseDocument(enc(MDX), 'mdx');
    expect(doc.warnings).toEqual([]);
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Welcome to MDX' },
      { kind: 'paragraph', text: 'Some text with an inside and too.' },
      { kind: 'paragraph', text: 'Pretty sure this page used to exist' },
      { kind: 'paragraph', text: 'Inline JSX text stays.' },
    ]);
    const all = doc.blocks.map((b) => b.text).join(' ');
    expect(all).not.toMatch(/import|export|Not text|expression\}|1 \+ 1/);
  });

  it('falls back to plain Markdown with a warning when the MDX does not parse', async () => {
    const broken = "import x from 'y'\n\n# Title\n\nText with a stray { brace and <Unclosed component.\n";
    const doc = await parseDocument(enc(broken), 'mdx');
    expect(doc.warnings[0]).toMatch(/^MDX syntax error .*read as plain Markdown/);
    const all = doc.blocks.map((b) => b.text);
    expect(all).toContain('Title');
    expect(all.join('\n')).toContain('Text with a stray { brace');
    expect(all.join('\n')).not.toContain("import x from 'y'");
  });
});
