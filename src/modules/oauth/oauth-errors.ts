/**
 * RFC 6749 §5.2 errors of the token and revocation endpoints: `{"error", "error_description"}`, the shape every
 * OAuth client parses (not the API's `{detail, code}`). `invalid_client` is a 401 (with `WWW-Authenticate: Basic`
 * when the client tried HTTP Basic); the others are 400.
 */
const OAUTH_ERRORS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_token_type: 400,
  temporarily_unavailable: 429,
  server_error: 500,
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
    /** The authorization endpoint answers 400 for every untrusted request (an unknown client included). */
    private readonly statusOverride?: number,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    return this.statusOverride ?? OAUTH_ERRORS[this.error];
  }
}

/** Codes, refresh tokens and grants that are unknown, used, expired, revoked or someone else's: one answer. */
export const invalidGrant = (description = 'The authorization code or refresh token is invalid, expired, revoked or was issued to another client') =>
  new OAuthError('invalid_grant', description);
