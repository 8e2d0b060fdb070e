import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog } from './build-catalog.js';
import bundled from './catalog.json' with { type: 'json' };
import {
  CatalogFormatError,
  MODES,
  PROVIDERS,
  loadCatalog,
  normaliseProvider,
  readCatalog,
  readCatalogSource,
  type CatalogModel,
} from './loader.js';

const SNAPSHOT = resolve(process.cwd(), '../shared/data/litellm-model-prices.json');
const hasSnapshot = existsSync(SNAPSHOT);

function byName(models: CatalogModel[]): Map<string, CatalogModel> {
  return new Map(models.map((m) => [m.name, m]));
}

describe('bundled catalog.json', () => {
  it('loads with nothing skipped, unique names, all seven providers and all seven modes', async () => {
    const { models, skipped, source } = await readCatalog();
    expect(source).toBe('bundled catalog.json');
    expect(skipped).toEqual([]);
    expect(models.length).toBeGreaterThanOrEqual(80);
    expect(models.length).toBeLessThanOrEqual(150);
    expect(new Set(models.map((m) => m.name)).size).toBe(models.length);
    expect([...new Set(models.map((m) => m.provider))].sort()).toEqual([...PROVIDERS].sort());
    expect([...new Set(models.map((m) => m.mode))].sort()).toEqual([...MODES].sort());
  });

  it('gives every chat model costs and limits, every embedding model a dimension where known', async () => {
    const { models } = await readCatalog();
    for (const m of models.filter((x) => x.mode === 'chat')) {
      expect(m.input_cost_per_token, m.name).toBeTypeOf('number');
      expect(m.output_cost_per_token, m.name).toBeTypeOf('number');
      expect(m.max_input_tokens, m.name).toBeGreaterThan(0);
      expect(m.max_output_tokens, m.name).toBeGreaterThan(0);
    }
    const m = byName(models);
    expect(m.get('text-embedding-3-small')).toMatchObject({
      provider: 'openai',
      mode: 'embedding',
      output_vector_size: 1536,
    });
    expect(m.get('nomic-embed-text')).toMatchObject({ provider: 'ollama', mode: 'embedding', output_vector_size: 768 });
    expect(m.get('whisper-1')?.cost_per_second).toBeGreaterThan(0);
    expect(m.get('dall-e-3')?.cost_per_image).toBeGreaterThan(0);
    expect(m.get('tts-1')?.cost_per_character).toBeGreaterThan(0);
    expect(m.get('rerank-v3.5')?.cost_per_query).toBeGreaterThan(0);
    expect(m.get('llama-3.3-70b-versatile')?.provider).toBe('groq');
    expect(m.get('gpt-4o')?.capabilities).toMatchObject({ function_calling: true, vision: true });
  });

  it('returns a copy, so a caller cannot change the bundled data', async () => {
    const first = await readCatalogSource();
    delete first.json['gpt-4o'];
    const second = await readCatalogSource();
    expect(second.json['gpt-4o']).toBeDefined();
  });
});

