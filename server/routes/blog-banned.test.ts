// A banned user's posts and comments are hidden everywhere a reader could meet them (the blog
// API's lists, counts and posts, the comments, the server-rendered post pages, the palette's
// search, the view counter), and come back as they were when the ban is lifted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
type Json = Record<string, any>;

let t: TestServer;
let admin: User;
let author: User;
let troll: User;
let reader: User;

beforeAll(async () => {
  t = await createTestServer();
  admin = await t.createUser({ role: 'admin' });
  author = await t.createUser({ firstName: 'Ana', lastName: 'Author' });
  troll = await t.createUser({ firstName: 'Tom', lastName: 'Troll' });
  reader = await t.createUser({ firstName: 'Rui', lastName: 'Reader' });
});
afterAll(() => t.close());

const json = async (res: Response) => (await res.json()) as Json;

async function publish(user: User, title: string) {
  const res = await t.call('POST', '/api/blog/posts/new', {
    token: user.token,
    body: { title, body: `<p>${title} body.</p>`, status: 'published' },
  });
  expect(res.status).toBe(201);
  return (await json(res)).post as Json;
}

async function comment(user: User, postId: string, body: string, parentId?: string) {
  const res = await t.call('POST', '/api/blog/comments/new', {
    token: user.token,
    body: { postId, body, parentId },
  });
  expect(res.status).toBe(201);
  return (await json(res)).comment as Json;
}

const setStatus = async (user: User, status: 'banned' | 'active') =>
  expect(
    (await t.call('PATCH', `/api/v1/user/${user.user.id}`, { token: admin.token, body: { status } }))
      .status,
  ).toBe(200);

/** What a reader (signed out, or `reader` for the palette) finds of the troll's writing. */
async function trollsWriting(post: Json, onPost: Json) {
  const list = await json(await t.call('GET', '/api/blog/posts?limit=48'));
  const searched = await json(await t.call('GET', '/api/blog/posts?q=Flamebait'));
  const api = await t.call('GET', `/api/blog/post?slug=${post.slug}`);
  const page = await t.call('GET', `/blog/post/${post.slug}`);
  const pageText = await page.text();
  const palette = await json(await t.call('GET', '/api/search?q=Flamebait', { token: reader.token }));
  const comments = (await json(await t.call('GET', `/api/blog/comments?postId=${onPost.id}`)))
    .comments as Json[];
  const other = await json(await t.call('GET', `/api/blog/post?slug=${onPost.slug}`));
  const otherPage = await (await t.call('GET', `/blog/post/${onPost.slug}`)).text();
  const view = await t.call('POST', '/api/blog/posts/view', { body: { id: post.id } });
  return {
    listed: list.posts.some((p: Json) => p.id === post.id),
    searched: searched.posts.some((p: Json) => p.id === post.id),
    post: api.status,
    page: page.status,
    pageShowsTitle: pageText.includes('Flamebait'),
    palette: palette.hits.some((h: Json) => h.id === post.id),
    comments: comments.map((c) => c.body),
    commentCount: other.post.commentCount,
    otherPageShowsComment: otherPage.includes('You are all wrong'),
    view: view.status,
  };
}

describe('a banned user’s posts and comments', () => {
  it('are hidden while the ban lasts and come back when it is lifted', async () => {
    const post = await publish(troll, 'Flamebait special');
    const onPost = await publish(author, 'Calm notes');
    const top = await comment(troll, onPost.id, 'You are all wrong');
    await comment(reader, onPost.id, 'Why so?', top.id);
    await comment(reader, onPost.id, 'Nice notes');
    const shown = {
      listed: true,
      searched: true,
      post: 200,
      page: 200,
      pageShowsTitle: true,
      palette: true,
      comments: ['You are all wrong', 'Why so?', 'Nice notes'],
      commentCount: 3,
      otherPageShowsComment: true,
      view: 200,
    };
    expect(await trollsWriting(post, onPost)).toEqual(shown);

    await setStatus(troll, 'banned');
    expect(await trollsWriting(post, onPost)).toEqual({
      listed: false,
      searched: false,
      post: 404,
      page: 404,
      pageShowsTitle: false,
      palette: false,
      // a reply to a hidden comment goes with it
      comments: ['Nice notes'],
      commentCount: 1,
      otherPageShowsComment: false,
      view: 404,
    });
    // nobody answers a hidden comment
    const reply = await t.call('POST', '/api/blog/comments/new', {
      token: reader.token,
      body: { postId: onPost.id, body: 'Still here?', parentId: top.id },
    });
    expect(reply.status).toBe(400);
    expect((await json(reply)).fields).toHaveProperty('parentId');

    await setStatus(troll, 'active');
    expect(await trollsWriting(post, onPost)).toEqual(shown);
  });
});
