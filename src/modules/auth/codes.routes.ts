import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { route, type Route } from '../../platform/http/route.js';
import { CodeRequest, CodeRequested, CodeVerify, DesktopCodeVerify, TokenPair } from './auth.api.js';
import type { LoginCodesService } from './login-codes.service.js';

const tags = ['auth'];
const requestDescription =
  'Sends a 6-digit sign-in code, valid 10 minutes (LOGIN_CODE_TTL_SEC), to the address when it is an active account of the tenant. ' +
  'The answer is the same 200 for unknown tenants, unknown or disabled accounts, and a request inside the 60 s resend cooldown (then nothing is sent). ' +
  'A new code ends the older ones. Budgets per address and per client IP apply (429).';
const verifyDescription =
  'Exchanges the code for the token pair of login. A wrong, expired, used, replaced or unknown code is the same 401 `invalid_code`; ' +
  'the fifth wrong try burns the code. Failures spend the failed-login budgets per client IP and per account (429).';

export function codesRoutes(codes: LoginCodesService): Route[] {
  const variants = [
    { request: '/api/auth/otp/request', verify: '/api/auth/otp/verify', purpose: 'web_login' as const, who: 'web' },
    { request: '/api/auth/electron/request-otp', verify: '/api/auth/electron/verify-otp', purpose: 'desktop_login' as const, who: 'desktop app' },
  ];
  return variants.flatMap((v) => [
    route({
      method: 'POST',
      url: v.request,
      tags,
      summary: `Send a sign-in code by e-mail (${v.who})`,
      description: requestDescription,
      auth: auth.public('asks for a code: the answer never says whether the account exists'),
      body: CodeRequest,
      responses: { 200: CodeRequested, 422: ErrorBody, 429: ErrorBody },
      handler: ({ body, ip }) => codes.request(body, v.purpose, ip),
    }),
    v.purpose === 'web_login'
      ? route({
        method: 'POST',
        url: v.verify,
        tags,
        summary: 'Sign in with an e-mailed code (web)',
        description: verifyDescription,
        auth: auth.public('the e-mailed code in the body is the credential'),
        body: CodeVerify,
        responses: { 200: TokenPair, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
        handler: ({ body, ip }) => codes.verify(body, v.purpose, ip),
      })
      : route({
        method: 'POST',
        url: v.verify,
        tags,
        summary: 'Sign in with an e-mailed code (desktop app)',
        description: `${verifyDescription} \`device_name\`, when given, is recorded on the refresh-token family.`,
        auth: auth.public('the e-mailed code in the body is the credential'),
        body: DesktopCodeVerify,
        responses: { 200: TokenPair, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
        handler: ({ body, ip }) => codes.verify(body, v.purpose, ip),
      }),
  ]);
}
