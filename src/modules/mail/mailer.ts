import type { TenantTx } from '../../platform/db/tenant-db.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { CoreContext } from '../../platform/context.js';
import type { JobHandler } from '../../platform/jobs/worker.js';
import { findTenant } from '../tenants/index.js';
import { findMail, insertMail, markFailed, recordAttempt } from './mail.repo.js';
import { smtpTransport, type MailTransport } from './smtp.js';
import { render, type MailData, type MailKind } from './templates.js';

const MAIL_QUEUE = 'mail';

/**
 * The port other modules send mail through. `enqueue` joins the caller's transaction: the message row
 * (and, with SMTP, its send job) commit with the change that caused it, or not at all; the send itself
 * runs in the job queue after the commit, with retries, so a slow or failing mail server never fails
 * the request. An idempotent replay returns the stored response and never reaches `enqueue` again.
 */
export interface Mailer {
  enqueue<K extends MailKind>(t: TenantTx, kind: K, to: string, data: MailData[K]): Promise<{ id: string }>;
  /** `queued`: SMTP sends it after the commit; `outbox`: no SMTP_URL, nothing leaves the server (an admin must pass links on). */
  readonly delivery: MailDelivery;
  /** An absolute link under PUBLIC_BASE_URL, as the mails write them. */
  link(path: string, query: Record<string, string>): string;
}

type MailDelivery = 'queued' | 'outbox';

export interface MailerParts {
  mailer: Mailer;
  jobs: JobHandler[];
  stop(): void;
}

type MailerCtx = Pick<CoreContext, 'db' | 'queue' | 'config' | 'clock' | 'log'>;

/** SMTP when SMTP_URL is set; otherwise the outbox (the rows stay with status `outbox` for `mail list`). */
export function createMailer(ctx: MailerCtx, transport: MailTransport | null = ctx.config.mail.smtpUrl ? smtpTransport(ctx.config.mail.smtpUrl) : null): MailerParts {
  const { config } = ctx;

  const link = (path: string, query: Record<string, string>) => `${config.publicBaseUrl}${path}?${new URLSearchParams(query).toString()}`;

  const mailer: Mailer = {
    delivery: transport ? 'queued' : 'outbox',
    link,
    async enqueue(t, kind, to, data) {
      const tenant = await findTenant(t.tx, t.tenantId);
      const mail = render(kind, data, { tenantName: tenant?.name ?? '', link });
      const row = await insertMail(t, {
        kind,
        toAddress: to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        status: transport ? 'queued' : 'outbox',
      });
      if (transport) await ctx.queue.enqueue(t.tx, MAIL_QUEUE, t.tenantId, { mail_id: row.id }, { maxAttempts: config.mail.maxAttempts });
      return { id: row.id };
    },
  };

  const sendJob: JobHandler = {
    queue: MAIL_QUEUE,
    concurrency: 2,
    leaseSec: 120,
    async handle(job) {
      const id = String(job.payload.mail_id);
      const tdb = tenantDb(ctx.db, job.tenantId!);
      const row = await tdb.run((t) => findMail(t, id));
      if (!row || row.status !== 'queued' || !transport) return; // sent already (a retried job after a lost ack), or gone
      try {
        await transport.send({ from: config.mail.from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const last = job.attempts >= job.maxAttempts;
        await tdb.run((t) => recordAttempt(t, id, { status: last ? 'failed' : 'queued', error: message.slice(0, 1000), at: ctx.clock.now() }));
        throw error;
      }
      await tdb.run((t) => recordAttempt(t, id, { status: 'sent', error: null, at: ctx.clock.now() }));
    },
    async onDead(job, error) {
      // Lease expired on the last attempt: the row must not stay "queued" forever.
      await tenantDb(ctx.db, job.tenantId!).run((t) => markFailed(t, String(job.payload.mail_id), error.slice(0, 1000)));
    },
  };

  return { mailer, jobs: transport ? [sendJob] : [], stop: () => transport?.close() };
}
