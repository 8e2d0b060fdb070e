/**
 * A look at untrusted JSON before anything recursive touches it. `JSON.stringify`, Ajv and jsonb all
 * recurse; a 1 MB body can nest 500 000 levels deep, which overflows their stacks (a 500, or worse).
 * This walk uses an explicit stack, stops at the first problem, and says where it is (a JSON pointer).
 */

export const escapePointer = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

export interface ShapeLimits {
  /** Nesting of objects and arrays (a scalar is 0, `{}` is 1). */
  maxDepth: number;
  /** Objects, arrays and scalars counted together. */
  maxNodes: number;
}

export type ShapeProblem =
  | { kind: 'too_deep'; at: string; limit: number }
  | { kind: 'too_many_nodes'; at: string; limit: number }
  | { kind: 'proto_key'; at: string }
  | { kind: 'unstorable_text'; at: string };

// Keys that pollute a prototype when code later assigns or merges (`__proto__`), refused at any depth.
const FORBIDDEN_KEYS = new Set(['__proto__']);
// With the u flag a surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
const LONE_SURROGATE = /\p{Cs}/u;
/** jsonb cannot hold a NUL character or an unpaired UTF-16 surrogate, though JSON escapes allow both. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The first problem of `value` (walked without recursion), or null when it is safe to serialize, validate and store. */
export function shapeProblem(value: unknown, limits: ShapeLimits): ShapeProblem | null {
  let nodes = 0;
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length > 0) {
    const [node, level, at] = stack.pop()!;
    if (++nodes > limits.maxNodes) return { kind: 'too_many_nodes', at, limit: limits.maxNodes };
    if (typeof node === 'string') {
      if (unstorable(node)) return { kind: 'unstorable_text', at };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const depth = level + 1;
    if (depth > limits.maxDepth) return { kind: 'too_deep', at, limit: limits.maxDepth };
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], depth, `${at}/${i}`]);
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const here = `${at}/${escapePointer(key)}`;
      if (FORBIDDEN_KEYS.has(key)) return { kind: 'proto_key', at: here };
      if (unstorable(key)) return { kind: 'unstorable_text', at: here };
      stack.push([(node as Record<string, unknown>)[key], depth, here]);
    }
  }
  return null;
}

/** What a problem means, for people. */
export function describeProblem(problem: ShapeProblem): string {
  switch (problem.kind) {
    case 'too_deep':
      return `nested deeper than ${problem.limit} levels`;
    case 'too_many_nodes':
      return `more than ${problem.limit} values`;
    case 'proto_key':
      return '"__proto__" is not allowed as a key';
    case 'unstorable_text':
      return 'text must not contain NUL (\\u0000) characters or unpaired surrogates';
  }
}

/** A pointer's segments, for FastAPI's `loc` (array indexes as numbers). */
export function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^(0|[1-9]\d*)$/.test(p) ? Number(p) : p));
}

/** Size of a value (whose shape was checked) serialized as JSON, in UTF-8 bytes. */
export const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
