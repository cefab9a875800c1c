// Client auth (docs/product-rules.md#accounts-and-sessions): one store outside React so the API
// client, the service worker bridge and the sync queue can read it too; `useAuth()` is its React
// face.
//
// Guarantees:
// - the initial check applies a stored, unexpired token, fetches the user, and only then says
//   "authenticated"; an HTTP failure is logged and means signed out. A *network* failure with
//   an unexpired token keeps the last known user (offline start of an installed app) and
//   re-checks when the browser is back online.
// - a timer fires at the token's `exp`: "Token expired", the token goes, the browser goes to
//   the login route. Local data (the sync queue) is kept so nothing unsent is lost; it is
//   wiped when a *different* user signs in, and on logout.
// - cached server data is refetched after login, register and the initial check; on logout
//   what only the user may see is dropped and what a visitor may see is refetched.
// The REST client, query client and Dexie are imported lazily: the sign-in page does not
// download them before they are needed.
import { apiUrl } from '@/config/env';
import { ApiRequestError, readErrorBody, setUnauthorizedHandler } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { maintenanceStore, noteMaintenance } from '@/lib/maintenance';
import { notify } from '@/lib/notify';

import { emailExtension } from '../../../server/contracts/email';
import type { AuthResponse, LoginInput, PublicUser, SignupInput } from '../../../server/contracts/user';
import { authReducer, initialAuthState, type AuthEvent, type AuthState } from './auth-state';
import { getReferral } from './referral';
import {
  getAccessToken,
  isTokenValid,
  removeAccessToken,
  setAccessToken,
  tokenExpiresAt,
} from './token-storage';

const USER_KEY = 'clipdeck-user';
const LAST_USER_KEY = 'clipdeck-last-user-id';
const LOGIN_PATH = '/auth/login';
/** setTimeout's ceiling (~24.8 days); longer tokens re-arm the timer. */
const MAX_TIMEOUT = 2_147_483_647;

let state: AuthState = initialAuthState;
const listeners = new Set<() => void>();

export const authStore = {
  getState: (): AuthState => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

function dispatch(event: AuthEvent) {
  const next = authReducer(state, event);
  if (next === state) return;
  state = next;
  if (next.user) localStorage.setItem(USER_KEY, JSON.stringify(next.user));
  else localStorage.removeItem(USER_KEY);
  for (const listener of listeners) listener();
}

let navigate: (to: string) => void = (to) => window.location.assign(to);
/** The router registers client-side navigation so expiry does not reload the page. */
export function setAuthNavigator(fn: (to: string) => void) {
  navigate = fn;
}

// ---- expiry timer ----------------------------------------------------------------------

let expiryTimer: ReturnType<typeof setTimeout> | null = null;

function clearExpiryTimer() {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
}

function scheduleExpiry(token: string) {
  clearExpiryTimer();
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return;
  const wait = expiresAt - Date.now();
  if (wait > MAX_TIMEOUT) {
    expiryTimer = setTimeout(() => scheduleExpiry(token), MAX_TIMEOUT);
    return;
  }
  expiryTimer = setTimeout(() => endSession(i18n.t('auth.tokenExpired')), Math.max(0, wait));
}

/** Token expired or revoked: alert, drop the token, sign out, go to the login route. */
function endSession(message: string) {
  clearExpiryTimer();
  removeAccessToken();
  const wasAuthenticated = state.isAuthenticated;
  dispatch({ type: 'LOGOUT' });
  if (!wasAuthenticated) return;
  notify.error(message, { id: 'session-ended' });
  const here = window.location.pathname + window.location.search;
  navigate(here.startsWith('/dashboard') ? `${LOGIN_PATH}?returnTo=${encodeURIComponent(here)}` : LOGIN_PATH);
}

setUnauthorizedHandler(() => {
  if (state.isAuthenticated) endSession(i18n.t('auth.sessionEnded'));
});

/** The REST client (ky), loaded with the first call. */
const restClient = () => import('@/lib/api-client').then((m) => m.api);
const USER_PATH = '/api/v1/user/jwt/fetch';

/** The user of a token. Plain fetch: the REST client is not needed for it. A refusal is an
 *  ApiRequestError, an unreachable server a TypeError. */
async function fetchSessionUser(token: string): Promise<{ user: PublicUser }> {
  const response = await fetch(new Request(apiUrl(USER_PATH), { headers: { Authorization: `Bearer ${token}` } }));
  if (!response.ok) {
    noteMaintenance(response);
    throw new ApiRequestError(response, await readErrorBody(response));
  }
  return (await response.json()) as { user: PublicUser };
}

// ---- data around a session ---------------------------------------------------------------

/** Refetches cached answers; after the initial check only those older than the check (the
 *  ones restored from storage): what a page fetched with the same token meanwhile is current. */
async function refetchServerData(olderThan = Infinity) {
  const { queryClient } = await import('@/lib/query-client');
  await queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < olderThan });
}

