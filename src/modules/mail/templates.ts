/**
 * The mails the service sends, one renderer per kind: plain text and HTML, the tenant's name in both,
 * links only from PUBLIC_BASE_URL (never from a request's Host header). Every interpolated value is
 * escaped in the HTML body. A new kind (one-time code, password reset…) adds an entry to TEMPLATES.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  tenantName: string;
  /** `${PUBLIC_BASE_URL}${path}?…` with the query values encoded. */
  link(path: string, query: Record<string, string>): string;
}

export interface MailData {
  invitation: { inviterName: string; role: string; token: string; expiresAt: Date };
  login_code: { code: string; expiresInMin: number };
  password_reset: { token: string; expiresInMin: number };
  password_changed: { at: Date };
  webhook_endpoint_disabled: { url: string; reason: string };
}
export type MailKind = keyof MailData;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A one-button HTML mail; `paragraphs` are plain text, escaped here. */
function html(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action ? `<p><a href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>\n<p>${escapeHtml(action.href)}</p>` : '';
  return `<!doctype html>\n<html><body>\n<h1>${escapeHtml(title)}</h1>\n${body}\n${button}\n</body></html>\n`;
}

type Renderers = { [K in MailKind]: (data: MailData[K], ctx: MailContext) => RenderedMail };

const TEMPLATES: Renderers = {
  invitation(data, ctx) {
    const link = ctx.link('/accept-invitation', { token: data.token });
    const who = data.inviterName ? `${data.inviterName} invited you` : 'You were invited';
    const lines = [
      `${who} to join ${ctx.tenantName} as ${data.role}.`,
      `The invitation is valid until ${data.expiresAt.toISOString()}. If you did not expect it, ignore this mail.`,
    ];
    return {
      subject: `Invitation to ${ctx.tenantName}`,
      text: `${lines[0]}\n\nAccept it here:\n${link}\n\n${lines[1]}\n`,
      html: html(`Join ${ctx.tenantName}`, lines, { label: 'Accept the invitation', href: link }),
    };
  },
  login_code(data, ctx) {
    const lines = [
      `Your sign-in code for ${ctx.tenantName} is ${data.code}.`,
      `It is valid for ${data.expiresInMin} minutes and works once. If you did not ask for it, ignore this mail: nobody can sign in without the code.`,
    ];
    return {
      subject: `${data.code} is your sign-in code for ${ctx.tenantName}`,
      text: `${lines[0]}\n\n${lines[1]}\n`,
      html: html(`Sign in to ${ctx.tenantName}`, lines),
    };
  },
  password_reset(data, ctx) {
    const link = ctx.link('/reset-password', { token: data.token });
    const lines = [
      `Someone asked to reset your password for ${ctx.tenantName}.`,
      `The link is valid for ${data.expiresInMin} minutes and works once. If it was not you, ignore this mail: your password stays as it is.`,
    ];
    return {
      subject: `Reset your password for ${ctx.tenantName}`,
      text: `${lines[0]}\n\nChoose a new password here:\n${link}\n\n${lines[1]}\n`,
      html: html(`Reset your password`, lines, { label: 'Choose a new password', href: link }),
    };
  },
  password_changed(data, ctx) {
    const lines = [
      `Your password for ${ctx.tenantName} was changed at ${data.at.toISOString()}, and every device was signed out.`,
      'If it was not you, contact your administrator at once.',
    ];
    return {
      subject: `Your password for ${ctx.tenantName} was changed`,
      text: `${lines.join('\n\n')}\n`,
      html: html('Your password was changed', lines),
    };
  },
  webhook_endpoint_disabled(data, ctx) {
    const lines = [
      `A webhook endpoint of ${ctx.tenantName} was disabled: ${data.url}`,
      data.reason,
      'Its pending deliveries were cancelled. Once the receiver works again, enable the endpoint and replay the events it missed (the event log keeps 30 days).',
    ];
    return {
      subject: `A webhook endpoint of ${ctx.tenantName} was disabled`,
      text: `${lines.join('\n\n')}\n`,
      html: html('A webhook endpoint was disabled', lines),
    };
  },
};

export function render<K extends MailKind>(kind: K, data: MailData[K], ctx: MailContext): RenderedMail {
  return (TEMPLATES[kind] as (d: MailData[K], c: MailContext) => RenderedMail)(data, ctx);
}
