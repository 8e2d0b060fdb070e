/**
 * Summarises V8 .cpuprofile files (node --cpu-prof, e.g. BENCH_CPU_PROF=<dir> with bench/ingestion.ts or
 * bench/search.ts): self time grouped by package or source file, and the top functions.
 * Usage: npx tsx bench/cpuprofile-summary.ts <file-or-dir>... [--top 25] [--after S] [--before S]
 * --after / --before keep the samples taken within that window, in seconds from the profile's start (e.g. to leave
 * out the service's start-up: bench/llm-overhead.ts prints the window of its measured runs).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const OPTIONS = ['--top', '--after', '--before'];
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const top = option('--top', 25);
const afterUs = option('--after', 0) * 1e6;
const beforeUs = option('--before', Infinity) * 1e6;
const inputs = args.filter((a, i) => !OPTIONS.includes(a) && !OPTIONS.includes(args[i - 1]));

function bucket(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native/builtin)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return url;
  const src = /\/(src\/.*|bench\/.*)$/.exec(url);
  return src ? src[1] : url;
}

for (const input of inputs) {
  const files = (await stat(input)).isDirectory()
    ? (await readdir(input)).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(input, f))
    : [input];
  for (const file of files) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    let at = 0; // µs since the profile's start
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (at >= afterUs && at < beforeUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const groups = new Map<string, number>();
    const fns = new Map<string, number>();
    for (const [id, us] of self) {
      const n = byId.get(id)!;
      const g = bucket(n.callFrame.url, n.callFrame.functionName);
      groups.set(g, (groups.get(g) ?? 0) + us);
      const f = `${n.callFrame.functionName || '(anonymous)'} ${bucket(n.callFrame.url, '')}:${n.callFrame.lineNumber + 1}`;
      fns.set(f, (fns.get(f) ?? 0) + us);
    }
    const pct = (us: number) => `${((us / total) * 100).toFixed(1)}%`;
    const busy = total - (groups.get('(idle)') ?? 0);
    console.log(`\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle)`);
    console.log('  self time by package / file:');
    for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(us).padStart(6)}  ${(us / 1e6).toFixed(2).padStart(7)} s  ${g}`);
    console.log('  top functions (self):');
    for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(us).padStart(6)}  ${(us / 1e6).toFixed(2).padStart(7)} s  ${f}`);
  }
}
