import { appendFileSync, mkdirSync } from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { observationFile, type ObservedCode } from './observed-codes.js';

/**
 * A vitest setup file: every Fastify app a test creates (the real service and bare ones) records the
 * `code` of each error body it sends, so that global teardown can check them against the error table
 * (src/platform/http/error-codes.ts). Fastify announces each new instance on this channel before any
 * route or hook is added, so no production code knows about the recording.
 */
const dir = inject('errorCodesDir');
// The channel is process-wide and a worker process may run several test files: subscribe once.
const installed = process as { errorCodesRecorder?: true };
if (dir && !installed.errorCodesRecorder) {
  installed.errorCodesRecorder = true;
  mkdirSync(dir, { recursive: true });
  const file = observationFile(dir);
  subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      const code = codeOf(payload);
      if (code !== null) {
        const entry: ObservedCode = { code, status: reply.statusCode, route: `${request.method} ${request.routeOptions.url ?? request.url}` };
        appendFileSync(file, `${JSON.stringify(entry)}\n`);
      }
      return payload;
    });
  });
}

/** The top-level `code` of a `{"detail", "code"}` body (OpenAI-shaped gateway errors nest theirs and are not ours). */
function codeOf(payload: string): string | null {
  if (!payload.startsWith('{')) return null;
  try {
    const body = JSON.parse(payload) as { code?: unknown; detail?: unknown };
    return typeof body.code === 'string' && 'detail' in body ? body.code : null;
  } catch {
    return null;
  }
}
