// The auth state machine of docs/product-rules.md#accounts-and-sessions, as a pure reducer so every
// transition is testable:
//   start: { isInitialized: false, isAuthenticated: false, user: null }
//   INITIALIZED(user|null) → initialised, authenticated iff a user was fetched
//   LOGIN / REGISTER(user) → authenticated with the user
//   USER_UPDATED(user)     → same session, fresher user (profile edit, email verified)
//   LOGOUT                 → signed out, no user (still initialised)
import type { PublicUser } from '../../../server/contracts/user';

export interface AuthState {
  isInitialized: boolean;
  isAuthenticated: boolean;
  user: PublicUser | null;
}

export type AuthEvent =
  | { type: 'INITIALIZED'; user: PublicUser | null }
  | { type: 'LOGIN'; user: PublicUser }
  | { type: 'REGISTER'; user: PublicUser }
  | { type: 'USER_UPDATED'; user: PublicUser }
  | { type: 'LOGOUT' };

export const initialAuthState: AuthState = { isInitialized: false, isAuthenticated: false, user: null };

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'INITIALIZED':
      return { isInitialized: true, isAuthenticated: event.user !== null, user: event.user };
    case 'LOGIN':
    case 'REGISTER':
      return { isInitialized: true, isAuthenticated: true, user: event.user };
    case 'USER_UPDATED':
      return state.isAuthenticated ? { ...state, user: event.user } : state;
    case 'LOGOUT':
      return { isInitialized: true, isAuthenticated: false, user: null };
  }
}
