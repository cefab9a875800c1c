// favourites.* and collections.*: per user, signed-in only; user A never sees or changes B's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  loadTestCatalogue,
  trpcMutation,
  trpcQuery,
  type CatalogueFixture,
} from '../../catalogue/testing/catalogue.ts';
import type {
  ClipListItem,
  Collection,
  CollectionSummary,
  Facets,
  FavouritesList,
  FavouriteToggleResult,
  SearchResult,
  VideoListItem,
} from '../../contracts/catalogue.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let fx: CatalogueFixture;
let other: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  server = await createTestServer();
  fx = await loadTestCatalogue(server);
  other = await server.createUser();
});
afterAll(() => server.close());

describe('favourites', () => {
  it('needs a signed-in user', async () => {
    expect((await trpcQuery(server, 'favourites.list')).status).toBe(401);
    const res = await trpcMutation(server, 'favourites.toggle', { videoId: fx.ids.v1 });
    expect(res.status).toBe(401);
  });

  it('toggles videos and clips on and off, per user', async () => {
    const on = await trpcMutation<FavouriteToggleResult>(
      server,
      'favourites.toggle',
      { videoId: fx.ids.v1 },
      fx.member.token,
    );
    expect(on.data).toEqual({ favourite: true });
    await trpcMutation(server, 'favourites.toggle', { clipId: fx.ids.c3 }, fx.member.token);

    const mine = await trpcQuery<FavouritesList>(
      server,
      'favourites.list',
      undefined,
      fx.member.token,
    );
    expect(mine.data.videos.map((v) => v.externalId)).toEqual(['v1']);
    expect(mine.data.videos[0]!.favourite).toBe(true);
    expect(mine.data.clips.map((c) => c.externalId)).toEqual(['c3']);

    const theirs = await trpcQuery<FavouritesList>(
      server,
      'favourites.list',
      undefined,
      other.token,
    );
    expect(theirs.data).toEqual({ videos: [], clips: [] });

    const off = await trpcMutation<FavouriteToggleResult>(
      server,
      'favourites.toggle',
      { videoId: fx.ids.v1 },
      fx.member.token,
    );
    expect(off.data).toEqual({ favourite: false });
    const after = await trpcQuery<FavouritesList>(
      server,
      'favourites.list',
      undefined,
      fx.member.token,
    );
    expect(after.data.videos).toEqual([]);
  });

  it('cannot favourite a video the caller may not see', async () => {
    const res = await trpcMutation(
      server,
      'favourites.toggle',
      { videoId: fx.ids.v4 },
      fx.member.token,
    );
    expect(res.status).toBe(404);
  });

  it('asks for exactly one of videoId and clipId', async () => {
    const res = await trpcMutation(
      server,
      'favourites.toggle',
      { videoId: fx.ids.v1, clipId: fx.ids.c1 },
      fx.member.token,
    );
    expect(res.status).toBe(400);
    expect(res.error!.message).toContain('videoId');
  });
});

describe('collections', () => {
  it('create, add clips, rename, remove a clip, delete', async () => {
    const created = await trpcMutation<CollectionSummary>(
      server,
      'collections.create',
      { name: '  Scary bits ' },
      fx.member.token,
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'Scary bits', clipCount: 0 });
    const collectionId = created.data.id;

    await trpcMutation(
      server,
      'collections.addClip',
      { collectionId, clipId: fx.ids.c1 },
      fx.member.token,
    );
    const added = await trpcMutation<CollectionSummary>(
      server,
      'collections.addClip',
      { collectionId, clipId: fx.ids.c8 },
      fx.member.token,
    );
    expect(added.data.clipCount).toBe(2);
    const again = await trpcMutation<CollectionSummary>(
      server,
      'collections.addClip',
      { collectionId, clipId: fx.ids.c8 },
      fx.member.token,
    );
    expect(again.data.clipCount).toBe(2);

    const renamed = await trpcMutation<CollectionSummary>(
      server,
      'collections.rename',
      { collectionId, name: 'Ghosts' },
      fx.member.token,
    );
    expect(renamed.data.name).toBe('Ghosts');

    await trpcMutation(
      server,
      'collections.removeClip',
      { collectionId, clipId: fx.ids.c1 },
      fx.member.token,
    );
    const got = await trpcQuery<Collection>(
      server,
      'collections.get',
      { collectionId },
      fx.member.token,
    );
    expect(got.data.clips.map((c) => c.externalId)).toEqual(['c8']);

    const list = await trpcQuery<CollectionSummary[]>(
      server,
      'collections.list',
      undefined,
      fx.member.token,
    );
    expect(list.data.map((c) => c.name)).toEqual(['Ghosts']);

    const deleted = await trpcMutation(
      server,
      'collections.delete',
      { collectionId },
      fx.member.token,
    );
    expect(deleted.status).toBe(200);
    const gone = await trpcQuery(server, 'collections.get', { collectionId }, fx.member.token);
    expect(gone.status).toBe(404);
  });

  it("another user can neither read nor change someone's collection", async () => {
    const created = await trpcMutation<CollectionSummary>(
      server,
      'collections.create',
      { name: 'Mine' },
      fx.member.token,
    );
    const collectionId = created.data.id;
    expect(
      (await trpcQuery<CollectionSummary[]>(server, 'collections.list', undefined, other.token))
        .data,
    ).toEqual([]);
    expect((await trpcQuery(server, 'collections.get', { collectionId }, other.token)).status).toBe(
      404,
    );
    const calls: [string, Record<string, unknown>][] = [
      ['collections.rename', { collectionId, name: 'Stolen' }],
      ['collections.addClip', { collectionId, clipId: fx.ids.c1 }],
      ['collections.removeClip', { collectionId, clipId: fx.ids.c1 }],
      ['collections.delete', { collectionId }],
    ];
    for (const [path, input] of calls) {
      expect((await trpcMutation(server, path, input, other.token)).status).toBe(404);
    }
    const still = await trpcQuery<Collection>(
      server,
      'collections.get',
      { collectionId },
      fx.member.token,
    );
    expect(still.data.name).toBe('Mine');
  });

  it('rejects an empty name and a private clip of somebody else', async () => {
    const empty = await trpcMutation(
      server,
      'collections.create',
      { name: '   ' },
      fx.member.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.error!.message).toContain('name');
    const created = await trpcMutation<CollectionSummary>(
      server,
      'collections.create',
      { name: 'Private test' },
      fx.member.token,
    );
    const res = await trpcMutation(
      server,
      'collections.addClip',
      { collectionId: created.data.id, clipId: fx.ids.c6 },
      fx.member.token,
    );
    expect(res.status).toBe(404);
  });
});

