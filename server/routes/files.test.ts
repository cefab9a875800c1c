// The file tree and who sees what: folders, rename, move, trash and restore, favourites,
// search, sharing as viewer or editor, strangers getting 404 by id and by link, safe serving
// of an SVG, and range requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FileItem, FileList } from '../contracts/files.ts';
import { tusUpload } from '../files/testing/uploads.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
let t: TestServer;
let alice: User;
let bob: User;
let eve: User;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser();
  bob = await t.createUser();
  eve = await t.createUser();
});
afterAll(() => t.close());

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}
const list = (user: User, query = '') =>
  json<FileList>(t.call('GET', `/api/files/items${query}`, { token: user.token }));
const folder = async (user: User, name: string, parentId: string | null = null) => {
  const res = await t.call('POST', '/api/files/folders', {
    token: user.token,
    body: { name, parentId },
  });
  expect(res.status).toBe(201);
  return (await json<{ item: FileItem }>(res)).item;
};

describe('folders', () => {
  it('creates, renames, moves (never into itself), trashes and restores', async () => {
    const work = await folder(alice, 'Work');
    const again = await folder(alice, 'Work');
    expect(again.name).toBe('Work (2)');
    const sub = await folder(alice, 'Reports', work.id);
    const file = await tusUpload(
      t.app,
      alice.auth,
      'q1.txt',
      'text/plain',
      Buffer.from('q1'),
      sub.id,
    );

    const inside = await list(alice, `?parentId=${work.id}`);
    expect(inside.items.map((i) => i.name)).toEqual(['Reports']);
    const deep = await list(alice, `?parentId=${sub.id}`);
    expect(deep.path.map((p) => p.name)).toEqual(['Work', 'Reports']);

    const renamed = await t.call('PATCH', `/api/files/items/${again.id}`, {
      token: alice.token,
      body: { name: 'Archive' },
    });
    expect((await json<{ item: FileItem }>(renamed)).item.name).toBe('Archive');
    const clash = await t.call('PATCH', `/api/files/items/${again.id}`, {
      token: alice.token,
      body: { name: 'work' },
    });
    expect(clash.status).toBe(409);

    const cycle = await t.call('POST', '/api/files/items/move', {
      token: alice.token,
      body: { ids: [work.id], parentId: sub.id },
    });
    expect(cycle.status).toBe(400);
    const moved = await t.call('POST', '/api/files/items/move', {
      token: alice.token,
      body: { ids: [file.id], parentId: again.id },
    });
    expect(moved.status).toBe(200);
    expect((await list(alice, `?parentId=${again.id}`)).items.map((i) => i.name)).toEqual([
      'q1.txt',
    ]);

    await t.call('POST', '/api/files/items/trash', {
      token: alice.token,
      body: { ids: [work.id] },
    });
    expect((await list(alice)).items.map((i) => i.name)).not.toContain('Work');
    const trash = await list(alice, '?view=trash');
    expect(trash.items.map((i) => i.name)).toEqual(['Work']);
    await t.call('POST', '/api/files/items/restore', {
      token: alice.token,
      body: { ids: [work.id] },
    });
    expect((await list(alice)).items.map((i) => i.name)).toContain('Work');
    expect((await list(alice, `?parentId=${work.id}`)).items.map((i) => i.name)).toEqual([
      'Reports',
    ]);

    await t.call('POST', '/api/files/items/trash', { token: alice.token, body: { ids: [sub.id] } });
    const emptied = await json<{ deleted: number }>(
      t.call('POST', '/api/files/trash/empty', { token: alice.token }),
    );
    expect(emptied.deleted).toBe(1);
    const gone = await t.call('GET', `/api/files/items/${sub.id}`, { token: alice.token });
    expect(gone.status).toBe(404);
  });

  it('searches, sorts with folders first, filters by type and keeps favourites', async () => {
    const owner = await t.createUser();
    await folder(owner, 'zeta');
    await tusUpload(t.app, owner.auth, 'alpha.txt', 'text/plain', Buffer.from('a'));
    const big = await tusUpload(
      t.app,
      owner.auth,
      'beta.pdf',
      'application/pdf',
      Buffer.alloc(300, 1),
    );
    const names = (await list(owner, '?sort=name')).items.map((i) => i.name);
    expect(names).toEqual(['zeta', 'alpha.txt', 'beta.pdf']);
    const bySize = (await list(owner, '?sort=size&order=desc')).items.map((i) => i.name);
    expect(bySize).toEqual(['zeta', 'beta.pdf', 'alpha.txt']);
    expect((await list(owner, '?view=search&q=ALP')).items.map((i) => i.name)).toEqual([
      'alpha.txt',
    ]);
    expect((await list(owner, '?category=document')).items.map((i) => i.name)).toEqual([
      'beta.pdf',
    ]);
    await t.call('POST', '/api/files/items/favourite', {
      token: owner.token,
      body: { ids: [big.id], favourite: true },
    });
    expect((await list(owner, '?view=favourites')).items.map((i) => i.name)).toEqual(['beta.pdf']);
    // a search term is text, never a pattern
    expect((await list(owner, '?view=search&q=%25')).items).toEqual([]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await t.call('POST', '/api/files/folders', {
      token: alice.token,
      body: { name: '' },
    });
    expect(res.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(res)).fields.name).toBeDefined();
    const bad = await t.call('GET', '/api/files/items?sort=nope', { token: alice.token });
    expect(bad.status).toBe(400);
    const id = await t.call('GET', '/api/files/items/not-an-id', { token: alice.token });
    expect(id.status).toBe(400);
  });
});

