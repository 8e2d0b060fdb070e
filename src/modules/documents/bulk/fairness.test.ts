import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { WorkerRuntime } from '../../../platform/jobs/worker.js';
import { eventually } from '../../../../test/support/eventually.js';
import { DOCUMENT_EVENTS_CHANNEL, type DocumentStatusEvent } from '../index.js';

// RUN_MODE=api, so both uploads are queued before any worker claims: the order in which documents finish
// then depends only on how the queue picks jobs, not on how fast this machine is.
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let worker: WorkerRuntime | null = null;

beforeAll(async () => {
  t = await startTestService({ env: { RUN_MODE: 'api' } });
  a = await createTenant(t, 'Big batch');
  b = await createTenant(t, 'Single upload');
});
afterAll(async () => {
  await worker?.stop(2000);
  await t?.close();
});

async function upload(tenant: TestTenant, count: number, prefix: string) {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append('files', new Blob([`# ${prefix} ${i}\n\nParagraph ${i} of ${prefix}.`]), `${prefix}-${i}.md`);
  const req = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/documents/bulk-upload',
    headers: { ...tenant.auth(), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as { batch_id: string; documents: Array<{ document_id: string }> };
}

it("one tenant's 50-file batch does not starve another tenant's single upload", async () => {
  const terminal: DocumentStatusEvent[] = [];
  const unsubscribe = await t.service.ctx.bus.subscribe(DOCUMENT_EVENTS_CHANNEL, (event: DocumentStatusEvent) => {
    if (event.status === 'indexed' || event.status === 'error') terminal.push(event);
  });
  try {
    const big = await upload(a, 50, 'a');
    const single = await upload(b, 1, 'b');
    const { ctx, modules } = t.service;
    worker = new WorkerRuntime(ctx.queue, modules.flatMap((m) => m.jobs ?? []), [], ctx.log, 200);
    await worker.start({ reclaimAll: false });

    await eventually('all 51 documents to finish', () => terminal.length, (n) => n >= 51, 120_000);
    const order = terminal.map((e) => e.document_id);
    const bIndex = order.indexOf(single.documents[0].document_id);
    const lastOfA = Math.max(...big.documents.map((d) => order.indexOf(d.document_id)));
    expect(terminal.find((e) => e.tenant_id === b.tenantId)?.status).toBe('indexed');
    expect(bIndex).toBeGreaterThanOrEqual(0);
    // B finished while A's batch was still running (in FIFO order it would have been last).
    expect(bIndex).toBeLessThan(lastOfA);
  } finally {
    unsubscribe();
  }
});
