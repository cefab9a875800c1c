// One Lighthouse run, as its CLI runs by default (mobile, simulated throttling) in a fresh
// profile of Debian's Chromium (chrome-launcher makes a new one per launch). For a signed-in
// route the session is put into the profile first, from /robots.txt rather than from an app
// page: an app page would register the service worker, whose precaching would then run during
// the measured load. Lighthouse then keeps that storage (`disableStorageReset`). A run
// Lighthouse could not measure (NO_NAVSTART and the like: its trace, not the page) is run
// again, up to twice.
import os from 'node:os';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result, type TraceEvent } from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The Lighthouse CLI's `--chrome-flags="--headless=new --no-sandbox"`. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];
/** V8's sampling profiler, for the per-package attribution (attribution.ts). */
export const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

export interface RunOptions {
  /** The demo user's access token, for a signed-in route. */
  token?: string;
  /** Record JS samples: for the attribution only, the sampler's overhead inflates the timings. */
  profile?: boolean;
}

export interface LighthouseRun {
  lhr: Result;
  /** The JSON report, as the CLI's `--output json` writes it. */
  report: string;
  /** The trace, when the run was profiled. */
  trace?: { traceEvents: TraceEvent[] };
  /** The 1-minute load average when the run started. */
  load: number;
}

async function storeSession(port: number, origin: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
    await page.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

async function runOnce(url: string, options: RunOptions): Promise<LighthouseRun> {
  const load = os.loadavg()[0]!;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    if (options.token) await storeSession(chrome.port, new URL(url).origin, options.token);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(options.token),
      ...(options.profile ? { additionalTraceCategories: PROFILER_CATEGORY } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // the trace Lighthouse recorded; its artifacts may change shape in a minor release (the
    // version is pinned), so its absence is an error, not an empty attribution
    const trace = options.profile ? result.artifacts.Trace : undefined;
    if (options.profile && !trace?.traceEvents.length)
      throw new Error('Lighthouse gave no trace (artifacts.Trace)');
    return { lhr: result.lhr, report: String(result.report), trace, load };
  } finally {
    chrome.kill();
  }
}

export async function lighthouseRun(url: string, options: RunOptions = {}): Promise<LighthouseRun> {
  let run = await runOnce(url, options);
  for (let retry = 0; run.lhr.runtimeError && retry < 2; retry++) {
    console.error(
      `  Lighthouse could not measure ${url} (${run.lhr.runtimeError.code}): running it again`,
    );
    run = await runOnce(url, options);
  }
  return run;
}
