import { isUuid } from '../../platform/db/database.js';
import { unprocessable } from '../../platform/http/errors.js';
import { normalizeTags } from './ingest.js';

/** The text fields of an upload form as the multipart parts brought them: name → values, in order. */
export type FormFields = ReadonlyMap<string, readonly unknown[]>;

export interface UploadFields {
  memoryId: string | null;
  folderId: string | null;
  /** Normalized (trimmed, de-duplicated); undefined when the form has no `tags` field. */
  tags: string[] | undefined;
}

/**
 * The fields shared by single and bulk upload, read by one set of rules so both accept the same forms and
 * answer the same 422s:
 * - `memory_id`, `folder_id`: a UUID, given at most once; empty or `null` means none;
 * - `tags`: the field repeated, comma-separated values, or a JSON array of strings (any mix);
 * - no text may hold a NUL character, the multipart twin of the JSON input guard (PostgreSQL text cannot
 *   hold it: it was a 500 from deep inside the insert).
 */
export function readUploadFields(fields: FormFields): UploadFields {
  for (const [name, values] of fields) {
    if (name.includes('\u0000') || values.some((v) => String(v ?? '').includes('\u0000'))) {
      throw unprocessable(['body', name], 'text must not contain NUL (\\u0000) characters', 'value_error.nul');
    }
  }
  return { memoryId: uuidField(fields, 'memory_id'), folderId: uuidField(fields, 'folder_id'), tags: tagsField(fields) };
}

function uuidField(fields: FormFields, name: string): string | null {
  const values = (fields.get(name) ?? []).map((v) => String(v ?? '').trim()).filter((v) => v && v !== 'null');
  if (values.length === 0) return null;
  if (values.length > 1) throw unprocessable(['body', name], `${name} may be given once`);
  if (!isUuid(values[0])) throw unprocessable(['body', name], `${name} must be a UUID`, 'uuid_parsing');
  return values[0].toLowerCase();
}

function tagsField(fields: FormFields): string[] | undefined {
  const values = fields.get('tags');
  if (!values) return undefined;
  const tags: string[] = [];
  for (const value of values) {
    const text = String(value ?? '');
    if (!text.trim().startsWith('[')) {
      tags.push(...text.split(','));
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw unprocessable(['body', 'tags'], 'tags is not a valid JSON array');
    }
    if (!Array.isArray(parsed) || !parsed.every((t) => typeof t === 'string')) throw unprocessable(['body', 'tags'], 'tags must be an array of strings');
    tags.push(...parsed);
  }
  const normalized = normalizeTags(tags);
  if ('error' in normalized) throw unprocessable(['body', 'tags'], normalized.error);
  return normalized.tags;
}
