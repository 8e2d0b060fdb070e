/**
 * The fake OpenAI provider in its own process for bench/llm-overhead.ts, so that the load generator, the service and
 * the provider each have their own event loop. Prints its base URL on stdout, then serves until killed.
 */
import { startFakeOpenAI } from '../test/peers/fake-openai.js';

const fake = await startFakeOpenAI({ record: false });
process.stdout.write(`${fake.url}\n`);
process.on('SIGTERM', () => void fake.close().finally(() => process.exit(0)));
