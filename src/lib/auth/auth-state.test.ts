import { describe, expect, it } from 'vitest';

import type { PublicUser } from '../../../server/contracts/user';
import { authReducer, initialAuthState } from './auth-state';

const user = { id: 'u1', firstName: 'Dana', lastName: 'Demo', email: 'demo@clipdeck.dev' } as PublicUser;

describe('auth state machine', () => {
  it('starts uninitialised and signed out', () => {
    expect(initialAuthState).toEqual({ isInitialized: false, isAuthenticated: false, user: null });
  });

  it('initial check with a user: initialised and authenticated', () => {
    expect(authReducer(initialAuthState, { type: 'INITIALIZED', user })).toEqual({
      isInitialized: true,
      isAuthenticated: true,
      user,
    });
  });

  it('initial check without a user (no token, expired, failure): initialised and signed out', () => {
    expect(authReducer(initialAuthState, { type: 'INITIALIZED', user: null })).toEqual({
      isInitialized: true,
      isAuthenticated: false,
      user: null,
    });
  });

  it('login and register set authenticated with the user', () => {
    const signedOut = authReducer(initialAuthState, { type: 'INITIALIZED', user: null });
    expect(authReducer(signedOut, { type: 'LOGIN', user })).toMatchObject({ isAuthenticated: true, user });
    expect(authReducer(signedOut, { type: 'REGISTER', user })).toMatchObject({ isAuthenticated: true, user });
  });

  it('logout signs out with no user', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN', user });
    expect(authReducer(signedIn, { type: 'LOGOUT' })).toEqual({ isInitialized: true, isAuthenticated: false, user: null });
  });

  it('a user update only applies to a signed-in session', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN', user });
    const renamed = { ...user, firstName: 'Dani' };
    expect(authReducer(signedIn, { type: 'USER_UPDATED', user: renamed }).user).toEqual(renamed);
    const signedOut = authReducer(signedIn, { type: 'LOGOUT' });
    expect(authReducer(signedOut, { type: 'USER_UPDATED', user: renamed })).toBe(signedOut);
  });
});
