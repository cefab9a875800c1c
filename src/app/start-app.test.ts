import { describe, expect, it } from 'vitest';

import { isActive } from './layouts/nav-section';
import { isStartAppPath } from './start-app';

describe('the start app', () => {
  it('serves the auth pages and the home, and the paths leading to them', () => {
    for (const path of ['/auth', '/auth/', '/auth/login', '/auth/register/', '/auth/new-password', '/dashboard', '/dashboard/', '/dashboard/home', '/dashboard/app', '/dashboard/app/'])
      expect(isStartAppPath(path), path).toBe(true);
  });

  it('leaves every other page to the router', () => {
    for (const path of ['/', '/dashboard/mail', '/dashboard/app/extra', '/dashboard/apps', '/auth/unknown', '/demo/videos', '/404'])
      expect(isStartAppPath(path), path).toBe(false);
  });
});

describe('nav items', () => {
  it('are active on their page and the pages below it, at segment boundaries', () => {
    expect(isActive('/dashboard/mail', '/dashboard/mail')).toBe(true);
    expect(isActive('/dashboard/mail/all', '/dashboard/mail')).toBe(true);
    expect(isActive('/dashboard/mail/', '/dashboard/mail')).toBe(true);
    expect(isActive('/dashboard/mailbox', '/dashboard/mail')).toBe(false);
    expect(isActive('/dashboard/app', '/dashboard/mail')).toBe(false);
  });
});
