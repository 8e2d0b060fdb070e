/**
 * Regenerates catalog.json from a LiteLLM-format price file (BerriAI/litellm `model_prices_and_context_window.json`),
 * so that every number in our catalog comes from that file and the data stays reproducible:
 *
 *   npx tsx src/modules/llm/catalog/build-catalog.ts ../shared/data/litellm-model-prices.json [out.json]
 *
 * SELECTION names the LiteLLM keys we ship, per provider. A selected key missing from the source, or a chat model
 * without costs and limits, fails the build loudly rather than shipping a hole. Only SUPPLEMENT is written by hand:
 * local models LiteLLM does not list.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MODES, loadCatalog, normaliseProvider, stripProviderPrefix, type Provider } from './loader.js';

const SELECTION: Record<Provider, string[]> = {
  openai: [
    'gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano',
    'o1', 'o3', 'o3-mini', 'o4-mini',
    'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5-chat-latest', 'gpt-5.1', 'gpt-5.2',
    'gpt-5.4', 'gpt-5.4-mini', 'gpt-5.4-nano', 'gpt-5.5', 'gpt-5.6', 'gpt-audio',
    'text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002',
    'dall-e-3', 'dall-e-2', 'gpt-image-1', 'gpt-image-1-mini', 'gpt-image-1.5', 'gpt-image-2',
    'whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe',
    'tts-1', 'tts-1-hd', 'gpt-4o-mini-tts',
    'omni-moderation-latest', 'text-moderation-latest',
  ],
  anthropic: [
    'claude-opus-5', 'claude-opus-4-7', 'claude-opus-4-6', 'claude-opus-4-5', 'claude-opus-4-1',
    'claude-sonnet-5', 'claude-sonnet-4-6', 'claude-sonnet-4-5',
    'claude-haiku-4-5', 'claude-3-haiku-20240307',
  ],
  mistral: [
    'mistral/mistral-large-latest', 'mistral/mistral-medium-latest', 'mistral/mistral-small-latest',
    'mistral/ministral-8b-latest', 'mistral/magistral-medium-latest', 'mistral/magistral-small-latest',
    'mistral/codestral-latest', 'mistral/devstral-medium-latest', 'mistral/devstral-small-latest',
    'mistral/pixtral-large-latest', 'mistral/open-mistral-nemo',
    'mistral/mistral-embed', 'mistral/codestral-embed',
  ],
  google: [
    'gemini/gemini-2.5-pro', 'gemini/gemini-2.5-flash', 'gemini/gemini-2.5-flash-lite',
    'gemini/gemini-3-flash-preview', 'gemini/gemini-3.1-pro-preview', 'gemini/gemini-3.1-flash-lite',
    'gemini/gemini-3.5-flash', 'gemini/gemini-3.5-flash-lite', 'gemini/gemini-3.6-flash', 'gemini/gemma-3-27b-it',
    'gemini/gemini-embedding-001', 'gemini/gemini-embedding-2', 'text-embedding-005',
    'gemini/imagen-4.0-generate-001', 'gemini/imagen-4.0-fast-generate-001', 'gemini/imagen-4.0-ultra-generate-001',
    'gemini/gemini-2.5-flash-image',
    'gemini/gemini-2.5-flash-preview-tts',
  ],
  groq: [
    'groq/llama-3.3-70b-versatile', 'groq/llama-3.1-8b-instant',
    'groq/meta-llama/llama-4-scout-17b-16e-instruct', 'groq/meta-llama/llama-4-maverick-17b-128e-instruct',
    'groq/openai/gpt-oss-120b', 'groq/openai/gpt-oss-20b', 'groq/qwen/qwen3-32b',
    'groq/moonshotai/kimi-k2-instruct-0905',
    'groq/whisper-large-v3', 'groq/whisper-large-v3-turbo',
    'groq/playai-tts',
  ],
  cohere: [
    'command-a-03-2025', 'command-r-plus-08-2024', 'command-r-08-2024', 'command-r7b-12-2024',
    'command-r-plus', 'command-r',
    'cohere/embed-v4.0', 'embed-english-v3.0', 'embed-multilingual-v3.0', 'embed-english-light-v3.0',
    'rerank-v3.5', 'rerank-english-v3.0', 'rerank-multilingual-v3.0',
  ],
  ollama: [
    'ollama/llama3.1', 'ollama/llama3', 'ollama/llama3:70b', 'ollama/mistral', 'ollama/mixtral-8x7B-Instruct-v0.1',
    'ollama/codellama', 'ollama/deepseek-coder-v2-instruct', 'ollama/qwen3-coder:480b-cloud',
    'ollama/gpt-oss:20b-cloud', 'ollama/gpt-oss:120b-cloud',
  ],
};

/** Local embedding models LiteLLM does not list; dimensions from the model cards, cost 0 because they run locally. */
const SUPPLEMENT: Record<string, Record<string, unknown>> = {
  'nomic-embed-text': {
    litellm_provider: 'ollama',
    mode: 'embedding',
    input_cost_per_token: 0,
    output_cost_per_token: 0,
    output_vector_size: 768,
    source: 'https://ollama.com/library/nomic-embed-text',
  },
  'mxbai-embed-large': {
    litellm_provider: 'ollama',
    mode: 'embedding',
    input_cost_per_token: 0,
    output_cost_per_token: 0,
    output_vector_size: 1024,
    source: 'https://ollama.com/library/mxbai-embed-large',
  },
};

