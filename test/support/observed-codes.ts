import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isErrorCode } from '../../src/platform/http/error-codes.js';

/** One error body a test received: its code, status and route (for the message naming it). */
export interface ObservedCode {
  code: string;
  status: number;
  route: string;
}

/** Each test worker appends to its own file (no two processes write one file). */
export const observationFile = (dir: string, pid = process.pid) => path.join(dir, `codes-${pid}.jsonl`);

export async function readObservedCodes(dir: string): Promise<ObservedCode[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.jsonl'));
  const out: ObservedCode[] = [];
  for (const file of files) {
    for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) if (line) out.push(JSON.parse(line) as ObservedCode);
  }
  return out;
}

/** The observed codes missing from the error table, one line each with where it was seen. */
export function unlistedCodes(observed: ObservedCode[]): string[] {
  const seen = new Map<string, ObservedCode>();
  for (const o of observed) if (!isErrorCode(o.code) && !seen.has(o.code)) seen.set(o.code, o);
  return [...seen.values()].map((o) => `${o.code} (HTTP ${o.status} from ${o.route})`);
}
