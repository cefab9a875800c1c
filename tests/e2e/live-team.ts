// Three people on one server for the shared-board and shared-calendar journeys (docs/live.md):
// Ada (`a`) owns, Ben (`b`) is made an editor and Cleo (`c`) a viewer by each test. Each signs
// up through the API (`call` speaks as one of them) and opens pages in a browser context of
// their own, all in one Chromium.
import type { Browser as PlaywrightBrowser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

import { launchShared, signInForOffline, signUp, startServer, type RunningServer } from './support.ts';

export type Member = 'a' | 'b' | 'c';

export function liveTeam(password: string) {
  const run = Date.now().toString(36);
  const people: Record<Member, { email: string; firstName: string; lastName: string }> = {
    a: { email: `ada-${run}@example.com`, firstName: 'Ada', lastName: 'Owner' },
    b: { email: `ben-${run}@example.com`, firstName: 'Ben', lastName: 'Editor' },
    c: { email: `cleo-${run}@example.com`, firstName: 'Cleo', lastName: 'Viewer' },
  };
  const tokens: Record<Member, string> = { a: '', b: '', c: '' };
  let server: RunningServer | undefined;
  let shared: PlaywrightBrowser | undefined;
  const contexts: BrowserContext[] = [];
  const url = () => {
    if (!server) throw new Error('liveTeam: start() first');
    return server.url;
  };

  return {
    people,
    /** Starts the server and Chromium, and signs the three up. */
    async start() {
      [server, shared] = await Promise.all([startServer(), launchShared()]);
      for (const who of Object.keys(people) as Member[]) {
        tokens[who] = (await signUp(server, { ...people[who], password })).accessToken;
      }
    },
    async stop() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await shared?.close();
      await server?.stop();
    },
    /** An API call as `who`; throws on any answer but 2xx. */
    call: async <T>(who: Member, method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${url()}${path}`, {
        method,
        headers: { Authorization: `Bearer ${tokens[who]}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    /** A browser context of its own, signed in as `who`, on `path`. */
    async openAs(who: Member, path: string, options: BrowserContextOptions = {}): Promise<Page> {
      if (!shared) throw new Error('liveTeam: start() first');
      const context = await shared.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'en-US',
        ...options,
      });
      contexts.push(context);
      const page = await context.newPage();
      await signInForOffline(page, url(), { email: people[who].email, password });
      await page.goto(`${url()}${path}`);
      return page;
    },
  };
}
