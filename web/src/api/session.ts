/**
 * The signed-in user's tokens. The access token lives in memory only; the refresh token is kept in
 * sessionStorage (this tab, until it closes) so that a reload does not sign the user out. Nothing
 * is kept in localStorage or in a cookie readable by scripts. A new tab opened by hand starts signed
 * out; a tab duplicated from a signed-in one (or opened from its link) starts with a copy of the
 * token, which is why refreshes are serialized across tabs (see `refresh`).
 */
const REFRESH_KEY = 'console.refresh_token';

interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

type Listener = (signedIn: boolean) => void;

/** Waits between tries of a refresh the service answered 429 without a usable Retry-After (seconds). */
const DEFAULT_RETRY_AFTER_SEC = 5;
/** Tries of a refresh answered 429 before the tab gives up for now (keeping the token: a reload tries again). */
const MAX_RATE_LIMITED_TRIES = 5;

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

  /**
   * Exchanges the refresh token for a new pair; false when there is none or the service refused it. One exchange at
   * a time in this tab (concurrent callers share it) and across the tabs of this browser (Web Locks): a tab
   * duplicated from this one holds a copy of the same token, and presenting a rotated token again would end the
   * family (reuse detection). The tab that rotates tells the others (`ROTATIONS`), and one holding the old token
   * takes the new pair instead of presenting it. A 429 is no dead session: it waits `Retry-After` and tries again.
   */
  refresh(): Promise<boolean> {
    refreshing ??= exclusively(rotate).finally(() => {
      refreshing = null;
    });
    return refreshing;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Rotations announced between the tabs of this browser (same origin only): `{from, tokens}`. */
const ROTATIONS: BroadcastChannel | null = typeof BroadcastChannel === 'function' ? new BroadcastChannel('console.session') : null;
ROTATIONS?.addEventListener('message', (event: MessageEvent<{ from?: string; tokens?: TokenPair }>) => {
  const { from, tokens } = event.data ?? {};
  // Only a tab holding the very token that was rotated (a duplicate of the rotating tab) follows it.
  if (from && tokens && sessionStorage.getItem(REFRESH_KEY) === from) session.signIn(tokens);
});

/** Runs `task` while no other tab of this browser refreshes (Web Locks; alone where the API is missing). */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  // The lock's promise settles with the task's result (a promise returned by the callback is awaited).
  return navigator.locks ? (navigator.locks.request('console.refresh', task) as Promise<unknown> as Promise<T>) : task();
}

async function rotate(): Promise<boolean> {
  // A rotation another tab announced just before it let go of the lock is delivered as a task: let it land first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let tries = 1; ; tries++) {
    const refreshToken = sessionStorage.getItem(REFRESH_KEY);
    if (!refreshToken) return false;
    let res: Response;
    try {
      res = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch {
      return false; // offline: the token is kept, the next try (or reload) may succeed
    }
    if (res.status === 429) {
      await res.arrayBuffer().catch(() => undefined);
      if (tries >= MAX_RATE_LIMITED_TRIES) return false;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(res)));
      continue;
    }
    if (res.status >= 500) return false; // the service is unwell, the session is not dead
    if (!res.ok) {
      session.signOut();
      return false;
    }
    const tokens = (await res.json()) as TokenPair;
    session.signIn(tokens);
    ROTATIONS?.postMessage({ from: refreshToken, tokens });
    return true;
  }
}

function retryAfterMs(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'));
  return (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) : DEFAULT_RETRY_AFTER_SEC) * 1000;
}
