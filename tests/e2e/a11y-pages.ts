// What the accessibility runs (a11y.test.ts, a11y-public.test.ts) check, and how, kept apart
// from the runs so both files share one page list, and a route added to the router without an
// entry here fails the coverage test in a11y.test.ts.
//
// Speed, measured: axe is most of the time. It runs only the rules that can report a serious
// or critical violation (the others are never counted); the frame around the page (the
// dashboard's header and nav, the public header and footer) is checked on the first page of
// each user, theme and language and left out after that; pages follow one another by the
// app's own client-side navigation, not a reload, and each waits for its content, not a timer.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';

import { CHROMIUM, CHROMIUM_ARGS, startServer, type RunningServer } from './support.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules that can report serious or critical: a rule's impact is the most its checks give. */
export const COUNTED_RULES: string[] = (
  require('axe-core') as {
    _audit: { rules: { id: string; impact?: string; enabled: boolean; tags: string[] }[] };
  }
)._audit.rules
  // experimental rules stay out, as in axe's default run
  .filter((r) => r.enabled && !r.tags.includes('experimental'))
  .filter((r) => r.impact === 'serious' || r.impact === 'critical')
  .map((r) => r.id);

export type Who = 'visitor' | 'demo' | 'admin';

export const USERS = {
  demo: { email: 'demo@clipdeck.dev', password: 'clipdeck-demo' },
  admin: { email: 'admin@clipdeck.dev', password: 'clipdeck-admin' },
} as const;

/** Ids the parameterised routes need, read from the seeded demo through the API. */
export interface SeedIds {
  videoId: string;
  conversationId: string;
  invoiceId: string;
  postSlug: string;
  productSlug: string;
  userSlug: string;
  demoSlug: string;
  bookingSlug: string;
}

export interface PageCheck {
  /** The router's pattern this entry covers (from src/config/paths.ts). */
  route: string;
  path: (ids: SeedIds) => string;
  who: Who[];
  /** The element that says the page's content is there. */
  ready: string;
  /** Load the page afresh: it shares its component with the page before it, or it is a first
   *  visit served without the router (the auth pages). */
  reload?: boolean;
  /** The page shows loaders and skeletons on purpose (the components gallery). */
  loadersShown?: boolean;
}

const at = (route: string, ready = 'main h1', extra: Partial<PageCheck> = {}): PageCheck => ({
  route,
  path: () => route,
  who: ['demo'],
  ready,
  ...extra,
});

const d = paths.dashboard;
const MAIN = 'main h1';
const BOTH: Who[] = ['visitor', 'demo'];

