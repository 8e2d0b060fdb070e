import type { ChatResult, ChatStream } from './chat.types.js';

/** A chat answer as /api/v1/llm/chat returns it (snake_case usage, cost and latency). */
export function presentChat(result: ChatResult) {
  return {
    id: result.id,
    model: result.model,
    provider: result.provider,
    content: result.content,
    finish_reason: result.finishReason,
    usage: { prompt_tokens: result.usage.promptTokens, completion_tokens: result.usage.completionTokens, total_tokens: result.usage.totalTokens },
    cost_usd: result.costUsd,
    latency_ms: result.latencyMs,
  };
}

/** Our event shape: {"delta"} pieces, one {"done": true, ...usage and cost} event, or {"error"}; then [DONE]. */
export async function* chatEvents(stream: ChatStream): AsyncGenerator<string> {
  for await (const event of stream.events) {
    if (event.type === 'delta') yield JSON.stringify({ delta: event.text });
    else if (event.type === 'done') yield JSON.stringify({ done: true, ...presentChat(event.result) });
    else yield JSON.stringify({ error: { detail: event.error.detail, code: event.error.code, status_code: event.error.statusCode } });
  }
  yield '[DONE]';
}
