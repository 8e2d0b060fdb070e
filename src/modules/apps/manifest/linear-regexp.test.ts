import { describe, expect, it } from 'vitest';
import { linearRegExp, toLinearRegExp } from './linear-regexp.js';

/** RE2 in place of JavaScript's engine for untrusted schema patterns: same answers, linear time, refusals. */

const PATTERNS = [
  '^[a-z0-9-]+$', '^\\d{4}-\\d{2}-\\d{2}$', '^\\w+$', '\\W', '\\D', '^\\s*$', '\\S', '[\\s,]+', '[^\\S\\n]', '^.+$', '^.$', 'a.c',
  '^\\p{L}+$', '\\P{L}', '^\\p{Lu}', '^\\p{Letter}+$', '^\\p{gc=Nd}+$', '\\p{Script=Greek}', '\\p{sc=Cyrillic}', '^[\\p{L}\\p{N} _-]+$',
  '\\p{ASCII}', '[^\\p{ASCII}]', '\\p{Any}', '^\\u00e9$', '^\\u{1F600}$', '^\\uD83D\\uDE00$', '^\\x41$', '\\0', '[\\b]', '\\cJ',
  '^$', '[]', '[^]', '^(foo|bar)$', '^(?:ab)+$', '(?<year>\\d{4})', 'a{2,3}', 'a{2,}', 'a+?b', '\\bword\\b', '\\Bx',
  '^[.*+?^${}()|\\[\\]\\\\/-]+$', '\\/', '[\\-a]', '^é$', '^(a|)$', '^()$', 'a|b|', '^\\t\\v\\f\\r\\n$',
];
const INPUTS = [
  '', 'a', 'abc', 'ABC', 'a-b-c', '2024-01-31', 'foo', 'bar', 'foobar', 'x y', ' \t ', '\u00a0', '\u2028', '\ufeff', 'a\nc', 'a\rc',
  'a\u2029c', 'abc\n', 'héllo', 'Ωμέγα', 'Привет', '١٢٣', '123', '😀', '\uD83D', 'é', 'e\u0301', 'A', '\0', '\b', '\n', 'word',
  ' word ', 'ab', 'aab', 'aaab', '.*+?^${}()|[]\\/-', '/', '-', '\t\v\f\r\n', 'wordx', 'x', 'ax', 'aa', 'aaa',
];

describe('RE2 in place of ECMAScript patterns', () => {
  it('answers as JavaScript does (`u` flag) for common patterns, whitespace, line terminators and astral characters', () => {
    for (const pattern of PATTERNS) {
      const native = new RegExp(pattern, 'u');
      const linear = linearRegExp(pattern, 'u');
      for (const input of INPUTS) expect(linear.test(input), `${pattern} on ${JSON.stringify(input)}`).toBe(native.test(input));
    }
  });

  it('runs patterns that backtrack exponentially in JavaScript on 10,000-character inputs', () => {
    const hostile = `${'a'.repeat(10_000)}!`;
    expect(linearRegExp('^(a|a)*$', 'u').test(hostile)).toBe(false);
    expect(linearRegExp('^(a|ab)*$', 'u').test(hostile)).toBe(false);
    expect(linearRegExp('^(a+)+$', 'u').test(hostile)).toBe(false);
    expect(linearRegExp('^(a|a)*$', 'u').test('a'.repeat(10_000))).toBe(true);
    expect(linearRegExp('^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$', 'u').test(`${'1'.repeat(10_000)}x`)).toBe(false);
  });

  it('refuses what RE2 cannot do, saying what', () => {
    expect(toLinearRegExp('(a)\\1').problem).toMatch(/backreference \(\\1\)/);
    expect(toLinearRegExp('(?<x>a)\\k<x>').problem).toMatch(/backreference/);
    expect(toLinearRegExp('(?=a)').problem).toMatch(/lookahead \(\?=…\)/);
    expect(toLinearRegExp('a(?!b)').problem).toMatch(/lookahead \(\?!…\)/);
    expect(toLinearRegExp('(?<=a)b').problem).toMatch(/lookbehind \(\?<=…\)/);
    expect(toLinearRegExp('(?<!a)b').problem).toMatch(/lookbehind \(\?<!…\)/);
    expect(toLinearRegExp('(?i:a)').problem).toMatch(/inline modifiers/);
    expect(toLinearRegExp('\\p{Alphabetic}').problem).toMatch(/Unicode property \\p\{Alphabetic\}/);
    expect(toLinearRegExp('\\p{scx=Latn}').problem).toMatch(/Unicode property/);
    expect(toLinearRegExp('a{1001}').problem).toMatch(/linear-time engine \(.*repeat count/);
    expect(toLinearRegExp('^[a-z]+$').problem).toBeUndefined();
    expect(() => linearRegExp('(a)\\1', 'u')).toThrow(/backreference/);
  });

  it('gives each pattern its own cache key (Ajv shares compiled patterns by toString)', () => {
    expect(String(linearRegExp('^a$', 'u'))).not.toBe(String(linearRegExp('^b$', 'u')));
  });
});
