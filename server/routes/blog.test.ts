import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countView } from '../blog/views.ts';
import { createTestServer, type TestServer } from '../test-utils.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
type Json = Record<string, any>;

let t: TestServer;
let author: User;
let reader: User;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-blog-static-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<html><head><title>Clipdeck</title>\n<meta name="description" content="App." />\n</head><body></body></html>',
  );
  t = await createTestServer({ STATIC_DIR: staticDir, PUBLIC_URL: 'https://clipdeck.example' });
  author = await t.createUser({ firstName: 'Ana', lastName: 'Author' });
  reader = await t.createUser({ firstName: 'Rui', lastName: 'Reader' });
});
afterAll(() => t.close());

const json = async (res: Response) => (await res.json()) as Json;

async function create(user: User, body: Json) {
  const res = await t.call('POST', '/api/blog/posts/new', { token: user.token, body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).post as Json;
}

const published = (title: string, extra: Json = {}) => ({
  title,
  body: `<p>About ${title}.</p>`,
  status: 'published',
  ...extra,
});

describe('reading', () => {
  it('shows published posts to everyone and a draft only to its author', async () => {
    const pub = await create(author, published('Open notes'));
    const draft = await create(author, { title: 'Secret plans', body: '<p>shh</p>' });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, isMine: true });

    const anon = await json(await t.call('GET', '/api/blog/posts?q=plans'));
    expect(anon.posts).toEqual([]);
    const anonAll = await json(await t.call('GET', '/api/blog/posts?limit=48'));
    expect(anonAll.posts.map((p: Json) => p.id)).toContain(pub.id);
    expect(anonAll.posts.map((p: Json) => p.id)).not.toContain(draft.id);

    expect((await t.call('GET', `/api/blog/post?slug=${draft.slug}`)).status).toBe(404);
    expect((await t.call('GET', `/api/blog/post?slug=${draft.slug}`, { token: reader.token })).status).toBe(404);
    const own = await t.call('GET', `/api/blog/post?slug=${draft.slug}`, { token: author.token });
    expect((await json(own)).post).toMatchObject({ title: 'Secret plans', status: 'draft' });

    const signedOut = await json(await t.call('GET', `/api/blog/post?slug=${pub.slug}`));
    expect(signedOut.post).toMatchObject({
      title: 'Open notes',
      body: '<p>About Open notes.</p>',
      isMine: false,
      author: { name: 'Ana Author' },
    });

    const mine = await json(await t.call('GET', '/api/blog/posts?scope=drafts', { token: author.token }));
    expect(mine.posts.map((p: Json) => p.id)).toEqual([draft.id]);
    expect((await t.call('GET', '/api/blog/posts?scope=mine')).status).toBe(401);
  });

  it('searches, sorts by latest, popular and oldest, and pages', async () => {
    const writer = await t.createUser();
    const a = await create(writer, published('Zebra crossing footage', { tags: ['zebra'] }));
    const b = await create(writer, published('Zebra stripes in slow motion'));
    const c = await create(writer, published('Zebra herd drone shots'));
    for (const agent of ['one', 'two', 'three']) await t.call('POST', '/api/blog/posts/view', { body: { id: b.id }, headers: { 'User-Agent': agent } });
    await t.call('POST', '/api/blog/posts/view', { body: { id: c.id }, headers: { 'User-Agent': 'one' } });

    const ids = async (query: string) =>
      (await json(await t.call('GET', `/api/blog/posts?${query}`))).posts.map((p: Json) => p.id);
    expect(await ids('q=zebra&sort=latest')).toEqual([c.id, b.id, a.id]);
    expect(await ids('q=zebra&sort=oldest')).toEqual([a.id, b.id, c.id]);
    expect(await ids('q=zebra&sort=popular')).toEqual([b.id, c.id, a.id]);
    expect(await ids('q=zebra slow')).toEqual([b.id]);
    expect(await ids('q=100%25')).toEqual([]);
    const page2 = await json(await t.call('GET', '/api/blog/posts?q=zebra&sort=oldest&limit=2&page=2'));
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.posts.map((p: Json) => p.id)).toEqual([c.id]);
  });
});