describe('sharing and strangers', () => {
  it('lets a viewer read, an editor also rename and add, and nobody else anything', async () => {
    const shared = await folder(alice, 'Shared');
    const doc = await tusUpload(
      t.app,
      alice.auth,
      'plan.txt',
      'text/plain',
      Buffer.from('the plan'),
      shared.id,
    );

    // before sharing: 404 by id, by content and by list, for bob and eve alike
    for (const who of [bob, eve]) {
      expect((await t.call('GET', `/api/files/items/${doc.id}`, { token: who.token })).status).toBe(
        404,
      );
      const content = await t.app.request(`/api/files/items/${doc.id}/content`, {
        headers: who.auth,
      });
      expect(content.status).toBe(404);
    }

    const viewer = await t.call('POST', `/api/files/items/${shared.id}/shares`, {
      token: alice.token,
      body: { email: bob.user.email, role: 'viewer' },
    });
    expect(viewer.status).toBe(201);
    const sharedWithBob = await list(bob, '?view=shared');
    expect(sharedWithBob.items.map((i) => i.name)).toEqual(['Shared']);
    expect(sharedWithBob.items[0]!.role).toBe('viewer');
    const inside = await list(bob, `?parentId=${shared.id}`);
    expect(inside.items.map((i) => i.name)).toEqual(['plan.txt']);
    expect(inside.folderRole).toBe('viewer');
    const read = await t.app.request(inside.items[0]!.urls!.download);
    expect(await read.text()).toBe('the plan');

    const rename = await t.call('PATCH', `/api/files/items/${doc.id}`, {
      token: bob.token,
      body: { name: 'mine.txt' },
    });
    expect(rename.status).toBe(404);
    await expect(
      tusUpload(t.app, bob.auth, 'add.txt', 'text/plain', Buffer.from('x'), shared.id),
    ).rejects.toThrow(/404/);
    const trash = await t.call('POST', '/api/files/items/trash', {
      token: bob.token,
      body: { ids: [doc.id] },
    });
    expect(trash.status).toBe(400);
    const reshare = await t.call('POST', `/api/files/items/${shared.id}/shares`, {
      token: bob.token,
      body: { email: eve.user.email, role: 'editor' },
    });
    expect(reshare.status).toBe(404);

    await t.call('POST', `/api/files/items/${shared.id}/shares`, {
      token: alice.token,
      body: { email: bob.user.email, role: 'editor' },
    });
    const renamed = await t.call('PATCH', `/api/files/items/${doc.id}`, {
      token: bob.token,
      body: { name: 'plan v2.txt' },
    });
    expect(renamed.status).toBe(200);
    const added = await tusUpload(
      t.app,
      bob.auth,
      'notes.txt',
      'text/plain',
      Buffer.from('n'),
      shared.id,
    );
    expect(added.owner.id).toBe(alice.user.id);

    // eve still sees nothing, even with bob's link
    expect((await list(eve, '?view=shared')).items).toEqual([]);
    const link = new URL(inside.items[0]!.urls!.content, 'http://x');
    const forged = `${link.pathname}?u=${eve.user.id}&e=${link.searchParams.get('e')}&s=${link.searchParams.get('s')}`;
    expect((await t.app.request(forged)).status).toBe(404);

    // unsharing ends access at once, links included
    const bobLink = inside.items[0]!.urls!.content;
    await t.app.request(`/api/files/items/${shared.id}/shares/${bob.user.id}`, {
      method: 'DELETE',
      headers: alice.auth,
    });
    expect((await t.app.request(bobLink)).status).toBe(404);
    expect((await list(bob, '?view=shared')).items).toEqual([]);
  });

  it('refuses to share with an unknown address or oneself', async () => {
    const item = await folder(alice, 'Solo');
    const unknown = await t.call('POST', `/api/files/items/${item.id}/shares`, {
      token: alice.token,
      body: { email: 'nobody@example.com', role: 'viewer' },
    });
    expect(unknown.status).toBe(400);
    const self = await t.call('POST', `/api/files/items/${item.id}/shares`, {
      token: alice.token,
      body: { email: alice.user.email, role: 'viewer' },
    });
    expect(self.status).toBe(400);
  });
});

