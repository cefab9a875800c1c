import { describe, expect, it } from 'vitest';

import { buildSignupPayload } from './auth-store';
import { captureReferral, getReferral, REFERRAL_KEY } from './referral';

describe('?ref= capture', () => {
  it('keeps ?ref= from any page in localStorage as referringUserSlug', () => {
    expect(captureReferral('?utm=x&ref=sam-slug')).toBe('sam-slug');
    expect(localStorage.getItem(REFERRAL_KEY)).toBe('sam-slug');
    expect(getReferral()).toBe('sam-slug');
  });

  it('a page without ?ref= leaves the stored one alone', () => {
    captureReferral('?ref=lin');
    expect(captureReferral('?page=2')).toBeNull();
    expect(getReferral()).toBe('lin');
  });

  it('is sent on sign-up', () => {
    captureReferral('?ref=lin');
    const payload = buildSignupPayload({ email: 'a@b.io', password: 'long-enough', firstName: 'A', lastName: 'B' });
    expect(payload.referringUserSlug).toBe('lin');
  });
});