/** Wipes the per-user Dexie tables and every cached answer only this user may see; returns
 *  the refetch, as a visitor, of the answers anyone may see (./session-queries.ts). */
async function forgetUserData(): Promise<() => Promise<void>> {
  const [{ queryClient, queryPersister }, { wipeUserData }, { dropUserQueries, refetchVisitorQueries }] =
    await Promise.all([import('@/lib/query-client'), import('@/lib/db'), import('./session-queries')]);
  await Promise.allSettled([
    dropUserQueries(queryClient).then(() => queryPersister.removeClient()),
    wipeUserData(),
  ]);
  return () => refetchVisitorQueries(queryClient);
}

async function startSession(event: 'LOGIN' | 'REGISTER', { accessToken, user }: AuthResponse) {
  const previousUser = localStorage.getItem(LAST_USER_KEY);
  if (previousUser && previousUser !== user.id) await forgetUserData();
  localStorage.setItem(LAST_USER_KEY, user.id);
  setAccessToken(accessToken);
  scheduleExpiry(accessToken);
  dispatch({ type: event, user });
  void refetchServerData().catch(() => undefined);
}

/** A call that returns a fresh token (password change) keeps the session going with it. */
export function applySession(response: { accessToken: string; user: PublicUser }) {
  setAccessToken(response.accessToken);
  scheduleExpiry(response.accessToken);
  dispatch({ type: 'USER_UPDATED', user: response.user });
}

export function updateUser(user: PublicUser) {
  dispatch({ type: 'USER_UPDATED', user });
}

// ---- transitions ---------------------------------------------------------------------------

function cachedUser(): PublicUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as PublicUser) : null;
  } catch {
    return null;
  }
}

let initPromise: Promise<void> | null = null;

export function initializeAuth(): Promise<void> {
  initPromise ??= (async () => {
    const token = getAccessToken();
    if (!isTokenValid(token)) {
      if (token) removeAccessToken();
      dispatch({ type: 'INITIALIZED', user: null });
      return;
    }
    scheduleExpiry(token);
    const checkStarted = Date.now();
    try {
      const { user } = await fetchSessionUser(token);
      dispatch({ type: 'INITIALIZED', user });
      void refetchServerData(checkStarted).catch(() => undefined);
    } catch (error) {
      console.error('Initial user fetch failed', error);
      const offlineUser = cachedUser();
      if (maintenanceStore.get()) {
        // the server is under maintenance, not refusing: the session stays for when it is back
        dispatch({ type: 'INITIALIZED', user: offlineUser });
        return;
      }
      if (!(error instanceof ApiRequestError) && offlineUser) {
        // the server is unreachable, not refusing: keep the session and re-check when online
        dispatch({ type: 'INITIALIZED', user: offlineUser });
        window.addEventListener('online', () => void recheck(), { once: true });
        return;
      }
      clearExpiryTimer();
      removeAccessToken();
      dispatch({ type: 'INITIALIZED', user: null });
    }
  })();
  return initPromise;
}

async function recheck() {
  const token = getAccessToken();
  if (!token) return;
  try {
    const { user } = await fetchSessionUser(token);
    dispatch({ type: 'USER_UPDATED', user });
  } catch (error) {
    if (error instanceof ApiRequestError) endSession(i18n.t('auth.sessionEnded'));
  }
}

export async function login(input: LoginInput): Promise<PublicUser> {
  const api = await restClient();
  const response = await api.post('/api/v1/user/login', { json: input }).json<AuthResponse>();
  await startSession('LOGIN', response);
  return response.user;
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  youtubeExternalId?: string | null;
}

/** Builds the sign-up payload (throws 'Invalid email address.' for a bad email). */
export function buildSignupPayload(input: RegisterInput): SignupInput {
  const email = input.email.trim();
  return {
    email,
    password: input.password,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    username: email,
    name: `${input.firstName.trim()} ${input.lastName.trim()}`.trim(),
    emailExtension: emailExtension(email),
    referringUserSlug: getReferral(),
    youtubeExternalId: input.youtubeExternalId?.trim() || undefined,
  };
}

export async function register(input: RegisterInput): Promise<{ user: PublicUser; videoId?: string }> {
  const payload = buildSignupPayload(input);
  const api = await restClient();
  const response = await api.post('/api/v1/user/signup', { json: payload }).json<AuthResponse>();
  await startSession('REGISTER', response);
  return { user: response.user, videoId: response.videoId };
}

export async function logout(): Promise<void> {
  clearExpiryTimer();
  removeAccessToken();
  localStorage.removeItem(LAST_USER_KEY);
  dispatch({ type: 'LOGOUT' });
  const refetchVisitorData = await forgetUserData();
  void refetchVisitorData().catch(() => undefined);
}

/** Tests only: back to the uninitialised state. */
export function resetAuthForTests() {
  clearExpiryTimer();
  initPromise = null;
  state = initialAuthState;
  navigate = (to) => window.location.assign(to);
}
