import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { seedBlog } from './blog.ts';
import { ensureDemoUsers } from './demo-users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('demo blog', () => {
  it('seeds published posts with generated covers, comments and replies, and drafts, once', async () => {
    const users = await ensureDemoUsers(t.deps.database.db);
    await seedBlog(t.deps, users);
    await seedBlog(t.deps, users);

    const list = (await (await t.call('GET', '/api/blog/posts?limit=48')).json()) as { posts: any[]; total: number };
    expect(list.total).toBe(12);
    expect(list.posts.every((p) => p.status === 'published' && p.coverUrl)).toBe(true);
    expect(new Set(list.posts.map((p) => p.author.name)).size).toBe(4);

    const cover = await t.app.request(list.posts[0].coverUrl);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    expect((await cover.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const welcome = list.posts.find((p) => p.slug === 'welcome-to-the-clipdeck-blog');
    const comments = (await (await t.call('GET', `/api/blog/comments?postId=${welcome.id}`)).json()) as { comments: any[] };
    expect(comments.comments.length).toBe(3);
    expect(comments.comments.filter((c) => c.parentId).length).toBe(2);

    const demo = await t.deps.tokens.sign({ id: users.demo!.id, role: 'user' });
    const drafts = (await (await t.call('GET', '/api/blog/posts?scope=drafts', { token: demo })).json()) as { posts: any[] };
    expect(drafts.posts.map((p) => p.title)).toEqual(['Draft: ideas for the autumn series']);
  });
});
