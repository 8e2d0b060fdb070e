/**
 * A fake OpenAI provider: a real HTTP server on loopback that speaks enough of the OpenAI REST API for the official
 * `openai` client and the Vercel AI SDK (`@ai-sdk/openai`, `@ai-sdk/openai-compatible`) to work against it, plus
 * Cohere's `/rerank` (scored by the lexical cross-scorer of ./lexical-reranker.ts).
 * Answers are deterministic; failure modes (429, quota, 401, 500, hang, malformed JSON, cut stream, slow, a stream that
 * trickles, a redirect, a 401 that echoes the bearer token as some providers do) are chosen
 * at runtime with setMode() or per request with the `x-fake-mode` header. Chat replies echo the last user message
 * unless a test scripts them with setReply() (e.g. an answer citing `[n]` markers of the sources it was given).
 * Used by tests and by latency benchmarks, so the hot path does no logging and keeps connections alive.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../support/eventually.js';
import { lexicalRerankScores } from './lexical-reranker.js';

const FAKE_MODES = [
  'ok',
  'rate_limit',
  'quota',
  'unauthorized',
  'server_error',
  'hang',
  'malformed',
  'stream_cut',
  'slow',
  /** A chat stream whose pieces arrive `delayMs` apart (the first at once): a client can leave mid-answer. */
  'slow_stream',
  /** No answer until release() is called, then the normal one: a test acts while the request is in flight. */
  'hold',
  'redirect',
  'echo_key',
] as const;
export type FakeMode = (typeof FAKE_MODES)[number];

interface ModeSetting {
  mode: FakeMode;
  /** Apply the mode to this many requests, then go back to 'ok' ("fail N times then succeed"). */
  times?: number;
  /** Retry-After seconds sent with 'rate_limit' (default: the server's retryAfterSeconds). */
  retryAfter?: number;
  /** Delay of 'slow', and between the pieces of 'slow_stream', in milliseconds (default: the server's slowMs). */
  delayMs?: number;
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; for multipart, `{ fields, files: [{ field, filename, size, type }] }`; else null. */
  body: unknown;
  mode: FakeMode;
  status: number | null;
  /** The client closed the connection before the response ended. */
  aborted: boolean;
}

export interface FakeOpenAIOptions {
  /** When set, any other bearer token gets 401 invalid_api_key. */
  apiKey?: string;
  models?: string[];
  retryAfterSeconds?: number;
  slowMs?: number;
  /** Default embedding dimension when the request has no `dimensions`. */
  dimensions?: number;
  /** Keep a record of every request (default true; turn off for long benchmarks). */
  record?: boolean;
  /** Where 'redirect' points (the request path is appended): 307 with this Location. */
  redirectTo?: string;
}

/** What a scripted chat reply sees: the request's messages (system, history and user turns). */
export interface ChatRequestView {
  model: string;
  messages: { role: string; content: string }[];
  /** The system messages joined, and the last user message: what most scripts look at. */
  system: string;
  lastUser: string;
}
type ChatReply = string | ((request: ChatRequestView) => string);

