import { describe, expect, it, vi } from 'vitest';
import { TOKEN_EXPIRY_MARGIN_MS } from '@harbor/contracts';
import { ApiRequestError } from './api-error.ts';
import { REFRESH_TOKEN_KEY, SessionClient } from './session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pair = (n: number, expiresIn = 900) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: expiresIn,
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** A fake server: routes by "METHOD path"; every call is recorded. */
function fakeServer(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({
      key,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const route = routes[key];
    if (!route) return json(404, { apiErrors: [{ code: 'not-found', status: 404 }] });
    return route(init);
  });
  return { fetch, calls };
}

function setup(routes: Parameters<typeof fakeServer>[0], storage = memoryStorage()) {
  let now = 1_000_000;
  const server = fakeServer(routes);
  const client = new SessionClient({ fetch: server.fetch, storage, now: () => now });
  const onAuthError = vi.fn();
  client.setAuthErrorHandler(onAuthError);
  return { client, server, storage, onAuthError, advance: (ms: number) => (now += ms) };
}

describe('SessionClient', () => {
  it('recovers from a stale stored refresh token through the session cookie at start-up', async () => {
    const storage = memoryStorage();
    storage.setItem(REFRESH_TOKEN_KEY, 'already-rotated');
    const { client, onAuthError } = setup(
      {
        'POST /api/auth/harbor/token': () => json(400, { apiErrors: [{ code: 'invalid-token', status: 400 }] }),
        'GET /api/auth/harbor/token': () => json(200, pair(7)),
      },
      storage,
    );
    await expect(client.init()).resolves.toBe('authenticated');
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-7');
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it('starts anonymous when there is no session cookie', async () => {
    const { client, onAuthError } = setup({
      'GET /api/auth/harbor/token': () => json(401, { apiErrors: [{ code: 'unauthorized', status: 401 }] }),
    });
    expect(client.getStatus()).toBe('unknown');
    await expect(client.init()).resolves.toBe('anonymous');
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it('treats the access token as expired TOKEN_EXPIRY_MARGIN_MS early', async () => {
    let issued = 0;
    const { client, server, advance } = setup({
      'GET /api/auth/harbor/token': () => json(200, pair(++issued, 60)),
      'POST /api/auth/harbor/token': () => json(200, pair(++issued, 60)),
    });
    await client.init();
    advance(60_000 - TOKEN_EXPIRY_MARGIN_MS - 1);
    await expect(client.getAccessToken()).resolves.toBe('access-1');
    advance(1);
    await expect(client.getAccessToken()).resolves.toBe('access-2');
    const refresh = server.calls.find((c) => c.key === 'POST /api/auth/harbor/token');
    expect(refresh?.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
  });

  it('makes exactly one refresh while concurrent callers wait for it', async () => {
    let release: (r: Response) => void = () => {};
    const { client, server, advance } = setup({
      'GET /api/auth/harbor/token': () => json(200, pair(1, 60)),
      'POST /api/auth/harbor/token': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await client.init();
    advance(60_000);
    const waiting = [client.getAccessToken(), client.getAccessToken(), client.getAccessToken()];
    await Promise.resolve();
    release(json(200, pair(2)));
    await expect(Promise.all(waiting)).resolves.toEqual(['access-2', 'access-2', 'access-2']);
    expect(server.calls.filter((c) => c.key === 'POST /api/auth/harbor/token')).toHaveLength(1);
  });

  it('clears the tokens and calls the auth-error handler when refresh answers 400 and the cookie holds no session', async () => {
    let cookieLive = true;
    const { client, storage, onAuthError, advance } = setup({
      'GET /api/auth/harbor/token': () =>
        cookieLive ? ((cookieLive = false), json(200, pair(1, 60))) : json(401, { apiErrors: [{ code: 'unauthorized', status: 401 }] }),
      'POST /api/auth/harbor/token': () => json(400, { apiErrors: [{ code: 'invalid-token', status: 400 }] }),
    });
    await client.init();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    advance(60_000);
    await expect(client.getAccessToken()).rejects.toMatchObject({ code: 'invalid-token', status: 400 });
    expect(onAuthError).toHaveBeenCalledOnce();
    expect(client.getStatus()).toBe('anonymous');
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('keeps the tokens when refresh fails for another reason', async () => {
    const { client, onAuthError, advance } = setup({
      'GET /api/auth/harbor/token': () => json(200, pair(1, 60)),
      'POST /api/auth/harbor/token': () => json(500, { apiErrors: [{ code: 'internal-error', status: 500 }] }),
    });
    await client.init();
    advance(60_000);
    await expect(client.getAccessToken()).rejects.toMatchObject({ code: 'internal-error' });
    expect(onAuthError).not.toHaveBeenCalled();
    expect(client.isAuthenticated()).toBe(true);
  });

  it("gives 'No tokens' and calls the auth-error handler without a session", async () => {
    const { client, onAuthError } = setup({});
    const error = await client.request('/api/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('No tokens');
    expect(onAuthError).toHaveBeenCalledOnce();
  });

  it('rejects login, logout and signup while another of them runs', async () => {
    let release: (r: Response) => void = () => {};
    const { client } = setup({
      'POST /api/auth/harbor/login': () => new Promise<Response>((resolve) => (release = resolve)),
      'GET /api/auth/harbor/token': () => json(200, pair(1)),
      'POST /api/auth/harbor/logout': () => json(200, { ok: true }),
    });
    const first = client.login({ email: 'a@b.fi', password: 'x' });
    await expect(client.login({ email: 'a@b.fi', password: 'x' })).rejects.toMatchObject({ code: 'auth-in-progress' });
    await expect(client.logout()).rejects.toMatchObject({ code: 'auth-in-progress' });
    await expect(
      client.signup({
        firstName: 'A', lastName: 'B', email: 'a@b.fi', password: 'password1', phone: '+358 40 123 4567',
        companyName: 'C', businessId: '1', webAddress: 'c.fi', defaultPort: 'FIVSS', roles: ['Buyer'],
      }),
    ).rejects.toMatchObject({ code: 'auth-in-progress' });
    release(json(200, { ok: true }));
    await first;
    expect(client.getStatus()).toBe('authenticated');
    await expect(client.logout()).resolves.toBeUndefined();
    expect(client.getStatus()).toBe('anonymous');
  });

  it('logs out on the server first (with the refresh token) and locally even when that fails', async () => {
    let statusDuringCall = '';
    const { client, server, storage } = setup({
      'GET /api/auth/harbor/token': () => json(200, pair(1)),
      'POST /api/auth/harbor/logout': () => {
        statusDuringCall = client.getStatus();
        return json(500, { apiErrors: [{ code: 'internal-error', status: 500 }] });
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await client.init();
    await client.logout();
    expect(statusDuringCall).toBe('authenticated');
    expect(server.calls.at(-1)?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(client.getStatus()).toBe('anonymous');
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    warn.mockRestore();
  });

  it('sends the bearer token and restores the session from the stored refresh token', async () => {
    const storage = memoryStorage();
    storage.setItem(REFRESH_TOKEN_KEY, 'refresh-7');
    const { client, server } = setup(
      {
        'POST /api/auth/harbor/token': () => json(200, pair(8)),
        'GET /api/users/me': () => json(200, { id: 'me' }),
      },
      storage,
    );
    await expect(client.init()).resolves.toBe('authenticated');
    await expect(client.request('/api/users/me')).resolves.toEqual({ id: 'me' });
    expect(server.calls.at(-1)?.headers.authorization).toBe('Bearer access-8');
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-8');
  });

  it('a request made while start-up redeems the stored token waits for that redemption instead of redeeming it again', async () => {
    const storage = memoryStorage();
    storage.setItem(REFRESH_TOKEN_KEY, 'refresh-7');
    // As the server does: a refresh token works once; a second redemption is a reuse.
    const used = new Set<string>();
    const { client, server, onAuthError } = setup(
      {
        'POST /api/auth/harbor/token': (init) => {
          const token = (JSON.parse(String(init?.body)) as { refresh_token: string }).refresh_token;
          if (used.has(token)) return json(400, { apiErrors: [{ code: 'invalid-token', status: 400 }] });
          used.add(token);
          return json(200, pair(8));
        },
        'GET /api/users/me': () => json(200, { id: 'me' }),
      },
      storage,
    );
    const started = client.init();
    // The app renders (and its pages fetch) before init resolves.
    await expect(client.request('/api/users/me')).resolves.toEqual({ id: 'me' });
    await expect(started).resolves.toBe('authenticated');
    expect(server.calls.filter((c) => c.key === 'POST /api/auth/harbor/token')).toHaveLength(1);
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it('a 401 for a token it held for live refreshes once (through the cookie when the family is gone) and retries', async () => {
    let me = 0;
    const { client, server } = setup({
      'GET /api/auth/harbor/token': () => json(200, pair(++me === 1 ? 1 : 3)),
      'POST /api/auth/harbor/token': () => json(400, { apiErrors: [{ code: 'invalid-token', status: 400 }] }),
      'GET /api/users/me': (init) =>
        (init?.headers as Record<string, string>).authorization === 'Bearer access-3'
          ? json(200, { id: 'me' })
          : json(401, { apiErrors: [{ code: 'unauthorized', status: 401 }] }),
    });
    await client.init();
    await expect(client.request('/api/users/me')).resolves.toEqual({ id: 'me' });
    expect(server.calls.map((c) => c.key)).toEqual([
      'GET /api/auth/harbor/token',
      'GET /api/users/me',
      'POST /api/auth/harbor/token',
      'GET /api/auth/harbor/token',
      'GET /api/users/me',
    ]);
  });

  it('a second 401 after the retry is the answer', async () => {
    let issued = 0;
    const { client, server } = setup({
      'GET /api/auth/harbor/token': () => json(200, pair(++issued)),
      'POST /api/auth/harbor/token': () => json(200, pair(++issued)),
      'GET /api/users/me': () => json(401, { apiErrors: [{ code: 'unauthorized', status: 401 }] }),
    });
    await client.init();
    await expect(client.request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.filter((c) => c.key === 'GET /api/users/me')).toHaveLength(2);
  });

  it('a sign-in while start-up still redeems a stale token keeps the new sign-in', async () => {
    const storage = memoryStorage();
    storage.setItem(REFRESH_TOKEN_KEY, 'stale');
    let answerRefresh: (r: Response) => void = () => {};
    const { client } = setup(
      {
        'POST /api/auth/harbor/token': () => new Promise<Response>((resolve) => (answerRefresh = resolve)),
        'POST /api/auth/harbor/login': () => json(200, {}),
        'GET /api/auth/harbor/token': () => json(200, pair(5)),
      },
      storage,
    );
    const started = client.init();
    await client.login({ username: 'buyer@harbor.test', password: 'x' } as never);
    answerRefresh(json(500, { apiErrors: [{ code: 'internal', status: 500 }] }));
    await expect(started).resolves.toBe('authenticated');
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-5');
    expect(client.isAuthenticated()).toBe(true);
  });

  it('parses catalogue errors into typed errors', async () => {
    const { client } = setup({
      'POST /api/auth/harbor/login': () =>
        json(403, { apiErrors: [{ code: 'user-pending-approval', status: 403, meta: { hours: 48 } }] }),
    });
    await expect(client.login({ email: 'a@b.fi', password: 'x' })).rejects.toMatchObject({
      code: 'user-pending-approval',
      status: 403,
      meta: { hours: 48 },
    });
  });

  describe('the wrong user after switching accounts', () => {
    /** A token pair whose access token is a JWT for `sub`, as the server issues them. */
    const pairFor = (sub: string, n: number, expiresIn = 900) => ({
      ...pair(n, expiresIn),
      access_token: `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.sig-${n}`,
    });
    const replaced = () => json(400, { apiErrors: [{ code: 'invalid-token', status: 400, meta: { reason: 'session-replaced' } }] });

    it("at start-up a newer sign-in's cookie wins over the previous account's stored refresh token", async () => {
      const storage = memoryStorage();
      storage.setItem(REFRESH_TOKEN_KEY, 'refresh-of-the-buyer');
      const { client, server, onAuthError } = setup(
        {
          'POST /api/auth/harbor/token': replaced,
          'GET /api/auth/harbor/token': () => json(200, pairFor('seller', 2)),
          'GET /api/users/me': () => json(200, { id: 'seller' }),
        },
        storage,
      );
      await expect(client.init()).resolves.toBe('authenticated');
      expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
      await expect(client.request('/api/users/me')).resolves.toEqual({ id: 'seller' });
      expect(server.calls.at(-1)?.headers.authorization).toBe(`Bearer ${pairFor('seller', 2).access_token}`);
      expect(onAuthError).not.toHaveBeenCalled();
    });

    it('while running, a refused refresh takes the cookie\'s sign-in and announces the other account', async () => {
      let issued = 0;
      const accounts = ['buyer', 'seller'];
      const { client, advance, onAuthError } = setup({
        'GET /api/auth/harbor/token': () => json(200, pairFor(accounts[issued]!, ++issued, 60)),
        'POST /api/auth/harbor/token': replaced,
      });
      const onAccountChange = vi.fn();
      client.onAccountChange(onAccountChange);
      await client.init();
      expect(onAccountChange).not.toHaveBeenCalled();
      advance(60_000);
      await expect(client.getAccessToken()).resolves.toBe(pairFor('seller', 2).access_token);
      expect(onAccountChange).toHaveBeenCalledOnce();
      expect(onAuthError).not.toHaveBeenCalled();
    });

    it('the same account coming back through the cookie is no account change', async () => {
      let issued = 0;
      const { client, advance } = setup({
        'GET /api/auth/harbor/token': () => json(200, pairFor('buyer', ++issued, 60)),
        'POST /api/auth/harbor/token': () => json(400, { apiErrors: [{ code: 'invalid-token', status: 400 }] }),
      });
      const onAccountChange = vi.fn();
      client.onAccountChange(onAccountChange);
      await client.init();
      advance(60_000);
      await expect(client.getAccessToken()).resolves.toBe(pairFor('buyer', 2).access_token);
      expect(onAccountChange).not.toHaveBeenCalled();
    });

    it('a new sign-in replaces every stored token, even when its own tokens cannot be fetched', async () => {
      let cookieAnswers = [json(200, pairFor('buyer', 1)), json(500, { apiErrors: [{ code: 'internal-error', status: 500 }] })];
      const { client, storage } = setup({
        'GET /api/auth/harbor/token': () => cookieAnswers.shift()!,
        'POST /api/auth/harbor/login': () => json(200, { ok: true }),
      });
      await client.init();
      expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
      await expect(client.login({ email: 'seller@harbor.test', password: 'x' })).rejects.toMatchObject({ status: 500 });
      expect(client.isAuthenticated()).toBe(false);
      expect(client.getStatus()).toBe('anonymous');
      expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();

      // And a sign-in that works leaves only its own tokens, announcing nothing after a clean slate.
      cookieAnswers = [json(200, pairFor('seller', 3))];
      const onAccountChange = vi.fn();
      client.onAccountChange(onAccountChange);
      await client.login({ email: 'seller@harbor.test', password: 'x' });
      expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-3');
      await expect(client.getAccessToken()).resolves.toBe(pairFor('seller', 3).access_token);
      expect(onAccountChange).not.toHaveBeenCalled();
    });

    it('a sign-in as another account over a live one announces the change', async () => {
      const answers = [json(200, pairFor('buyer', 1)), json(200, pairFor('seller', 2))];
      const { client } = setup({
        'GET /api/auth/harbor/token': () => answers.shift()!,
        'POST /api/auth/harbor/login': () => json(200, { ok: true }),
      });
      const onAccountChange = vi.fn();
      client.onAccountChange(onAccountChange);
      await client.init();
      await client.login({ email: 'seller@harbor.test', password: 'x' });
      expect(onAccountChange).toHaveBeenCalledOnce();
    });
  });
});
