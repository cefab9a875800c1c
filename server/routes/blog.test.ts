import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countView } from '../blog/views.ts';
import { blogPosts } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

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
  t = await createTestServer({ STATIC_DIR: staticDir, PUBLIC_URL: 'https://clipdeck.example', TRUST_PROXY: 'true' });
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
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3'])
      await t.call('POST', '/api/blog/posts/view', { body: { id: b.id }, headers: { 'X-Forwarded-For': address } });
    await t.call('POST', '/api/blog/posts/view', { body: { id: c.id }, headers: { 'X-Forwarded-For': '10.1.0.1' } });

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
  it('counts a view once per reader, address and day, never the author’s', async () => {
    const post = await create(author, published('Counted'));
    const view = async (opts: { token?: string; agent?: string; address?: string }) =>
      json(
        await t.call('POST', '/api/blog/posts/view', {
          token: opts.token,
          body: { id: post.id },
          headers: { 'User-Agent': opts.agent ?? 'a', 'X-Forwarded-For': opts.address ?? '10.2.0.1' },
        }),
      );
    expect(await view({ token: author.token })).toEqual({ viewCount: 0, counted: false });
    expect(await view({ token: reader.token })).toEqual({ viewCount: 1, counted: true });
    expect(await view({ token: reader.token, agent: 'other browser', address: '10.2.0.9' })).toEqual({ viewCount: 1, counted: false });
    expect(await view({ agent: 'visitor', address: '10.2.0.2' })).toEqual({ viewCount: 2, counted: true });
    expect(await view({ agent: 'visitor', address: '10.2.0.2' })).toEqual({ viewCount: 2, counted: false });
    const tomorrow = Date.now() + 86_400_000;
    expect(await countView(t.deps.database.db, post.id, [`u:${reader.user.id}`], tomorrow)).toEqual({ viewCount: 3, counted: true });
    const draft = await create(author, { title: 'Unseen' });
    expect((await t.call('POST', '/api/blog/posts/view', { body: { id: draft.id } })).status).toBe(404);
  });

  it('counts one view per client address, whatever User-Agent or account it comes with', async () => {
    const post = await create(author, published('Not inflatable'));
    const view = async (headers: Record<string, string>, token?: string) =>
      (await json(await t.call('POST', '/api/blog/posts/view', { token, body: { id: post.id }, headers }))).viewCount as number;
    for (let i = 0; i < 20; i += 1) await view({ 'User-Agent': `bot ${i}`, 'X-Forwarded-For': '10.3.0.1' });
    const other = await t.createUser();
    await view({ 'User-Agent': 'signed in', 'X-Forwarded-For': '10.3.0.1' }, other.token);
    expect(await view({ 'User-Agent': 'last', 'X-Forwarded-For': '10.3.0.1' })).toBe(1);
    expect(await view({ 'User-Agent': 'bot 0', 'X-Forwarded-For': '10.3.0.2' })).toBe(2);
  });
});