export interface FakeOpenAI {
  /** Base URL ending in /v1, for `baseURL`. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  setMode(mode: FakeMode | ModeSetting): void;
  /** Scripts the chat replies (streamed or not) until reset() or setReply(null): a text, or a function of the request. */
  setReply(reply: ChatReply | null): void;
  /** Answers every request held by 'hold' normally (those still connected). */
  release(): void;
  /** Back to 'ok', echoed replies, an empty request record and no answer held. */
  reset(): void;
  /** Resolves once `predicate(requests)` holds (e.g. a request was recorded as aborted). */
  waitFor(predicate: (requests: RecordedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small', 'dall-e-3', 'whisper-1'];
// A 1x1 transparent PNG.
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const errorBody = (message: string, type: string, code: string | null) =>
  JSON.stringify({ error: { message, type, param: null, code } });

const ERRORS = {
  rate_limit: errorBody(
    'Rate limit reached for requests. Please try again in 1s.',
    'requests',
    'rate_limit_exceeded',
  ),
  quota: errorBody(
    'You exceeded your current quota, please check your plan and billing details.',
    'insufficient_quota',
    'insufficient_quota',
  ),
  unauthorized: errorBody(
    'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
    'invalid_request_error',
    'invalid_api_key',
  ),
  server_error: errorBody(
    'The server had an error while processing your request. Sorry about that!',
    'server_error',
    null,
  ),
  not_found: errorBody('Unknown request URL.', 'invalid_request_error', 'unknown_url'),
  bad_request: errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
};

/** Word count: the fake's deterministic stand-in for a tokenizer. */
function countTokens(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, words);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

/** FNV-1a seeded mulberry32: the same text always gives the same unit vector. */
function embed(text: string, dims: number): Float32Array {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  const v = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    v[i] = ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
    norm += v[i] * v[i];
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dims; i++) v[i] /= norm;
  return v;
}

type Json = Record<string, any>;
type Rec = RecordedRequest | null;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return null;
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    const fields: Record<string, string> = {};
    const files: { field: string; filename: string; size: number; type: string }[] = [];
    for (const [field, value] of form) {
      if (typeof value === 'string') fields[field] = value;
      else files.push({ field, filename: value.name, size: value.size, type: value.type });
    }
    return { fields, files };
  }
  return JSON.parse(raw.toString('utf8'));
}

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const models = opts.models ?? DEFAULT_MODELS;
  const defaultDims = opts.dimensions ?? 16;
  const record = opts.record ?? true;
  let setting: Required<Omit<ModeSetting, 'times'>> & { times: number } = fresh('ok');
  let reply: ChatReply | null = null;
  let seq = 0;
  const requests: RecordedRequest[] = [];
  const cutByServer = new WeakSet<ServerResponse>();
  /** The answers 'hold' keeps back, until release(). */
  let held: (() => void)[] = [];

  function fresh(mode: FakeMode, s: Partial<ModeSetting> = {}) {
    return {
      mode,
      times: s.times ?? Infinity,
      retryAfter: s.retryAfter ?? opts.retryAfterSeconds ?? 1,
      delayMs: s.delayMs ?? opts.slowMs ?? 250,
    };
  }

  /** The mode for this request: the header wins; otherwise the runtime setting, counted down. */
  function takeMode(req: IncomingMessage) {
    const header = req.headers['x-fake-mode'];
    if (typeof header === 'string' && (FAKE_MODES as readonly string[]).includes(header)) {
      return fresh(header as FakeMode);
    }
    const current = setting;
    if (current.mode !== 'ok' && --current.times <= 0) setting = fresh('ok');
    return current;
  }

  function send(res: ServerResponse, rec: Rec, status: number, body: string, headers = {}) {
    if (rec) rec.status = status;
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': `req_${seq}`,
      ...headers,
    });
    res.end(body);
  }

  function chatContent(body: Json) {
    const messages: Json[] = Array.isArray(body.messages) ? body.messages : [];
    const lastUser = [...messages].reverse().find((m) => m?.role === 'user');
    let content = `echo: ${textOf(lastUser?.content)}`;
    if (reply !== null) {
      const view: ChatRequestView = {
        model: String(body.model ?? ''),
        messages: messages.map((m) => ({ role: String(m?.role), content: textOf(m?.content) })),
        system: messages.filter((m) => m?.role === 'system').map((m) => textOf(m.content)).join('\n'),
        lastUser: textOf(lastUser?.content),
      };
      content = typeof reply === 'string' ? reply : reply(view);
    }
    const prompt_tokens = messages.reduce((n, m) => n + countTokens(textOf(m?.content)), 0) || 1;
    const completion_tokens = countTokens(content);
    return { content, usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens } };
  }

  function chat(res: ServerResponse, rec: Rec, body: Json, mode: FakeMode, delayMs = 0) {
    const { content, usage } = chatContent(body);
    const id = `chatcmpl-fake${seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = String(body.model ?? 'gpt-4o-mini');
    if (!body.stream) {
      const message = { role: 'assistant', content, refusal: null };
      const choices = [{ index: 0, message, logprobs: null, finish_reason: 'stop' }];
      const answer = { id, object: 'chat.completion', created, model, choices, usage };
      if (mode === 'stream_cut') return cut(res, rec, JSON.stringify(answer).slice(0, 40));
      return send(res, rec, 200, JSON.stringify(answer));
    }
    if (rec) rec.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-request-id': `req_${seq}`,
    });
    const withUsage = body.stream_options?.include_usage === true;
    // With include_usage, OpenAI sends `usage: null` on every chunk but the last.
    const usageField = withUsage ? { usage: null } : {};
    const head = { id, object: 'chat.completion.chunk', created, model };
    const chunk = (choices: Json[], extra: Json = {}) =>
      `data: ${JSON.stringify({ ...head, choices, ...usageField, ...extra })}\n\n`;
    const words = content.split(/(?<=\s)/);
    const size = Math.max(1, Math.ceil(words.length / 4));
    const pieces: string[] = [];
    for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
    const events = [chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])];
    for (const piece of pieces) events.push(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    if (mode === 'stream_cut') return cut(res, rec, events[0] + events[1]);
    events.push(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    if (withUsage) events.push(chunk([], { usage }));
    events.push('data: [DONE]\n\n');
    if (mode !== 'slow_stream') return res.end(events.join(''));
    // The role chunk and the first piece at once, then one event per delay, until the client leaves or all is sent.
    res.write(events.shift()! + events.shift()!);
    const timer = setInterval(() => {
      const next = events.shift();
      if (next === undefined || res.destroyed) return clearInterval(timer);
      if (events.length === 0) {
        clearInterval(timer);
        res.end(next);
      } else res.write(next);
    }, delayMs);
    res.once('close', () => clearInterval(timer));
  }

  /** Cohere's rerank (v1 and v2 share it): documents as strings or {text}; results sorted by relevance_score. */
  function rerank(res: ServerResponse, rec: Rec, body: Json) {
    if (typeof body.query !== 'string' || !Array.isArray(body.documents)) {
      return send(res, rec, 400, JSON.stringify({ message: 'query and documents are required' }));
    }
    const texts = body.documents.map((d: unknown) => (typeof d === 'string' ? d : String((d as Json)?.text ?? '')));
    const scores = lexicalRerankScores(body.query, texts);
    const order = scores.map((score, index) => ({ index, relevance_score: score }));
    // Best first; ties keep the order the documents came in, as a stable reranker does.
    order.sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
    const topN = Number.isInteger(body.top_n) && body.top_n > 0 ? body.top_n : order.length;
    const meta = { api_version: { version: '2' }, billed_units: { search_units: 1 } };
    send(res, rec, 200, JSON.stringify({ id: `rerank-fake${seq}`, results: order.slice(0, topN), meta }));
  }

  /** Sends `data`, then drops the connection, as a provider whose connection breaks mid-answer. */
  function cut(res: ServerResponse, rec: Rec, data: string) {
    cutByServer.add(res);
    if (!res.headersSent) {
      if (rec) rec.status = 200;
      // The declared length is longer than what is sent: the client sees a truncated body.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) * 2 });
    }
    res.write(data, () => res.socket?.destroy());
  }

  function embeddings(res: ServerResponse, rec: Rec, body: Json) {
    // A string, an array of strings, or token arrays (one number[] or several).
    const many = Array.isArray(body.input) && typeof body.input[0] !== 'number';
    const inputs: unknown[] = many ? body.input : [body.input];
    const texts = inputs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
    const dims = Number.isInteger(body.dimensions) && body.dimensions > 0 ? body.dimensions : defaultDims;
    const base64 = body.encoding_format === 'base64';
    const data = texts.map((text, index) => {
      const v = embed(text, dims);
      const embedding = base64 ? Buffer.from(v.buffer).toString('base64') : Array.from(v);
      return { object: 'embedding', index, embedding };
    });
    const prompt_tokens = texts.reduce((n, t) => n + countTokens(t), 0);
    const model = String(body.model ?? 'text-embedding-3-small');
    const usage = { prompt_tokens, total_tokens: prompt_tokens };
    send(res, rec, 200, JSON.stringify({ object: 'list', data, model, usage }));
  }

  function images(res: ServerResponse, rec: Rec, body: Json) {
    const n = Number.isInteger(body.n) && body.n > 0 ? Math.min(body.n, 10) : 1;
    const asUrl = body.response_format === 'url';
    const data = Array.from({ length: n }, (_, i) =>
      asUrl
        ? { url: `https://fake-openai.invalid/images/${seq}-${i}.png` }
        : { b64_json: PNG_1X1, revised_prompt: body.prompt },
    );
    send(res, rec, 200, JSON.stringify({ created: Math.floor(Date.now() / 1000), data }));
  }

  function transcription(res: ServerResponse, rec: Rec, body: Json | null) {
    const file = body?.files?.find((f: Json) => f.field === 'file');
    if (!file) return send(res, rec, 400, errorBody("'file' is a required property", 'invalid_request_error', null));
    const language = body?.fields?.language || 'en';
    const text = `transcribed ${file.size} bytes`;
    const duration = Math.round((file.size / 16_000) * 100) / 100;
    const verbose = body?.fields?.response_format === 'verbose_json';
    const answer = verbose
      ? { task: 'transcribe', language, duration, text, segments: [{ id: 0, start: 0, end: duration, text }] }
      : { text, language, duration };
    send(res, rec, 200, JSON.stringify(answer));
  }

  function route(req: IncomingMessage, res: ServerResponse, rec: Rec, body: unknown, mode: FakeMode, delayMs = 0) {
    const path = (req.url ?? '/').split('?')[0];
    const json = (body ?? {}) as Json;
    if (req.method === 'POST' && path === '/v1/chat/completions') return chat(res, rec, json, mode, delayMs);
    if (mode === 'stream_cut') return cut(res, rec, '{"object":"list","data":[');
    if (req.method === 'POST' && (path === '/v1/rerank' || path === '/v2/rerank')) return rerank(res, rec, json);
    if (req.method === 'POST' && path === '/v1/embeddings') return embeddings(res, rec, json);
    if (req.method === 'POST' && path === '/v1/images/generations') return images(res, rec, json);
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') return transcription(res, rec, json);
    if (req.method === 'GET' && path === '/v1/models') {
      const data = models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake-openai' }));
      return send(res, rec, 200, JSON.stringify({ object: 'list', data }));
    }
    send(res, rec, 404, ERRORS.not_found);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    seq++;
    const raw = await readBody(req);
    const rec: Rec = record
      ? {
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers: req.headers,
          body: null,
          mode: 'ok',
          status: null,
          aborted: false,
        }
      : null;
    if (rec) requests.push(rec);
    res.once('close', () => {
      if (rec && !res.writableFinished && !cutByServer.has(res)) rec.aborted = true;
    });

    let body: unknown;
    try {
      body = await parseBody(req, raw);
    } catch {
      return send(res, rec, 400, ERRORS.bad_request);
    }
    if (rec) rec.body = body;

    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return send(res, rec, 401, ERRORS.unauthorized);
    }
    const current = takeMode(req);
    if (rec) rec.mode = current.mode;
    switch (current.mode) {
      case 'rate_limit':
        return send(res, rec, 429, ERRORS.rate_limit, { 'retry-after': String(current.retryAfter) });
      case 'quota':
        return send(res, rec, 429, ERRORS.quota);
      case 'unauthorized':
        return send(res, rec, 401, ERRORS.unauthorized);
      case 'echo_key': {
        // A key without a known prefix, echoed whole: pattern-based redaction cannot catch it.
        const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        return send(res, rec, 401, errorBody(`Invalid API key: ${token} is not a key of this account (key prefix ${token.slice(0, 10)})`, 'invalid_request_error', 'invalid_api_key'));
      }
      case 'redirect':
        return send(res, rec, 307, '', { location: `${opts.redirectTo ?? 'http://127.0.0.1:9'}${req.url ?? '/'}` });
      case 'server_error':
        return send(res, rec, 500, ERRORS.server_error);
      case 'malformed':
        return send(res, rec, 200, '{"id": "chatcmpl-malformed", "choices": [ {');
      case 'hang':
        return; // no answer; the client's abort (or close()) ends it
      case 'hold':
        held.push(() => route(req, res, rec, body, 'ok'));
        return;
      case 'slow': {
        const timer = setTimeout(() => route(req, res, rec, body, 'ok'), current.delayMs);
        res.once('close', () => clearTimeout(timer));
        return;
      }
      default:
        return route(req, res, rec, body, current.mode, current.delayMs);
    }
  }

  const server = createServer({ keepAlive: true, keepAliveTimeout: 30_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, null, 500, ERRORS.server_error);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    setMode(mode) {
      const s = typeof mode === 'string' ? { mode } : mode;
      if (!FAKE_MODES.includes(s.mode)) throw new Error(`unknown fake mode ${s.mode}`);
      setting = fresh(s.mode, s);
    },
    setReply(next) {
      reply = next;
    },
    release() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    reset() {
      setting = fresh('ok');
      reply = null;
      requests.length = 0;
      held = []; // still unanswered: they end when their client leaves, or at close()
    },
    async waitFor(predicate, timeoutMs = 2000) {
      await eventually('a condition on the fake-openai requests', () => requests, predicate, timeoutMs, 5);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
