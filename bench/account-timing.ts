/**
 * Enumeration by timing: the code and reset requests answer the same body for
 * every address, and should take about the same time (the request only enqueues a job, whatever the
 * address; the job decides whether to mail). This measures it: requests for an active
 * account (a code or link is stored and a mail queued, outbox mode) interleaved with requests for an
 * unknown address of the same tenant, on one service process over loopback, and prints the latency
 * percentiles of each and their difference. Not a test: the numbers are reported, not asserted.
 * Both addresses repeat, so both hit an existing per-address rate-limit bucket: a fresh address per request
 * would time the bucket's creation (about 2 ms here), which is not a difference between known and unknown.
 * Usage: npx tsx bench/account-timing.ts   (BENCH_ROUNDS, default 200 per kind and route)
 */
import { cli, startServiceProcess } from './lib.js';
import { handOverTable } from './report.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const service = await startServiceProcess({
  LOGIN_CODE_RESEND_COOLDOWN_SEC: '0', // every request for the known address does the full work
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_MAILS_PER_ADDRESS_PER_HOUR: '1000000',
  RATE_LIMIT_MAILS_PER_IP_PER_HOUR: '1000000',
});
try {
  const slug = `bench-${Date.now()}`;
  await cli(service.dataDir, ['tenant', 'create', '--name', 'Bench', '--slug', slug, '--admin-email', 'o@bench.io', '--admin-password', 'granite otter lantern', '--json']);
  // The job a request enqueues runs right after it answers; a known address's job does more (a code, a mail).
  // Letting it finish before the next timed request keeps one request's job out of the other's time.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
  const time = async (url: string, email: string) => {
    await settle();
    const started = performance.now();
    const res = await fetch(`${service.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, tenant_id: slug }) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - started;
  };
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const fmt = (n: number) => n.toFixed(2);
  const table = ['| route | address | p50 ms | p90 ms | p99 ms |', '|---|---|---|---|---|'];
  const row = (line: string) => {
    table.push(line);
    console.log(line);
  };
  console.log(table.join('\n'));
  for (const url of ['/api/auth/otp/request', '/api/auth/password-reset/request']) {
    for (let i = 0; i < 20; i++) await time(url, i % 2 ? 'o@bench.io' : 'nobody@bench.io'); // warm-up
    const known: number[] = [];
    const unknown: number[] = [];
    // The order within a round is random: the job of one request runs while the next one is timed.
    for (let i = 0; i < rounds; i++) {
      if (Math.random() < 0.5) {
        known.push(await time(url, 'o@bench.io'));
        unknown.push(await time(url, 'nobody@bench.io'));
      } else {
        unknown.push(await time(url, 'nobody@bench.io'));
        known.push(await time(url, 'o@bench.io'));
      }
    }
    for (const [label, xs] of [['active account', known], ['unknown address', unknown]] as const) {
      row(`| ${url} | ${label} | ${fmt(pct(xs, 50))} | ${fmt(pct(xs, 90))} | ${fmt(pct(xs, 99))} |`);
    }
    row(`| ${url} | difference (p50) | ${fmt(pct(known, 50) - pct(unknown, 50))} | | |`);
  }
  handOverTable(table.join('\n'));
} finally {
  await service.stop();
}
