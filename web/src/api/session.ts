/**
 * The signed-in user's tokens. The access token lives in memory only; the refresh token is kept in
 * sessionStorage (this tab, until it closes) so that a reload does not sign the user out. Nothing
 * is kept in localStorage or in a cookie readable by scripts.
 */
const REFRESH_KEY = 'console.refresh_token';

interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

type Listener = (signedIn: boolean) => void;

let access: string | null = null;
let refreshing: Promise<boolean> | null = null;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener(access !== null);
}

export const session = {
  accessToken: (): string | null => access,
  hasRefreshToken: (): boolean => sessionStorage.getItem(REFRESH_KEY) !== null,

  signIn(tokens: TokenPair): void {
    access = tokens.access_token;
    sessionStorage.setItem(REFRESH_KEY, tokens.refresh_token);
    notify();
  },

  /**
   * A new sign-in (password, one-time code, accepted invitation, reset password): keeps the tokens and starts the
   * browser session, the `service_session` cookie by which OAuth authorization knows who is asking. Without it a
   * cookie left by an earlier sign-in on this browser would speak for someone else. A failure leaves the console
   * signed in; the authorization page starts the session again before it asks.
   */
  async start(tokens: TokenPair): Promise<void> {
    session.signIn(tokens);
    // The body is read to its end: an unread response stays open in the browser (a request still loading).
    await fetch('/api/auth/session/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: tokens.access_token }),
    })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  },

  signOut(): void {
    access = null;
    sessionStorage.removeItem(REFRESH_KEY);
    // An SSO sign-in (or the authorization page) also started a `service_session` cookie: end it too, or the
    // next person to sign in on this browser would authorize OAuth clients as the previous one.
    void fetch('/api/auth/session/destroy', { method: 'POST' })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
    notify();
  },

  /** Exchanges the refresh token for a new pair (once at a time); false when there is none or it failed. */
  refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = sessionStorage.getItem(REFRESH_KEY);
      if (!refreshToken) return false;
      const res = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!res.ok) {
        session.signOut();
        return false;
      }
      session.signIn((await res.json()) as TokenPair);
      return true;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
