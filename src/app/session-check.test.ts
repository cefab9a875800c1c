// session-check.js is inlined into index.html and runs before any module, so it cannot import
// the token-expiry rule (server/contracts/session-token.ts). This runs the script as the page
// does and checks it starts the session check exactly for the tokens that rule calls valid.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { isTokenValid } from '../../server/contracts/session-token';
import sessionCheck from './session-check.js?raw';

/** Runs the inline script's text in the page's global scope, as the browser does. */
function runInline(code: string) {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is text by design
  new Function(code)();
}

const part = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: unknown) => `${part({ alg: 'HS256' })}.${part(claims)}.signature`;

const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
  Object.assign(window, { __CLIPDECK_HOME_CHUNKS__: null });
  history.replaceState(null, '', '/dashboard/mail');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
  localStorage.clear();
  Reflect.deleteProperty(window, '__clipdeckSessionCheck');
  vi.useRealTimers();
});

describe('session-check.js', () => {
  const now = Date.UTC(2030, 0, 1);
  const tokens = {
    'valid for a minute': token({ exp: now / 1000 + 60 }),
    'valid for one more second': token({ exp: now / 1000 + 1 }),
    'expiring now': token({ exp: now / 1000 }),
    expired: token({ exp: now / 1000 - 60 }),
    'without exp': token({ sub: 'u' }),
    'with a text exp': token({ exp: String(now / 1000 + 60) }),
    'not a JWT': 'not-a-jwt',
  };

  it.each(Object.entries(tokens))('checks the session of a token %s as the shared rule says', (_, value) => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    localStorage.setItem('accessToken', value);
    runInline(sessionCheck);
    expect(fetchSpy.mock.calls.length > 0).toBe(isTokenValid(value, now));
  });
});