describe('serving', () => {
  it('never serves an SVG as active content', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>',
    );
    const item = await tusUpload(t.app, alice.auth, 'logo.svg', 'image/svg+xml', svg);
    for (const url of [item.urls!.content, `/api/files/items/${item.id}/content`]) {
      const res = await t.app.request(url, { headers: alice.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const html = await tusUpload(
      t.app,
      alice.auth,
      'page.html',
      'text/html',
      Buffer.from('<script>x</script>'),
    );
    const res = await t.app.request(html.urls!.content);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('answers range requests with 206 and the right bytes', async () => {
    const item = await tusUpload(
      t.app,
      alice.auth,
      'digits.txt',
      'text/plain',
      Buffer.from('0123456789'),
    );
    const part = await t.app.request(`/api/files/items/${item.id}/content`, {
      headers: { ...alice.auth, Range: 'bytes=2-5' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const download = await t.app.request(item.urls!.download);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="digits.txt"; filename*=UTF-8''digits.txt`,
    );
    const outside = await t.app.request(item.urls!.content, { headers: { Range: 'bytes=50-60' } });
    expect(outside.status).toBe(416);
  });

  it('shows used space against the quota and lists downloads shared with the user', async () => {
    const overview = await json<{
      used: number;
      limit: number;
      byCategory: { category: string; bytes: number }[];
    }>(t.call('GET', '/api/files/overview', { token: alice.token }));
    expect(overview.used).toBeGreaterThan(0);
    expect(overview.limit).toBe(t.env.STORAGE_QUOTA_BYTES);
    expect(overview.byCategory.find((c) => c.category === 'text')!.bytes).toBeGreaterThan(0);

    const file = await tusUpload(
      t.app,
      alice.auth,
      'for-eve.txt',
      'text/plain',
      Buffer.from('hi eve'),
    );
    await t.call('POST', `/api/files/items/${file.id}/shares`, {
      token: alice.token,
      body: { email: eve.user.email, role: 'viewer' },
    });
    const { downloads } = await json<{
      downloads: { id: string; downloadedAt: string | null; url: string }[];
    }>(t.call('GET', '/api/files/downloads', { token: eve.token }));
    const entry = downloads.find((d) => d.id === file.id)!;
    expect(entry.downloadedAt).toBeNull();
    await t.call('POST', '/api/files/downloads/record', {
      token: eve.token,
      body: { source: 'file', sourceId: file.id },
    });
    const after = await json<{ downloads: { id: string; downloadedAt: string | null }[] }>(
      t.call('GET', '/api/files/downloads', { token: eve.token }),
    );
    expect(after.downloads.find((d) => d.id === file.id)!.downloadedAt).not.toBeNull();
    const stranger = await t.call('POST', '/api/files/downloads/record', {
      token: bob.token,
      body: { source: 'file', sourceId: file.id },
    });
    expect(stranger.status).toBe(404);
  });
});
