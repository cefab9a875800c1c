// The catalogue end to end, against the real server with the demo catalogue: search, filter,
// sort and scroll the videos grid; numbered pages in the URL with Back and Forward; relevance
// first while words are searched; favourites and a collection searched like any listing; a
// video that plays only once asked to; open a video and follow a clip's deep link; reload and
// get the same URL state and results; open a channel's public page signed out. What a page
// shows is compared with what the API answers for the same filters, so a page that ignored a
// filter, a sort or a page number would fail here.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, ROOT, startServer, type Browser, type RunningServer } from './support.ts';

let server: RunningServer;
let browser: Browser;
let token = '';
const POLL = { timeout: 15_000 };

interface VideoItem {
  id: string;
  title: string;
  channel: { slug: string; name: string };
}
interface Facets {
  people: { id: string; name: string }[];
}
interface Result<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

async function api<T>(procedure: string, input: unknown, auth = true): Promise<T> {
  const res = await fetch(
    `${server.url}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    {
      headers: auth && token ? { Authorization: `Bearer ${token}` } : {},
    },
  );
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${procedure} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

async function mutate<T>(procedure: string, input: unknown): Promise<T> {
  const res = await fetch(`${server.url}/trpc/${procedure}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${procedure} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

const cards = (page: Page) => page.getByTestId('video-card');
const cardTitles = async (page: Page, n: number) =>
  (await page.getByTestId('video-title').allInnerTexts()).slice(0, n).map((text) => text.trim());
const textOf = (locator: Locator) => locator.innerText({ timeout: 1000 }).catch(() => '');
const query = (page: Page) => new URL(page.url()).searchParams;

async function waitForQuery(page: Page, check: (q: URLSearchParams) => boolean) {
  await expect.poll(() => check(query(page)), POLL).toBe(true);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ seed: true, env: { EMBEDDINGS: 'off' } }),
    launchBrowser({ viewport: { width: 1440, height: 900 } }),
  ]);
  const login = await fetch(`${server.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@clipdeck.dev', password: 'clipdeck-demo' }),
  });
  token = ((await login.json()) as { accessToken: string }).accessToken;
  await browser.page.goto(`${server.url}/auth/login`);
  await browser.page.getByLabel('Email address').fill('demo@clipdeck.dev');
  await browser.page.getByLabel(/^Password/).fill('clipdeck-demo');
  await browser.page.getByRole('button', { name: 'Sign in' }).click();
  await browser.page.waitForURL(/\/dashboard\//);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('catalogue', () => {
  it('lists videos by premiere date, scrolls, searches, sorts and filters through the URL', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/videos`);
    const all = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'premiereDate',
      limit: 24,
    });
    expect(all.total).toBeGreaterThan(48);

    // default sort on /dashboard/videos is premiere date: the grid opens in the API's order
    await expect.poll(() => cards(page).count(), POLL).toBe(24);
    expect(await cardTitles(page, 3)).toEqual(all.items.slice(0, 3).map((v) => v.title));
    expect(query(page).has('sortBy')).toBe(false);
    await expect
      .poll(() => page.getByTestId('result-count').innerText(), POLL)
      .toMatch(/videos · [\d,]+ ms/); // 1,315 ms on a busy machine

    // infinite scroll: reaching the end of the grid loads the next cursor page
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count(), POLL).toBeGreaterThan(24);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // a filter changed while scrolled (the panel is sticky) replaces the URL without scrolling
    await page.evaluate(() => window.scrollTo(0, 400));
    const entries = await page.evaluate(() => history.length);
    await page.getByText('≤ 30 s', { exact: true }).click();
    await waitForQuery(page, (q) => q.get('maxClipDuration') === '30');
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.getByRole('button', { name: /Remove filter At most 30 sec/ }).click();
    await waitForQuery(page, (q) => !q.has('maxClipDuration'));

    // sort: the URL says so and the order is the API's
    await page.getByLabel('Sort by', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Most viral' }).click();
    await waitForQuery(page, (q) => q.get('sortBy') === 'virality');
    const viral = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'virality',
      limit: 24,
    });
    await expect
      .poll(() => cardTitles(page, 3), POLL)
      .toEqual(viral.items.slice(0, 3).map((v) => v.title));
    await page.evaluate(() => window.scrollTo(0, 0));

    // search: a word from a film's title
    const word = (viral.items[0]!.title.match(/\p{L}{4,}/u) ?? [viral.items[0]!.title])[0];
    await page.getByTestId('search-box').fill(word);
    await waitForQuery(page, (q) => q.get('textArr') === word);
    const found = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'virality',
      textArr: [word],
      limit: 24,
    });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    await expect.poll(() => cards(page).count(), POLL).toBe(Math.min(found.total, 24));
    expect(await cardTitles(page, 1)).toEqual([found.items[0]!.title]);
    await expect
      .poll(() => textOf(page.getByTestId('active-filters')), POLL)
      .toContain(`Words: “${word}”`);

    // clear, then filter by a person picked in the panel (the facet list comes from the API)
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    // clearing resets every filter key, the sort included (back to this page's default)
    await waitForQuery(page, (q) => !q.has('textArr') && !q.has('sortBy'));
    await page.getByLabel('People', { exact: true }).first().click();
    // (the list may still be refreshing after the clear: the chosen person is read back from
    // the URL and named by the API, not from the option's text before the click)
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await waitForQuery(page, (q) => q.has('personIds'));
    const personIds = query(page).get('personIds')!.split(',');
    const facets = await api<Facets>('catalogue.facets', { personIds });
    const optionText = facets.people.find((p) => p.id === personIds[0])!.name;
    const byPerson = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'premiereDate',
      personIds,
      limit: 24,
    });
    expect(byPerson.total).toBeGreaterThan(0);
    await expect.poll(() => cards(page).count(), POLL).toBe(Math.min(byPerson.total, 24));
    await expect
      .poll(() => textOf(page.getByTestId('active-filters')), POLL)
      .toContain(`People: ${optionText}`);

    // remove the chip: the key leaves the URL
    await page.getByRole('button', { name: `Remove filter People: ${optionText}` }).click();
    await waitForQuery(page, (q) => !q.has('personIds'));
  });

  it('opens a video from clip search, follows a clip link and reloads with the same URL state', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/clips?minClipDuration=30&maxClipDuration=90&tagIds=`);
    // the URL was read once the router was ready; the chips show it
    await expect
      .poll(() => textOf(page.getByTestId('active-filters')), POLL)
      .toContain('At least 30 sec');
    await expect
      .poll(() => textOf(page.getByTestId('active-filters')), POLL)
      .toContain('At most 1 min 30 sec');
    const clips = await api<
      Result<{
        id: string;
        videoId: string;
        videoTitle: string;
        title: string;
        startSeconds: number;
      }>
    >('catalogue.searchClips', {
      sortBy: 'virality',
      minClipDuration: 30,
      maxClipDuration: 90,
      limit: 24,
    });
    expect(clips.total).toBeGreaterThan(0);
    const countText = page.getByTestId('result-count');
    await expect
      .poll(() => countText.innerText(), POLL)
      .toContain(`${clips.total.toLocaleString('en-US')} clip`);

    // the first clip's link goes to its film at the clip's start
    const first = clips.items[0]!;
    await page.getByTestId('clip-link').first().click();
    await page.waitForURL(new RegExp(`/dashboard/videos/${first.videoId}\\?`));
    expect(query(page).get('clip')).toBe(first.id);
    expect(query(page).get('t')).toBe(String(Math.floor(first.startSeconds)));
    const active = page.locator('[data-testid="clip-row"][data-active="true"]');
    // on its film's page a clip is named without the film's title
    const scene = first.title.replace(`${first.videoTitle}: `, '');
    await expect.poll(() => active.count(), POLL).toBe(1);
    await expect.poll(() => textOf(active), POLL).toContain(scene);

    // reload: same URL, same clip highlighted
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect.poll(() => active.count(), POLL).toBe(1);
    await expect.poll(() => textOf(active), POLL).toContain(scene);

    // back to the clip search: its filters and results are still there, also after a reload
    await page.goBack();
    await page.waitForURL(/\/dashboard\/clips/);
    expect(query(page).get('minClipDuration')).toBe('30');
    expect(query(page).get('maxClipDuration')).toBe('90');
    await page.reload();
    await expect
      .poll(() => textOf(page.getByTestId('active-filters')), POLL)
      .toContain('At least 30 sec');
    await expect
      .poll(() => countText.innerText(), POLL)
      .toContain(`${clips.total.toLocaleString('en-US')} clip`);
  });

  it('keeps favourites and a named collection of clips: create, add, rename, remove, delete', async () => {
    const { page } = browser;
    const name = `Night scenes ${Date.now().toString(36)}`;
    await page.goto(`${server.url}/dashboard/clips`);
    const firstClip = page.getByTestId('clip-row').first();
    await firstClip.waitFor(POLL);
    const clipTitle = (await firstClip.getByTestId('clip-link').innerText()).trim();

    // favourite it: the heart turns on and the favourites page lists it
    await firstClip.getByRole('button', { name: `Add ${clipTitle} to favourites` }).click();
    await expect
      .poll(() => firstClip.getByTestId('favourite-button').getAttribute('aria-pressed'), POLL)
      .toBe('true');

    // into a new collection from the clip's menu
    await firstClip.getByRole('button', { name: `Add ${clipTitle} to a collection` }).click();
    await page.getByRole('button', { name: 'New collection' }).click();
    await page.getByRole('textbox', { name: 'Collection name' }).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => textOf(page.getByText(`${clipTitle} added to ${name}`)), POLL)
      .toContain(name);

    await page.goto(`${server.url}/dashboard/favorited?tab=clips`);
    await expect
      .poll(() => textOf(page.getByTestId('clip-row').first()), POLL)
      .toContain(clipTitle);

    await page.goto(`${server.url}/dashboard/collections`);
    await expect.poll(() => textOf(page.getByRole('heading', { name })), POLL).toBe(name);
    await expect
      .poll(() => textOf(page.getByTestId('clip-row').first()), POLL)
      .toContain(clipTitle);

    // rename
    await page.getByRole('button', { name: 'Rename collection' }).click();
    await page.getByRole('textbox', { name: 'Collection name' }).fill(`${name} (best)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => textOf(page.getByRole('heading', { name: `${name} (best)` })), POLL)
      .toBe(`${name} (best)`);

    // remove the clip, then delete the collection
    await page.getByRole('button', { name: `Remove ${clipTitle} from this collection` }).click();
    await expect
      .poll(() => textOf(page.getByTestId('empty-state')), POLL)
      .toContain('This collection is empty');
    await page.getByRole('button', { name: `Delete collection ${name} (best)` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: `${name} (best)` }).count(), POLL)
      .toBe(0);
  });

  it('shows a channel page to a visitor who is signed out', async () => {
    const visitor = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const publicVideos = await api<Result<VideoItem>>(
        'catalogue.searchVideos',
        { sortBy: 'premiereDate' },
        false,
      );
      const channel = publicVideos.items[0]!.channel;
      const own = await api<Result<VideoItem>>(
        'catalogue.channelVideos',
        { slug: channel.slug, sortBy: 'premiereDate', limit: 24 },
        false,
      );
      await visitor.page.goto(`${server.url}/${channel.slug}/videos`);
      await expect
        .poll(() => visitor.page.getByRole('heading', { name: channel.name }).isVisible(), POLL)
        .toBe(true);
      await expect.poll(() => cards(visitor.page).count(), POLL).toBe(Math.min(own.total, 24));
      expect(await cardTitles(visitor.page, 1)).toEqual([own.items[0]!.title]);
      expect(await visitor.page.getByTestId('favourite-button').count()).toBe(0);
      // on a phone the filters are a drawer
      await visitor.page.getByRole('button', { name: 'Filters' }).click();
      await expect
        .poll(() => visitor.page.getByRole('dialog', { name: 'Filters' }).isVisible(), POLL)
        .toBe(true);
      // its button names the result count and closes it
      await visitor.page
        .getByRole('button', { name: `Show ${own.total.toLocaleString('en-US')} video` })
        .click();
      await expect
        .poll(() => visitor.page.getByRole('dialog', { name: 'Filters' }).count(), POLL)
        .toBe(0);
    } finally {
      await visitor.close();
    }
  });

  it('lists the latest premieres on the home page, each opening its video', async () => {
    const page = browser.page;
    const latest = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'premiereDate',
      limit: 5,
    });
    await page.goto(`${server.url}/dashboard/app`);
    const section = page.getByTestId('recent-videos');
    await expect.poll(() => section.getByRole('link').count(), POLL).toBe(6); // 5 + "Browse videos"
    await section.getByRole('link', { name: latest.items[0]!.title, exact: true }).click();
    await page.waitForURL(`**/dashboard/videos/${latest.items[0]!.id}`);
  });
});