const describeSnapshot = hasSnapshot ? describe : describe.skip;
describeSnapshot(hasSnapshot ? 'LiteLLM snapshot (../shared/data)' : `skipped: ../shared absent (${SNAPSHOT})`, () => {
  let raw: Record<string, Record<string, unknown>>;
  let models: CatalogModel[];
  let skipped: { name: string; reason: string }[];
  let models_: Map<string, CatalogModel>;
  beforeAll(() => {
    raw = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, Record<string, unknown>>;
    ({ models, skipped } = loadCatalog(raw));
    models_ = byName(models);
  });

  it('loads most of the real file and gives a reason for every skip', () => {
    expect(models.length).toBeGreaterThan(2000);
    expect(models.length + skipped.length).toBe(Object.keys(raw).length);
    expect(new Set(models.map((m) => m.name)).size).toBe(models.length);
    expect(skipped.find((s) => s.name === 'sample_spec')?.reason).toMatch(/sample_spec/);
    for (const s of skipped) expect(s.reason, s.name).toMatch(/\S/);
    const sora = skipped.find((s) => s.name === 'sora-2');
    expect(sora?.reason).toMatch(/unsupported mode "video_generation"/);
  });

  it('matches the file’s own values for known entries', () => {
    const mini = models_.get('gpt-4o-mini');
    expect(mini).toMatchObject({ provider: 'openai', mode: 'chat' });
    expect(mini?.input_cost_per_token).toBe(raw['gpt-4o-mini'].input_cost_per_token);
    expect(mini?.input_cost_per_token).toBe(1.5e-7);
    expect(mini?.output_cost_per_token).toBe(raw['gpt-4o-mini'].output_cost_per_token);
    expect(mini?.cached_input_cost_per_token).toBe(raw['gpt-4o-mini'].cache_read_input_token_cost);
    expect(mini?.max_input_tokens).toBe(raw['gpt-4o-mini'].max_input_tokens);

    const small = models_.get('text-embedding-3-small');
    expect(small).toMatchObject({ provider: 'openai', mode: 'embedding' });
    expect(small?.output_vector_size).toBe(raw['text-embedding-3-small'].output_vector_size);
    expect(small?.output_vector_size).toBe(1536);
  });

  it('normalises providers and strips route prefixes only when the short name stays unique', () => {
    expect(models_.get('llama-3.3-70b-versatile')?.provider).toBe('groq');
    expect(models_.get('command-r')?.provider).toBe('cohere'); // cohere_chat
    expect(models_.get('gpt-3.5-turbo-instruct')).toMatchObject({ provider: 'openai', mode: 'chat' }); // completion
    // "gemini-2.5-flash" is also a Vertex key, so the Gemini API entry keeps its full key.
    expect(models_.get('gemini-2.5-flash')?.provider).toBe('google');
    expect(models_.get('gemini/gemini-2.5-flash')?.provider).toBe('google');
    // "gpt-4o" belongs to OpenAI; Azure's entry keeps its prefix.
    expect(models_.get('gpt-4o')?.provider).toBe('openai');
    expect(models_.get('azure/gpt-4o')?.provider).toBe('azure');
    // Third-party models hosted on Vertex are not Google's.
    expect(models.find((m) => m.name.includes('claude') && m.provider === 'google')).toBeUndefined();
    expect(models.filter((m) => m.provider === 'vertex_ai').length).toBeGreaterThan(0);
  });

  it('regenerates the bundled catalog.json exactly (build-catalog.ts is reproducible)', () => {
    expect(buildCatalog(raw)).toEqual(bundled);
  });
});

describe('loadCatalog on bad input', () => {
  it.each([null, [], 'models', 42, true])('refuses a non-object document (%j)', (json) => {
    expect(() => loadCatalog(json)).toThrow(CatalogFormatError);
  });

  it('skips entries with wrong types, each with a reason, and keeps the good ones', () => {
    const { models, skipped } = loadCatalog({
      sample_spec: { litellm_provider: 'one of ...', mode: 'one of ...', max_input_tokens: 'max input tokens' },
      number: 5,
      list: [],
      'no-provider': { mode: 'chat' },
      'provider-number': { litellm_provider: 7, mode: 'chat' },
      'no-mode': { litellm_provider: 'openai' },
      'mode-number': { litellm_provider: 'openai', mode: 1 },
      video: { litellm_provider: 'openai', mode: 'video_generation' },
      'tokens-string': { litellm_provider: 'openai', mode: 'chat', max_input_tokens: 'lots' },
      'cost-negative': { litellm_provider: 'openai', mode: 'chat', input_cost_per_token: -1 },
      'vision-string': { litellm_provider: 'openai', mode: 'chat', supports_vision: 'yes' },
      'date-number': { litellm_provider: 'openai', mode: 'chat', deprecation_date: 20260101 },
      good: { litellm_provider: 'openai', mode: 'chat', max_tokens: 4096, input_cost_per_token: 1e-6, nulls: null },
    });
    expect(models.map((m) => m.name)).toEqual(['good']);
    expect(models[0]).toMatchObject({ max_input_tokens: 4096, max_output_tokens: null, input_cost_per_token: 1e-6 });
    expect(Object.fromEntries(skipped.map((s) => [s.name, s.reason]))).toEqual({
      sample_spec: expect.stringMatching(/sample_spec/),
      number: 'entry is not an object',
      list: 'entry is not an object',
      'no-provider': 'no provider (litellm_provider)',
      'provider-number': 'litellm_provider is not a string',
      'no-mode': 'no mode',
      'mode-number': 'mode is not a string',
      video: 'unsupported mode "video_generation"',
      'tokens-string': 'max_input_tokens is not a non-negative number',
      'cost-negative': 'input_cost_per_token is not a non-negative number',
      'vision-string': 'supports_vision is not a boolean',
      'date-number': 'deprecation_date is not a string',
    });
  });

  it('keeps full keys when stripping prefixes would make two names equal', () => {
    const { models } = loadCatalog({
      'groq/llama3': { litellm_provider: 'groq', mode: 'chat' },
      'ollama/llama3': { litellm_provider: 'ollama', mode: 'chat' },
      'mistral/mistral-embed': { litellm_provider: 'mistral', mode: 'embedding' },
      'groq/openai/gpt-oss-20b': { litellm_provider: 'groq', mode: 'chat' },
    });
    expect(models.map((m) => m.name)).toEqual(['groq/llama3', 'ollama/llama3', 'mistral-embed', 'openai/gpt-oss-20b']);
  });

  it('normalises LiteLLM provider names to ours', () => {
    expect(
      [
        'openai',
        'text-completion-openai',
        'Anthropic',
        'codestral',
        'text-completion-codestral',
        'gemini',
        'vertex_ai-language-models',
        'vertex_ai-embedding-models',
        'vertex_ai-anthropic_models',
        'cohere_chat',
        'ollama_chat',
        'groq',
        'bedrock',
      ].map(normaliseProvider),
    ).toEqual([
      'openai',
      'openai',
      'anthropic',
      'mistral',
      'mistral',
      'google',
      'google',
      'google',
      'vertex_ai',
      'cohere',
      'ollama',
      'groq',
      'bedrock',
    ]);
  });
});

