import { hash, randomBytes } from 'node:crypto';

/**
 * Single-use opaque tokens sent by mail (invitations, password resets): a kind prefix and 32 random bytes in
 * base64url. Stored only as their SHA-256 (the tokens are high-entropy, so a fast hash is enough), the same
 * hash API keys use.
 */
export interface OpaqueTokenKind {
  /** `prefix_` and 43 base64url characters: anything else is refused before any lookup. */
  readonly pattern: RegExp;
  create(): string;
}

export function opaqueTokenKind(prefix: string): OpaqueTokenKind {
  return {
    pattern: new RegExp(`^${prefix}_[A-Za-z0-9_-]{43}$`),
    create: () => `${prefix}_${randomBytes(32).toString('base64url')}`,
  };
}

// The one-shot hash: a third of createHash's cost, and every request with an API key pays it (authenticator.ts).
export const hashOpaqueToken = (token: string) => hash('sha256', token, 'hex');
