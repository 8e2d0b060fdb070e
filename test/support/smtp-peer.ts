import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually } from './eventually.js';

export interface SmtpPeer {
  /** SMTP_URL for the service under test. */
  url: string;
  /** Every mail received so far, parsed. */
  mails: ParsedMail[];
  /** While true, the peer refuses every message (a failing mail server). */
  refuse: boolean;
  /** Refuses this many messages more, then accepts again (a server that recovers). */
  refuseNext: number;
  /** Waits until `count` mails in all arrived, and returns them. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (no TLS, no auth), whose received mails are parsed with mailparser. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const peer: Partial<SmtpPeer> & { mails: ParsedMail[]; refuse: boolean; refuseNext: number } = { mails: [], refuse: false, refuseNext: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      if (peer.refuse || peer.refuseNext > 0) {
        peer.refuseNext = Math.max(0, peer.refuseNext - 1);
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          peer.mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  peer.url = `smtp://127.0.0.1:${port}`;
  peer.waitFor = (count) => eventually(`${count} mails`, () => peer.mails, (m) => m.length >= count, 30_000);
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer as SmtpPeer;
}

/** The invitation token of a mail: the one thing its link carries. */
export function tokenFromLink(text: string, path = '/accept-invitation'): string {
  const match = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}
