import type { ErrorRow } from '../calls/calls.table.js';

/** An error-log row as the API returns it (snake_case, ISO-8601 time). */
export function presentError(row: ErrorRow) {
  return {
    id: row.id,
    provider: row.provider,
    model: row.model,
    error_code: row.errorCode,
    status_code: row.statusCode,
    message: row.message,
    user_id: row.userId,
    api_key_id: row.apiKeyId,
    request_id: row.requestId,
    document_id: row.documentId,
    job_id: row.jobId,
    created_at: row.createdAt.toISOString(),
  };
}
