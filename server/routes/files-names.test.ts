// No stored file name holds a control or text-direction character (U+202E shows
// "invoice\u202Efdp.exe" as "invoiceexe.pdf"), wherever the name comes from: a name that
// comes with a file (resumable and plain uploads, mail and chat attachments) has them
// removed, a name someone types (new folder, rename) is refused naming `name`, names stored
// before are cleaned by a migration, and a download's Content-Disposition never carries one.
import fs from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrationsFolder } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { attachments, fileItems } from '../db/schema/index.ts';
import { tusUpload } from '../files/testing/uploads.ts';
import { TINY_PNG } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
let t: TestServer;
let alice: User;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser();
});
afterAll(() => t.close());

const RLO = '\u202E';
const disguised = `invoice${RLO}fdp.exe`;
/** Every other kind: isolates, marks, C1 controls, separators. */
const others = [
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u0085',
  '\u2028',
];

const UNSAFE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;

function form(name: string, type: string, bytes: Uint8Array) {
  const body = new FormData();
  body.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return body;
}

describe('a name that comes with a file', () => {
  it('loses its control and text-direction characters in a resumable upload', async () => {
    const item = await tusUpload(t.app, alice.auth, disguised, 'text/plain', Buffer.from('x'));
    expect(item.name).toBe('invoicefdp.exe');
    const mixed = await tusUpload(
      t.app,
      alice.auth,
      `a${others.join('')}b.txt`,
      'text/plain',
      Buffer.from('y'),
    );
    expect(mixed.name).toBe('ab.txt');
  });

  it('loses them in a plain upload', async () => {
    const name = encodeURIComponent(`statement${RLO}fdp.exe`);
    const res = await t.app.request(`/api/files/content?name=${name}`, {
      method: 'PUT',
      headers: { ...alice.auth, 'Content-Type': 'text/plain', 'Content-Length': '1' },
      body: 'z',
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { item: { name: string } }).item.name).toBe('statementfdp.exe');
  });

  it('loses them in mail and chat attachments', async () => {
    const mail = await t.app.request('/api/mail/attachments', {
      method: 'POST',
      headers: alice.auth,
      body: form(disguised, 'application/octet-stream', Buffer.from('MZ')),
    });
    expect(mail.status).toBe(201);
    const sent = (await mail.json()) as { attachment: { id: string; fileName: string } };
    expect(sent.attachment.fileName).toBe('invoicefdp.exe');

    const chat = await t.app.request('/api/chat/attachments', {
      method: 'POST',
      headers: alice.auth,
      body: form(`photo${RLO}gnp.exe`, 'image/png', TINY_PNG),
    });
    expect(chat.status).toBe(201);
    const posted = (await chat.json()) as { attachment: { id: string; fileName: string } };
    expect(posted.attachment.fileName).toBe('photognp.exe');

    const stored = await t.deps.database.db
      .select({ name: attachments.fileName })
      .from(attachments)
      .where(eq(attachments.ownerId, alice.user.id));
    expect(stored.some((r) => UNSAFE.test(r.name))).toBe(false);
  });
});

describe('a name someone types', () => {
  it('is refused with 400 naming `name` for a new folder and a rename', async () => {
    for (const ch of [RLO, ...others]) {
      const folder = await t.call('POST', '/api/files/folders', {
        token: alice.token,
        body: { name: `Reports${ch}2026` },
      });
      expect(folder.status, JSON.stringify(ch)).toBe(400);
      expect(((await folder.json()) as { fields: object }).fields).toHaveProperty('name');
    }
    const item = await tusUpload(t.app, alice.auth, 'plain.txt', 'text/plain', Buffer.from('p'));
    const rename = await t.call('PATCH', `/api/files/items/${item.id}`, {
      token: alice.token,
      body: { name: disguised },
    });
    expect(rename.status).toBe(400);
    expect(((await rename.json()) as { fields: object }).fields).toHaveProperty('name');
    // names in other scripts, right-to-left ones included, are names like any other
    const arabic = await t.call('PATCH', `/api/files/items/${item.id}`, {
      token: alice.token,
      body: { name: 'فاتورة ٢٠٢٦.pdf' },
    });
    expect(arabic.status).toBe(200);
  });
});

describe('names stored before', () => {
  it('are cleaned by the migration, and never reach a Content-Disposition', async () => {
    const item = await tusUpload(t.app, alice.auth, 'old.pdf', 'application/pdf', Buffer.from('%'));
    const db = t.deps.database.db;
    // as an earlier version could store it
    await db.update(fileItems).set({ name: disguised }).where(eq(fileItems.id, item.id));
    const served = await t.app.request(`/api/files/items/${item.id}/content?download=1`, {
      headers: alice.auth,
    });
    const disposition = decodeURIComponent(served.headers.get('content-disposition') ?? '');
    expect(disposition).toContain('invoicefdp.exe');
    expect(UNSAFE.test(disposition)).toBe(false);

    const file = fs
      .readdirSync(migrationsFolder)
      .find((name) => /^\d{4}_clean_file_names\.sql$/.test(name))!;
    for (const statement of fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    const [row] = await queryRows<{ name: string }>(
      db,
      sql`select name from file_items where id = ${item.id}`,
    );
    expect(row!.name).toBe('invoicefdp.exe');
  });
});