/** Every page of the app, with whom it is checked as. */
export const PAGE_CHECKS: PageCheck[] = [
  // auth: the guest pages signed out; the unprotected twins and the links from mail both ways
  ...[
    paths.auth.login,
    paths.auth.register,
    paths.auth.requestAccess,
    paths.auth.resetPassword,
  ].map((r) => at(r.path, 'form', { who: ['visitor'], reload: true })),
  ...[paths.auth.loginUnprotected, paths.auth.registerUnprotected].map((r) =>
    at(r.path, 'form', { who: BOTH, reload: true }),
  ),
  at(paths.auth.newPassword.path, 'form', {
    path: () => '/auth/new-password?token=not-a-real-token',
    who: BOTH,
    reload: true,
  }),
  // opened without a token: the page says the link is not valid, with a way to ask for another
  at(paths.auth.newPassword.path, '[data-testid="link-invalid"]', { who: ['visitor'], reload: true }),
  at(paths.auth.verify.path, 'h1', {
    path: () => '/auth/verify?token=not-a-real-token',
    who: BOTH,
    reload: true,
  }),
  // the dashboard
  at(d.app.path),
  at(d.blank.path),
  at(d.permissionDenied.path),
  at(d.user.profile.path),
  at(d.user.account.path),
  at(d.user.cards.path, MAIN, { who: ['admin'] }),
  at(d.user.list.path, 'main table tbody tr', { who: ['admin'] }),
  at(d.user.new.path, 'main form', { who: ['admin'] }),
  at(d.user.edit.path, 'main form', {
    who: ['admin'],
    path: (ids) => d.user.edit.href(ids.userSlug),
  }),
  at(d.mail.root.path, '[data-testid="mail-row"]'),
  at(d.mail.all.path, '[data-testid="mail-row"]', { reload: true }),
  at(d.chat.root.path, '[data-testid="conversation"]'),
  at(d.chat.new.path, 'main textarea, main input', { reload: true }),
  at(d.chat.conversation.path, '[data-testid="conversation"]', {
    path: (ids) => d.chat.conversation.href(ids.conversationId),
    reload: true,
  }),
  at(d.calendar.path, '[data-testid="calendar-title"]'),
  at(d.kanban.path),
  at(d.videos.root.path, '[data-testid="video-card"]'),
  at(d.videos.video.path, MAIN, { path: (ids) => d.videos.video.href(ids.videoId) }),
  at(d.clips.path),
  at(d.favorited.path),
  at(d.collections.path),
  at(d.eCommerce.root.path, MAIN, { who: ['admin'] }),
  at(d.eCommerce.list.path, 'main table tbody tr', { who: ['admin'] }),
  at(d.eCommerce.productNew.path, 'main form', { who: ['admin'] }),
  at(d.eCommerce.productEdit.path, 'main form', {
    who: ['admin'],
    path: (ids) => d.eCommerce.productEdit.href(ids.productSlug),
  }),
  at(d.eCommerce.shop.path),
  at(d.eCommerce.product.path, MAIN, { path: (ids) => d.eCommerce.product.href(ids.productSlug) }),
  at(d.eCommerce.checkout.path),
  at(d.invoice.root.path, 'main table tbody tr'),
  at(d.invoice.list.path, 'main table tbody tr', { reload: true }),
  at(d.invoice.new.path, 'main form'),
  at(d.invoice.details.path, 'main table tbody tr', {
    path: (ids) => d.invoice.details.href(ids.invoiceId),
  }),
  at(d.invoice.edit.path, 'main form', { path: (ids) => d.invoice.edit.href(ids.invoiceId) }),
  at(d.blog.root.path),
  at(d.blog.posts.path, MAIN, { reload: true }),
  at(d.blog.new.path),
  at(d.blog.post.path, MAIN, { path: (ids) => d.blog.post.href(ids.postSlug) }),
  at(d.blog.edit.path, MAIN, { path: (ids) => d.blog.edit.href(ids.postSlug) }),
  at(d.banking.path),
  at(d.booking.path),
  at(d.filesManager.path),
  at(d.images.path),
  at(d.imageUpload.path),
  at(d.downloads.path),
  at(d.file.path),
  at(`${d.root.path}/*`, MAIN, { path: () => '/dashboard/no-such-page' }),
  // public pages, signed out and in
  ...[
    paths.page403,
    paths.page404,
    paths.page500,
    paths.pricing,
    paths.payment,
    paths.aboutUs,
    paths.contactUs,
    paths.support,
    paths.integrationComplete,
    paths.comingSoon,
    paths.maintenance,
    paths.legal.sla,
    paths.legal.terms,
    paths.legal.privacy,
    paths.demo,
  ].map((r) => at(r.path, MAIN, { who: BOTH })),
  at(paths.slugVideos.path, MAIN, {
    who: BOTH,
    path: (ids) => paths.slugVideos.href(ids.demoSlug),
  }),
  at(paths.blogPost.path, MAIN, { who: BOTH, path: (ids) => paths.blogPost.href(ids.postSlug) }),
  at(paths.book.path, MAIN, { who: BOTH, path: (ids) => paths.book.href(ids.bookingSlug) }),
  at(paths.components.path, MAIN, { who: BOTH, loadersShown: true }),
  at(paths.bookCancel.path, 'main :is(h1, h2, h3)', {
    who: BOTH,
    path: () => paths.bookCancel.href('not-a-real-code'),
  }),
  at('*', MAIN, { who: BOTH, path: () => '/no/such/page' }),
];

/** Patterns the router redirects without a page of their own (checked as where they land). */
export const REDIRECT_ROUTES = [paths.auth.root.path, d.root.path, d.home.path, d.user.root.path];

