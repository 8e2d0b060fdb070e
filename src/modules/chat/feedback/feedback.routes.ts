import { auth } from '../../../platform/http/types.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { ListOf } from '../../../platform/http/pagination.js';
import { created, route } from '../../../platform/http/route.js';
import { Feedback, FeedbackBody, FeedbackStats, FeedbackWithTurn, ListFeedbackQuery, StatsQuery } from './feedback.api.js';
import type { FeedbackService } from './feedback.service.js';

const tags = ['chat'];

export function feedbackRoutes(service: FeedbackService) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/feedback',
      tags,
      summary: 'Rate an answer up or down (201); rating it again replaces the rating (200)',
      auth: auth.scopes('feedback:write'),
      body: FeedbackBody,
      responses: { 200: Feedback, 201: Feedback, 404: ErrorBody },
      handler: async ({ tenant, principal, body }) => {
        const { feedback, created: isNew } = await service.give(tenant, principal, body);
        return isNew ? created(feedback) : feedback;
      },
    }),
    route({
      method: 'GET',
      url: '/api/v1/feedback/',
      tags,
      summary: "Feedback with the rated question, answer and citations, newest first (the caller's; admins: the tenant's)",
      auth: auth.scopes('feedback:read'),
      query: ListFeedbackQuery,
      responses: { 200: ListOf(FeedbackWithTurn), 404: ErrorBody },
      handler: ({ tenant, principal, query }) => service.list(tenant, principal, query),
    }),
    route({
      method: 'GET',
      url: '/api/v1/feedback/stats',
      tags,
      summary: 'Up and down counts per UTC day and per model over the last `days` days',
      auth: auth.scopes('feedback:read'),
      query: StatsQuery,
      responses: { 200: FeedbackStats },
      handler: ({ tenant, principal, query }) => service.stats(tenant, principal, query.days),
    }),
  ];
}
