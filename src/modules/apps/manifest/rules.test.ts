import { describe, expect, it } from 'vitest';
import { compareSemver } from './semver.js';
import { patternProblem, recordSchemaIssues } from './record-schema.js';
import { isLoopbackHost } from '../../../platform/net/address-policy.js';
import { urlProblem } from './urls.js';
import { resolveLocalRef, shapeOf } from './json-shape.js';

/** The rules beside the manifest schema, on their own (no service). */

describe('semver precedence', () => {
  it('orders as semver.org §11 says', () => {
    const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.2.0', '1.10.0', '2.0.0'];
    for (let i = 0; i < ordered.length - 1; i++) {
      expect(compareSemver(ordered[i], ordered[i + 1]), `${ordered[i]} < ${ordered[i + 1]}`).toBeLessThan(0);
      expect(compareSemver(ordered[i + 1], ordered[i])).toBeGreaterThan(0);
    }
    expect(compareSemver('1.0.0+build.1', '1.0.0+build.2')).toBe(0);
    expect(compareSemver('99999999999999999999.0.0', '99999999999999999998.0.0')).toBeGreaterThan(0);
  });
});

describe('patterns', () => {
  it('accept what backtracks in JavaScript (they run on a linear-time engine), refuse what that engine lacks', () => {
    for (const good of ['^(a|a)*$', '^(a|ab)*$', '^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$', '^(a+)+$', '(a*)*', '^(\\w+\\s?)*$', '^[a-z0-9-]+$', '^\\p{L}+$', '(?<year>\\d{4})']) {
      expect(patternProblem(good), good).toBeNull();
    }
    for (const bad of ['(a)\\1', '(?<x>a)\\k<x>', '(?=a)', 'a(?!b)', '(?<=a)b', '(?<!a)b', 'a{1001}']) {
      expect(patternProblem(bad), bad).not.toBeNull();
    }
    expect(patternProblem('(')).toBe('is not a valid regular expression');
    expect(patternProblem('a'.repeat(300))).toMatch(/longer than 256/);
  });

  it('are refused with the pointer to the pattern, in pattern and in patternProperties', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '(a)\\1' }, b: { type: 'array', items: { type: 'string', pattern: '(?=a)' } }, c: { type: 'string', pattern: '^(a|a)*$' } },
      patternProperties: { '^x/(?=y)': { type: 'string' }, '^(a|ab)*$': { type: 'integer' } },
    };
    expect(recordSchemaIssues(schema, '/collections/0/schema').sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: '/collections/0/schema/patternProperties/^x~1(?=y)', message: 'pattern uses a lookahead (?=…), which RE2 does not support' },
      { path: '/collections/0/schema/properties/a/pattern', message: 'pattern uses a backreference (\\1), which RE2 does not support' },
      { path: '/collections/0/schema/properties/b/items/pattern', message: 'pattern uses a lookahead (?=…), which RE2 does not support' },
    ]);
  });
});

describe('record schemas', () => {
  it('ignore $ref-looking property names and data, and follow only schema positions', () => {
    const schema = {
      type: 'object',
      properties: { $ref: { type: 'string' }, $id: { type: 'string' } },
      default: { $ref: 'https://not.a.reference/' },
      examples: [{ $id: 'data' }],
    };
    expect(recordSchemaIssues(schema, '/s')).toEqual([]);
  });

  it('allow a chain of local references without a cycle, refuse a cycle through an applicator', () => {
    const chain = { type: 'object', $defs: { a: { $ref: '#/$defs/b' }, b: { type: 'string' } }, properties: { x: { $ref: '#/$defs/a' } } };
    expect(recordSchemaIssues(chain, '')).toEqual([]);
    const cycle = { type: 'object', $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } }, properties: { head: { $ref: '#/$defs/node' } } };
    expect(recordSchemaIssues(cycle, '')).toEqual([{ path: '/$defs/node/properties/next/$ref', message: expect.stringMatching(/^\$ref cycle/) }]);
  });

  it('resolve percent-encoded and escaped pointers', () => {
    const root = { $defs: { 'a/b': { x: 1 }, 'c~d': { y: 2 }, 'e f': 3 } };
    expect(resolveLocalRef(root, '#/$defs/a~1b')).toEqual({ found: true, value: { x: 1 }, at: '/$defs/a~1b' });
    expect(resolveLocalRef(root, '#/$defs/c~0d')).toMatchObject({ found: true, value: { y: 2 } });
    expect(resolveLocalRef(root, '#/$defs/e%20f')).toMatchObject({ found: true, value: 3 });
    expect(resolveLocalRef(root, '#/$defs/constructor')).toEqual({ found: false });
    expect(resolveLocalRef(root, '#/%E0%A4%A')).toEqual({ found: false });
  });
});

describe('shape', () => {
  it('measures depth without recursion and finds __proto__ keys and unstorable text', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(shapeOf(deep, 10).depth).toBe(11); // stops once past the cap
    expect(shapeOf(JSON.parse('{"a": [{"__proto__": 1}]}'), 10).protoKey).toBe('/a/0/__proto__');
    expect(shapeOf({ a: ['ok', 'x\u0000'] }, 10).badText).toBe('/a/1');
    expect(shapeOf({ 'k\ud800': 1 }, 10).badText).toBe('/k\ud800');
    expect(shapeOf({ emoji: '😀' }, 10).badText).toBeNull();
  });
});

describe('URLs', () => {
  it('https only; http on loopback only when allowed; never credentials', () => {
    const strict = { allowHttpLoopback: false };
    const dev = { allowHttpLoopback: true };
    expect(urlProblem('https://app.example.com/x?y=1#z', strict)).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'ftp://example.com/', 'http://app.example.com/', 'https://user:pw@app.example.com/', '//app.example.com', 'not a url']) {
      expect(urlProblem(bad, dev), bad).not.toBeNull();
    }
    expect(urlProblem('http://127.0.0.1:3000/', strict)).toMatch(/APPS_ALLOW_HTTP_LOOPBACK/);
    expect(urlProblem('http://127.0.0.1:3000/', dev)).toBeNull();
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.8.9.10')).toBe(true);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });
});