describe('numbered pages', () => {
  const pageOf = (n: number) =>
    api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'premiereDate',
      limit: 24,
      page: n,
    });
  const titles = (r: Result<VideoItem>, n = 3) => r.items.slice(0, n).map((v) => v.title);
  const pageButton = (page: Page, n: number) =>
    page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', {
      name: `Go to page ${n}`,
      exact: true,
    });

  afterAll(async () => {
    await browser.page.evaluate(() => localStorage.removeItem('clipdeck.catalogue.paging'));
  });

  it('opens ?page=3, keeps the URL in step without a reload, and Back and Forward step through pages', async () => {
    const { page } = browser;
    const [third, fourth] = await Promise.all([pageOf(3), pageOf(4)]);
    expect(third.total).toBeGreaterThan(4 * 24);
    await page.goto(`${server.url}/dashboard/videos?page=3`);
    await expect.poll(() => cardTitles(page, 3), POLL).toEqual(titles(third));
    expect(await cards(page).count()).toBe(24);
    expect(await pageButton(page, 3).getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('page-of').innerText()).toBe(
      `Page 3 of ${Math.ceil(third.total / 24)}`,
    );
    // numbered pages: no infinite loading at the end of the list
    expect(await page.getByTestId('load-more').count()).toBe(0);

    // the next page from the bottom of the list: a history entry, no document load, and the
    // list's top (not the page's) comes into view with the focus
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const entries = await page.evaluate(() => history.length);
    await pageButton(page, 4).scrollIntoViewIfNeeded();
    await pageButton(page, 4).click();
    await waitForQuery(page, (q) => q.get('page') === '4');
    await expect.poll(() => cardTitles(page, 3), POLL).toEqual(titles(fourth));
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);
    const results = page.getByRole('region', { name: 'Results' });
    const top = (await results.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await results.evaluate((node) => node === document.activeElement)).toBe(true);

    await page.goBack();
    await waitForQuery(page, (q) => q.get('page') === '3');
    await expect.poll(() => cardTitles(page, 3), POLL).toEqual(titles(third));
    await page.goForward();
    await waitForQuery(page, (q) => q.get('page') === '4');
    await expect.poll(() => cardTitles(page, 3), POLL).toEqual(titles(fourth));
    expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);
  });

  it('switches between scrolling and numbered pages, and remembers the choice', async () => {
    const { page } = browser;
    const first = await pageOf(1);
    await page.goto(`${server.url}/dashboard/videos?page=2`);
    await expect.poll(() => pageButton(page, 2).getAttribute('aria-current'), POLL).toBe('page');
    // back to scrolling: the page number leaves the URL, the list starts at the top
    await page.getByTestId('paging-switch').getByText('Scrolling').click();
    await waitForQuery(page, (q) => !q.has('page'));
    await expect.poll(() => cardTitles(page, 3), POLL).toEqual(titles(first));
    await expect.poll(() => page.getByTestId('load-more').count(), POLL).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Result pages' }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('load-more').count(), POLL).toBe(1);

    // numbered pages again, with the keyboard: remembered across a reload
    await page.getByTestId('paging-switch').getByText('Pages').click();
    await expect.poll(() => pageButton(page, 1).getAttribute('aria-current'), POLL).toBe('page');
    await page.reload();
    await expect.poll(() => pageButton(page, 1).getAttribute('aria-current'), POLL).toBe('page');
    await pageButton(page, 2).focus();
    await page.keyboard.press('Enter');
    await waitForQuery(page, (q) => q.get('page') === '2');
  });

  it('honours ?page= on the clips page and on a channel page', async () => {
    const { page } = browser;
    const clips = await api<Result<{ title: string }>>('catalogue.searchClips', {
      sortBy: 'virality',
      limit: 24,
      page: 2,
    });
    await page.goto(`${server.url}/dashboard/clips?page=2`);
    await expect
      .poll(async () => (await page.getByTestId('clip-link').allInnerTexts()).slice(0, 3), POLL)
      .toEqual(clips.items.slice(0, 3).map((c) => c.title));

    const all = await api<Result<VideoItem>>('catalogue.searchVideos', { limit: 100 });
    const slugs = [...new Set(all.items.map((v) => v.channel.slug))];
    const sizes = await Promise.all(
      slugs.map((slug) =>
        api<Result<VideoItem>>('catalogue.channelVideos', { slug, limit: 1 }).then((r) => ({
          slug,
          total: r.total,
        })),
      ),
    );
    const big = sizes.sort((a, b) => b.total - a.total)[0]!;
    expect(big.total).toBeGreaterThan(24);
    const second = await api<Result<VideoItem>>('catalogue.channelVideos', {
      slug: big.slug,
      limit: 24,
      page: 2,
    });
    await page.goto(`${server.url}/${big.slug}/videos?page=2`);
    await expect.poll(() => cardTitles(page, 3), POLL).toEqual(titles(second));
  });
});

