import { describe, expect, it } from 'vitest';

import { decodeJwtPayload, hasExpired, isTokenValid, tokenExpiresAt } from './session-token.ts';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.sig`;
const NOW = Date.UTC(2030, 0, 1);
const exp = NOW / 1000;

describe('token expiry', () => {
  it('ends at the second of exp, not after it', () => {
    expect(hasExpired(exp, NOW - 1)).toBe(false);
    expect(hasExpired(exp, NOW)).toBe(true);
    expect(isTokenValid(token({ exp }), NOW - 1)).toBe(true);
    expect(isTokenValid(token({ exp }), NOW)).toBe(false);
  });

  it('takes no token, a token without exp or one that is not a JWT as not valid', () => {
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid('', NOW)).toBe(false);
    expect(isTokenValid(token({ sub: 'u' }), NOW)).toBe(false);
    expect(isTokenValid(token({ exp: String(exp + 60) }), NOW)).toBe(false);
    expect(isTokenValid('not-a-jwt', NOW)).toBe(false);
    expect(isTokenValid('a.%%%.c', NOW)).toBe(false);
  });

  it('reads base64url claims, non-ASCII included', () => {
    const claims = { exp: exp + 60, name: 'Nguyễn Thị Ánh ~~??' };
    expect(decodeJwtPayload(token(claims))).toEqual(claims);
    expect(tokenExpiresAt(token(claims))).toBe(NOW + 60_000);
    expect(tokenExpiresAt(token({}))).toBeNull();
  });
});