/** LiteLLM fields we copy, in this order; tiered and batch prices, rpm/tpm and the like are left out. */
const KEPT_FIELDS = [
  'litellm_provider',
  'mode',
  'max_input_tokens',
  'max_output_tokens',
  'max_tokens',
  'input_cost_per_token',
  'output_cost_per_token',
  'cache_read_input_token_cost',
  'cache_creation_input_token_cost',
  'input_cost_per_audio_token',
  'output_cost_per_audio_token',
  'output_cost_per_reasoning_token',
  'input_cost_per_image',
  'output_cost_per_image',
  'output_cost_per_image_token',
  'input_cost_per_second',
  'output_cost_per_second',
  'input_cost_per_character',
  'input_cost_per_query',
  'output_vector_size',
  'supported_endpoints',
  'supported_modalities',
  'supported_output_modalities',
  'supports_function_calling',
  'supports_parallel_function_calling',
  'supports_tool_choice',
  'supports_vision',
  'supports_reasoning',
  'supports_response_schema',
  'supports_prompt_caching',
  'supports_system_messages',
  'supports_audio_input',
  'supports_audio_output',
  'supports_pdf_input',
  'supports_web_search',
  'supports_embedding_image_input',
  'deprecation_date',
  'source',
] as const;

const MODE_OF: Record<string, string> = { completion: 'chat', responses: 'chat' };

function pick(entry: Record<string, unknown>, provider: Provider): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) {
    if (entry[field] !== undefined) out[field] = entry[field];
  }
  out.litellm_provider = provider;
  out.mode = MODE_OF[out.mode as string] ?? out.mode;
  return out;
}

export function buildCatalog(source: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const rows: { name: string; provider: Provider; entry: Record<string, unknown> }[] = [];
  for (const [provider, keys] of Object.entries(SELECTION) as [Provider, string[]][]) {
    for (const key of keys) {
      const entry = source[key] as Record<string, unknown> | undefined;
      if (!entry || typeof entry !== 'object') throw new Error(`selected model "${key}" is not in the source file`);
      const lp = String(entry.litellm_provider);
      if (normaliseProvider(lp) !== provider) throw new Error(`"${key}" is ${lp}, expected ${provider}`);
      rows.push({ name: stripProviderPrefix(key, lp), provider, entry: pick(entry, provider) });
    }
  }
  for (const [name, entry] of Object.entries(SUPPLEMENT)) {
    rows.push({ name, provider: entry.litellm_provider as Provider, entry: { ...entry } });
  }

  const providerOrder = Object.keys(SELECTION);
  rows.sort(
    (a, b) =>
      providerOrder.indexOf(a.provider) - providerOrder.indexOf(b.provider) ||
      MODES.indexOf(a.entry.mode as (typeof MODES)[number]) - MODES.indexOf(b.entry.mode as (typeof MODES)[number]),
  );
  const catalog: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    if (catalog[row.name]) throw new Error(`duplicate model name "${row.name}"`);
    catalog[row.name] = row.entry;
  }

  const { models, skipped } = loadCatalog(catalog);
  if (skipped.length > 0) throw new Error(`generated entries would be skipped: ${JSON.stringify(skipped)}`);
  for (const m of models) {
    const complete =
      m.input_cost_per_token !== null &&
      m.output_cost_per_token !== null &&
      m.max_input_tokens !== null &&
      m.max_output_tokens !== null;
    if (m.mode === 'chat' && !complete) throw new Error(`chat model "${m.name}" lacks costs or limits`);
  }
  return catalog;
}

async function main(argv: string[]): Promise<void> {
  const [input, output = fileURLToPath(new URL('./catalog.json', import.meta.url))] = argv;
  if (!input) {
    console.error('usage: tsx build-catalog.ts <litellm-model-prices.json> [out.json]');
    process.exit(2);
  }
  const catalog = buildCatalog(JSON.parse(await readFile(input, 'utf8')) as Record<string, unknown>);
  await writeFile(output, `${JSON.stringify(catalog, null, 2)}\n`);
  console.log(`wrote ${Object.keys(catalog).length} models to ${output}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