describe('favourites and collections are searched like any listing', () => {
  let fan: Awaited<ReturnType<TestServer['createUser']>>;
  let collectionId = '';
  const ids = (r: { data: SearchResult<{ externalId: string }> }) =>
    r.data.items.map((i) => i.externalId);

  beforeAll(async () => {
    fan = await server.createUser();
    for (const target of [
      { videoId: fx.ids.v1 },
      { videoId: fx.ids.v2 },
      { videoId: fx.ids.v3 },
      { clipId: fx.ids.c3 },
      { clipId: fx.ids.c8 },
      { clipId: fx.ids.c5 },
    ])
      await trpcMutation(server, 'favourites.toggle', target, fan.token);
    const created = await trpcMutation<CollectionSummary>(
      server,
      'collections.create',
      { name: 'Chases' },
      fan.token,
    );
    collectionId = created.data.id;
    for (const clipId of [fx.ids.c1, fx.ids.c3, fx.ids.c8])
      await trpcMutation(server, 'collections.addClip', { collectionId, clipId }, fan.token);
  });

  it('favourite videos and clips: words, filters and sorts within the favourites only', async () => {
    const all = await trpcQuery<SearchResult<VideoListItem>>(
      server,
      'favourites.searchVideos',
      { sortBy: 'virality' },
      fan.token,
    );
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual(['v2', 'v1', 'v3']);
    expect(all.data.total).toBe(3);
    // "highway" is also in Haunted Highway (v6), which is not a favourite
    const words = await trpcQuery<SearchResult<VideoListItem>>(
      server,
      'favourites.searchVideos',
      { textArr: ['highway'] },
      fan.token,
    );
    expect(ids(words)).toEqual(['v2']);
    const byDate = await trpcQuery<SearchResult<VideoListItem>>(
      server,
      'favourites.searchVideos',
      { sortBy: 'premiereDate', afterPremiereDate: '2000-01-01' },
      fan.token,
    );
    expect(ids(byDate)).toEqual(['v3', 'v1']);
    const chases = await trpcQuery<SearchResult<ClipListItem>>(
      server,
      'favourites.searchClips',
      { textArr: ['chase'], sortBy: 'relevance' },
      fan.token,
    );
    expect(ids(chases).sort()).toEqual(['c3', 'c8']);
    const paged = await trpcQuery<SearchResult<ClipListItem>>(
      server,
      'favourites.searchClips',
      { sortBy: 'newest', limit: 2, page: 2 },
      fan.token,
    );
    expect(paged.data.total).toBe(3);
    expect(paged.data.items).toHaveLength(1);
  });

  it('a collection’s clips: words and filters within that collection only', async () => {
    const search = (input: Record<string, unknown>, token = fan.token) =>
      trpcQuery<SearchResult<ClipListItem>>(
        server,
        'collections.searchClips',
        { collectionId, ...input },
        token,
      );
    expect(ids(await search({})).sort()).toEqual(['c1', 'c3', 'c8']);
    // "chase" also matches c4, which is not in the collection
    expect(ids(await search({ textArr: ['chase'] })).sort()).toEqual(['c3', 'c8']);
    expect(ids(await search({ maxClipDuration: 30 }))).toEqual(['c1']);
    expect((await search({}, other.token)).status).toBe(404);
    expect((await search({ sortBy: 'loudest' })).status).toBe(400);
  });

  it('facets count within the favourites or the collection; both are the caller’s own', async () => {
    const favourites = await trpcQuery<Facets>(
      server,
      'catalogue.facets',
      { favourites: true },
      fan.token,
    );
    expect(favourites.data.people.map((p) => [p.name, p.count])).toEqual([
      ['Ann Director', 2],
      ['Bob Maker', 1],
    ]);
    const collection = await trpcQuery<Facets>(
      server,
      'catalogue.facets',
      { collectionId },
      fan.token,
    );
    expect(collection.data.tags.find((t) => t.slug === 'chase')?.count).toBe(2);
    expect(collection.data.tags.find((t) => t.slug === 'shootout')).toBeUndefined();
    const theirs = await trpcQuery(server, 'catalogue.facets', { collectionId }, other.token);
    expect(theirs.status).toBe(404);
    const signedOut = await trpcQuery(server, 'catalogue.facets', { favourites: true });
    expect(signedOut.status).toBe(401);
  });

  it('needs a signed-in user, and another user’s favourites stay theirs', async () => {
    expect((await trpcQuery(server, 'favourites.searchVideos', {})).status).toBe(401);
    const theirs = await trpcQuery<SearchResult<VideoListItem>>(
      server,
      'favourites.searchVideos',
      {},
      other.token,
    );
    expect(theirs.data.total).toBe(0);
  });
});