describe('relevance', () => {
  it('puts the best match first while words are searched, and the page order back without them', async () => {
    const { page } = browser;
    // a word whose best matches are not its newest premieres
    const all = await api<Result<VideoItem>>('catalogue.searchVideos', { limit: 100 });
    const words = [
      ...new Set(all.items.flatMap((v) => v.title.toLowerCase().match(/\p{L}{5,}/gu) ?? [])),
    ];
    let word = '';
    let relevant: Result<VideoItem> | null = null;
    for (const candidate of words) {
      const [byRelevance, byDate] = await Promise.all([
        api<Result<VideoItem>>('catalogue.searchVideos', {
          textArr: [candidate],
          sortBy: 'relevance',
          limit: 24,
        }),
        api<Result<VideoItem>>('catalogue.searchVideos', {
          textArr: [candidate],
          sortBy: 'premiereDate',
          limit: 24,
        }),
      ]);
      if (byRelevance.items[0] && byRelevance.items[0].id !== byDate.items[0]?.id) {
        word = candidate;
        relevant = byRelevance;
        break;
      }
    }
    expect(word).not.toBe('');

    await page.goto(`${server.url}/dashboard/videos`);
    await cards(page).first().waitFor(POLL);
    const sort = page.getByLabel('Sort by', { exact: true }).first();
    expect(await sort.inputValue()).toBe('Premiere date');
    await page.getByTestId('search-box').fill(word);
    await waitForQuery(page, (q) => q.get('textArr') === word);
    // relevance is the default while searching: the URL names no sort, the select says so
    expect(query(page).has('sortBy')).toBe(false);
    await expect.poll(() => sort.inputValue(), POLL).toBe('Relevance');
    await expect.poll(() => cardTitles(page, 1), POLL).toEqual([relevant!.items[0]!.title]);

    // another sort can still be chosen while searching
    await sort.click();
    await page.getByRole('option', { name: 'Premiere date' }).click();
    await waitForQuery(page, (q) => q.get('sortBy') === 'premiereDate');
    await sort.click();
    await page.getByRole('option', { name: 'Relevance' }).click();
    await waitForQuery(page, (q) => !q.has('sortBy'));
    await expect.poll(() => cardTitles(page, 1), POLL).toEqual([relevant!.items[0]!.title]);

    // the words gone, the page's own order is back (relevance is not offered without them)
    await page.getByRole('button', { name: `Remove filter Words: “${word}”` }).click();
    await waitForQuery(page, (q) => !q.has('textArr') && !q.has('sortBy'));
    await expect.poll(() => sort.inputValue(), POLL).toBe('Premiere date');
    await sort.click();
    expect(await page.getByRole('option', { name: 'Relevance' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('favourites and collections are searched like any listing', () => {
  it('filters, sorts and searches the favourites, the filter set in the URL', async () => {
    const { page } = browser;
    const viral = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'virality',
      limit: 6,
    });
    for (const video of viral.items) await mutate('favourites.toggle', { videoId: video.id });
    const word = (viral.items[2]!.title.match(/\p{L}{4,}/u) ?? [viral.items[2]!.title])[0];
    const found = await api<Result<VideoItem>>('favourites.searchVideos', { textArr: [word] });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(6);

    await page.goto(`${server.url}/dashboard/favorited`);
    await expect.poll(() => cards(page).count(), POLL).toBe(6);
    // the page's default sort is virality, as on every listing but the videos pages
    expect(await cardTitles(page, 6)).toEqual(viral.items.map((v) => v.title));
    await page.getByRole('searchbox', { name: 'Search your favourite videos' }).fill(word);
    await waitForQuery(page, (q) => q.get('textArr') === word);
    await expect.poll(() => cards(page).count(), POLL).toBe(found.total);
    expect(await cardTitles(page, found.total)).toEqual(found.items.map((v) => v.title));

    // sort, and the facet list counts the favourites only
    await page.getByLabel('Sort by', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Newest added' }).click();
    await waitForQuery(page, (q) => q.get('sortBy') === 'newest');
    const facets = await api<Facets>('catalogue.facets', { textArr: [word], favourites: true });
    await page.getByLabel('People', { exact: true }).first().click();
    await expect.poll(() => page.getByRole('option').count(), POLL).toBe(facets.people.length);
    await page.keyboard.press('Escape');

    // a reload keeps the whole state, the tab keeps the filters
    await page.reload();
    await expect.poll(() => cards(page).count(), POLL).toBe(found.total);
    await page.getByRole('tab', { name: 'Clips' }).click();
    await waitForQuery(page, (q) => q.get('tab') === 'clips' && q.get('textArr') === word);
    await expect
      .poll(
        () => page.getByRole('searchbox', { name: 'Search your favourite clips' }).inputValue(),
        POLL,
      )
      .toBe(word);
  });

  it('searches the clips of one collection', async () => {
    const { page } = browser;
    const clips = await api<Result<{ id: string; title: string }>>('catalogue.searchClips', {
      sortBy: 'virality',
      limit: 8,
    });
    const collection = await mutate<{ id: string }>('collections.create', {
      name: `Searchable ${Date.now().toString(36)}`,
    });
    for (const clip of clips.items)
      await mutate('collections.addClip', { collectionId: collection.id, clipId: clip.id });
    const word = (clips.items[0]!.title.match(/\p{L}{4,}/u) ?? [clips.items[0]!.title])[0];
    const found = await api<Result<{ title: string }>>('collections.searchClips', {
      collectionId: collection.id,
      textArr: [word],
    });
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(8);

    await page.goto(`${server.url}/dashboard/collections?collection=${collection.id}`);
    await expect.poll(() => page.getByTestId('clip-row').count(), POLL).toBe(8);
    await page.getByTestId('search-box').fill(word);
    await waitForQuery(
      page,
      (q) => q.get('textArr') === word && q.get('collection') === collection.id,
    );
    await expect.poll(() => page.getByTestId('clip-row').count(), POLL).toBe(found.total);
    expect(await page.getByTestId('clip-link').allInnerTexts()).toEqual(
      found.items.map((c) => c.title),
    );
  });
});

describe('playback', () => {
  const youtubeId = 'M7lc1UVf-VE';
  let videoId = '';

  beforeAll(async () => {
    // a catalogue line with a YouTube id and a YouTube thumbnail, loaded as a user would
    // (npm run catalogue:import) while the server is stopped
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-yt-')), 'yt.jsonl');
    fs.writeFileSync(
      file,
      `${JSON.stringify({
        externalId: 'yt-lighthouse',
        title: 'Lighthouse Reel',
        description: 'A keeper and his lamp.',
        channel: { externalId: 'harbour', name: 'Harbour Films' },
        premiereDate: '2020-01-01',
        youtubeId,
        thumbnailUrl: `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`,
        clips: [
          {
            externalId: 'yt-lighthouse-beam',
            startSeconds: 95,
            endSeconds: 130,
            title: 'The beam turns',
            text: 'The great lamp turns over the bay.',
          },
        ],
      })}\n`,
    );
    await server.stop();
    await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['server/catalogue/import-cli.ts', file],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir, EMBEDDINGS: 'off' } },
    );
    await server.start();
    const found = await api<Result<VideoItem>>('catalogue.searchVideos', {
      textArr: ['lighthouse'],
    });
    videoId = found.items.find((v) => v.title === 'Lighthouse Reel')!.id;
  }, 180_000);

  it('plays in the page only once asked to, from the clip it was opened from', async () => {
    const { page } = browser;
    // what the video page asks for (the clip list before it shows YouTube thumbnails)
    const requests: string[] = [];
    const record = (request: { url: () => string }) => {
      if (page.url().includes('/dashboard/videos/')) requests.push(request.url());
    };
    page.on('request', record);
    try {
      await page.goto(`${server.url}/dashboard/clips?textArr=beam%20turns`);
      await page.getByRole('link', { name: 'The beam turns, play from 1:35' }).click();
      await page.waitForURL(new RegExp(`/dashboard/videos/${videoId}\\?`));
      const play = page.getByRole('button', { name: 'Play Lighthouse Reel from 1:35' });
      await play.waitFor(POLL);
      await page.evaluate(() => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          w.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      // a poster and a play button: nothing asked of anyone but this server so far
      expect(await page.locator('iframe').count()).toBe(0);
      const elsewhere = () =>
        requests.filter((url) => /^https?:/.test(url) && !url.startsWith(server.url));
      expect(elsewhere()).toEqual([]);

      await play.click();
      const frame = page.locator('iframe');
      await frame.waitFor(POLL);
      const src = new URL((await frame.getAttribute('src'))!);
      expect(`${src.origin}${src.pathname}`).toBe(
        `https://www.youtube-nocookie.com/embed/${youtubeId}`,
      );
      expect(src.searchParams.get('start')).toBe('95');
      expect(await frame.getAttribute('title')).toBe('Player: Lighthouse Reel');
      // the player is asked for (the content security policy lets exactly that origin in)
      await expect
        .poll(() => elsewhere().map((url) => new URL(url).origin), POLL)
        .toContain('https://www.youtube-nocookie.com');
      expect(elsewhere().every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(
        true,
      );
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
      ).toEqual([]);
      expect(await frame.evaluate((node) => node === document.activeElement)).toBe(true);
    } finally {
      page.off('request', record);
    }
  });

  it('says plainly when a video has no stream', async () => {
    const { page } = browser;
    const film = await api<Result<VideoItem>>('catalogue.searchVideos', {
      sortBy: 'virality',
      limit: 1,
    });
    await page.goto(`${server.url}/dashboard/videos/${film.items[0]!.id}`);
    await expect
      .poll(() => textOf(page.getByTestId('player-note')), POLL)
      .toBe('This video has no stream to play. Its clips are listed here.');
    expect(await page.getByTestId('play-button').count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);
  });
});