describe('share page', () => {
  it('serves the dashboard address as index.html with the post’s escaped head tags', async () => {
    const post = await create(author, published('</title><script>alert(1)</script> & more', { description: 'A "quoted" <b>summary</b>' }));
    const res = await t.call('GET', `/dashboard/blog/post/${encodeURIComponent(post.slug)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more · Clipdeck Blog</title>');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<meta name="description" content="A &quot;quoted&quot; &lt;b&gt;summary&lt;/b&gt;" />');
    expect(html).toContain(`<link rel="canonical" href="https://clipdeck.example/blog/post/${encodeURIComponent(post.slug)}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<body></body>');

    const draft = await create(author, { title: 'Hidden draft' });
    expect(await (await t.call('GET', `/dashboard/blog/post/${draft.slug}`)).text()).toContain('<title>Clipdeck</title>');
  });
});

describe('public post page', () => {
  const page = async (slug: string, headers: Record<string, string> = {}) => {
    const res = await t.call('GET', `/blog/post/${encodeURIComponent(slug)}`, { headers });
    return { res, html: await res.text() };
  };

  it('renders the post, its author and its comments with replies as HTML, no app', async () => {
    const post = await create(author, published('</title><script>alert(1)</script> & more', {
      description: 'A "quoted" <b>summary</b>',
      tags: ['clips', '<i>t</i>'],
      body: '<h2>Cutting</h2><p>Six <strong>clips</strong> from one interview.</p>',
    }));
    const say = async (body: string, parentId?: string, user = reader) => {
      const res = await t.call('POST', '/api/blog/comments/new', { token: user.token, body: { postId: post.id, body, parentId } });
      return (await json(res)).comment as Json;
    };
    const first = await say('Great <b>tips</b>!\nSecond line');
    await say('Thank you, Rui.', first.id, author);

    const { res, html } = await page(post.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toContain('Accept-Language');
    // the head, escaped once
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more · Clipdeck Blog</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="A &quot;quoted&quot; &lt;b&gt;summary&lt;/b&gt;" />');
    expect(html).toContain(`<link rel="canonical" href="https://clipdeck.example/blog/post/${encodeURIComponent(post.slug)}" />`);
    expect(html).toContain('<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" />');
    // the article
    expect(html).toContain('<h1 dir="auto">&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</h1>');
    expect(html).toContain('<div class="body" dir="auto" data-testid="post-body"><h2>Cutting</h2><p>Six <strong>clips</strong> from one interview.</p></div>');
    expect(html).toContain('<li dir="auto">#&lt;i&gt;t&lt;/i&gt;</li>');
    expect(html).toContain(`data-post-id="${post.id}"`);
    expect(html).toMatch(/<time datetime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/);
    expect(html).toContain('0 views');
    expect(html).toContain('<p class="name">Ana Author</p>');
    expect(html).toContain('Writes on the Clipdeck blog.');
    // the comments, their text escaped, the reply inside its thread
    expect(html).toContain('<h2 id="comments-title">2 comments</h2>');
    expect(html).toContain('<p class="comment-body" dir="auto">Great &lt;b&gt;tips&lt;/b&gt;!\nSecond line</p>');
    expect(html).toMatch(/<ol class="replies"><li><article class="comment"[\s\S]*?Thank you, Rui\.<\/p>/);
    // a way in for commenting that comes back to the post in the app
    const back = encodeURIComponent(`/dashboard/blog/post/${encodeURIComponent(post.slug)}#comments`);
    expect(html).toContain(`<a class="button" href="/auth/login?returnTo=${back}" data-signin>Sign in to comment</a>`);
    // nothing of the app: one external script, no inline one, no data block
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script src="/blog-post.js" defer>']);
    expect(html).not.toContain('blog-post-data');

    const packed = await t.call('GET', `/blog/post/${post.slug}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await packed.arrayBuffer())).toString()).toBe(html);
    const head = await t.call('HEAD', `/blog/post/${post.slug}`);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('never lets script from a body or a comment through', async () => {
    const post = await create(author, published('Evil body', {
      body: '<p>Hello</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a><svg onload="alert(4)"></svg>',
    }));
    await t.call('POST', '/api/blog/comments/new', {
      token: reader.token,
      body: { postId: post.id, body: '<script>alert(5)</script><img src=x onerror=alert(6)>' },
    });
    // a body stored before sanitising existed is cleaned on the way out too
    await t.deps.database.db
      .update(blogPosts)
      .set({ bodyHtml: '<p>Old</p><script>alert(7)</script><p onclick="alert(8)">x</p><iframe src="//evil"></iframe>' })
      .where(eq(blogPosts.id, post.id));
    const { html } = await page(post.slug);
    expect(html).toContain('<div class="body" dir="auto" data-testid="post-body"><p>Old</p><p>x</p></div>');
    expect(html).toContain('&lt;script&gt;alert(5)&lt;/script&gt;&lt;img src=x onerror=alert(6)&gt;');
    const tags = /<main[\s\S]*<\/main>/.exec(html)![0].match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.filter((tag) => /^<(script|img|svg|iframe)\b|\son\w+=|javascript:/i.test(tag))).toEqual([]);
    expect(html.match(/<script\b/g)).toHaveLength(1);
  });

  it('answers 404 for a draft, an unpublished post or an unknown slug', async () => {
    const draft = await create(author, { title: 'Hidden draft', body: '<p>secret</p>' });
    const gone = await create(author, published('Soon gone'));
    await t.call('POST', '/api/blog/posts/publish', { token: author.token, body: { id: gone.id, published: false } });
    for (const slug of [draft.slug, gone.slug, 'no-such-post', 'x'.repeat(201)]) {
      const { res, html } = await page(slug);
      expect(res.status, slug).toBe(404);
      expect(html).toContain('<h1>Post not found</h1>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('secret');
      expect(html).not.toContain('Hidden draft');
    }
    // signing in leads to the post in the app, where its author reads the draft
    expect((await page(draft.slug)).html).toContain(`href="/auth/login?returnTo=${encodeURIComponent(`/dashboard/blog/post/${draft.slug}`)}"`);
  });

  it('speaks the visitor’s language, Arabic right to left, in their colour scheme', async () => {
    const post = await create(author, published('Multilingual', { tags: ['x'] }));
    await countView(t.deps.database.db, post.id, ['a:one']);
    await countView(t.deps.database.db, post.id, ['a:two']);
    await countView(t.deps.database.db, post.id, ['a:three']);
    const ar = (await page(post.slug, { 'Accept-Language': 'ar-SA,ar;q=0.9,en;q=0.5' })).html;
    expect(ar).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(ar).toContain('الكاتب');
    expect(ar).toContain('سجّل الدخول لتعلّق');
    expect(ar).toContain('لا تعليقات');
    expect(ar).toContain('٣ مشاهدات');
    const fr = (await page(post.slug, { 'Accept-Language': 'de-DE, fr;q=0.8, en;q=0.7' })).html;
    expect(fr).toMatch(/<html lang="fr" dir="ltr">/);
    expect(fr).toContain('Se connecter pour commenter');
    expect(fr).toContain('3 vues');
    expect((await page(post.slug, { 'Accept-Language': 'zh-TW' })).html).toMatch(/<html lang="zh-CN" dir="ltr">/);
    expect((await page(post.slug, { 'Accept-Language': 'vi' })).html).toMatch(/<html lang="vi" dir="ltr">/);
    expect((await page(post.slug, { 'Accept-Language': 'de' })).html).toMatch(/<html lang="en" dir="ltr">/);
    // the language chosen in the app (/blog-post.js asks with ?lang=) over the browser's
    const chosen = await (await t.call('GET', `/blog/post/${post.slug}?lang=ar`, { headers: { 'Accept-Language': 'fr' } })).text();
    expect(chosen).toMatch(/<html lang="ar" dir="rtl">/);
    expect(chosen).toContain('data-lang="ar"');
    expect(await (await t.call('GET', `/blog/post/${post.slug}?lang=xx`, { headers: { 'Accept-Language': 'fr' } })).text()).toMatch(/<html lang="fr"/);
    expect((await page('no-such-post', { 'Accept-Language': 'ar' })).html).toMatch(/<html lang="ar" dir="rtl">[\s\S]*<h1>المقال غير موجود<\/h1>/);
    // the system's scheme, unless the app's settings chose one
    expect(ar).toContain('<meta name="color-scheme" content="light dark" />');
    const dark = (await page(post.slug, { Cookie: `clipdeck-settings=${encodeURIComponent(JSON.stringify({ mode: 'dark' }))}` })).html;
    expect(dark).toMatch(/<html lang="en" dir="ltr" data-scheme="dark">/);
    expect(dark).toContain('<meta name="color-scheme" content="dark" />');
  });
});
