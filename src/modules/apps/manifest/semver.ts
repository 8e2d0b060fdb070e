/** Semantic Versioning 2.0.0 (semver.org), its recommended regular expression. */
export const SEMVER_PATTERN =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$';
const SEMVER = new RegExp(SEMVER_PATTERN);

interface Parsed {
  core: [bigint, bigint, bigint];
  pre: string[];
}

function parse(version: string): Parsed {
  const m = SEMVER.exec(version);
  if (!m) throw new Error(`not a semantic version: ${version}`);
  return { core: [BigInt(m[1]), BigInt(m[2]), BigInt(m[3])], pre: m[4] ? m[4].split('.') : [] };
}

const numeric = (id: string) => /^\d+$/.test(id);

/**
 * Precedence of two versions (semver.org §11): negative, zero or positive. Build metadata is ignored, so
 * 1.0.0+a and 1.0.0+b are equal (one cannot be imported over the other).
 */
export function compareSemver(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i] < y.core[i] ? -1 : 1;
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length; // a release outranks its pre-releases
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i], y.pre[i]];
    if (p === q) continue;
    if (numeric(p) && numeric(q)) return BigInt(p) < BigInt(q) ? -1 : 1;
    if (numeric(p) !== numeric(q)) return numeric(p) ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return x.pre.length - y.pre.length;
}
