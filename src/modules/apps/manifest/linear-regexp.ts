import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { RE2JS } from 're2js';

/**
 * JSON Schema patterns are ECMA-262 regular expressions with the `u` flag. JavaScript's engine backtracks,
 * so a pattern such as `^(a|a)*$` takes exponential time on a short hostile string, and no look at the
 * pattern's text can tell every such pattern apart. Patterns from untrusted schemas therefore run on RE2
 * (re2js, pure JavaScript), whose time is linear in the input whatever the pattern.
 *
 * RE2's syntax and ECMAScript's differ in meaning in places (`.`, `\s`, `[]`, `\p{Letter}`), so the
 * pattern is parsed as ECMAScript and written out again node by node in RE2 syntax with the same meaning;
 * what RE2 cannot do in linear time (backreferences, lookaround) is refused, never approximated.
 */

/** Why ECMAScript `source` cannot run on RE2 (to follow "pattern "), or the RE2 program that means the same. */
export type Translation = { re2: RE2JS; problem?: never } | { problem: string; re2?: never };

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** ECMAScript's `\s`: WhiteSpace and LineTerminator (RE2's `\s` is ASCII only). */
const SPACE: [number, number][] = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
  [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;
/** The complement of ranges sorted and disjoint, so that `\S` can stand inside a class beside other items. */
function complement(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}
const hex = (c: number) => `\\x{${c.toString(16)}}`;
const rangesText = (ranges: [number, number][]) => ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
const SPACE_ITEMS = rangesText(SPACE);
const NOT_SPACE_ITEMS = rangesText(complement(SPACE));
/** ECMAScript's `.` without the `s` flag: anything but a LineTerminator (RE2's `.` excludes only \n). */
const DOT = '[^\\x{a}\\x{d}\\x{2028}\\x{2029}]';

/** General_Category long names (ECMAScript accepts them) → the short names RE2 knows. */
const CATEGORY_ALIASES: Record<string, string> = {
  Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Unassigned: 'Cn', Private_Use: 'Co', Surrogate: 'Cs',
  Letter: 'L', Cased_Letter: 'LC', Lowercase_Letter: 'Ll', Modifier_Letter: 'Lm', Other_Letter: 'Lo', Titlecase_Letter: 'Lt', Uppercase_Letter: 'Lu',
  Mark: 'M', Combining_Mark: 'M', Spacing_Mark: 'Mc', Enclosing_Mark: 'Me', Nonspacing_Mark: 'Mn',
  Number: 'N', Decimal_Number: 'Nd', digit: 'Nd', Letter_Number: 'Nl', Other_Number: 'No',
  Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd', Close_Punctuation: 'Pe', Final_Punctuation: 'Pf',
  Initial_Punctuation: 'Pi', Other_Punctuation: 'Po', Open_Punctuation: 'Ps',
  Symbol: 'S', Currency_Symbol: 'Sc', Modifier_Symbol: 'Sk', Math_Symbol: 'Sm', Other_Symbol: 'So',
  Separator: 'Z', Line_Separator: 'Zl', Paragraph_Separator: 'Zp', Space_Separator: 'Zs',
};
const CATEGORIES = new Set(Object.values(CATEGORY_ALIASES));

class Unsupported extends Error {}

/** `\p{…}` / `\P{…}` in RE2 terms; Script_Extensions and binary properties (other than Any, ASCII) have none. */
function property(set: AST.CharacterUnicodePropertyCharacterSet, inClass: boolean): string {
  const p = set.negate ? 'P' : 'p';
  const value = set.value ?? '';
  if (set.key === 'General_Category' || set.key === 'gc') {
    const short = CATEGORIES.has(value) ? value : CATEGORY_ALIASES[value];
    if (short) return `\\${p}{${short}}`;
  } else if (set.key === 'Script' || set.key === 'sc') {
    // RE2 knows scripts by their long name (Greek); an unknown name (the short code Grek) fails RE2's compile.
    return `\\${p}{${value}}`;
  } else if (set.key === 'Any') {
    return `\\${p}{Any}`;
  } else if (set.key === 'ASCII') {
    const items = set.negate ? rangesText([[0x80, MAX_CODE_POINT]]) : rangesText([[0, 0x7f]]);
    return inClass ? items : `[${items}]`;
  }
  throw new Unsupported(`uses the Unicode property ${set.raw}, which the linear-time engine lacks (supported: general categories, Script=, Any, ASCII)`);
}

function characterSet(set: AST.CharacterSet, inClass: boolean): string {
  switch (set.kind) {
    case 'any':
      return DOT;
    case 'digit':
      return set.negate ? '\\D' : '\\d'; // [0-9] in both
    case 'word':
      return set.negate ? '\\W' : '\\w'; // [0-9A-Za-z_] in both (no `i` flag)
    case 'space': {
      const items = set.negate ? NOT_SPACE_ITEMS : SPACE_ITEMS;
      return inClass ? items : `[${items}]`;
    }
    case 'property':
      if (set.strings) throw new Unsupported(`uses the property of strings ${set.raw}`);
      return property(set, inClass);
  }
}

function characterClass(node: AST.CharacterClass): string {
  if (node.unicodeSets) throw new Unsupported('uses a set-notation character class');
  // ECMAScript's [] matches nothing and [^] anything; in RE2 a ] right after [ or [^ is a literal.
  if (node.elements.length === 0) return node.negate ? `[${rangesText([[0, MAX_CODE_POINT]])}]` : `[^${rangesText([[0, MAX_CODE_POINT]])}]`;
  const items = node.elements.map((e) => {
    if (e.type === 'Character') return hex(e.value);
    if (e.type === 'CharacterClassRange') return `${hex(e.min.value)}-${hex(e.max.value)}`;
    return characterSet(e, true);
  });
  return `[${node.negate ? '^' : ''}${items.join('')}]`;
}

function alternatives(list: AST.Alternative[]): string {
  return list.map((a) => a.elements.map(element).join('')).join('|');
}

function assertion(node: AST.Assertion): string {
  switch (node.kind) {
    case 'start':
      return '^'; // no `m` flag: start and end of the input, in both
    case 'end':
      return '$';
    case 'word':
      return node.negate ? '\\B' : '\\b'; // ASCII word characters in both
    case 'lookahead':
    case 'lookbehind':
      throw new Unsupported(`uses a ${node.kind} (${node.kind === 'lookbehind' ? '?<' : '?'}${node.negate ? '!' : '='}…), which RE2 does not support`);
  }
}

function element(node: AST.Element): string {
  switch (node.type) {
    case 'Character':
      return hex(node.value); // every literal escaped: no character means something else to RE2
    case 'CharacterSet':
      return characterSet(node, false);
    case 'CharacterClass':
      return characterClass(node);
    case 'ExpressionCharacterClass':
      throw new Unsupported('uses a set-notation character class');
    case 'CapturingGroup':
      return `(?:${alternatives(node.alternatives)})`; // captures are never read: a match is all a schema asks
    case 'Group':
      if (node.modifiers) throw new Unsupported(`uses inline modifiers ${node.modifiers.raw}`);
      return `(?:${alternatives(node.alternatives)})`;
    case 'Quantifier': {
      const count = node.max === Infinity ? (node.min === 0 ? '*' : node.min === 1 ? '+' : `{${node.min},}`)
        : node.min === 0 && node.max === 1 ? '?' : node.min === node.max ? `{${node.min}}` : `{${node.min},${node.max}}`;
      return `(?:${element(node.element)})${count}${node.greedy ? '' : '?'}`;
    }
    case 'Assertion':
      return assertion(node);
    case 'Backreference':
      throw new Unsupported(`uses a backreference (${node.raw}), which RE2 does not support`);
  }
}

/**
 * `source` (ECMAScript, `u` flag) as an RE2 program with the same meaning, or why there is none. Callers
 * check the pattern is valid ECMAScript first; a pattern RE2 refuses (a repeat count over 1000, a program
 * too large) is refused here with RE2's reason.
 */
export function toLinearRegExp(source: string): Translation {
  let translated: string;
  try {
    const pattern = parser.parsePattern(source, 0, source.length, { unicode: true, unicodeSets: false });
    translated = alternatives(pattern.alternatives);
  } catch (error) {
    if (error instanceof Unsupported) return { problem: error.message };
    return { problem: 'is not a valid regular expression' };
  }
  try {
    return { re2: RE2JS.compile(translated) };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/`[^`]*`$/, '').replace(/:\s*$/, '') : String(error);
    return { problem: `cannot run on the linear-time engine (${reason})` };
  }
}

/**
 * Ajv's `code.regExp` engine: every `pattern` and `patternProperties` key of a schema compiled with it runs on
 * RE2. Ajv passes "u" (its `unicodeRegExp` default) and keys its cache of compiled patterns by `toString()`.
 */
export function linearRegExp(source: string, flags: string): { test(input: string): boolean; toString(): string } {
  if (flags !== 'u') throw new Error(`unexpected regular expression flags "${flags}" (JSON Schema patterns use "u")`);
  const translation = toLinearRegExp(source);
  if (translation.problem !== undefined) throw new Error(`pattern ${translation.problem}: ${source}`);
  const { re2 } = translation;
  return { test: (input) => re2.test(input), toString: () => `/${source}/${flags}` };
}
/** Where standalone code would import the engine from; Ajv reads it, we never generate standalone code. */
linearRegExp.code = 'linear-regexp';
