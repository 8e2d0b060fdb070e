/** JSON pointers (RFC 6901) and a stack-free look at the shape of untrusted JSON. */

export const escapePointer = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (...segments: (string | number)[]) => segments.map((s) => `/${escapePointer(s)}`).join('');

export interface Shape {
  /** Deepest nesting of objects and arrays (a scalar is 0, `{}` is 1). */
  depth: number;
  /** Where the first key that could pollute a prototype sits, if any. */
  protoKey: string | null;
  /**
   * Where the first text (key or value) sits that PostgreSQL's jsonb cannot hold: a NUL character or an
   * unpaired UTF-16 surrogate (JSON allows both as escapes; storing either would fail).
   */
  badText: string | null;
}

// With the u flag a surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const FORBIDDEN_KEYS = new Set(['__proto__']);

/**
 * Depth and prototype-polluting keys of a parsed JSON value, walked with an explicit stack so that a
 * 100 000-level document cannot overflow ours; stops early once `maxDepth` is passed.
 */
export function shapeOf(value: unknown, maxDepth: number): Shape {
  let depth = 0;
  let protoKey: string | null = null;
  let badText: string | null = null;
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length > 0) {
    const [node, level, at] = stack.pop()!;
    if (typeof node === 'string' && badText === null && unstorable(node)) badText = at;
    if (node === null || typeof node !== 'object') continue;
    const here = level + 1;
    if (here > depth) depth = here;
    if (depth > maxDepth) return { depth, protoKey, badText };
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) stack.push([node[i], here, `${at}/${i}`]);
      continue;
    }
    for (const key of Object.keys(node)) {
      if (protoKey === null && FORBIDDEN_KEYS.has(key)) protoKey = `${at}/${escapePointer(key)}`;
      if (badText === null && unstorable(key)) badText = `${at}/${escapePointer(key)}`;
      stack.push([(node as Record<string, unknown>)[key], here, `${at}/${escapePointer(key)}`]);
    }
  }
  return { depth, protoKey, badText };
}

/** Size of the value serialized as JSON, in UTF-8 bytes (call only on values whose depth is known to be sane). */
export const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** The value a local reference (`#`, `#/a/b~1c`, percent-encoded) points at inside `root`, or undefined. */
export function resolveLocalRef(root: unknown, ref: string): { found: true; value: unknown; at: string } | { found: false } {
  if (!ref.startsWith('#')) return { found: false };
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return { found: false };
  }
  if (fragment === '') return { found: true, value: root, at: '' };
  if (!fragment.startsWith('/')) return { found: false };
  let node: unknown = root;
  const parts = fragment.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return { found: false };
    node = (node as Record<string, unknown>)[part];
  }
  return { found: true, value: node, at: parts.map(escapePointer).map((p) => `/${p}`).join('') };
}
