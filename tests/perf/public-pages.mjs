// `npm run audit:public` (`node tests/perf/public-pages.mjs`): Lighthouse 12 (mobile,
// as its CLI runs by default: simulated slow 4G and a 4× slower CPU, a fresh profile) on every
// prerendered public page, against a build served the way `npm start` serves it
// (scripts/start.mjs). Builds into its own directory (never dist/); downloads nothing (Debian's
// Chromium). Prints each page's four scores (median of the runs) and the metrics of its median
// run, and fails (exit 1) when a page scores under 95 in performance or under 100 in SEO.
//   node tests/perf/public-pages.mjs [--no-build] [--runs N] [--out DIR] [--page /pricing] [--save DIR]
// The server runs without demo data and without the embedding indexer (neither is on these
// pages); each run prints Lighthouse's benchmarkIndex and the load average: on a busy machine the
// blocking time reads high.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(option('--runs', '3'));
const OUT = path.resolve(ROOT, option('--out', '.tmp/dist-public'));
const ONLY = option('--page', null);
/** --save DIR: keep each run's Lighthouse report (JSON) there */
const SAVE = option('--save', null);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BUDGET = { performance: 95, seo: 100 };

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(staticDir) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-public-audit-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SEED_DEMO: 'false',
      EMBEDDINGS: 'off',
      START_BUILD: 'never',
      LOG_REQUESTS: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 8000).unref();
      }),
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function lighthouseRun(url) {
  const load = os.loadavg()[0];
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (SAVE) fs.writeFileSync(path.join(SAVE, `${new URL(url).pathname.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && ['binary', 'metricSavings'].includes(a.scoreDisplayMode))
      .map((a) => a.id);
    const metric = (id) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ');
    const metrics =
      `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
      `CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}; benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}, load ${load.toFixed(1)}`;
    return { scores, failed, metrics, runtimeError: lhr.runtimeError?.code };
  } finally {
    await chrome.kill();
  }
}

/** A run Lighthouse could not measure (its trace, not the page) is run again, up to twice. */
async function measuredRun(url) {
  let run = await lighthouseRun(url);
  for (let retry = 0; run.runtimeError && retry < 2; retry++) run = await lighthouseRun(url);
  return run;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!args.includes('--no-build')) {
    console.log(`building into ${path.relative(ROOT, OUT)} …`);
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(OUT, 'prerendered.json'), 'utf8'));
  // --page may name any path (another page, for comparison)
  const pages = ONLY ? [ONLY] : manifest.pages;
  const server = await startServer(OUT);
  const rows = [];
  let ok = true;
  try {
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measuredRun(server.url + page));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
      const medianRun = runs.find((r) => r.scores.performance === scores.performance) ?? runs[0];
      const misses = Object.entries(BUDGET).filter(([c, min]) => scores[c] < min).map(([c, min]) => `${c} ${scores[c]} < ${min}`);
      if (misses.length) ok = false;
      rows.push({ page, scores });
      console.log(
        `\n${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} (median of ${RUNS})\n` +
          `  runs: ${runs.map((r) => CATEGORIES.map((c) => r.scores[c]).join('/')).join('  ')}\n` +
          `  median run: ${medianRun.metrics}\n` +
          (medianRun.failed.length ? `  audits not passed: ${medianRun.failed.join(', ')}\n` : '') +
          (misses.length ? `  UNDER BUDGET: ${misses.join('; ')}\n` : ''),
      );
    }
  } finally {
    await server.stop();
    server.cleanup();
  }
  console.log(`\n| page | performance | accessibility | best practices | SEO |\n| --- | --- | --- | --- | --- |`);
  for (const { page, scores } of rows) console.log(`| ${page} | ${CATEGORIES.map((c) => scores[c]).join(' | ')} |`);
  process.exitCode = ok ? 0 : 1;
}

await main();
