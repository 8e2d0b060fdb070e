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
  area: 'general' | 'auth' | 'users' | 'api-keys' | 'idempotency' | 'documents' | 'llm' | 'chat' | 'apps' | 'oauth' | 'webhooks' | 'connectors';
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
  document_too_large_for_format: { status: 413, message: 'The file is larger than its format allows (such a file takes too long to parse); split it into smaller files', area: 'documents' },
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

  // Accounts: user management, self-service, invitations, mail.
  last_owner: { status: 409, message: 'The tenant must keep at least one active owner', area: 'users' },
  role_above_inviter: { status: 403, message: 'You cannot grant a role above your own', area: 'users' },
  already_member: { status: 409, message: 'This email already belongs to an active user of the tenant', area: 'users' },
  invitation_not_found: { status: 404, message: 'Invitation not found', area: 'users' },
  invalid_invitation: { status: 404, message: 'This invitation is invalid, used, revoked or expired', area: 'users' },
  invitation_not_pending: { status: 409, message: 'The invitation is no longer pending', area: 'users' },
  invitation_link_unavailable: { status: 409, message: 'Mail is configured: an invitation link is only sent by mail', area: 'users' },
  wrong_password: { status: 400, message: 'The current password is wrong', area: 'users' },
  mail_not_found: { status: 404, message: 'No mail with this id', area: 'users' },
  invalid_code: { status: 401, message: 'The code is wrong, expired or used; ask for a new one', area: 'auth' },
  invalid_reset_token: { status: 400, message: 'This password-reset link is invalid, used or expired; ask for a new one', area: 'auth' },

  // Browser sessions and the OAuth 2.0 / OpenID Connect server.
  invalid_access_token: { status: 401, message: "Invalid or expired access token, or not a user's own sign-in token", area: 'auth' },
  cross_origin_refused: { status: 403, message: 'Cookie-authenticated requests are accepted only from the service\'s own origins', area: 'auth' },

  // Single sign-on through external OpenID Connect providers.
  sso_required: { status: 403, message: 'This tenant signs in through SSO: use GET /api/auth/sso/idp/authorize', area: 'auth' },
  sso_provider_not_found: { status: 404, message: 'SSO provider not found', area: 'auth' },
  sso_redirect_uri_not_allowed: { status: 400, message: 'redirect_uri is not our SSO callback nor a registered one', area: 'auth' },
  sso_next_url_not_allowed: { status: 400, message: 'next_url must be a path on this site or a URL on a first-party origin', area: 'auth' },
  sso_invalid_state: { status: 400, message: 'This sign-in attempt is unknown, used or expired; start again', area: 'auth' },
  sso_idp_error: { status: 400, message: 'The identity provider refused the request', area: 'auth' },
  sso_authentication_failed: { status: 401, message: "The identity provider's answer failed validation", area: 'auth' },
  sso_provider_unreachable: { status: 502, message: 'The identity provider could not be reached', area: 'auth' },
  sso_admin_consent_required: { status: 409, message: "The provider's issuer needs the IdP tenant: an admin consent records it", area: 'auth' },
  sso_admin_consent_tenant_mismatch: { status: 400, message: 'The identity provider answered for another IdP tenant than the consent was started for; nothing was recorded', area: 'auth' },
  sso_admin_consent_unsupported: { status: 400, message: 'No admin consent URL is known for this provider; set admin_consent_url', area: 'auth' },
  sso_email_missing: { status: 403, message: 'The identity provider did not share a valid e-mail address', area: 'auth' },
  sso_email_not_verified: { status: 403, message: 'The identity provider does not vouch for this e-mail address', area: 'auth' },
  sso_email_domain_not_allowed: { status: 403, message: "The e-mail's domain may not be given an account just in time", area: 'auth' },
  sso_no_account: { status: 403, message: 'No account of this tenant belongs to this person, and just-in-time creation is off', area: 'auth' },
  sso_account_exists: { status: 409, message: 'An account with this e-mail exists and the tenant does not link accounts by e-mail', area: 'auth' },
  sso_email_linked_elsewhere: { status: 409, message: 'The account with this e-mail is already linked to another person at this identity provider', area: 'auth' },
  sso_user_disabled: { status: 403, message: 'The account is disabled', area: 'auth' },
  sso_not_configured: { status: 409, message: 'SSO cannot be enforced without an enabled provider', area: 'auth' },
  // Chat over memories: answers, conversations, feedback.
  chat_model_not_configured: { status: 400, message: 'No chat model is configured for this tenant', area: 'chat' },
  conversation_not_found: { status: 404, message: 'Conversation not found', area: 'chat' },
  message_not_found: { status: 404, message: 'Message not found', area: 'chat' },
  // Third-party apps: manifests, installations, launch and app tokens.
  invalid_manifest: { status: 422, message: 'The manifest is not valid; every problem is listed with its JSON pointer', area: 'apps' },
  app_not_found: { status: 404, message: 'App not found', area: 'apps' },
  app_version_not_newer: { status: 409, message: 'This tenant already has this version of the app or a later one', area: 'apps' },
  installation_not_found: { status: 404, message: 'App installation not found', area: 'apps' },
  app_already_installed: { status: 409, message: 'The app is already installed in this tenant', area: 'apps' },
  permission_not_requested: { status: 422, message: 'A permission to grant is not one the manifest asks for', area: 'apps' },
  app_upgrade_needs_consent: { status: 409, message: 'The latest version asks for more permissions: grant them with `permissions`', area: 'apps' },
  invalid_launch_token: { status: 401, message: 'The launch token is invalid, used or expired; open the app again', area: 'apps' },
  app_origin_mismatch: { status: 403, message: "The request's Origin is not the app's entry_url origin", area: 'apps' },
  app_token_not_accepted: { status: 403, message: 'App access tokens cannot call this endpoint', area: 'apps' },
  app_permission_missing: { status: 403, message: 'The app was not granted a permission this operation needs', area: 'apps' },
  oauth_client_not_found: { status: 404, message: 'OAuth client not found', area: 'oauth' },

  // What installed apps keep: app data, rich documents, assets.
  installation_read_only: { status: 409, message: 'The app is uninstalled: its content can be read or deleted until it is purged', area: 'apps' },
  app_collection_not_found: { status: 404, message: "The app's manifest declares no such collection", area: 'apps' },
  app_record_not_found: { status: 404, message: 'Record not found', area: 'apps' },
  app_record_invalid: { status: 422, message: "The record does not match its collection's schema; every problem is listed with its JSON pointer", area: 'apps' },
  app_record_too_large: { status: 413, message: 'The record is larger than a record may be', area: 'apps' },
  app_record_version_conflict: { status: 409, message: 'The record was changed since the version given; `current` is the record as it is now', area: 'apps' },
  app_data_record_quota: { status: 429, message: "The installation holds as many records as its quota allows; delete some first", area: 'apps' },
  app_data_storage_quota: { status: 413, message: "The installation's records would exceed its storage quota", area: 'apps' },
  rich_documents_disabled: { status: 404, message: 'This app did not enable rich documents in its manifest', area: 'apps' },
  rich_document_not_found: { status: 404, message: 'Rich document not found', area: 'apps' },
  rich_document_version_not_found: { status: 404, message: 'This version of the rich document does not exist or is no longer kept', area: 'apps' },
  rich_document_invalid: { status: 422, message: 'The rich document content is not a valid node tree; every problem is listed with its JSON pointer', area: 'apps' },
  rich_document_too_large: { status: 413, message: 'The rich document content is larger than a document may be', area: 'apps' },
  rich_document_version_conflict: { status: 409, message: 'base_version is not the current version; `current` is the document as it is now', area: 'apps' },
  app_assets_disabled: { status: 404, message: 'This app declared no assets in its manifest', area: 'apps' },
  app_asset_not_found: { status: 404, message: 'Asset not found', area: 'apps' },
  app_asset_too_large: { status: 413, message: "The file is larger than the app's max_file_bytes", area: 'apps' },
  app_asset_storage_quota: { status: 413, message: "The installation's files would exceed the app's max_total_bytes", area: 'apps' },
  app_asset_type_not_allowed: { status: 415, message: "The file's content is not of a type the app's manifest allows", area: 'apps' },

  // The event log and webhook endpoints.
  event_not_found: { status: 404, message: 'Event not found (events older than 30 days are no longer kept)', area: 'webhooks' },
  webhook_endpoint_not_found: { status: 404, message: 'Webhook endpoint not found', area: 'webhooks' },
  webhook_endpoint_limit: { status: 409, message: 'The tenant has as many webhook endpoints as it may have; delete one first', area: 'webhooks' },
  webhook_endpoint_disabled: { status: 409, message: 'The webhook endpoint is disabled; enable it first', area: 'webhooks' },
  webhook_delivery_not_found: { status: 404, message: 'Webhook delivery not found', area: 'webhooks' },
  delivery_pending: { status: 409, message: 'The delivery is already pending; it is sent at its next attempt', area: 'webhooks' },

  // Connectors and their runs.
  connector_not_found: { status: 404, message: 'Connector not found', area: 'connectors' },
  connector_run_not_found: { status: 404, message: 'Connector run not found', area: 'connectors' },
  connector_run_in_progress: { status: 409, message: 'A run of this connector is already queued or running', area: 'connectors' },
  connector_paused: { status: 409, message: 'The connector is paused; resume it first', area: 'connectors' },
  connector_limit: { status: 409, message: 'The tenant has as many connectors as it may have; delete one first', area: 'connectors' },
  document_owned_by_connector: { status: 409, message: 'The document is kept in sync by a connector: change it at its source', area: 'connectors' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
