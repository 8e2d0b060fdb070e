import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { AppError } from '../../platform/http/errors.js';

/** Minimum zxcvbn score (0–4): 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
const MIN_SCORE = 3;
const PASSWORD_MIN = 10;
const PASSWORD_MAX = 256;

const strength = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

const refuse = (loc: string, msg: string, feedback?: { warning: string | null; suggestions: string[] }) =>
  new AppError('validation_error', [
    { loc: ['body', loc], msg, type: 'value_error.password', ...(feedback ? { ctx: feedback } : {}) },
  ]);

/**
 * The one password policy (CLI, invitation, reset, change): 10–256 characters, not the account's
 * e-mail or its tenant's slug, and zxcvbn score ≥ 3 with the e-mail, its local part and the slug as
 * known words. A refusal is a 422 whose `msg` says why and whose `ctx` carries zxcvbn's warning and
 * suggestions.
 */
export function checkPassword(password: string, context: { email?: string; tenantSlug?: string }, loc = 'password'): string {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw refuse(loc, `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`);
  }
  const lowered = password.trim().toLowerCase();
  const email = context.email?.toLowerCase();
  const localPart = email?.split('@')[0];
  const slug = context.tenantSlug?.toLowerCase();
  if ((email && lowered === email) || (localPart && lowered === localPart) || (slug && lowered === slug)) {
    throw refuse(loc, 'password must not be your e-mail address or the tenant name');
  }
  const result = strength.check(password, [email, localPart, slug].filter((x): x is string => Boolean(x)));
  if (result.score < MIN_SCORE) {
    const feedback = { warning: result.feedback.warning, suggestions: result.feedback.suggestions };
    const why = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
    throw refuse(loc, `password is too easy to guess${why ? `: ${why}` : ''}`, feedback);
  }
  return password;
}