describe('readCatalogSource', () => {
  const doc = { 'my-model': { litellm_provider: 'openai', mode: 'chat', max_tokens: 1000 } };
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'catalog-'));
    server = createServer((req, res) => {
      if (req.url === '/catalog.json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(doc));
      } else if (req.url === '/array.json') {
        res.end('[]');
      } else if (req.url === '/big.json') {
        res.end(JSON.stringify({ padding: 'x'.repeat(10_000) }));
      } else if (req.url === '/hang') {
        // never answers; the reader's timeout must give up
      } else {
        res.statusCode = 404;
        res.end('not found');
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
    await rm(dir, { recursive: true, force: true });
  });

  it('reads CATALOG_FILE', async () => {
    const file = join(dir, 'catalog.json');
    await writeFile(file, JSON.stringify(doc));
    const { models, source } = await readCatalog({ file });
    expect(source).toBe(`CATALOG_FILE ${file}`);
    expect(models.map((m) => m.name)).toEqual(['my-model']);
  });

  it('refuses a CATALOG_FILE that is missing, not JSON, not an object or too large', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{ not json');
    const list = join(dir, 'list.json');
    await writeFile(list, '[1, 2]');
    await expect(readCatalogSource({ file: join(dir, 'absent.json') })).rejects.toThrow(/cannot be read/);
    await expect(readCatalogSource({ file: bad })).rejects.toThrow(/not valid JSON/);
    await expect(readCatalogSource({ file: list })).rejects.toThrow(/JSON object/);
    await expect(readCatalogSource({ file: list, maxBytes: 3 })).rejects.toThrow(/larger than 3 bytes/);
  });

  it('fetches CATALOG_URL from a loopback http server', async () => {
    const { models, source } = await readCatalog({ url: `${base}/catalog.json` });
    expect(source).toBe(`CATALOG_URL ${base}/catalog.json`);
    expect(models[0]).toMatchObject({ name: 'my-model', provider: 'openai', max_input_tokens: 1000 });
  });

  it('refuses an error status, a non-object, an oversized body and a server that does not answer', async () => {
    await expect(readCatalogSource({ url: `${base}/missing` })).rejects.toThrow(/HTTP 404/);
    await expect(readCatalogSource({ url: `${base}/array.json` })).rejects.toThrow(/JSON object/);
    await expect(readCatalogSource({ url: `${base}/big.json`, maxBytes: 1000 })).rejects.toThrow(/larger than 1000/);
    await expect(readCatalogSource({ url: `${base}/hang`, timeoutMs: 200 })).rejects.toThrow(/could not be fetched/);
  });

  it('refuses plain http to a non-loopback host without fetching', async () => {
    const calls: string[] = [];
    const fetchImpl = (async (input: string | URL | Request) => {
      calls.push(String(input));
      return new Response('{}');
    }) as typeof fetch;
    await expect(readCatalogSource({ url: 'http://example.com/c.json', fetchImpl })).rejects.toThrow(/https/);
    await expect(readCatalogSource({ url: 'ftp://127.0.0.1/c.json', fetchImpl })).rejects.toThrow(/https/);
    await expect(readCatalogSource({ url: 'not a url', fetchImpl })).rejects.toThrow(/not a valid URL/);
    expect(calls).toEqual([]);
    // https is allowed to any host (here answered by the injected fetch, no network).
    const viaHttps = await readCatalogSource({ url: 'https://example.com/c.json', fetchImpl });
    expect(viaHttps.json).toEqual({});
    expect(calls).toEqual(['https://example.com/c.json']);
  });
});
