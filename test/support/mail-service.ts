import { afterAll, beforeAll } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../harness.js';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.js';

export interface MailService {
  smtp: SmtpPeer;
  t: TestService;
  a: TestTenant;
}

/**
 * A service that sends its mail to a real SMTP peer on loopback, with one tenant: started before the calling
 * file's tests and closed after them. Read the fields inside tests (they are set by the file's first hook).
 */
export function withMailService(publicBaseUrl: string): MailService {
  const fixture = {} as MailService;
  beforeAll(async () => {
    fixture.smtp = await startSmtpPeer();
    fixture.t = await startTestService({ env: { SMTP_URL: fixture.smtp.url, PUBLIC_BASE_URL: publicBaseUrl } });
    fixture.a = await createTenant(fixture.t, 'Acme & Co');
  });
  afterAll(async () => {
    await fixture.t?.close();
    await fixture.smtp?.close();
  });
  return fixture;
}

/** A fresh client address per call under `prefix` (e.g. "10.1"), so one test's per-IP budgets never reach another. */
export function addressSequence(prefix: string): () => string {
  let n = 0;
  return () => {
    n++;
    return `${prefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

/** A JSON POST from a given client address. */
export function postFrom(t: TestService, url: string, payload: object, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
}
