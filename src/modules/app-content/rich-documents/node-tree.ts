import { escapePointer, isPlainObject } from '../json-shape.js';

/**
 * Rich document content: a ProseMirror-style JSON node tree (the node and mark names of prosemirror-schema-basic
 * and prosemirror-schema-list), checked without recursion so that a 100 000-level document is refused, not a
 * stack overflow. Every problem is reported with its JSON pointer (up to MAX_ISSUES).
 */

export const RICH_LIMITS = {
  /** Nesting of nodes (doc → list → item → paragraph → text is 5). */
  maxDepth: 48,
  maxNodes: 20_000,
  /** The content serialized as JSON. */
  maxBytes: 512 * 1024,
  maxTextChars: 100_000,
  maxIssues: 50,
};

type Context = 'root' | 'block' | 'inline' | 'text' | 'list';
type Attr = (value: unknown) => string | null;

interface NodeSpec {
  /** Where the node may appear. */
  group: 'root' | 'block' | 'inline' | 'item';
  /** What its `content` holds; null for a leaf (no `content`). */
  content: Exclude<Context, 'root'> | 'items' | null;
  attrs: Record<string, { check: Attr; required?: boolean }>;
}

const string = (max: number): Attr => (v) => (typeof v === 'string' && v.length <= max ? null : `must be text of at most ${max} characters`);
const nullable = (check: Attr): Attr => (v) => (v === null ? null : check(v));
const integer = (min: number, max: number): Attr => (v) => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? null : `must be an integer from ${min} to ${max}`);
/** Links and images point to https (links also http and mailto), or an image to an asset of the app: `asset:<id>`. */
const url = (schemes: readonly string[], allowAsset: boolean): Attr => (v) => {
  if (typeof v !== 'string' || v.length > 2048) return 'must be a URL of at most 2048 characters';
  if (allowAsset && /^asset:[0-9a-f-]{36}$/i.test(v)) return null;
  try {
    if (schemes.includes(new URL(v).protocol)) return null;
  } catch {
    // falls through to the message
  }
  return `must be a ${schemes.map((s) => s.slice(0, -1)).join(', ')} URL${allowAsset ? ' or asset:<id>' : ''}`;
};

const NODES: Record<string, NodeSpec> = {
  doc: { group: 'root', content: 'block', attrs: {} },
  paragraph: { group: 'block', content: 'inline', attrs: {} },
  heading: { group: 'block', content: 'inline', attrs: { level: { check: integer(1, 6), required: true } } },
  blockquote: { group: 'block', content: 'block', attrs: {} },
  code_block: { group: 'block', content: 'text', attrs: { language: { check: nullable(string(64)) } } },
  horizontal_rule: { group: 'block', content: null, attrs: {} },
  bullet_list: { group: 'block', content: 'items', attrs: {} },
  ordered_list: { group: 'block', content: 'items', attrs: { order: { check: integer(1, 1_000_000) } } },
  list_item: { group: 'item', content: 'block', attrs: {} },
  text: { group: 'inline', content: null, attrs: {} },
  hard_break: { group: 'inline', content: null, attrs: {} },
  image: {
    group: 'inline',
    content: null,
    attrs: { src: { check: url(['https:'], true), required: true }, alt: { check: nullable(string(500)) }, title: { check: nullable(string(500)) } },
  },
};

const MARKS: Record<string, Record<string, { check: Attr; required?: boolean }>> = {
  strong: {},
  em: {},
  code: {},
  strike: {},
  underline: {},
  link: { href: { check: url(['https:', 'http:', 'mailto:'], false), required: true }, title: { check: nullable(string(500)) } },
};

export const NODE_TYPES = Object.keys(NODES);
export const MARK_TYPES = Object.keys(MARKS);

/** What may sit in each kind of content. */
const ACCEPTS: Record<Context, (spec: NodeSpec, type: string) => boolean> = {
  root: (spec) => spec.group === 'root',
  block: (spec) => spec.group === 'block',
  inline: (spec) => spec.group === 'inline',
  text: (_spec, type) => type === 'text',
  list: (spec) => spec.group === 'item',
};
const EXPECTED: Record<Context, string> = {
  root: 'a "doc" node',
  block: 'a block node (paragraph, heading, blockquote, code_block, horizontal_rule, bullet_list, ordered_list)',
  inline: 'an inline node (text, hard_break, image)',
  text: 'a text node',
  list: 'a list_item node',
};
const NODE_KEYS = new Set(['type', 'content', 'text', 'marks', 'attrs']);

interface TreeIssue {
  pointer: string;
  message: string;
}

export type TreeCheck = { ok: true; nodes: number } | { ok: false; issues: TreeIssue[]; tooLarge: boolean };

const LONE_SURROGATE = /\p{Cs}/u;
const storable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

function checkAttrs(raw: unknown, specs: NodeSpec['attrs'], at: string, issues: TreeIssue[]): void {
  if (raw === undefined) raw = {};
  if (!isPlainObject(raw)) {
    issues.push({ pointer: `${at}/attrs`, message: 'attrs must be an object' });
    return;
  }
  for (const [name, value] of Object.entries(raw)) {
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) issues.push({ pointer: `${at}/attrs/${escapePointer(name)}`, message: `unknown attribute (allowed: ${Object.keys(specs).join(', ') || 'none'})` });
    else if (value !== undefined) {
      const problem = spec.check(value) ?? (typeof value === 'string' && !storable(value) ? 'must not contain NUL characters or unpaired surrogates' : null);
      if (problem) issues.push({ pointer: `${at}/attrs/${escapePointer(name)}`, message: problem });
    }
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && raw[name] === undefined) issues.push({ pointer: `${at}/attrs/${escapePointer(name)}`, message: 'required attribute' });
  }
}

