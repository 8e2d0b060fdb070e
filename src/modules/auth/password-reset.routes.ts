import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { route, type Route } from '../../platform/http/route.js';
import { Detail, ResetConfirm, ResetRequest } from './auth.api.js';
import type { PasswordResetService } from './password-reset.service.js';

const tags = ['auth'];

export function passwordResetRoutes(resets: PasswordResetService): Route[] {
  return [
    route({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      tags,
      summary: 'Mail a password-reset link',
      description:
        'Mails `PUBLIC_BASE_URL/reset-password?token=…`, valid 30 minutes (PASSWORD_RESET_TTL_SEC) and once, when the address is an active account of the tenant; ' +
        'a newer link ends the older ones. The answer is the same 200 for every address and tenant. Budgets per address and per client IP apply (429).',
      auth: auth.public('asks for a reset link: the answer never says whether the account exists'),
      body: ResetRequest,
      responses: { 200: Detail, 422: ErrorBody, 429: ErrorBody },
      handler: ({ body, ip }) => resets.request(body, ip),
    }),
    route({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      tags,
      summary: 'Set a new password with a reset link',
      description:
        'Sets the password (the password policy applies: 422, the link stays usable), signs every device of the user out (all refresh tokens revoked), ' +
        'does not sign in, and mails a notice to the account. A malformed, unknown, used, replaced or expired token is the same 400 `invalid_reset_token`; ' +
        'failures spend the per-IP failed-attempt budget (429).',
      auth: auth.public('the reset token in the body is the credential'),
      body: ResetConfirm,
      responses: { 200: Detail, 400: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      handler: ({ body, ip }) => resets.confirm(body, ip),
    }),
  ];
}
