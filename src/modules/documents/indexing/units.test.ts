import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../ingestion/index.js';
import { extractiveSummary } from './summary.js';
import { databaseError, failureMessage, withoutNul } from './errors.js';

const doc = (blocks: ParsedDocument['blocks']): ParsedDocument => ({ format: 'txt', blocks, metadata: {}, warnings: [] });

describe('extractiveSummary', () => {
  it('takes the first meaningful sentences of the prose, up to ~400 characters', () => {
    const text = 'Page 1. The harbour was built in 1820 to serve the fishing fleet. It grew quickly. ' + 'Filler sentence about boats and nets. '.repeat(20);
    const summary = extractiveSummary(doc([{ kind: 'heading', level: 1, text: 'History of the harbour' }, { kind: 'paragraph', text }]))!;
    expect(summary.startsWith('The harbour was built in 1820')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(400);
    expect(summary).not.toContain('Page 1');
    expect(summary).not.toContain('History of the harbour');
  });

  it('falls back to any text (spreadsheets) and returns null for an empty document', () => {
    expect(extractiveSummary(doc([{ kind: 'table', rows: [['a', 'b']], text: 'a | b' }]))).toBe('a | b');
    expect(extractiveSummary(doc([]))).toBeNull();
  });

  it('cuts one over-long sentence with an ellipsis', () => {
    const summary = extractiveSummary(doc([{ kind: 'paragraph', text: 'word '.repeat(300) }]))!;
    expect(summary.length).toBeLessThanOrEqual(400);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('errors', () => {
  it('finds the database error behind a wrapper and never shows SQL', () => {
    const wrapped = Object.assign(new Error('Failed query: INSERT INTO secret_table ...\nparams: x'), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
    expect(databaseError(wrapped)?.code).toBe('22021');
    expect(failureMessage(wrapped)).toBe('Indexing failed on a database error (22021): invalid byte sequence for encoding "UTF8": 0x00');
    expect(failureMessage(new Error('Failed query: SELECT 1'))).toBe('Indexing failed on a database error.');
  });

  it('replaces NUL everywhere in a parsed document, keeping lengths and untouched objects', () => {
    const clean = { blocks: [{ text: 'ok' }] };
    expect(withoutNul(clean)).toBe(clean);
    const dirty = { blocks: [{ text: 'a\u0000b', rows: [['c\u0000']] }], metadata: { 'k\u0000': 'v' } };
    const fixed = withoutNul(dirty);
    expect(JSON.stringify(fixed)).not.toContain('\\u0000');
    expect(fixed.blocks[0].text).toHaveLength(3);
  });
});
