// Issue 4 end to end, against the real server with the demo catalogue: search, filter, sort and
// scroll the videos grid; open a video and follow a clip's deep link; reload and get the same
// URL state and results; open a channel's public page signed out. What the grid shows is
// compared with what the API answers for the same filters, so a page that ignored a filter
// (or a sort) would fail here.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, startServer, type Browser, type RunningServer } from './support.ts';

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
