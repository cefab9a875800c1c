// The blog end to end in Chromium: an author writes a post with a cover and publishes it,
// another user comments on it and the author replies, and a visitor with no account reads it
// (the dashboard address sends them to the public one) with its title, description and
// Open Graph tags; the post's own address is the server's page, with no app, which sends a
// signed-in reader on to the dashboard. Names, titles, bodies and comments carry script that
// must never run.
import type { Page, Browser as PlaywrightBrowser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchShared,
  newBrowser,
  signInForOffline,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
  watchPage,
} from './support.ts';

let server: RunningServer;
/** one Chromium; the author, the reader and the visitor each have a fresh profile in it */
let chromium: PlaywrightBrowser;
let author: Browser;
let reader: Browser;
let visitor: Browser;
/** the author's and the reader's pages, watched: a failed step prints their console and alerts */
let authorSteps: ReturnType<typeof watchPage>;
let readerSteps: ReturnType<typeof watchPage>;
const run = Date.now().toString(36);
const A = { email: `ana-${run}@example.com`, firstName: 'Ana', lastName: 'Author', password: 'ana-password-1' };
const B = {
  email: `bo-${run}@example.com`,
  firstName: 'Bo <img src=x onerror="window.__xss=\'name\'">',
  lastName: 'Reader',
  password: 'bo-password-1',
};
const title = `Cutting clips ${run} <script>window.__xss='title'</script>`;
let slug = '';
let authorToken = '';
const POLL = { timeout: 15_000 };

const noScriptRan = (page: Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss ?? null);

beforeAll(async () => {
  // the server and the browser start side by side; so do the two users' sign-ups and sign-ins
  [server, chromium] = await Promise.all([startServer(), launchShared()]);
  [author, reader, visitor] = await Promise.all([
    newBrowser(chromium, { viewport: { width: 1280, height: 900 } }),
    newBrowser(chromium, { viewport: { width: 390, height: 844 } }),
    newBrowser(chromium, { viewport: { width: 390, height: 844 } }),
  ]);
  authorSteps = watchPage(author.page, 'blog-author');
  readerSteps = watchPage(reader.page, 'blog-reader');
  authorToken = (await Promise.all([signUp(server, A), signUp(server, B)]))[0].accessToken;
  await Promise.all([
    signInForOffline(author.page, server.url, A),
    signInForOffline(reader.page, server.url, B),
  ]);
});

afterAll(async () => {
  await author?.close();
  await reader?.close();
  await visitor?.close();
  await chromium?.close();
  await server?.stop();
});

