// Accessibility in Chromium: axe-core (the engine Lighthouse uses) on the auth pages and the
// dashboard's pages, signed in to the seeded demo, in light and dark, English and Arabic
// (right to left). Any serious or critical violation fails, listed with its rule, page and
// first elements. axe is evaluated through the DevTools protocol: the app's CSP (no inline
// scripts) would refuse it as a <script> tag.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, startServer, type Browser, type RunningServer } from './support.ts';

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const DEMO = { email: 'demo@clipdeck.dev', password: 'clipdeck-demo' };
const ADMIN = { email: 'admin@clipdeck.dev', password: 'clipdeck-admin' };

type Who = 'visitor' | 'demo' | 'admin';

/** What each page is checked as, and the element that says its content is there. */
const PAGES: { path: string | (() => string); who: Who; ready: string }[] = [
  { path: '/auth/login', who: 'visitor', ready: 'form' },
  { path: '/auth/register', who: 'visitor', ready: 'form' },
  { path: '/auth/request-access', who: 'visitor', ready: 'form' },
  { path: '/auth/reset-password', who: 'visitor', ready: 'form' },
  { path: '/auth/new-password?token=not-a-real-token', who: 'visitor', ready: 'form' },
  { path: '/auth/verify?token=not-a-real-token', who: 'visitor', ready: 'main h1, h1' },
  { path: '/dashboard/app', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/mail', who: 'demo', ready: '[data-testid="mail-row"]' },
  { path: '/dashboard/chat', who: 'demo', ready: '[data-testid="conversation"]' },
  { path: '/dashboard/calendar', who: 'demo', ready: '[data-testid="calendar-title"]' },
  { path: '/dashboard/kanban', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/videos', who: 'demo', ready: '[data-testid="video-card"]' },
  { path: () => `/dashboard/videos/${firstVideoId}`, who: 'demo', ready: 'main h1' },
  { path: '/dashboard/clips', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/favorited', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/collections', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/user', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/user/profile', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/user/account', who: 'demo', ready: 'main h1' },
  { path: '/dashboard/user/list', who: 'admin', ready: 'main table tbody tr' },
  { path: '/dashboard/no-such-page', who: 'demo', ready: 'main h1' },
];

const COMBINATIONS = ['light', 'dark'].flatMap((mode) =>
  ['en', 'ar'].map((lang) => ({ mode, lang })),
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let server: RunningServer;
let firstVideoId = '';
const tokens: Partial<Record<Who, string>> = {};
const browsers: Browser[] = [];

async function signIn(who: { email: string; password: string }) {
  const res = await fetch(`${server.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in of ${who.email} failed: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function openAs(who: Who, mode: string, lang: string): Promise<Page> {
  const browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  browsers.push(browser);
  const { context, page } = browser;
  await context.addCookies([
    {
      name: 'clipdeck-settings',
      value: encodeURIComponent(JSON.stringify({ mode, direction: lang === 'ar' ? 'rtl' : 'ltr' })),
      url: server.url,
    },
  ]);
  await context.addInitScript(
    ([lng, token]) => {
      localStorage.setItem('i18nextLng', lng!);
      if (token && !localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
    },
    [lang, tokens[who] ?? ''],
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

/** Serious and critical violations on the page as it is now. */
async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

beforeAll(async () => {
  server = await startServer({ seed: true });
  tokens.demo = await signIn(DEMO);
  tokens.admin = await signIn(ADMIN);
  const input = encodeURIComponent(JSON.stringify({ 0: { sortBy: 'premiereDate', limit: 1 } }));
  const res = await fetch(`${server.url}/trpc/catalogue.searchVideos?batch=1&input=${input}`, {
    headers: { Authorization: `Bearer ${tokens.demo}` },
  });
  const [answer] = (await res.json()) as { result: { data: { items: { id: string }[] } } }[];
  firstVideoId = answer!.result.data.items[0]!.id;
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await server?.stop();
});

describe('axe-core: no serious or critical violation', () => {
  for (const { mode, lang } of COMBINATIONS) {
    it(`${mode}, ${lang}`, { timeout: 400_000 }, async () => {
      const found: string[] = [];
      for (const who of ['visitor', 'demo', 'admin'] as const) {
        const page = await openAs(who, mode, lang);
        for (const entry of PAGES.filter((p) => p.who === who)) {
          const path = typeof entry.path === 'function' ? entry.path() : entry.path;
          await page.goto(`${server.url}${path}`);
          await page.locator(entry.ready).first().waitFor({ timeout: 20_000 });
          await page.waitForTimeout(500);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(
            lang === 'ar' ? 'rtl' : 'ltr',
          );
          const started = Date.now();
          const violations = await audit(page);
          if (process.env.A11Y_TIMES) console.log(path, Date.now() - started, 'ms');
          for (const v of violations)
            found.push(
              `${path} [${v.impact}] ${v.id} ×${v.nodes.length}: ${v.help}\n    ${v.nodes
                .slice(0, 3)
                .map(
                  (n) =>
                    `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`,
                )
                .join('\n    ')}`,
            );
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