describe('writing', () => {
  it('lets only the author change, publish or delete a post', async () => {
    const post = await create(author, published('Only mine'));
    const draft = await create(author, { title: 'Mine too' });
    const change = { id: post.id, post: { title: 'Stolen' } };
    expect((await t.call('POST', '/api/blog/posts/update', { body: change })).status).toBe(401);
    expect((await t.call('POST', '/api/blog/posts/update', { token: reader.token, body: change })).status).toBe(403);
    expect((await t.call('POST', '/api/blog/posts/update', { token: reader.token, body: { id: draft.id, post: { title: 'x' } } })).status).toBe(404);
    expect((await t.call('POST', '/api/blog/posts/publish', { token: reader.token, body: { id: post.id, published: false } })).status).toBe(403);
    expect((await t.call('POST', '/api/blog/posts/delete', { token: reader.token, body: { id: post.id } })).status).toBe(403);
    expect((await t.call('POST', '/api/blog/posts/delete', { token: reader.token, body: { id: draft.id } })).status).toBe(404);
    expect((await json(await t.call('GET', `/api/blog/post?slug=${post.slug}`))).post.title).toBe('Only mine');

    const unpublished = await t.call('POST', '/api/blog/posts/publish', { token: author.token, body: { id: post.id, published: false } });
    expect((await json(unpublished)).post.status).toBe('draft');
    expect((await t.call('GET', `/api/blog/post?slug=${post.slug}`)).status).toBe(404);
    const back = await json(await t.call('POST', '/api/blog/posts/publish', { token: author.token, body: { id: post.id, published: true } }));
    expect(back.post.publishedAt).toBe(post.publishedAt);

    expect((await t.call('POST', '/api/blog/posts/delete', { token: author.token, body: { id: post.id } })).status).toBe(200);
    expect((await t.call('GET', `/api/blog/post?slug=${post.slug}`, { token: author.token })).status).toBe(404);
  });

  it('makes unique slugs from titles, also when created at once', async () => {
    const one = await create(author, { title: 'Hello, World!' });
    const two = await create(author, { title: 'hello world' });
    expect([one.slug, two.slug]).toEqual(['hello-world', 'hello-world-2']);
    const many = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', '/api/blog/posts/new', { token: reader.token, body: { title: 'Same title' } }).then(json),
      ),
    );
    const slugs = many.map((r) => r.post.slug as string);
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.every((s) => /^same-title(-\d+)?$/.test(s))).toBe(true);
    expect((await create(author, { title: 'مرحبا بالعالم' })).slug).toBe('مرحبا-بالعالم');
    expect((await create(author, { title: 'Café crème' })).slug).toBe('cafe-creme');
    expect((await create(author, { title: '!!!' })).slug).toBe('post');
  });

  it('follows the title with the slug until the post is published, then keeps it', async () => {
    const post = await create(author, { title: 'First name' });
    const renamed = await json(await t.call('POST', '/api/blog/posts/update', { token: author.token, body: { id: post.id, post: { title: 'Second name', body: '<p>x</p>', status: 'published' } } }));
    expect(renamed.post.slug).toBe('second-name');
    const again = await json(await t.call('POST', '/api/blog/posts/update', { token: author.token, body: { id: post.id, post: { title: 'Third name' } } }));
    expect(again.post).toMatchObject({ slug: 'second-name', title: 'Third name' });
  });

  it('sanitises bodies on the server', async () => {
    const post = await create(author, published('Sanitised', {
      body:
        '<h2 onclick="x()">Title</h2><p style="color:red">Hi <script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://clipdeck.dev">good</a></p><iframe src="//evil"></iframe>',
    }));
    const { body } = (await json(await t.call('GET', `/api/blog/post?slug=${post.slug}`))).post;
    expect(body).toBe(
      '<h2>Title</h2><p>Hi <a target="_blank" rel="noopener noreferrer nofollow">bad</a> <a href="https://clipdeck.dev" target="_blank" rel="noopener noreferrer nofollow">good</a></p>',
    );
  });

  it('names the field of bad input', async () => {
    const bad = async (url: string, body: unknown, field: string, status = 400) => {
      const res = await t.call('POST', url, { token: author.token, body });
      expect(res.status, url).toBe(status);
      expect(Object.keys((await json(res)).fields ?? {}), JSON.stringify(body)).toContain(field);
    };
    await bad('/api/blog/posts/new', { title: '  ' }, 'title');
    await bad('/api/blog/posts/new', { title: 'x'.repeat(151) }, 'title');
    await bad('/api/blog/posts/new', { title: 'ok', status: 'published', body: '<p> </p>' }, 'body');
    await bad('/api/blog/posts/new', { title: 'ok', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags');
    await bad('/api/blog/posts/new', { title: 'ok', status: 'live' }, 'status');
    await bad('/api/blog/posts/new', { title: 'ok', coverId: crypto.randomUUID() }, 'coverId');
    await bad('/api/blog/posts/update', { id: 'nope', post: {} }, 'id');
    await bad('/api/blog/posts/update', { id: crypto.randomUUID(), post: { author: 'x' } }, 'post');
    const sort = await t.call('GET', '/api/blog/posts?sort=random');
    expect((await json(sort)).fields).toHaveProperty('sort');
    expect((await t.call('GET', '/api/blog/post')).status).toBe(400);
  });
});

