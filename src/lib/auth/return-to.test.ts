import { describe, expect, it } from 'vitest';

import { safeReturnTo } from './return-to';

const ORIGIN = 'http://app.test:8080';
const decide = (value: string | null) => safeReturnTo(value, '/dashboard/app', ORIGIN);

describe('safeReturnTo', () => {
  it('keeps a path inside the app, with its query and hash', () => {
    expect(decide('/dashboard/calendar')).toBe('/dashboard/calendar');
    expect(decide('/dashboard/videos?textArr=cat#top')).toBe('/dashboard/videos?textArr=cat#top');
    expect(decide(`${ORIGIN}/dashboard/mail`)).toBe('/dashboard/mail');
  });

  it.each([
    '/\t/x.example',
    '/\r\n/x.example',
    '/\\x.example',
    '\\\\x.example',
    'https:x.example',
    '//x.example',
    'https://x.example',
    'http://app.test:8081/dashboard',
    'javascript:alert(1)',
    ' //x.example',
  ])('refuses %j', (value) => {
    expect(decide(value)).toBe('/dashboard/app');
  });

  it('never returns something a browser reads as another host', () => {
    expect(decide('/.//x.example')).toBe('/x.example');
    expect(decide('')).toBe('/dashboard/app');
    expect(decide(null)).toBe('/dashboard/app');
  });
});
