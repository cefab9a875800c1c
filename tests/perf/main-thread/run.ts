// One measured load of a page in a fresh profile of Debian's Chromium, as a phone would show it
// (Lighthouse's mobile screen: 412×823 at 1.75×, touch) but with no network or CPU emulation:
// the CPU time is measured and scaled afterwards (tasks.ts), which a busy machine does not
// skew the way it skews throttled wall time. For a signed-in page the session goes into the
// profile first from /robots.txt, as the Lighthouse bench does (lighthouse/run.ts). The trace
// runs from before the navigation until the page is idle: no request in flight and no task
// of 50 ms or more for QUIET_MS, or at most MAX_WAIT_MS after `load`.
import { chromium, type Page } from 'playwright-core';

import type { ProfileTraceEvent } from '../lighthouse/attribution.ts';
import { PROFILER_CATEGORY } from '../lighthouse/run.ts';
import type { TaskTraceEvent } from './tasks.ts';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIET_MS = 2000;
const MAX_WAIT_MS = 20_000;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

export interface PageRun {
  /** Where the page ended up (a signed-in page that lost its session lands on /auth/…). */
  landed: string;
  events: (TaskTraceEvent & ProfileTraceEvent)[];
  /** Console errors, uncaught exceptions and failed requests, as text. */
  errors: string[];
  /** First contentful paint, ms after navigation (wall time on this machine). */
  fcpMs: number;
}

export interface RunOptions {
  token?: string;
  /** Record JS samples too (for the attribution by package; the sampler slows the page). */
  profile?: boolean;
}

/** Resolves once nothing is in flight and no long task ran for QUIET_MS (or after MAX_WAIT_MS). */
async function settle(page: Page, lastRequest: () => number, inFlight: () => number) {
  const deadline = Date.now() + MAX_WAIT_MS;
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    const sinceLongTask = await page.evaluate(
      () => performance.now() - ((window as { __lastLongTask?: number }).__lastLongTask ?? 0),
    );
    if (inFlight() === 0 && Date.now() - lastRequest() >= QUIET_MS && sinceLongTask >= QUIET_MS)
      return;
  }
}

export async function loadPage(url: string, options: RunOptions = {}): Promise<PageRun> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (options.token) {
      const first = await context.newPage();
      await first.goto(`${new URL(url).origin}/robots.txt`);
      await first.evaluate((t) => localStorage.setItem('accessToken', t), options.token);
      await first.close();
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          (window as { __lastLongTask?: number }).__lastLongTask = e.startTime + e.duration;
      }).observe({ type: 'longtask', buffered: true });
    });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    let inFlight = 0;
    let lastRequest = Date.now();
    page.on('request', () => {
      inFlight++;
      lastRequest = Date.now();
    });
    const done = (failed: boolean) => (request: { url: () => string; failure: () => unknown }) => {
      inFlight--;
      lastRequest = Date.now();
      if (failed && request.failure()) errors.push(`request failed: ${request.url()}`);
    };
    page.on('requestfinished', done(false));
    page.on('requestfailed', done(true));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${new URL(r.url()).pathname}`);
    });

    const cdp = await context.newCDPSession(page);
    const events: PageRun['events'] = [];
    cdp.on('Tracing.dataCollected', (e) =>
      events.push(...(e.value as unknown as PageRun['events'])),
    );
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: [...CATEGORIES, ...(options.profile ? [PROFILER_CATEGORY] : [])].join(','),
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    await settle(
      page,
      () => lastRequest,
      () => inFlight,
    );
    await cdp.send('Tracing.end');
    await complete;
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    );
    return { landed: new URL(page.url()).pathname, events, errors, fcpMs };
  } finally {
    await browser.close();
  }
}
