// The pages may frame exactly two origins: their own (stored files' previews) and YouTube's
// privacy-enhanced player, which the video page loads only when the user presses play. Any
// other player origin (youtube.com sets cookies) is refused by the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('frames in the content security policy', () => {
  it('frame-src and child-src allow the app itself and youtube-nocookie.com, nothing else', async () => {
    for (const path of ['/healthz', '/trpc/catalogue.indexStatus', '/dashboard/videos']) {
      const csp = directives(
        (await server.call('GET', path)).headers.get('content-security-policy'),
      );
      expect(csp.get('frame-src'), path).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
      expect(csp.get('child-src'), path).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
      // and the app itself is never framed by anyone
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    }
  });
});