const ALL_COMBINATIONS = (['light', 'dark'] as const).flatMap((mode) =>
  (['en', 'ar'] as const).map((lang) => ({ mode, lang })),
);
export type Combination = (typeof ALL_COMBINATIONS)[number];

/**
 * The themes and languages each page is audited in. By default two: light in English and dark
 * in Arabic, so every page is checked in both themes (contrast) and both directions (RTL) in the
 * time CI has. `A11Y_ALL=1` (`npm run test:a11y`) audits all four pairs.
 */
export const COMBINATIONS: Combination[] = process.env.A11Y_ALL
  ? ALL_COMBINATIONS
  : ALL_COMBINATIONS.filter((c) => (c.mode === 'light') === (c.lang === 'en'));

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function api<T>(server: RunningServer, token: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

export async function signIn(server: RunningServer, who: { email: string; password: string }) {
  const res = await fetch(`${server.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in of ${who.email} failed: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function readSeedIds(
  server: RunningServer,
  demo: string,
  admin: string,
): Promise<SeedIds> {
  const input = encodeURIComponent(JSON.stringify({ 0: { sortBy: 'premiereDate', limit: 1 } }));
  const [videos] = await api<{ result: { data: { items: { id: string }[] } } }[]>(
    server,
    demo,
    `/trpc/catalogue.searchVideos?batch=1&input=${input}`,
  );
  const { conversations } = await api<{ conversations: { id: string }[] }>(
    server,
    demo,
    '/api/chat/conversations',
  );
  const { items: invoices } = await api<{ items: { id: string }[] }>(server, demo, '/api/invoices');
  const { posts } = await api<{ posts: { slug: string; status: string }[] }>(
    server,
    demo,
    '/api/blog/posts',
  );
  const { products } = await api<{ products: { slug: string }[] }>(server, demo, '/api/products');
  const { users } = await api<{ users: { slug: string; role: string }[] }>(
    server,
    admin,
    '/api/v1/user/list',
  );
  const { user } = await api<{ user: { slug: string } }>(server, demo, '/api/v1/user/profile');
  return {
    videoId: videos!.result.data.items[0]!.id,
    conversationId: conversations[0]!.id,
    invoiceId: invoices[0]!.id,
    postSlug: posts.find((p) => p.status === 'published')!.slug,
    productSlug: products[0]!.slug,
    userSlug: users.find((u) => u.role !== 'admin')!.slug,
    demoSlug: user.slug,
    bookingSlug: 'clipdeck-demo',
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** A browser context for one user, signed in once by its token; the theme and language of
 *  each combination are switched by `applyCombination`. */
export async function userContext(browser: Browser, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  if (token)
    await context.addInitScript((t) => {
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
    }, token);
  return context;
}

/** The settings cookie (colour scheme, direction) and the language the app reads at start. */
export async function applyCombination(
  context: BrowserContext,
  server: RunningServer,
  { mode, lang }: Combination,
) {
  const direction = lang === 'ar' ? 'rtl' : 'ltr';
  await context.addCookies([
    {
      name: 'clipdeck-settings',
      value: encodeURIComponent(JSON.stringify({ mode, direction })),
      url: server.url,
    },
  ]);
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
}

/** Opens a page: a reload for the first of a combination and the `reload` entries, the app's
 *  own navigation otherwise. Resolves when the entry's content is there. */
export async function openPage(
  page: Page,
  url: string,
  path: string,
  check: PageCheck,
  reload: boolean,
) {
  const { ready } = check;
  if (reload || !page.url().startsWith(url)) {
    await page.goto(`${url}${path}`);
  } else {
    await page.evaluate(
      ({ to, selector }) => {
        for (const el of document.querySelectorAll(selector)) el.setAttribute('data-a11y-seen', '');
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      { to: path, selector: ready },
    );
  }
  await page.locator(`:is(${ready}):not([data-a11y-seen])`).first().waitFor({ timeout: 20_000 });
  // the data behind the first paint: no skeleton or loader left in the page's content
  if (!check.loadersShown)
    await page.waitForFunction(
      () =>
        !document.querySelector(
          'main .mantine-Skeleton-root[data-visible], main .mantine-Loader-root',
        ),
      undefined,
      { timeout: 20_000 },
    );
}

/** Serious and critical violations; `withFrame: false` leaves out the header, nav and footer
 *  around the page's main content (checked on an earlier page of the same run). */
export async function audit(page: Page, withFrame: boolean): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ rules, withFrame: frame }) => {
      document
        .querySelectorAll('[data-a11y-frame]')
        .forEach((el) => el.removeAttribute('data-a11y-frame'));
      if (!frame) {
        const main = document.querySelector('main');
        for (const el of main?.parentElement?.children ?? [])
          if (el !== main && el.matches('header, nav, footer, aside'))
            el.setAttribute('data-a11y-frame', '');
      }
      const axe = (
        window as unknown as {
          axe: { run: (c: object, o: object) => Promise<{ violations: Violation[] }> };
        }
      ).axe;
      const result = await axe.run(
        { exclude: [['[data-a11y-frame]']] },
        { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
      );
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    },
    { rules: COUNTED_RULES, withFrame },
  );
}

export function describeViolation(path: string, v: Violation): string {
  const nodes = v.nodes
    .slice(0, 3)
    .map(
      (n) =>
        `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`,
    );
  return `${path} [${v.impact}] ${v.id} ×${v.nodes.length}: ${v.help}\n    ${nodes.join('\n    ')}`;
}

const frameOf = (path: string) =>
  path.startsWith('/dashboard') ? 'dashboard' : path.startsWith('/auth') ? 'auth' : 'public';

/**
 * One run: one server, one browser, one context per user signed in once; per theme and
 * language, each selected page is opened and audited. Fails listing every violation found.
 */
export function describeA11yRun(title: string, select: (check: PageCheck) => boolean) {
  let server: RunningServer;
  let browser: Browser;
  let ids: SeedIds;
  const tokens: Record<Who, string | null> = { visitor: null, demo: null, admin: null };
  const contexts: Partial<Record<Who, BrowserContext>> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ seed: true }), launch()]);
    tokens.demo = await signIn(server, USERS.demo);
    tokens.admin = await signIn(server, USERS.admin);
    ids = await readSeedIds(server, tokens.demo, tokens.admin);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe(title, () => {
    for (const combination of COMBINATIONS) {
      it(`${combination.mode}, ${combination.lang}`, { timeout: 300_000 }, async () => {
        const found: string[] = [];
        for (const who of ['visitor', 'demo', 'admin'] as const) {
          const checks = PAGE_CHECKS.filter((c) => select(c) && c.who.includes(who));
          if (checks.length === 0) continue;
          const context = (contexts[who] ??= await userContext(browser, tokens[who]));
          await applyCombination(context, server, combination);
          const page = context.pages()[0] ?? (await context.newPage());
          const framed = new Set<string>();
          let reload = true;
          for (const check of checks) {
            const path = check.path(ids);
            const started = Date.now();
            try {
              await openPage(page, server.url, path, check, reload || Boolean(check.reload));
            } catch (error) {
              found.push(
                `${combination.mode}/${combination.lang} ${who} ${path}: did not open (${(error as Error).message.split('\n')[0]})`,
              );
              reload = true;
              continue;
            }
            reload = Boolean(check.reload);
            expect(await page.evaluate(() => document.documentElement.dir), path).toBe(
              combination.lang === 'ar' ? 'rtl' : 'ltr',
            );
            const opened = Date.now();
            const frame = frameOf(path);
            const violations = await audit(page, !framed.has(frame));
            framed.add(frame);
            if (process.env.A11Y_TIMES)
              console.log(
                `${who} ${path}: open ${opened - started} ms, axe ${Date.now() - opened} ms`,
              );
            for (const v of violations)
              found.push(
                `${combination.mode}/${combination.lang} ${who} ${describeViolation(path, v)}`,
              );
            if (process.env.A11Y_TIMES && violations.length)
              console.log(found.slice(-violations.length).join('\n'));
          }
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  });
}
