import { ERROR_CODES, type ErrorSpec } from './error-codes.js';

const AREAS: Record<ErrorSpec['area'], string> = {
  general: 'General',
  auth: 'Login and tokens',
  users: 'Tenants and users',
  'api-keys': 'API keys',
  idempotency: 'Idempotency-Key',
  documents: 'Documents, folders and the viewer',
  llm: 'Language models and providers',
  chat: 'Chat, conversations and feedback',
  apps: 'Third-party apps',
  oauth: 'OAuth clients (the token and revocation endpoints answer RFC 6749 errors instead: docs/oauth.md)',
  webhooks: 'Events and webhooks',
  connectors: 'Connectors and their runs',
};

/** docs/errors.md, rendered from the error table (`npm run docs:errors` writes it; a test checks it is current). */
export function renderErrorsDoc(): string {
  const lines = [
    '# Error codes',
    '',
    '<!-- Generated from src/platform/http/error-codes.ts by `npm run docs:errors`; do not edit by hand. -->',
    '',
    'Every error the API answers has the body `{"detail": …, "code": "…"}`: `detail` is a message for people',
    '(for `validation_error`, a list of `{loc, msg, type}`; for `rate_limited`, `{limit, remaining, retry_after}`),',
    '`code` is stable and meant for programs. The status of a code never changes. The OpenAI-compatible gateway',
    '(`/v1/…`) answers OpenAI-shaped errors instead, and the OAuth endpoints answer RFC 6749 `{"error", "error_description"}`',
    '(`/api/auth/token`, `/api/auth/revoke`, and the 400 of `/api/auth/authorize`; see docs/oauth.md).',
  ];
  const entries = Object.entries(ERROR_CODES) as [string, ErrorSpec][];
  for (const [area, title] of Object.entries(AREAS)) {
    const rows = entries.filter(([, spec]) => spec.area === area);
    if (rows.length === 0) continue;
    lines.push('', `## ${title}`, '', '| Code | Status | Default message |', '| --- | --- | --- |');
    for (const [code, spec] of rows) lines.push(`| \`${code}\` | ${spec.status} | ${spec.message.replace(/\|/g, '\\|')} |`);
  }
  return `${lines.join('\n')}\n`;
}
