import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
type Json = Record<string, any>;

let t: TestServer;
let author: User;
let commenter: User;
let stranger: User;

beforeAll(async () => {
  t = await createTestServer();
  author = await t.createUser({ firstName: 'Ana', lastName: 'Author' });
  commenter = await t.createUser({ firstName: 'Cy', lastName: 'Commenter' });
  stranger = await t.createUser({ firstName: 'Sol', lastName: 'Stranger' });
});
afterAll(() => t.close());

const json = async (res: Response) => (await res.json()) as Json;

async function post(body: Json = {}) {
  const res = await t.call('POST', '/api/blog/posts/new', {
    token: author.token,
    body: { title: 'Discussed', body: '<p>Talk to me.</p>', status: 'published', ...body },
  });
  return (await json(res)).post as Json;
}

async function comment(user: User, postId: string, body: string, parentId?: string) {
  const res = await t.call('POST', '/api/blog/comments/new', { token: user.token, body: { postId, body, parentId } });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).comment as Json;
}

const comments = async (postId: string, token?: string) =>
  (await json(await t.call('GET', `/api/blog/comments?postId=${postId}`, { token }))).comments as Json[];

describe('comments', () => {
  it('are read signed out, written signed in, replies one level deep', async () => {
    const p = await post();
    expect((await t.call('POST', '/api/blog/comments/new', { body: { postId: p.id, body: 'hi' } })).status).toBe(401);
    const top = await comment(commenter, p.id, 'First!');
    const reply = await comment(author, p.id, 'Thanks', top.id);
    const deeper = await comment(stranger, p.id, 'Me too', reply.id);
    expect(deeper.parentId).toBe(top.id);
    const list = await comments(p.id);
    expect(list.map((c) => [c.body, c.parentId, c.canDelete])).toEqual([
      ['First!', null, false],
      ['Thanks', top.id, false],
      ['Me too', top.id, false],
    ]);
    expect(list[0]!.author).toEqual({ id: commenter.user.id, name: 'Cy Commenter', avatarUrl: null });
    const summary = await json(await t.call('GET', `/api/blog/post?slug=${p.slug}`));
    expect(summary.post.commentCount).toBe(3);
  });

  it('keep their text as text', async () => {
    const p = await post();
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"\nline two';
    await comment(commenter, p.id, `  ${text}\u0007  `);
    expect((await comments(p.id))[0]!.body).toBe(text);
  });

  it('may be deleted by their writer and by the post’s author, by nobody else', async () => {
    const p = await post();
    const mine = await comment(commenter, p.id, 'mine');
    const theirs = await comment(stranger, p.id, 'theirs');
    const reply = await comment(commenter, p.id, 'reply to theirs', theirs.id);
    const del = (user: User | null, commentId: string) =>
      t.call('POST', '/api/blog/comments/delete', { token: user?.token, body: { commentId } });

    expect((await del(null, mine.id)).status).toBe(401);
    expect((await del(stranger, mine.id)).status).toBe(403);
    const asCommenter = await comments(p.id, commenter.token);
    expect(asCommenter.map((c) => c.canDelete)).toEqual([true, false, true]);
    const asAuthor = await comments(p.id, author.token);
    expect(asAuthor.every((c) => c.canDelete)).toBe(true);

    expect((await del(commenter, mine.id)).status).toBe(200);
    expect((await del(author, theirs.id)).status).toBe(200);
    expect(await comments(p.id)).toEqual([]);
    expect((await del(author, reply.id)).status).toBe(404);
  });

  it('stay hidden on drafts, and drafts take none', async () => {
    const draft = await post({ status: 'draft' });
    expect((await t.call('GET', `/api/blog/comments?postId=${draft.id}`)).status).toBe(404);
    expect((await t.call('GET', `/api/blog/comments?postId=${draft.id}`, { token: stranger.token })).status).toBe(404);
    const own = await t.call('POST', '/api/blog/comments/new', { token: author.token, body: { postId: draft.id, body: 'note' } });
    expect(own.status).toBe(409);
    const other = await t.call('POST', '/api/blog/comments/new', { token: stranger.token, body: { postId: draft.id, body: 'hi' } });
    expect(other.status).toBe(404);
  });

  it('name the field of bad input', async () => {
    const p = await post();
    const bad = async (body: Json, field: string) => {
      const res = await t.call('POST', '/api/blog/comments/new', { token: commenter.token, body });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toHaveProperty(field);
    };
    await bad({ postId: p.id, body: '   ' }, 'body');
    await bad({ postId: p.id, body: 'x'.repeat(2001) }, 'body');
    await bad({ postId: 'x', body: 'hi' }, 'postId');
    await bad({ postId: p.id, body: 'hi', parentId: crypto.randomUUID() }, 'parentId');
    const other = await post();
    const elsewhere = await comment(commenter, other.id, 'elsewhere');
    await bad({ postId: p.id, body: 'hi', parentId: elsewhere.id }, 'parentId');
  });
});

let PNG: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c62828' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
    .png()
    .toBuffer();
  PNG = new Uint8Array(png);
});

function upload(user: User | null, file?: File) {
  const form = new FormData();
  if (file) form.append('file', file);
  return t.app.request('/api/blog/covers/upload', { method: 'POST', headers: user ? user.auth : {}, body: form });
}

describe('covers', () => {
  it('take PNG, JPEG or WebP by their bytes, store WebP in two sizes, served with nosniff', async () => {
    const res = await upload(author, new File([PNG], 'cover.jpg', { type: 'image/jpeg' }));
    expect(res.status).toBe(201);
    const { cover } = await json(res);
    expect(cover).toMatchObject({ contentType: 'image/webp', width: 1600, height: 800 });
    const served = await t.app.request(cover.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    const card = await sharp(Buffer.from(await (await t.app.request(`${cover.url}/card`)).arrayBuffer())).metadata();
    expect(card).toMatchObject({ format: 'webp', width: 800, height: 400 });

    const p = await post({ coverId: cover.id });
    expect(p).toMatchObject({ coverUrl: cover.url, coverCardUrl: `${cover.url}/card` });
    const stolen = await t.call('POST', '/api/blog/posts/new', { token: stranger.token, body: { title: 'x', coverId: cover.id } });
    expect((await json(stolen)).fields).toHaveProperty('coverId');
    expect((await t.app.request('/api/blog/covers/not-an-id')).status).toBe(400);
    expect((await t.app.request(`/api/blog/covers/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('refuse other files with errors naming `file`', async () => {
    const refused = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      expect((await json(res)).fields).toHaveProperty('file');
    };
    await refused(await upload(author), 400);
    await refused(await upload(author, new File([], 'empty.png', { type: 'image/png' })), 400);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    await refused(await upload(author, new File([html], 'fake.png', { type: 'image/png' })), 400);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).gif().toBuffer();
    await refused(await upload(author, new File([new Uint8Array(gif)], 'a.png', { type: 'image/png' })), 400);
    const broken = PNG.slice(0, 40);
    await refused(await upload(author, new File([broken], 'broken.png', { type: 'image/png' })), 422);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    await refused(await upload(author, new File([big], 'big.png', { type: 'image/png' })), 413);
    expect((await upload(null, new File([PNG], 'a.png'))).status).toBe(401);
  });

  it('are removed when a post drops them', async () => {
    const { cover } = await json(await upload(author, new File([PNG], 'a.png')));
    const p = await post({ coverId: cover.id });
    await t.call('POST', '/api/blog/posts/update', { token: author.token, body: { id: p.id, post: { coverId: null } } });
    expect((await t.app.request(cover.url)).status).toBe(404);
  });
});
