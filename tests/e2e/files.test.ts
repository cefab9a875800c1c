// Files end to end in Chromium: Alice uploads three files with progress bars; the upload
// network is slowed so the large one is still going when the server is STOPPED; the page
// shows it retrying, the server comes back on the same data directory, and the upload resumes
// from the bytes the server kept and completes. Then she previews the image and shares the
// text file with Bob, who finds it under "Shared with me" and opens it. Last, an upload whose
// final answer is lost on the way is finished once, not started again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  signInForOffline,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
} from './support.ts';

let server: RunningServer;
let alice: Browser;
let bob: Browser;
const run = Date.now().toString(36);
const A = {
  email: `alice-files-${run}@example.com`,
  firstName: 'Alice',
  lastName: 'Files',
  password: 'alice-password-1',
};
const B = {
  email: `bob-files-${run}@example.com`,
  firstName: 'Bob',
  lastName: 'Viewer',
  password: 'bob-password-1',
};
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'files-e2e-'));
const BIG = path.join(DIR, 'holiday-video.bin');
const NOTES = path.join(DIR, 'notes.txt');
const PHOTO = path.join(DIR, 'photo.png');
const BIG_SIZE = 12 * 1024 * 1024;
let token = '';

beforeAll(async () => {
  fs.writeFileSync(BIG, Buffer.alloc(BIG_SIZE, 7));
  fs.writeFileSync(NOTES, 'Meeting notes: the plan is shared with Bob.\n');
  fs.writeFileSync(
    PHOTO,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer(),
  );
  // the server and the browsers start side by side; so do the two users' sign-ups and sign-ins
  [server, alice, bob] = await Promise.all([startServer(), launchBrowser(), launchBrowser()]);
  token = (await Promise.all([signUp(server, A), signUp(server, B)]))[0].accessToken;
  await Promise.all([
    signInForOffline(alice.page, server.url, A),
    signInForOffline(bob.page, server.url, B),
  ]);
}, 300_000);

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await server?.stop();
  fs.rmSync(DIR, { recursive: true, force: true });
});

const row = (name: string) =>
  alice.page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name });

describe('files', () => {
  it('uploads three files with progress and survives the server going away mid-upload', async () => {
    const page = alice.page;
    await page.goto(`${server.url}/dashboard/files-manager`);
    await page.getByRole('button', { name: 'Upload files' }).first().click();
    const cdp = await alice.cdp();
    await cdp.send('Network.enable');
    // about 1.5 MB/s up: the large file takes several seconds, long enough to cut it midway
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1.5 * 1024 * 1024,
    });
    await page.locator('input[type=file]').setInputFiles([NOTES, PHOTO, BIG]);

    for (const name of ['notes.txt', 'photo.png', 'holiday-video.bin'])
      await row(name).waitFor({ timeout: 15_000 });
    // the large one is on its way: its bar moves
    await expect
      .poll(
        async () =>
          Number(
            await row('holiday-video.bin').getByRole('progressbar').getAttribute('aria-valuenow'),
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(15);
    const before = Number(
      await row('holiday-video.bin').getByRole('progressbar').getAttribute('aria-valuenow'),
    );
    expect(before).toBeLessThan(90);

    await server.stop();
    await expect
      .poll(() => row('holiday-video.bin').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('retrying');
    await page.waitForTimeout(1500);
    await server.start();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    for (const name of ['notes.txt', 'photo.png', 'holiday-video.bin']) {
      await expect
        .poll(() => row(name).getAttribute('data-status'), { timeout: 120_000 })
        .toBe('done');
    }
    // the server has all three, the large one whole, and it resumed rather than restarting
    const res = await fetch(`${server.url}/api/files/items?sort=name`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items } = (await res.json()) as { items: { name: string; size: number }[] };
    expect(items.map((i) => [i.name, i.size])).toEqual([
      ['holiday-video.bin', BIG_SIZE],
      ['notes.txt', fs.statSync(NOTES).size],
      ['photo.png', expect.any(Number)],
    ]);
    // after the restart the page asked where the upload stood (HEAD) and sent only the rest
    const restarted = server.output().split('"msg":"listening"').at(-1) ?? '';
    expect(restarted).toMatch(/"method":"HEAD","path":"\/api\/files\/tus\/\w+","status":200/);
  }, 300_000);

  it('previews an image', async () => {
    const page = alice.page;
    await page.goto(`${server.url}/dashboard/files-manager`);
    await page.getByRole('button', { name: 'Open photo.png' }).first().click();
    const image = page.getByRole('dialog').getByRole('img', { name: 'photo.png' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(640);
  });

  it('shares a file with Bob, who opens it from "Shared with me"', async () => {
    const page = alice.page;
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for notes.txt' }).first().click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email of a Clipdeck user').fill(B.email);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByRole('listitem').filter({ hasText: B.email }).waitFor();

    const b = bob.page;
    await b.goto(`${server.url}/dashboard/files-manager?view=shared`);
    await b.getByRole('button', { name: 'Open notes.txt' }).first().click();
    await b
      .getByRole('dialog')
      .getByText('Meeting notes: the plan is shared with Bob.')
      .waitFor({ timeout: 15_000 });
  });

  it('an upload whose last answer is lost is finished once, not uploaded again', async () => {
    const page = alice.page;
    const name = `receipt-${run}.txt`;
    const file = path.join(DIR, name);
    fs.writeFileSync(file, 'Paid in full.\n');
    await page.goto(`${server.url}/dashboard/files-manager`);
    const logFrom = server.output().length;
    // the PATCH that carries the bytes reaches the server, which makes the file; its answer
    // never comes back (the connection is reset), as when the server stops at that moment
    let lost = 0;
    await page.route('**/api/files/tus/*', async (route) => {
      if (route.request().method() !== 'PATCH' || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Upload files' }).first().click();
    await page.locator('input[type=file]').setInputFiles([file]);
    await expect
      .poll(() => row(name).getAttribute('data-status'), { timeout: 60_000 })
      .toBe('done');
    await page.unrouteAll();
    expect(lost).toBe(1);
    // it asked where the upload stood and heard "complete": one file, not "receipt (2).txt"
    expect(server.output().slice(logFrom)).toMatch(
      /"method":"HEAD","path":"\/api\/files\/tus\/\w+","status":200/,
    );
    const res = await fetch(`${server.url}/api/files/items?q=receipt`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items } = (await res.json()) as { items: { name: string }[] };
    expect(items.map((i) => i.name)).toEqual([name]);
  });
});
