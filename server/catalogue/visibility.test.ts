// Who sees what in the catalogue: members-only videos need a signed-in user with a verified
// email, and a channel's YouTube id is shown to its owner and admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  ChannelHeader,
  SearchResult,
  VideoDetail,
  VideoListItem,
} from '../contracts/catalogue.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { loadTestCatalogue, trpcQuery, type CatalogueFixture } from './testing/catalogue.ts';

let server: TestServer;
let fixture: CatalogueFixture;
let unverified: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  server = await createTestServer();
  fixture = await loadTestCatalogue(server);
  unverified = await server.createUser({ emailVerifiedAt: null });
});
afterAll(() => server.close());

async function accessLevels(token?: string) {
  const res = await trpcQuery<SearchResult<VideoListItem>>(
    server,
    'catalogue.searchVideos',
    { limit: 100 },
    token,
  );
  expect(res.status).toBe(200);
  return new Set(res.data.items.map((v) => v.accessLevel));
}

describe('members-only videos', () => {
  it('a verified member sees members-only videos', async () => {
    expect(await accessLevels(fixture.member.token)).toContain('members');
  });

  it('an unverified account sees public videos only, in lists and by id', async () => {
    expect([...(await accessLevels(unverified.token))]).toEqual(['public']);
    const membersOnly = await trpcQuery<SearchResult<VideoListItem>>(
      server,
      'catalogue.searchVideos',
      { accessLevel: 'members', limit: 5 },
      fixture.member.token,
    );
    const id = membersOnly.data.items[0]!.id;
    const asUnverified = await trpcQuery<VideoDetail>(
      server,
      'catalogue.video',
      { videoId: id },
      unverified.token,
    );
    expect(asUnverified.status).toBe(404);
  });
});

describe('channel header', () => {
  const header = (token?: string) =>
    trpcQuery<ChannelHeader>(server, 'catalogue.channel', { slug: 'beta-channel' }, token);

  it('hides the YouTube channel id from strangers', async () => {
    const anonymous = await header();
    expect(anonymous.status).toBe(200);
    expect(anonymous.data.name).toBe('Beta Channel');
    expect(anonymous.data.youtubeChannelId ?? null).toBeNull();
    expect((await header(fixture.member.token)).data.youtubeChannelId ?? null).toBeNull();
  });

  it('shows it to an admin', async () => {
    const admin = await server.createUser({ role: 'admin' });
    expect((await header(admin.token)).data.youtubeChannelId).toBe('UCbetaChannel000000001');
  });
});
