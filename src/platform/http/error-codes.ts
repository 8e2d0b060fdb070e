/**
 * Every machine `code` the API answers in its `{"detail", "code"}` error bodies, with its HTTP status
 * and the default message. Services throw by code (`new AppError('api_key_not_found')`); only the
 * HTTP layer turns a code into a status, through this table. `docs/errors.md` is generated from it
 * (`npm run docs:errors`), and a test fails when a response carries a code that is not listed here.
 *
 * `area` groups the codes in the generated document; it carries no behaviour.
 */
export interface ErrorSpec {
  status: number;
  message: string;
  area: 'general' | 'auth' | 'users' | 'api-keys' | 'idempotency' | 'documents' | 'llm';
}

export const ERROR_CODES = {
  // Requests the framework or the input checks refuse.
  bad_request: { status: 400, message: 'The request is malformed', area: 'general' },
  bad_url: { status: 400, message: 'The URL is not validly percent-encoded', area: 'general' },
  malformed_json: { status: 400, message: 'The body is not valid JSON', area: 'general' },
  unauthorized: { status: 401, message: 'Not authenticated', area: 'general' },
  forbidden: { status: 403, message: 'Not allowed', area: 'general' },
  insufficient_scope: { status: 403, message: 'The credential lacks a scope this operation needs', area: 'general' },
  not_found: { status: 404, message: 'Not found', area: 'general' },
  conflict: { status: 409, message: 'The request conflicts with the current state', area: 'general' },
  payload_too_large: { status: 413, message: 'Request body is too large', area: 'general' },
  uri_too_long: { status: 414, message: 'A path segment is too long', area: 'general' },
  unsupported_media_type: { status: 415, message: 'Unsupported Content-Type', area: 'general' },
  validation_error: { status: 422, message: 'The request does not match the schema', area: 'general' },
  rate_limited: { status: 429, message: 'Too many requests; retry after the indicated delay', area: 'general' },
  client_closed_request: { status: 499, message: 'The client closed the request', area: 'general' },
  internal_error: { status: 500, message: 'Internal server error', area: 'general' },
  bad_gateway: { status: 502, message: 'An upstream service failed', area: 'general' },
  unavailable: { status: 503, message: 'The service is unavailable; retry shortly', area: 'general' },

  // Login, tokens and the current principal.
  invalid_credentials: { status: 401, message: 'Incorrect email, password or tenant', area: 'auth' },
  invalid_refresh_token: { status: 401, message: 'Invalid or expired refresh token', area: 'auth' },
  invalid_viewer_token: { status: 401, message: 'Invalid or expired viewer token', area: 'auth' },

  // Tenants and users.
  tenant_exists: { status: 409, message: 'A tenant with this slug already exists', area: 'users' },
  tenant_not_found: { status: 404, message: 'Unknown tenant', area: 'users' },
  user_exists: { status: 409, message: 'A user with this email already exists in this tenant', area: 'users' },
  user_not_found: { status: 404, message: 'User not found', area: 'users' },
  owner_required: { status: 403, message: 'Only an owner may make or unmake an owner', area: 'users' },

  // API keys.
  api_key_not_found: { status: 404, message: 'API key not found', area: 'api-keys' },
  scope_escalation: { status: 403, message: 'A key cannot be given scopes its creator does not hold', area: 'api-keys' },

  // Idempotency-Key.
  invalid_idempotency_key: { status: 400, message: 'Idempotency-Key must be 1 to 255 visible ASCII characters', area: 'idempotency' },
  idempotency_key_reused: { status: 409, message: 'This Idempotency-Key was used with a different request', area: 'idempotency' },
  idempotency_in_flight: { status: 409, message: 'A request with this Idempotency-Key is still running', area: 'idempotency' },

  // Documents, memories, folders, upload batches and the viewer.
  document_not_found: { status: 404, message: 'Document not found', area: 'documents' },
  document_file_missing: { status: 404, message: 'The file of this document is no longer stored', area: 'documents' },
  job_not_found: { status: 404, message: 'Job not found', area: 'documents' },
  batch_not_found: { status: 404, message: 'Upload batch not found', area: 'documents' },
  memory_not_found: { status: 404, message: 'Memory not found', area: 'documents' },
  folder_not_found: { status: 404, message: 'Folder not found', area: 'documents' },
  parent_folder_not_found: { status: 404, message: 'Parent folder not found', area: 'documents' },
  document_failed: { status: 409, message: 'The document failed to index', area: 'documents' },
  document_not_ready: { status: 409, message: 'The document is not indexed yet', area: 'documents' },
  folder_not_empty: { status: 409, message: 'The folder is not empty', area: 'documents' },
  reindex_run_not_found: { status: 404, message: 'Re-embedding run not found', area: 'documents' },

  // Language models and providers.
  model_not_found: { status: 404, message: 'Model not found', area: 'llm' },
  model_not_enabled: { status: 400, message: 'The model is not enabled for this tenant', area: 'llm' },
  model_access_denied: { status: 403, message: 'An access rule denies this model to the caller', area: 'llm' },
  model_test_unsupported: { status: 400, message: 'This model cannot be tested', area: 'llm' },
  wrong_model_mode: { status: 400, message: 'The model does not serve this kind of request', area: 'llm' },
  invalid_model_request: { status: 400, message: 'The request cannot be sent to this model', area: 'llm' },
  credentials_not_found: { status: 404, message: 'No credentials are stored for this provider', area: 'llm' },
  provider_not_found: { status: 404, message: 'Unknown provider', area: 'llm' },
  provider_not_configured: { status: 400, message: 'The provider has no API key configured for this tenant', area: 'llm' },
  provider_unsupported: { status: 400, message: 'The provider does not support this operation', area: 'llm' },
  provider_url_not_allowed: { status: 400, message: 'The provider URL points to an address the service may not reach', area: 'llm' },
  provider_key_unreadable: { status: 500, message: 'The stored provider key cannot be decrypted; set it again', area: 'llm' },
  provider_bad_request: { status: 400, message: 'The provider refused the request', area: 'llm' },
  provider_rate_limited: { status: 429, message: 'The provider is rate limiting this tenant', area: 'llm' },
  provider_quota_exceeded: { status: 429, message: "The provider account's quota is exhausted", area: 'llm' },
  provider_key_rejected: { status: 502, message: 'The provider rejected the configured API key', area: 'llm' },
  provider_malformed_response: { status: 502, message: 'The provider sent a malformed response', area: 'llm' },
  provider_stream_interrupted: { status: 502, message: 'The provider closed the connection before the answer was complete', area: 'llm' },
  provider_unreachable: { status: 502, message: 'The provider could not be reached', area: 'llm' },
  provider_error: { status: 502, message: 'The provider failed', area: 'llm' },
  provider_timeout: { status: 504, message: 'The provider did not answer in time', area: 'llm' },

  // Accounts (issue 9): user management, self-service, invitations, mail.
  last_owner: { status: 409, message: 'The tenant must keep at least one active owner', area: 'users' },
  role_above_inviter: { status: 403, message: 'You cannot grant a role above your own', area: 'users' },
  already_member: { status: 409, message: 'This email already belongs to an active user of the tenant', area: 'users' },
  invitation_not_found: { status: 404, message: 'Invitation not found', area: 'users' },
  invalid_invitation: { status: 404, message: 'This invitation is invalid, used, revoked or expired', area: 'users' },
  invitation_not_pending: { status: 409, message: 'The invitation is no longer pending', area: 'users' },
  wrong_password: { status: 400, message: 'The current password is wrong', area: 'users' },
  mail_not_found: { status: 404, message: 'No mail with this id', area: 'users' },
  invalid_code: { status: 401, message: 'The code is wrong, expired or used; ask for a new one', area: 'auth' },
  invalid_reset_token: { status: 400, message: 'This password-reset link is invalid, used or expired; ask for a new one', area: 'auth' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** The status of a code; a code missing from the table keeps the status its thrower chose (the test lists it). */
export function statusOf(code: string, fallback: number): number {
  return isErrorCode(code) ? ERROR_CODES[code].status : fallback;
}
