import type { Principal } from '../../../platform/auth/principal.js';
import type { Clock } from '../../../platform/clock.js';
import { utcDayWindow } from '../../../platform/day-window.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';
import { emitEvent } from '../../webhooks/index.js';
import { findMessage } from '../conversations/conversations.repo.js';
import type { ConversationsService } from '../conversations/conversations.service.js';
import { owns, ownerOf, seesTenant } from '../conversations/ownership.js';
import { countFeedback, listFeedback, upsertFeedback } from './feedback.repo.js';
import { presentFeedback, presentFeedbackWithTurn } from './feedback.present.js';
import type { Rating } from './feedback.table.js';

export interface FeedbackDeps {
  clock: Clock;
  conversations: Pick<ConversationsService, 'visible'>;
}


/**
 * Ratings of answers. A principal rates the answers of the conversations it may read (its own; any of the tenant's
 * for an admin), once per answer: a second rating replaces the first. Everyone reads their own feedback; admins read
 * and count the whole tenant's, which is how they see what the assistant gets wrong.
 */
export function createFeedbackService(deps: FeedbackDeps) {
  const { clock } = deps;
  const scopeOf = (principal: Principal) => (seesTenant(principal) ? null : ownerOf(principal));

  async function give(tenant: TenantDb, principal: Principal, input: { message_id: string; rating: Rating; comment?: string | null; tags?: string[] }) {
    const tags = [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))];
    const comment = input.comment?.trim() ? input.comment.trim() : null;
    return tenant.run(async (t) => {
      const found = await findMessage(t, input.message_id);
      if (!found || !(owns(principal, found.conversation) || seesTenant(principal))) throw new AppError('message_not_found');
      if (found.message.role !== 'assistant') {
        throw unprocessable(['body', 'message_id'], 'feedback rates an answer: this message is a question', 'value_error');
      }
      const { row, created } = await upsertFeedback(t, {
        messageId: found.message.id,
        conversationId: found.conversation.id,
        principal: ownerOf(principal),
        rating: input.rating,
        comment,
        tags,
        model: found.message.model,
        at: clock.now(),
      });
      // A new rating is announced; a rating replaced by a second one is the same feedback, and is not.
      if (created) {
        await emitEvent(t, 'feedback.created', {
          feedback_id: row.id,
          message_id: row.messageId,
          conversation_id: row.conversationId,
          rating: row.rating,
          user_id: row.principalKind === 'user' ? row.principalId : null,
          api_key_id: row.principalKind === 'api_key' ? row.principalId : null,
        });
      }
      return { feedback: presentFeedback(row), created };
    });
  }

  async function list(
    tenant: TenantDb,
    principal: Principal,
    query: { skip: number; limit: number; rating?: Rating; conversation_id?: string; since?: string },
  ) {
    if (query.conversation_id) await deps.conversations.visible(tenant, principal, query.conversation_id);
    const filter = {
      principal: scopeOf(principal),
      rating: query.rating,
      conversationId: query.conversation_id,
      since: query.since ? new Date(query.since) : undefined,
    };
    const { rows, total } = await tenant.run((t) => listFeedback(t, filter, query.skip, query.limit));
    return { items: rows.map(presentFeedbackWithTurn), total, skip: query.skip, limit: query.limit };
  }

  /** The last `days` UTC calendar days, today included; every day is listed, zero when it had no feedback. */
  async function stats(tenant: TenantDb, principal: Principal, days: number) {
    const { since, dates } = utcDayWindow(days, clock.now());
    const counts = await tenant.run((t) => countFeedback(t, scopeOf(principal), since));
    const perDay = new Map(counts.byDay.map((d) => [d.key, d]));
    const byDay = dates.map((date) => {
      const day = perDay.get(date);
      return { date, up: day?.up ?? 0, down: day?.down ?? 0 };
    });
    const byModel = counts.byModel
      .map((m) => ({ model: m.key, up: m.up, down: m.down }))
      .sort((a, b) => b.up + b.down - (a.up + a.down) || String(a.model).localeCompare(String(b.model)));
    const total = byDay.reduce((sum, d) => ({ up: sum.up + d.up, down: sum.down + d.down }), { up: 0, down: 0 });
    return { days, since: since.toISOString(), total, by_day: byDay, by_model: byModel };
  }

  return { give, list, stats };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
