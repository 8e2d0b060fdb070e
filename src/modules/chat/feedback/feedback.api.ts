import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../../platform/http/schemas.js';
import { Citation } from '../chat.api.js';

/** TypeBox schemas of the feedback endpoints. */

const Time = Type.String({ format: 'date-time' });
const RatingSchema = Type.Union([Type.Literal('up'), Type.Literal('down')]);

export const FeedbackBody = Type.Object(
  {
    message_id: Type.String({ format: 'uuid', description: 'The answer (an assistant message) being rated' }),
    rating: RatingSchema,
    comment: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20, description: 'e.g. "wrong", "incomplete", "wrong source"' })),
  },
  { additionalProperties: false },
);

export const Feedback = Type.Object({
  feedback_id: Uuid,
  message_id: Uuid,
  conversation_id: Uuid,
  rating: RatingSchema,
  comment: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  model: Type.Union([Type.String(), Type.Null()], { description: 'The model that wrote the rated answer' }),
  principal: Type.Object({ kind: Type.Union([Type.Literal('user'), Type.Literal('api_key')]), id: Uuid }),
  created_at: Time,
  updated_at: Time,
});

export const FeedbackWithTurn = Type.Object({
  ...Feedback.properties,
  question: Type.Union([Type.String(), Type.Null()]),
  answer: Type.String(),
  answer_status: Type.Union([Type.Literal('complete'), Type.Literal('incomplete'), Type.Literal('error')]),
  citations: Type.Array(Citation),
});

export const ListFeedbackQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    rating: Type.Optional(RatingSchema),
    conversation_id: Type.Optional(Uuid),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'Feedback given or changed at or after this time' })),
  }),
);

export const StatsQuery = defaultsOptional(Type.Object({ days: Type.Integer({ minimum: 1, maximum: 90, default: 7 }) }));

const Counts = { up: Type.Integer(), down: Type.Integer() };
export const FeedbackStats = Type.Object({
  days: Type.Integer(),
  since: Time,
  total: Type.Object(Counts),
  by_day: Type.Array(Type.Object({ date: Type.String({ description: 'UTC day, YYYY-MM-DD' }), ...Counts })),
  by_model: Type.Array(Type.Object({ model: Type.Union([Type.String(), Type.Null()]), ...Counts })),
});
