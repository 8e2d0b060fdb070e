import { Type } from 'typebox';
import { Uuid } from '../../platform/http/schemas.js';

/** A message as the console lists it: never its body (which may hold a sign-in code or a link). */
export const OutboxMessage = Type.Object({
  id: Uuid,
  kind: Type.String({ description: 'invitation, login_code, password_reset, …' }),
  to: Type.String(),
  subject: Type.String(),
  status: Type.String({ description: 'outbox (mail not configured: not sent), queued, sent or failed' }),
  created_at: Type.String(),
  sent_at: Type.Union([Type.String(), Type.Null()]),
});
