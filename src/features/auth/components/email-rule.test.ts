import { describe, expect, it } from 'vitest';

import { buildSignupPayload } from '@/lib/auth/auth-store';

import { emailExtension, INVALID_EMAIL } from '../../../../server/contracts/email';

describe('the email rule (docs/product-rules.md)', () => {
  it.each([
    ['demo@clipdeck.dev', 'clipdeck.dev'],
    ['a.b@mail.example.co.uk', 'mail.example.co.uk'],
  ])('%s → emailExtension %s', (email, domain) => {
    expect(emailExtension(email)).toBe(domain);
    expect(buildSignupPayload({ email, password: 'long-enough', firstName: 'A', lastName: 'B' }).emailExtension).toBe(domain);
  });

  it.each(['no-at-sign', 'two@@signs.com', 'a@b@c.com', 'user@localhost', 'user@.com', '@example.com'])(
    '%s raises "Invalid email address."',
    (email) => {
      expect(() => emailExtension(email)).toThrow(INVALID_EMAIL);
      expect(INVALID_EMAIL).toBe('Invalid email address.');
    },
  );

  it('sign-up uses the email as username and joins the name', () => {
    const payload = buildSignupPayload({ email: ' x@y.org ', password: 'long-enough', firstName: ' Ada ', lastName: 'Lovelace' });
    expect(payload).toMatchObject({ email: 'x@y.org', username: 'x@y.org', name: 'Ada Lovelace', firstName: 'Ada' });
  });
});
