import { IDENTITY_PROVIDER, TOKEN_EXPIRY_MARGIN_MS } from '@harbor/contracts/constants';
import type { LoginBody, RegisterBody, TokenResponse } from '@harbor/contracts';
import { ApiRequestError, isApiRequestError } from './api-error.ts';
import { httpJson } from './http.ts';
import { responseSchemas } from './lazy-schemas.ts';
import type { FetchLike, HttpOptions } from './http.ts';

/** `unknown` until the start-up check has answered; the auth guard waits for it. */
export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';
type AuthAction = 'login' | 'logout' | 'signup';

interface Tokens {
  /** null right after a reload: only the refresh token survives in sessionStorage. */
  accessToken: string | null;
  refreshToken: string;
  /** Epoch ms of the real expiry; the margin is applied when reading. */
  expiresAt: number;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionClientOptions {
  fetch: FetchLike;
  /** Where the refresh token outlives a reload (sessionStorage in the browser); null keeps it in memory only. */
  storage: KeyValueStorage | null;
  now?: () => number;
  baseUrl?: string;
}

export const REFRESH_TOKEN_KEY = 'harbor.refreshToken';
const AUTH_PATH = `/api/auth/${IDENTITY_PROVIDER}`;

/** The account an access token (a JWT) was issued to; null when it cannot be read. */
function subjectOf(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The client side of the session (tracking.md section 4, seller section 4):
 * tokens in memory, the refresh token also in sessionStorage; the access token
 * counts as expired TOKEN_EXPIRY_MARGIN_MS early; exactly one refresh in flight
 * with every caller awaiting it; a 400 on refresh clears the tokens and calls
 * the auth-error handler; login, logout and signup exclude one another.
 */
export class SessionClient {
  private tokens: Tokens | null = null;
  private refreshing: Promise<Tokens> | null = null;
  private authAction: AuthAction | null = null;
  private status: SessionStatus = 'unknown';
  /** Bumped whenever the tokens are replaced or cleared, so a late refresh answer cannot resurrect a logged-out session. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  private readonly accountListeners = new Set<() => void>();
  /** The signed-in account (the access token's `sub`), kept to notice a switch to another one. */
  private subject: string | null = null;
  private authErrorHandler: (error: ApiRequestError) => void = () => {};
  private readonly fetchImpl: FetchLike;
  private readonly storage: KeyValueStorage | null;
  private readonly now: () => number;
  private readonly baseUrl: string;

  constructor(options: SessionClientOptions) {
    this.fetchImpl = options.fetch;
    this.storage = options.storage;
    this.now = options.now ?? Date.now;
    this.baseUrl = options.baseUrl ?? '';
  }

  setAuthErrorHandler(handler: (error: ApiRequestError) => void): void {
    this.authErrorHandler = handler;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): SessionStatus => this.status;

  /**
   * Called when the tokens start to belong to another account than before
   * without a logout in between (a sign-in as someone else on the hosted page,
   * or in another tab): whatever was loaded for the previous account is stale.
   */
  onAccountChange(listener: () => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  /**
   * Start-up: a stored refresh token is redeemed; otherwise the session cookie
   * (if any) is exchanged for tokens. When the server refuses the stored token
   * (rotated already, or the cookie now holds a newer sign-in) the cookie decides.
   */
  async init(): Promise<SessionStatus> {
    const stored = this.storage?.getItem(REFRESH_TOKEN_KEY);
    const generation = this.generation;
    try {
      if (stored) {
        this.tokens = { accessToken: null, refreshToken: stored, expiresAt: 0 };
        // Through the single in-flight refresh: a page's first requests start
        // before this resolves and must wait for it, not redeem the same token
        // again (the server takes a second redemption for a leak and revokes the family).
        await this.refresh({ notify: false });
      } else {
        this.setTokens(await this.tokenFromCookie());
      }
    } catch (error) {
      // No session (401) or a dead refresh token (400, already cleared): the visitor is anonymous.
      if (!isApiRequestError(error)) throw error;
      // Unless a sign-in meanwhile replaced the tokens: those are not this failure's to clear.
      if (generation === this.generation) this.clearTokens();
    }
    if (this.status === 'unknown') this.setStatus('anonymous');
    return this.status;
  }

  isAuthenticated(): boolean {
    return this.tokens !== null;
  }

  /** A valid access token, refreshing first when it is (nearly) expired. */
  async getAccessToken(): Promise<string> {
    if (!this.tokens) {
      const error = new ApiRequestError('noTokens', 401);
      this.authErrorHandler(error);
      throw error;
    }
    const { accessToken, expiresAt } = this.tokens;
    if (accessToken && this.now() < expiresAt - TOKEN_EXPIRY_MARGIN_MS) return accessToken;
    const fresh = await this.refresh();
    return fresh.accessToken as string;
  }

  /**
   * An authenticated JSON call to the API. A 401 for a token the client still
   * held for live (its family revoked meanwhile, e.g. by a redemption race in
   * another tab) buys one refresh, which falls back to the session cookie, and one retry.
   */
  async request<T>(path: string, options: Omit<HttpOptions, 'token'> = {}): Promise<T> {
    const token = await this.getAccessToken();
    try {
      return await httpJson<T>(this.fetchImpl, this.baseUrl + path, { ...options, token });
    } catch (error) {
      if (!isApiRequestError(error) || error.status !== 401 || this.tokens?.accessToken !== token) throw error;
      const fresh = await this.refresh();
      return httpJson<T>(this.fetchImpl, this.baseUrl + path, { ...options, token: fresh.accessToken as string });
    }
  }

  /** An anonymous JSON call (cookies still travel). */
  async publicRequest<T>(path: string, options: Omit<HttpOptions, 'token'> = {}): Promise<T> {
    return httpJson<T>(this.fetchImpl, this.baseUrl + path, options);
  }

  /**
   * A new sign-in replaces every token of the previous one (the server ends
   * that session): if its own tokens cannot be fetched, none of the previous
   * account's stay behind either.
   */
  login(body: LoginBody): Promise<void> {
    return this.exclusive('login', async () => {
      await this.publicRequest(`${AUTH_PATH}/login`, { method: 'POST', body });
      try {
        this.setTokens(await this.tokenFromCookie());
      } catch (error) {
        this.clearTokens();
        throw error;
      }
    });
  }

  /**
   * Server logout first, so the HttpOnly cookie is gone before the UI says
   * "signed out" (a navigation right after would otherwise cancel the call and
   * leave the cookie alive). The local session ends even when the call fails.
   */
  logout(): Promise<void> {
    return this.exclusive('logout', async () => {
      const refreshToken = this.tokens?.refreshToken;
      try {
        await this.publicRequest(`${AUTH_PATH}/logout`, {
          method: 'POST',
          body: refreshToken ? { refresh_token: refreshToken } : {},
          keepalive: true,
        });
      } catch (error) {
        console.warn('logout call failed; the local session is cleared anyway', error);
      } finally {
        this.clearTokens();
      }
    });
  }

  signup<T>(body: RegisterBody): Promise<T> {
    return this.exclusive('signup', () => this.publicRequest<T>('/api/users/register', { method: 'POST', body }));
  }

  private async exclusive<T>(action: AuthAction, run: () => Promise<T>): Promise<T> {
    if (this.authAction) throw new ApiRequestError('auth-in-progress', 409, { running: this.authAction, rejected: action });
    this.authAction = action;
    try {
      return await run();
    } finally {
      this.authAction = null;
    }
  }

  private refresh({ notify = true } = {}): Promise<Tokens> {
    if (!this.refreshing) {
      this.refreshing = this.redeemRefreshToken({ notify }).finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async redeemRefreshToken({ notify = true } = {}): Promise<Tokens> {
    const current = this.tokens;
    if (!current) throw new ApiRequestError('noTokens', 401);
    const generation = this.generation;
    try {
      const answer = await this.publicRequest<unknown>(`${AUTH_PATH}/token`, {
        method: 'POST',
        body: { grant_type: 'refresh_token', refresh_token: current.refreshToken },
      });
      const { tokenResponseSchema } = await responseSchemas();
      if (generation !== this.generation || !this.tokens) throw new ApiRequestError('noTokens', 401);
      return this.setTokens(tokenResponseSchema.parse(answer));
    } catch (error) {
      // Only a 400 means the refresh token is dead; a network error or a 5xx keeps it for the next try.
      if (!isApiRequestError(error) || error.status !== 400 || generation !== this.generation) throw error;
      // The HttpOnly session cookie may still hold a live sign-in: after a reload
      // that interrupted a rotation, or a newer sign-in (perhaps as someone else)
      // on the hosted page or in another tab. It wins over the refused token.
      const fromCookie = await this.tokenFromCookie().catch(() => null);
      if (fromCookie && generation === this.generation) return this.setTokens(fromCookie);
      if (generation === this.generation) {
        this.clearTokens();
        if (notify) this.authErrorHandler(error);
      }
      throw error;
    }
  }

  private async tokenFromCookie(): Promise<TokenResponse> {
    const answer = await this.publicRequest<unknown>(`${AUTH_PATH}/token`);
    const { tokenResponseSchema } = await responseSchemas();
    return tokenResponseSchema.parse(answer);
  }

  private setTokens(answer: TokenResponse): Tokens {
    this.generation += 1;
    this.tokens = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: this.now() + answer.expires_in * 1000,
    };
    this.storage?.setItem(REFRESH_TOKEN_KEY, answer.refresh_token);
    const previous = this.subject;
    this.subject = subjectOf(answer.access_token);
    this.setStatus('authenticated');
    if (previous !== null && this.subject !== previous) for (const listener of this.accountListeners) listener();
    return this.tokens;
  }

  private clearTokens(): void {
    this.generation += 1;
    this.tokens = null;
    this.subject = null;
    this.storage?.removeItem(REFRESH_TOKEN_KEY);
    this.setStatus('anonymous');
  }

  private setStatus(status: SessionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}
