// e2e support: the real server as a child process (its bundle, as `npm start` runs it; a temp
// DATA_DIR, its own port, the built PWA from E2E_STATIC_DIR or dist/) and Debian's Chromium
// through playwright-core with a fresh persistent profile (a persistent context is what keeps
// service workers and IndexedDB across a reload, as a real installed app does). Nothing here
// downloads a browser.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
  chromium,
  type Browser as PlaywrightBrowser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';

import { ensureServerBundle, SERVER_BUNDLE } from '../../scripts/build-server.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  env?: Record<string, string>;
  dataDir?: string;
  port?: number;
  /** Seed the demo data (users, catalogue, mail…). Default false: tests create what they need. */
  seed?: boolean;
  /** How long a start may take before it counts as failed (default 120 s). */
  startTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for assertions and debugging. */
  output: () => string;
  start: () => Promise<void>;
  /** Graceful stop (SIGTERM). */
  stop: () => Promise<void>;
  /** Hard kill (SIGKILL), as a crash would. */
  kill: () => Promise<void>;
  restart: () => Promise<void>;
  running: () => boolean;
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}):\n${output().slice(-3000)}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output().slice(-3000)}`);
}

/**
 * A migrated (and, for `seed`, demo-seeded) DATA_DIR made once per run by the e2e global setup
 * (tests/e2e/global-setup.ts) and copied for each server that asks for a fresh one: migrating
 * PGlite takes seconds and seeding the demo most of a minute, too long to pay in every file.
 * The name carries a hash of the server's code and the day (the demo's dates are relative to
 * today), so a change to a migration or a seeder, or a new day, makes a new one.
 */
export function templateDir(seed: boolean): string {
  const hash = crypto.createHash('sha256');
  const files = fs
    .readdirSync(path.join(ROOT, 'server'), { recursive: true })
    .map(String)
    .filter((f) => /\.(ts|sql|json)$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(ROOT, 'server', file)));
  hash.update(fs.readFileSync(path.join(ROOT, 'package-lock.json')));
  hash.update(new Date().toISOString().slice(0, 10));
  return path.join(TEMPLATES, `${hash.digest('hex').slice(0, 16)}-${seed ? 'demo' : 'empty'}`);
}

export const TEMPLATES = path.join(ROOT, '.tmp', 'e2e-templates');

function freshDataDir(seed: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-e2e-'));
  const template = templateDir(seed);
  if (fs.existsSync(template)) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** The server bundle's check (scripts/build-server.mjs), once per process. */
let bundleChecked: Promise<boolean> | undefined;

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? freshDataDir(options.seed ?? false);
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | null = null;

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.resolve(ROOT, process.env.E2E_STATIC_DIR ?? 'dist'),
    SEED_DEMO: options.seed ? 'true' : 'false',
    EMBEDDINGS: 'off',
    PUBLIC_URL: url,
    ...options.env,
  };

  const server: RunningServer = {
    url,
    port,
    dataDir,
    output: () => log,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      if (server.running()) return;
      // the server as `npm start` runs it: the bundle of its sources, made again when a source
      // is newer (scripts/build-server.mjs); checked once per process, not on every restart
      await (bundleChecked ??= ensureServerBundle());
      const proc = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout.on('data', (d: Buffer) => (log += d.toString()));
      proc.stderr.on('data', (d: Buffer) => (log += d.toString()));
      await waitForHealth(url, proc, options.startTimeoutMs ?? 120_000, () => log);
    },
    async stop() {
      await stopChild('SIGTERM');
    },
    async kill() {
      await stopChild('SIGKILL');
    },
    async restart() {
      await server.stop();
      await server.start();
    },
  };

  async function stopChild(signal: NodeJS.Signals) {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(timer);
  }

  await server.start();
  return server;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  profileDir: string;
  cdp: (page?: Page) => Promise<CDPSession>;
  close: () => Promise<void>;
}

export async function launchBrowser(
  options: {
    viewport?: { width: number; height: number };
    profileDir?: string;
    locale?: string;
  } = {},
): Promise<Browser> {
  const profileDir =
    options.profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    profileDir,
    cdp: (p = page) => context.newCDPSession(p),
    close: () => context.close(),
  };
}

/** One Chromium for a test file's fresh browsers (`newBrowser`): a process per test cost a
 *  launch each time, and the processes a file kept open until its end all ran. */
export function launchShared(): Promise<PlaywrightBrowser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A fresh browser profile as a new context of a shared Chromium (`launchShared`): its own
 * cookies, storage, IndexedDB, HTTP cache and service workers, kept across reloads until it is
 * closed, like `launchBrowser`'s, but held in memory. Chromium counts such a profile as
 * incognito, so installability needs `launchBrowser`.
 */
export async function newBrowser(
  shared: PlaywrightBrowser,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<Browser> {
  const context = await shared.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  return {
    context,
    page,
    profileDir: '',
    cdp: (p = page) => context.newCDPSession(p),
    close: () => context.close(),
  };
}

/**
 * Confirms a user's email with the link the server mailed (written to DATA_DIR/outbox when no
 * SMTP server is set), as the user would: members-only videos and sending mail need it.
 */
export async function confirmEmail(server: RunningServer, email: string): Promise<void> {
  const outbox = path.join(server.dataDir, 'outbox');
  // (the outbox is read again until this user's mail is there)
  const deadline = Date.now() + 10_000;
  for (;;) {
    const token = verificationToken(outbox, email);
    if (token) {
      const res = await fetch(`${server.url}/api/v1/user/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      if (!res.ok) throw new Error(`email confirmation failed: ${res.status} ${await res.text()}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function verificationToken(outbox: string, email: string): string | null {
  // the mails, newest first (the mailer renames each into place whole; attachments sit beside)
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  for (const file of files.filter((name) => name.endsWith('.json'))) {
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as {
      to: string;
      text: string;
    };
    const token = mail.to === email ? /\/auth\/verify\?token=([\w-]+)/.exec(mail.text)?.[1] : null;
    if (token) return token;
  }
  return null;
}

/**
 * Creates a user through the real API, with a confirmed email, and returns its token (fast
 * path for tests).
 */
export async function signUp(
  server: RunningServer,
  user: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<{ accessToken: string; user: { id: string; email: string; slug: string } }> {
  const [, domain = ''] = user.email.split('@');
  const res = await fetch(`${server.url}/api/v1/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: user.password ?? 'e2e-password-123',
      firstName: user.firstName ?? 'E2E',
      lastName: user.lastName ?? 'Tester',
      username: user.email,
      emailExtension: domain,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  await confirmEmail(server, user.email.toLowerCase());
  return (await res.json()) as {
    accessToken: string;
    user: { id: string; email: string; slug: string };
  };
}

/**
 * Signs in through the login form and waits until the service worker controls the page: from
 * then on the app opens and keeps working with the server stopped (the offline tests' start).
 */
export async function signInForOffline(
  page: Page,
  url: string,
  who: { email: string; password: string },
): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Keeps a page's console errors and warnings and uncaught exceptions, and wraps a step so that
 * when it fails the log, the alerts on screen and a screenshot (`.tmp/e2e-<name>-failure.png`)
 * say what the page showed: the CI log carries no screenshots.
 */
export function watchPage(page: Page, label: string) {
  const log: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') log.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => log.push(`uncaught: ${error.message}`));
  return {
    async step<T>(name: string, step: Promise<T>): Promise<T> {
      try {
        return await step;
      } catch (error) {
        const alerts = await page
          .getByRole('alert')
          .allInnerTexts()
          .catch(() => []);
        console.error(
          `${label} step "${name}" failed on ${page.url()}; alerts: ${JSON.stringify(alerts)}\n${log.join('\n')}`,
        );
        fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
        await page
          .screenshot({ path: path.join(ROOT, '.tmp', `e2e-${label}-${name}-failure.png`) })
          .catch(() => undefined);
        throw error;
      }
    },
  };
}
