import { parseDocument, toParseError } from './index.js';
import type { ParseOptions } from './options.js';
import type { DocumentFormat, ParsedDocument, ParseErrorCode } from './types.js';

/**
 * Piscina worker entry. Errors cross the thread boundary as plain data: a thrown ParseError would arrive
 * as a generic Error without its code.
 */

export interface ParseTask {
  bytes: Uint8Array;
  format: DocumentFormat;
  opts?: ParseOptions;
}

export type ParseTaskResult = { ok: true; doc: ParsedDocument } | { ok: false; code: ParseErrorCode; message: string };

export default async function runParseTask(task: ParseTask): Promise<ParseTaskResult> {
  try {
    return { ok: true, doc: await parseDocument(task.bytes, task.format, task.opts ?? {}) };
  } catch (err) {
    const e = toParseError(err, task.format);
    return { ok: false, code: e.code, message: e.message };
  }
}