describe('the blog', () => {
  it('an author writes a post with a cover and publishes it', async () => {
    const page = author.page;
    await page.goto(`${server.url}/dashboard/blog/new`);
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('textbox', { name: /^Description/ }).fill('How we cut a long interview into six clips.');
    const tags = page.getByLabel(/^Tags/).and(page.locator('input:not([type=hidden])'));
    await tags.fill('editing');
    await tags.press('Enter');
    const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#1e88e5' } }).png().toBuffer();
    await page.getByTestId('cover-dropzone').locator('input[type=file]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect.poll(() => page.getByTestId('cover-preview').count(), POLL).toBe(1);
    await expect.poll(() => page.getByLabel('Uploading').count(), POLL).toBe(0);
    await page.getByRole('textbox', { name: 'Post' }).click();
    await page.keyboard.type('Mark while you listen, then trim in one pass.');

    await page.locator('label').filter({ hasText: /^Preview$/ }).click();
    await expect.poll(() => page.getByTestId('post-preview').getByText('Mark while you listen').count(), POLL).toBe(1);
    await page.locator('label').filter({ hasText: /^Write$/ }).click();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/dashboard\/blog\/post\/cutting-clips-/, POLL);
    slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).count(), POLL).toBe(1);
    // the cover, offered in two sizes (which one loads is the browser's choice: it prefers one it
    // already has, here the editor preview's)
    const cover = page.locator('article img').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
    expect(await cover.getAttribute('srcset')).toMatch(/\/card 800w, .+ 1600w$/);
    // what was typed, as written: no empty paragraph before it
    expect(await page.getByTestId('post-body').innerHTML()).toBe('<p>Mark while you listen, then trim in one pass.</p>');
    expect(await noScriptRan(page)).toBeNull();
  });

  it('another user comments on it, and the author answers in the thread', async () => {
    const page = reader.page;
    await page.goto(`${server.url}/dashboard/blog/post/${encodeURIComponent(slug)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).count(), POLL).toBe(1);
    const comment = 'Great tips! <script>window.__xss="comment"</script>';
    const field = page.getByRole('textbox', { name: 'Your comment' });
    await field.fill(comment);
    await readerSteps.step('typed', expect.poll(() => field.inputValue(), POLL).toBe(comment));
    await page.getByRole('button', { name: 'Post comment' }).click();
    // the form empties itself once the server has the comment
    await readerSteps.step('posted', expect.poll(() => field.inputValue(), POLL).toBe(''));
    await readerSteps.step('listed', expect.poll(() => page.getByTestId('comment').getByText(comment).count(), POLL).toBe(1));
    expect(await noScriptRan(page)).toBeNull();

    const a = author.page;
    await a.reload();
    const thread = a.getByTestId('comment').filter({ hasText: 'Great tips!' });
    await authorSteps.step('thread', expect.poll(() => thread.count(), POLL).toBe(1));
    expect(await thread.textContent()).toContain('Bo <img src=x');
    await thread.getByRole('button', { name: 'Reply' }).click();
    await a.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, Bo.');
    await a.getByRole('textbox', { name: 'Your reply' }).press('Tab');
    await a.locator('form').filter({ has: a.getByRole('textbox', { name: 'Your reply' }) }).getByRole('button', { name: 'Reply' }).click();
    await authorSteps.step('replied', expect.poll(() => a.getByText('Thank you, Bo.').count(), POLL).toBe(1));
    expect(await noScriptRan(a)).toBeNull();
  });

  it('a visitor without an account reads it, with its title and sharing tags', async () => {
    const page = visitor.page;
    // the dashboard address sends a visitor to the public one instead of to sign-in
    await page.goto(`${server.url}/dashboard/blog/post/${encodeURIComponent(slug)}`);
    await page.waitForURL((url) => url.pathname.startsWith('/blog/post/'), POLL);
    expect(new URL(page.url()).pathname).toBe(`/blog/post/${encodeURIComponent(slug)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).count(), POLL).toBe(1);
    await expect.poll(() => page.getByText('Great tips!').count(), POLL).toBe(1);
    expect(await page.getByText('Thank you, Bo.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign in to comment' }).count()).toBe(1);
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.title()).toBe(`${title} · Clipdeck`);
    const head = await page.evaluate(() => ({
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    }));
    expect(head).toEqual({
      description: 'How we cut a long interview into six clips.',
      ogTitle: title,
      ogImage: expect.stringMatching(/\/api\/blog\/covers\/[0-9a-f-]{36}$/),
      canonical: `${server.url}/blog/post/${encodeURIComponent(slug)}`,
    });
    expect(await noScriptRan(page)).toBeNull();

    // link previews read the tags without running the app
    const html = await (await fetch(`${server.url}/blog/post/${encodeURIComponent(slug)}`)).text();
    expect(html).toContain('<meta property="og:description" content="How we cut a long interview into six clips." />');
    expect(html).not.toContain("<script>window.__xss='title'</script>");
  });

  it('the post’s address is a page of its own: read without the app, a signed-in reader goes to the dashboard', async () => {
    const page = visitor.page;
    const address = `${server.url}/blog/post/${encodeURIComponent(slug)}`;
    const view = page.waitForRequest((r) => r.url().endsWith('/api/blog/posts/view') && r.method() === 'POST');
    // through the service worker the app registered above: it must get the server's page
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), POLL).toBe(true);
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    expect(JSON.parse((await view).postData() ?? '{}')).toMatchObject({ id: expect.any(String) });
    expect(await page.getByRole('heading', { level: 1, name: title }).count()).toBe(1);
    expect(await page.getByText('Great tips!').count()).toBe(1);
    expect(await page.getByText('Thank you, Bo.').count()).toBe(1);
    const signIn = page.getByRole('link', { name: 'Sign in to comment' });
    expect(await signIn.getAttribute('href')).toBe(
      `/auth/login?returnTo=${encodeURIComponent(`/dashboard/blog/post/${encodeURIComponent(slug)}#comments`)}`,
    );
    expect(await page.title()).toBe(`${title} · Clipdeck Blog`);
    // no app: the page's one script
    expect(await page.evaluate(() => [...document.scripts].map((s) => new URL(s.src || location.href).pathname))).toEqual([
      '/blog-post.js',
    ]);
    expect(await noScriptRan(page)).toBeNull();

    await reader.page.goto(address);
    await reader.page.waitForURL((url) => url.pathname.startsWith('/dashboard/blog/post/'), POLL);
    await expect.poll(() => reader.page.getByRole('textbox', { name: 'Your comment' }).count(), POLL).toBe(1);
  });

  it('a visitor never sees a draft, and a body never runs script', async () => {
    const res = await fetch(`${server.url}/api/blog/posts/new`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${authorToken}` },
      body: JSON.stringify({ title: `Hidden plans ${run}`, body: '<p>secret</p>' }),
    });
    const draft = (await res.json()) as { post: { slug: string } };
    const page = visitor.page;
    await page.goto(`${server.url}/blog/post/${encodeURIComponent(draft.post.slug)}`);
    await expect.poll(() => page.getByText('Post not found').count(), POLL).toBe(1);
    expect(await page.getByText('secret').count()).toBe(0);

    const evil = await fetch(`${server.url}/api/blog/posts/new`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${authorToken}` },
      body: JSON.stringify({
        title: `Evil body ${run}`,
        status: 'published',
        body: '<p>Hello</p><img src=x onerror="window.__xss=\'img\'"><a href="javascript:window.__xss=\'link\'">click</a><svg onload="window.__xss=\'svg\'"></svg>',
      }),
    });
    const evilPost = (await evil.json()) as { post: { slug: string } };
    await page.goto(`${server.url}/blog/post/${encodeURIComponent(evilPost.post.slug)}`);
    await expect.poll(() => page.getByTestId('post-body').getByText('Hello').count(), POLL).toBe(1);
    await page.getByTestId('post-body').getByText('click').click();
    await page.waitForTimeout(300);
    expect(await noScriptRan(page)).toBeNull();
    expect(await page.getByTestId('post-body').locator('img, svg, [onerror], [onload]').count()).toBe(0);
  });
});
