import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

import { db } from '@/lib/db';
import { initI18n } from '@/lib/i18n';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import type { PublicUser } from '../../../server/contracts/user';
import { authStore, initializeAuth, login, logout, register, resetAuthForTests, setAuthNavigator } from './auth-store';
import { REFERRAL_KEY } from './referral';
import { ACCESS_TOKEN_KEY } from './token-storage';

const user: PublicUser = {
  id: 'u1',
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'demo@clipdeck.dev',
  username: 'demo@clipdeck.dev',
  slug: 'dana',
  role: 'user',
  youtubeExternalId: null,
  referringUserId: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function jwt(expSeconds: number) {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', exp: expSeconds })}.sig`;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let fetchMock: Mock<(input: Request) => Promise<Response>>;

beforeEach(async () => {
  await initI18n('en');
  resetAuthForTests();
  fetchMock = vi.fn<(input: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuthForTests();
});

const lastRequest = () => fetchMock.mock.calls.at(-1)![0];

describe('initial check', () => {
  it('no stored token: initialised and signed out, nothing fetched', async () => {
    await initializeAuth();
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an expired token is removed and the user is signed out', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, jwt(Math.floor(Date.now() / 1000) - 10));
    await initializeAuth();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a valid token is applied (bearer header) and the user fetched', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 3600);
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
    fetchMock.mockResolvedValueOnce(json(200, { user }));
    await initializeAuth();
    expect(lastRequest().url).toMatch(/\/api\/v1\/user\/jwt\/fetch$/);
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: true, user });
  });

  it('a refusal of the stored token signs out and drops it', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 3600);
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Token revoked.' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await initializeAuth();
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('an unreachable server keeps the last user; back online, the session is checked again', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 3600);
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
    localStorage.setItem('clipdeck-user', JSON.stringify(user));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await initializeAuth();
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: true, user });

    fetchMock.mockResolvedValueOnce(json(401, { error: 'Token revoked.' }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(authStore.getState().isAuthenticated).toBe(false));
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('a refused fetch is logged and treated as signed out', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, jwt(Math.floor(Date.now() / 1000) + 3600));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Token revoked.' }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await initializeAuth();
    expect(log).toHaveBeenCalled();
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('login, register, logout', () => {
  it('login stores the token and sets the user', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 3600);
    fetchMock.mockResolvedValueOnce(json(200, { accessToken: token, user }));
    await login({ email: 'demo@clipdeck.dev', password: 'clipdeck-demo' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: true, user });
  });

  it('register sends the sign-up payload with emailExtension and the referral, and returns videoId', async () => {
    localStorage.setItem(REFERRAL_KEY, 'sam');
    let body: Record<string, unknown> = {};
    fetchMock.mockImplementationOnce((request: Request) =>
      request
        .clone()
        .json()
        .then((sent) => {
          body = sent as Record<string, unknown>;
          return json(201, { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), user, videoId: 'v42' });
        }),
    );
    const result = await register({ email: 'new@example.co.uk', password: 'long-enough', firstName: 'New', lastName: 'User' });
    expect(body).toMatchObject({
      email: 'new@example.co.uk',
      username: 'new@example.co.uk',
      emailExtension: 'example.co.uk',
      name: 'New User',
      referringUserSlug: 'sam',
    });
    expect(result.videoId).toBe('v42');
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('register refuses a bad email with the email rule message before any request', async () => {
    await expect(register({ email: 'a@b', password: 'long-enough', firstName: 'A', lastName: 'B' })).rejects.toThrow(
      'Invalid email address.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logout clears the token, the user and the local data', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), user }));
    await login({ email: 'demo@clipdeck.dev', password: 'clipdeck-demo' });
    await loadSyncRegistry();
    await db.table('mails').put({ id: 'm1', subject: 'hello' });
    await logout();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(authStore.getState()).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
    expect(await db.table('mails').count()).toBe(0);
  });

  it('logout drops the per-user queries and refetches, as a visitor, the public ones', async () => {
    const { queryClient, QUERY_CACHE_KEY } = await import('@/lib/query-client');
    fetchMock.mockResolvedValueOnce(json(200, { accessToken: jwt(Math.floor(Date.now() / 1000) + 3600), user }));
    await login({ email: 'demo@clipdeck.dev', password: 'clipdeck-demo' });
    const catalogueKey = [['catalogue', 'searchVideos'], { input: { sortBy: 'premiereDate' }, type: 'infinite' }];
    const seenAs = () => (localStorage.getItem(ACCESS_TOKEN_KEY) ? 'members and private videos' : 'public videos');
    const catalogue = new QueryObserver(queryClient, { queryKey: catalogueKey, queryFn: seenAs, staleTime: Infinity });
    const unsubscribe = catalogue.subscribe(() => undefined);
    await vi.waitFor(() => expect(catalogue.getCurrentResult().data).toBe('members and private videos'));
    await queryClient.fetchQuery({ queryKey: ['mail', 'labels'], queryFn: () => ['inbox'] });
    await queryClient.fetchQuery({ queryKey: [['favourites', 'list'], { type: 'query' }], queryFn: () => ['v1'] });
    // restored from storage in an earlier page, never fetched in this one: nothing to refetch it
    // with
    queryClient.setQueryData([['catalogue', 'video'], { input: { videoId: 'v9' }, type: 'query' }], { title: 'Private' });

    await logout();

    expect(queryClient.getQueryData(['mail', 'labels'])).toBeUndefined();
    expect(queryClient.getQueryData([['favourites', 'list'], { type: 'query' }])).toBeUndefined();
    expect(localStorage.getItem(QUERY_CACHE_KEY) ?? '').not.toContain('inbox');
    await vi.waitFor(() => expect(catalogue.getCurrentResult().data).toBe('public videos'));
    expect(queryClient.getQueryData(catalogueKey)).toBe('public videos');
    expect(queryClient.getQueryData([['catalogue', 'video'], { input: { videoId: 'v9' }, type: 'query' }])).toBeUndefined();
    unsubscribe();
    queryClient.clear();
  });
});

describe('expiry timer', () => {
  it('fires at exp: "Token expired", token removed, browser sent to login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const navigate = vi.fn();
    setAuthNavigator(navigate);
    const notify = await import('@/lib/notify');
    const shown = vi.spyOn(notify.notify, 'error');
    const exp = Math.floor(Date.now() / 1000) + 60;
    fetchMock.mockResolvedValueOnce(json(200, { accessToken: jwt(exp), user }));
    await login({ email: 'demo@clipdeck.dev', password: 'clipdeck-demo' });

    await vi.advanceTimersByTimeAsync(59_000);
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(shown).toHaveBeenCalledWith('Token expired', expect.anything());
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/login/));
  });
});
