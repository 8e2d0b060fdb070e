import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ProviderFailure } from './failures.js';
import { eventData, MAX_EVENT_CHARS, promptChars, readAnswer, readChunk, upstreamBody, type OpenAIChatBody } from './openai-wire.js';

/** A response body arriving in these pieces; `complete` false: the connection closed before its end. */
function body(pieces: string[], complete = true): IncomingMessage {
  const stream = Readable.from(pieces.map((p) => Buffer.from(p)));
  return Object.assign(stream, { complete }) as unknown as IncomingMessage;
}

async function all(res: IncomingMessage): Promise<string[]> {
  const out: string[] = [];
  for await (const data of eventData(res)) out.push(data);
  return out;
}

const failureOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as ProviderFailure;
  }
  throw new Error('no failure');
};

describe('eventData', () => {
  it('yields each event data, whatever the pieces, CRLF or LF, comments and other fields skipped', async () => {
    const stream = ': keep-alive\n\ndata: {"a":1}\r\n\r\nevent: x\nid: 3\ndata: {"b":\ndata: 2}\n\ndata:[DONE]\n\n';
    const pieces = stream.match(/[\s\S]{1,7}/g)!;
    expect(await all(body(pieces))).toEqual(['{"a":1}', '{"b":\n2}', '[DONE]']);
  });

  it('keeps a multi-byte character split between pieces whole', async () => {
    const bytes = Buffer.from('data: {"t":"é€"}\n\n');
    const res = Object.assign(Readable.from([bytes.subarray(0, 13), bytes.subarray(13)]), { complete: true }) as unknown as IncomingMessage;
    expect(await all(res)).toEqual(['{"t":"é€"}']);
  });

  it('a body that ends without a blank line still yields its last event', async () => {
    expect(await all(body(['data: {"a":1}\n']))).toEqual(['{"a":1}']);
  });

  it('a body cut short is "terminated", after the events that arrived whole', async () => {
    const seen: string[] = [];
    const error = await (async () => {
      for await (const data of eventData(body(['data: {"a":1}\n\ndata: {"b"'], false))) seen.push(data);
    })().catch((e: Error) => e);
    expect(seen).toEqual(['{"a":1}']);
    expect((error as Error).message).toMatch(/^terminated/);
  });
});

describe('readAnswer', () => {
  it('reads the content, finish reason, usage and id', () => {
    const raw = Buffer.from(JSON.stringify({ id: 'x1', choices: [{ message: { role: 'assistant', content: 'hi' }, finish_reason: 'length' }], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }));
    expect(readAnswer(raw, 'openai')).toEqual({ id: 'x1', content: 'hi', finishReason: 'length', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } });
  });

  it('counts no usage when there is none, and a null content as empty text', () => {
    const raw = Buffer.from(JSON.stringify({ choices: [{ message: { content: null } }] }));
    expect(readAnswer(raw, 'groq')).toEqual({ id: null, content: '', finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } });
  });

  it.each([
    ['not JSON', '{"choices": ['],
    ['no choices', '{"id": "x"}'],
    ['no message', '{"choices": [{}]}'],
    ['an empty list of choices', '{"choices": []}'],
    ['content that is not text', '{"choices": [{"message": {"content": {"a": 1}}}]}'],
    ['JSON null', 'null'],
  ])('%s: a malformed response', (_name, raw) => {
    expect(failureOf(() => readAnswer(Buffer.from(raw), 'openai'))).toMatchObject({ code: 'malformed_response', provider: 'openai', statusCode: 200 });
  });
});

describe('readChunk', () => {
  it('parses a chunk; an error event is a provider error; anything else not a chunk is malformed', () => {
    expect(readChunk('{"choices":[{"delta":{"content":"a"}}]}', 'openai').choices?.[0].delta?.content).toBe('a');
    expect(failureOf(() => readChunk('{"error":{"message":"overloaded"}}', 'openai'))).toMatchObject({ code: 'provider_error', message: 'overloaded' });
    expect(failureOf(() => readChunk('[1]', 'openai'))).toMatchObject({ code: 'malformed_response' });
    expect(failureOf(() => readChunk('{"a":', 'openai'))).toMatchObject({ code: 'malformed_response' });
  });
});

describe('upstreamBody', () => {
  const request: OpenAIChatBody = {
    model: '5f0c1a3e-0000-4000-8000-000000000000',
    messages: [
      { role: 'developer', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }], name: 'ann' },
    ],
    temperature: null,
    max_completion_tokens: 20,
    stream: true,
    stream_options: null,
    user: 'u-1',
  };

  it('sends OpenAI the body as the client wrote it, with the catalog name, no nulls, and usage asked for a stream', () => {
    expect(JSON.parse(upstreamBody(request, 'gpt-4o-mini', 'openai'))).toEqual({
      model: 'gpt-4o-mini',
      messages: request.messages,
      max_completion_tokens: 20,
      stream: true,
      stream_options: { include_usage: true },
      user: 'u-1',
    });
  });

  it('sends the other OpenAI-protocol servers what they all accept: system turns and max_tokens', () => {
    const sent = JSON.parse(upstreamBody({ ...request, stream: false, stream_options: { include_usage: true } }, 'llama-3.1-8b-instant', 'groq'));
    expect(sent).toEqual({
      model: 'llama-3.1-8b-instant',
      messages: [{ role: 'system', content: 'be brief' }, request.messages[1]],
      max_tokens: 20,
      user: 'u-1',
    });
  });

  it('counts the characters of text and of text parts', () => {
    expect(promptChars(request.messages)).toBe('be brief'.length + 'hi'.length);
  });
});

describe('eventData limits', () => {
  it('refuses an event longer than MAX_EVENT_CHARS as a malformed response', async () => {
    const error = await all(body([`data: ${'x'.repeat(MAX_EVENT_CHARS)}`])).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'malformed_response', provider: 'the provider' });
  });
});