describe('views', () => {
  it('counts a view once per viewer and day, never the author’s', async () => {
    const post = await create(author, published('Counted'));
    const view = async (opts: { token?: string; agent?: string }) =>
      json(await t.call('POST', '/api/blog/posts/view', { token: opts.token, body: { id: post.id }, headers: { 'User-Agent': opts.agent ?? 'a' } }));
    expect(await view({ token: author.token })).toEqual({ viewCount: 0, counted: false });
    expect(await view({ token: reader.token })).toEqual({ viewCount: 1, counted: true });
    expect(await view({ token: reader.token, agent: 'other browser' })).toEqual({ viewCount: 1, counted: false });
    expect(await view({ agent: 'visitor' })).toEqual({ viewCount: 2, counted: true });
    expect(await view({ agent: 'visitor' })).toEqual({ viewCount: 2, counted: false });
    const tomorrow = Date.now() + 86_400_000;
    expect(await countView(t.deps.database.db, post.id, `u:${reader.user.id}`, tomorrow)).toEqual({ viewCount: 3, counted: true });
    const draft = await create(author, { title: 'Unseen' });
    expect((await t.call('POST', '/api/blog/posts/view', { body: { id: draft.id } })).status).toBe(404);
  });
});

describe('share page', () => {
  it('serves index.html with the post’s escaped head tags for visitors and crawlers', async () => {
    const post = await create(author, published('</title><script>alert(1)</script> & more', { description: 'A "quoted" <b>summary</b>' }));
    const res = await t.call('GET', `/blog/post/${encodeURIComponent(post.slug)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; more · Clipdeck Blog</title>');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<meta name="description" content="A &#34;quoted&#34; &#60;b&#62;summary&#60;/b&#62;" />');
    expect(html).toContain(`<link rel="canonical" href="https://clipdeck.example/blog/post/${encodeURIComponent(post.slug)}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    // the visitors' address carries the post as a data block that nothing executes
    const block = /<script type="application\/json" id="blog-post-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(block).not.toContain('<');
    expect(JSON.parse(block!).post).toMatchObject({ id: post.id, title: post.title, isMine: false });
    const dashboard = await (await t.call('GET', `/dashboard/blog/post/${encodeURIComponent(post.slug)}`)).text();
    expect(dashboard).toContain('og:title');
    expect(dashboard).not.toContain('blog-post-data');

    const dollars = await create(author, published("Pay $' and $& now"));
    const packed = await t.call('GET', `/blog/post/${dollars.slug}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(packed.headers.get('content-encoding')).toBe('br');
    const unpacked = zlib.brotliDecompressSync(Buffer.from(await packed.arrayBuffer())).toString();
    expect(unpacked).toContain("<title>Pay $&#39; and $&#38; now · Clipdeck Blog</title>");
    expect(unpacked.match(/<title>/g)).toHaveLength(1);

    const draft = await create(author, { title: 'Hidden draft' });
    expect(await (await t.call('GET', `/blog/post/${draft.slug}`)).text()).toContain('<title>Clipdeck</title>');
  });
});