function checkMarks(raw: unknown, at: string, issues: TreeIssue[]): void {
  if (!Array.isArray(raw)) {
    issues.push({ pointer: `${at}/marks`, message: 'marks must be an array' });
    return;
  }
  const seen = new Set<string>();
  raw.forEach((mark, i) => {
    const here = `${at}/marks/${i}`;
    if (!isPlainObject(mark) || typeof mark.type !== 'string' || !Object.hasOwn(MARKS, mark.type)) {
      issues.push({ pointer: here, message: `a mark is {type, attrs?} with type one of ${MARK_TYPES.join(', ')}` });
      return;
    }
    if (seen.has(mark.type)) issues.push({ pointer: here, message: `the mark ${mark.type} is given twice` });
    seen.add(mark.type);
    for (const key of Object.keys(mark)) if (key !== 'type' && key !== 'attrs') issues.push({ pointer: `${here}/${escapePointer(key)}`, message: 'unknown member of a mark' });
    checkAttrs(mark.attrs, MARKS[mark.type], here, issues);
  });
}

/** Checks a whole tree: shape, node types, where each may appear, attributes and marks, depth and count. */
export function checkTree(content: unknown): TreeCheck {
  const issues: TreeIssue[] = [];
  let nodes = 0;
  const stack: [unknown, string, Context, number][] = [[content, '', 'root', 1]];
  while (stack.length > 0 && issues.length < RICH_LIMITS.maxIssues) {
    const [node, at, context, depth] = stack.pop()!;
    if (++nodes > RICH_LIMITS.maxNodes) return { ok: false, issues: [{ pointer: at, message: `a document holds at most ${RICH_LIMITS.maxNodes} nodes` }], tooLarge: true };
    if (depth > RICH_LIMITS.maxDepth) {
      issues.push({ pointer: at, message: `nodes nest deeper than ${RICH_LIMITS.maxDepth} levels` });
      continue; // its children are not looked at: that is how arbitrary depth stays cheap
    }
    if (!isPlainObject(node) || typeof node.type !== 'string') {
      issues.push({ pointer: at, message: `expected ${EXPECTED[context]}: an object with a "type"` });
      continue;
    }
    const spec = Object.hasOwn(NODES, node.type) ? NODES[node.type] : undefined;
    if (!spec) {
      issues.push({ pointer: `${at}/type`, message: `unknown node type "${node.type.slice(0, 64)}" (known: ${NODE_TYPES.join(', ')})` });
      continue;
    }
    if (!ACCEPTS[context](spec, node.type)) issues.push({ pointer: at, message: `${node.type} cannot appear here: expected ${EXPECTED[context]}` });
    for (const key of Object.keys(node)) if (!NODE_KEYS.has(key)) issues.push({ pointer: `${at}/${escapePointer(key)}`, message: 'unknown member of a node (type, content, text, marks, attrs)' });
    checkAttrs(node.attrs, spec.attrs, at, issues);
    if (node.type === 'text') {
      if (typeof node.text !== 'string' || node.text.length === 0 || node.text.length > RICH_LIMITS.maxTextChars) {
        issues.push({ pointer: `${at}/text`, message: `a text node holds 1 to ${RICH_LIMITS.maxTextChars} characters` });
      } else if (!storable(node.text)) issues.push({ pointer: `${at}/text`, message: 'must not contain NUL characters or unpaired surrogates' });
      if (node.marks !== undefined) {
        if (context === 'text') issues.push({ pointer: `${at}/marks`, message: 'text in a code_block has no marks' });
        else checkMarks(node.marks, at, issues);
      }
    } else {
      if (node.text !== undefined) issues.push({ pointer: `${at}/text`, message: 'only text nodes have text' });
      if (node.marks !== undefined) issues.push({ pointer: `${at}/marks`, message: 'only text nodes have marks' });
    }
    if (node.content === undefined) continue;
    if (spec.content === null) {
      issues.push({ pointer: `${at}/content`, message: `${node.type} has no content` });
      continue;
    }
    if (!Array.isArray(node.content)) {
      issues.push({ pointer: `${at}/content`, message: 'content must be an array of nodes' });
      continue;
    }
    const inner: Context = spec.content === 'items' ? 'list' : spec.content;
    for (let i = node.content.length - 1; i >= 0; i--) stack.push([node.content[i], `${at}/content/${i}`, inner, depth + 1]);
  }
  return issues.length > 0 ? { ok: false, issues, tooLarge: false } : { ok: true, nodes };
}

const TEXTBLOCKS = new Set(['paragraph', 'heading', 'code_block']);

/** The document's text, one line per paragraph, heading or code line block (for search); walked without recursion. */
export function plainText(content: unknown): string {
  const out: string[] = [];
  const stack: (unknown | { end: true })[] = [content];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isPlainObject(node) && node.end === true && !('type' in node)) {
      out.push('\n');
      continue;
    }
    if (!isPlainObject(node)) continue;
    if (node.type === 'text' && typeof node.text === 'string') out.push(node.text);
    else if (node.type === 'hard_break') out.push('\n');
    else if (node.type === 'image' && isPlainObject(node.attrs) && typeof node.attrs.alt === 'string') out.push(node.attrs.alt);
    if (TEXTBLOCKS.has(String(node.type))) stack.push({ end: true });
    if (Array.isArray(node.content)) for (let i = node.content.length - 1; i >= 0; i--) stack.push(node.content[i]);
  }
  return out.join('').replace(/\n{3,}/g, '\n\n').trim();
}
