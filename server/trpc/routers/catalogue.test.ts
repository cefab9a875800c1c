// catalogue.* over HTTP: every filter, each sort, cursor paging without gaps or repeats,
// numbered pages, access levels (signed out, member, owner), facets, video detail, channel
// pages, and bad filter values answering 400 with the field named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { importCatalogue } from '../../catalogue/importer.ts';
import {
  fillerLines,
  loadTestCatalogue,
  trpcQuery,
  type CatalogueFixture,
} from '../../catalogue/testing/catalogue.ts';
import type {
  ChannelHeader,
  ClipListItem,
  Facets,
  IndexStatus,
  SearchInput,
  SearchResult,
  VideoDetail,
  VideoListItem,
} from '../../contracts/catalogue.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let fx: CatalogueFixture;

beforeAll(async () => {
  server = await createTestServer();
  fx = await loadTestCatalogue(server, fillerLines(23));
});
afterAll(() => server.close());

const videos = (input: SearchInput, token?: string) =>
  trpcQuery<SearchResult<VideoListItem>>(server, 'catalogue.searchVideos', input, token);
const clips = (input: SearchInput, token?: string) =>
  trpcQuery<SearchResult<ClipListItem>>(server, 'catalogue.searchClips', input, token);
const named = (items: { externalId: string }[]) =>
  items.map((i) => i.externalId).filter((id) => !id.startsWith('filler'));

describe('access levels', () => {
  it('signed out sees public videos only', async () => {
    const res = await videos({ limit: 100 });
    expect(res.status).toBe(200);
    expect(named(res.data.items).sort()).toEqual(['v1', 'v2', 'v5', 'v6']);
    expect(res.data.total).toBe(4 + 23);
  });

  it('a member also sees members videos, not somebody else’s private ones', async () => {
    const res = await videos({ limit: 100 }, fx.member.token);
    expect(named(res.data.items).sort()).toEqual(['v1', 'v2', 'v3', 'v5', 'v6']);
  });

  it('the owner sees their private video', async () => {
    const res = await videos({ limit: 100 }, fx.owner.token);
    expect(named(res.data.items).sort()).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
  });

  it('accessLevel narrows within what the caller may see', async () => {
    expect(named((await videos({ accessLevel: 'members' }, fx.member.token)).data.items)).toEqual([
      'v3',
    ]);
    expect((await videos({ accessLevel: 'members' })).data.total).toBe(0);
    expect((await videos({ accessLevel: 'private' }, fx.member.token)).data.total).toBe(0);
    expect(named((await videos({ accessLevel: 'private' }, fx.owner.token)).data.items)).toEqual([
      'v4',
    ]);
  });

  it('clips follow their video’s access level', async () => {
    const out = await clips({ textArr: ['confession'] });
    const member = await clips({ textArr: ['confession'] }, fx.member.token);
    const owner = await clips({ textArr: ['confession'] }, fx.owner.token);
    expect(out.data.total).toBe(0);
    expect(member.data.total).toBe(0);
    expect(named(owner.data.items)).toEqual(['c6']);
  });

  it('a private video is not found for others, found for its owner', async () => {
    const other = await trpcQuery(
      server,
      'catalogue.video',
      { videoId: fx.ids.v4 },
      fx.member.token,
    );
    expect(other.status).toBe(404);
    const mine = await trpcQuery<VideoDetail>(
      server,
      'catalogue.video',
      { videoId: fx.ids.v4 },
      fx.owner.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.data.title).toBe('Secret Diary');
    const anon = await trpcQuery(server, 'catalogue.video', { videoId: fx.ids.v3 });
    expect(anon.status).toBe(404);
  });
});

describe('filters', () => {
  it('videoIds, comma-separated and trimmed', async () => {
    const res = await videos({ videoIds: ` ${fx.ids.v1} , ${fx.ids.v2},` as never });
    expect(named(res.data.items).sort()).toEqual(['v1', 'v2']);
  });

  it('personIds: any of the chosen people', async () => {
    const ann = await trpcQuery<Facets>(server, 'catalogue.facets', {}, fx.member.token);
    const annId = ann.data.people.find((p) => p.name === 'Ann Director')!.id;
    const bobId = ann.data.people.find((p) => p.name === 'Bob Maker')!.id;
    expect(
      named((await videos({ personIds: [annId] }, fx.member.token)).data.items).sort(),
    ).toEqual(['v1', 'v3']);
    expect(named((await videos({ personIds: [annId, bobId] })).data.items).sort()).toEqual([
      'v1',
      'v2',
      'v6',
    ]);
  });

  it('tagIds match clips, and videos through their clips', async () => {
    const facets = await trpcQuery<Facets>(server, 'catalogue.facets', {});
    const scary = facets.data.tags.find((t) => t.slug === 'scary')!;
    expect(scary.count).toBe(3);
    expect(named((await clips({ tagIds: [scary.id] })).data.items).sort()).toEqual([
      'c1',
      'c2',
      'c8',
    ]);
    expect(named((await videos({ tagIds: [scary.id] })).data.items).sort()).toEqual(['v1', 'v6']);
  });

  it('videoTagIds match video tags', async () => {
    const facets = await trpcQuery<Facets>(server, 'catalogue.facets', {});
    const horror = facets.data.videoTags.find((t) => t.name === 'Horror' && t.kind === 'genre')!;
    expect(horror.count).toBe(2);
    expect(named((await videos({ videoTagIds: [horror.id] })).data.items).sort()).toEqual([
      'v1',
      'v6',
    ]);
    expect(named((await clips({ videoTagIds: [horror.id] })).data.items).sort()).toEqual([
      'c1',
      'c2',
      'c8',
    ]);
  });

  it('premiere date range, inclusive, with both spellings of "before"', async () => {
    const after = await videos({ afterPremiereDate: '1999-10-31' });
    expect(named(after.data.items).sort()).toEqual(['v1', 'v6']);
    const before = await videos({
      beforePremiereDate: '1999-10-31',
      afterPremiereDate: '1990-01-01',
    });
    expect(named(before.data.items).sort()).toEqual(['v2', 'v6']);
    const under = await videos({ underPremierDate: '1999-10-31', afterPremiereDate: '1990-01-01' });
    expect(named(under.data.items).sort()).toEqual(['v2', 'v6']);
  });

  it('clip duration range: clips by their length, videos by any clip', async () => {
    expect(named((await clips({ minClipDuration: 100 })).data.items)).toEqual(['c4']);
    const short = await clips({ maxClipDuration: 10 }, fx.member.token);
    expect(named(short.data.items).sort()).toEqual(['c2', 'c5', 'c7']);
    const range = await videos({ minClipDuration: '50', maxClipDuration: '90' });
    expect(named(range.data.items).sort()).toEqual(['v2', 'v6']);
  });

  it('textArr: title over text, prefixes while typing, every term must match', async () => {
    expect(named((await videos({ textArr: ['haunted'] })).data.items).sort()).toEqual(['v1', 'v6']);
    expect(named((await videos({ textArr: ['haun'] })).data.items).sort()).toEqual(['v1', 'v6']);
    expect(named((await videos({ textArr: 'haunted, highway' })).data.items)).toEqual(['v6']);
    expect(named((await videos({ textArr: ['haunted', 'pursuit'] })).data.items)).toEqual([]);
    // "night" is only in the text of c8; "chase" is in the titles of c3 and c8, the text of c4.
    expect(named((await clips({ textArr: ['night'] })).data.items)).toEqual(['c8']);
    const titleFirst = await clips({ textArr: ['chase'] });
    expect(named(titleFirst.data.items)).toHaveLength(3);
    expect(named(titleFirst.data.items)[2]).toBe('c4');
    expect(titleFirst.data.search).toEqual({ semantic: false, indexing: false });
  });

  it('filters combine', async () => {
    const res = await clips({ textArr: ['chase'], minClipDuration: 61, maxClipDuration: 100 });
    expect(named(res.data.items)).toEqual(['c8']);
  });
});

describe('sorting and paging', () => {
  it('premiereDate: newest premiere first, unknown dates last', async () => {
    const res = await videos({ sortBy: 'premiereDate', limit: 100 }, fx.owner.token);
    const order = named(res.data.items);
    expect(order).toEqual(['v3', 'v4', 'v1', 'v6', 'v2', 'v5']);
  });

  it('virality: most viral first', async () => {
    const res = await videos({ sortBy: 'virality', limit: 100 }, fx.owner.token);
    expect(named(res.data.items)).toEqual(['v4', 'v2', 'v6', 'v1', 'v3', 'v5']);
  });

  it('newest: the last imported first', async () => {
    await importCatalogue(server.deps.database.db, [
      JSON.stringify({
        externalId: 'late',
        title: 'Late Arrival',
        channel: { externalId: 'beta', name: 'Beta Channel' },
        clips: [],
      }),
    ]);
    const res = await videos({ sortBy: 'newest', limit: 1 });
    expect(res.data.items[0]!.title).toBe('Late Arrival');
    const defaulted = await videos({ limit: 1 });
    expect(defaulted.data.items[0]!.title).toBe('Late Arrival');
  });

  for (const sortBy of ['premiereDate', 'virality', 'newest'] as const) {
    it(`cursor paging by ${sortBy} walks every row once`, async () => {
      const all = await videos({ sortBy, limit: 100 }, fx.member.token);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: Awaited<ReturnType<typeof videos>> = await videos(
          { sortBy, limit: 4, cursor },
          fx.member.token,
        );
        expect(res.status).toBe(200);
        expect(res.data.total).toBe(all.data.total);
        seen.push(...res.data.items.map((i) => i.id));
        cursor = res.data.nextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      expect(seen).toEqual(all.data.items.map((i) => i.id));
      expect(new Set(seen).size).toBe(seen.length);
    });
  }

  it('numbered pages match slices of the full list', async () => {
    const all = await clips({ sortBy: 'virality', limit: 100 });
    const page2 = await clips({ sortBy: 'virality', limit: 5, page: 2 });
    expect(page2.data.items.map((i) => i.id)).toEqual(all.data.items.slice(5, 10).map((i) => i.id));
  });

  it('keyword relevance pages by cursor too', async () => {
    const all = await clips({ textArr: ['filler'], limit: 100 });
    expect(all.data.total).toBe(23);
    const first = await clips({ textArr: ['filler'], limit: 10 });
    const second = await clips({ textArr: ['filler'], limit: 10, cursor: first.data.nextCursor });
    expect([...first.data.items, ...second.data.items].map((i) => i.id)).toEqual(
      all.data.items.slice(0, 20).map((i) => i.id),
    );
  });
});

describe('bad filter values answer 400 naming the field', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['minClipDuration', { minClipDuration: -1 }],
    ['maxClipDuration', { maxClipDuration: 'long' }],
    ['maxClipDuration', { minClipDuration: 60, maxClipDuration: 10 }],
    ['sortBy', { sortBy: 'random' }],
    ['videoIds', { videoIds: 'not-an-id' }],
    ['personIds', { personIds: [42] }],
    ['beforePremiereDate', { beforePremiereDate: '2020-13-45' }],
    ['underPremierDate', { underPremierDate: 'yesterday' }],
    ['afterPremiereDate', { afterPremiereDate: '2020-01-01', beforePremiereDate: '2019-01-01' }],
    ['accessLevel', { accessLevel: 'secret' }],
    ['page', { page: 0 }],
    ['limit', { limit: 1000 }],
    ['embeddingSearch', { embeddingSearch: 'maybe' }],
    ['cursor', { cursor: 'garbage' }],
  ];
  for (const [field, input] of cases) {
    it(`${field}: ${JSON.stringify(input)}`, async () => {
      const res = await videos(input);
      expect(res.status).toBe(400);
      expect(res.error!.message).toContain(field);
    });
  }

  it('a clear error, not a 500, for semantic search when embeddings are off (or pgvector missing)', async () => {
    const res = await clips({ embeddingSearch: true, textArr: ['ghost'] });
    expect(res.status).toBe(412);
    // On a PostgreSQL without pgvector (npm run test:pg) that reason comes first.
    expect(res.error!.message).toMatch(
      server.deps.database.hasVector ? /Semantic search is turned off/ : /needs the pgvector/,
    );
  });
});

describe('video, facets, channel, index status', () => {
  it('a video with its clips in order, people, tags and channel', async () => {
    const res = await trpcQuery<VideoDetail>(server, 'catalogue.video', { videoId: fx.ids.v1 });
    expect(res.data.title).toBe('Haunted Manor');
    expect(res.data.channel).toEqual({ slug: 'alpha-films', name: 'Alpha Films' });
    expect(res.data.people.map((p) => p.name)).toEqual(['Ann Director']);
    expect(res.data.videoTags.map((t) => `${t.kind}:${t.name}`)).toEqual(['genre:Horror']);
    expect(res.data.clips.map((c) => c.title)).toEqual(['Ghost on the stairs', 'Basement noises']);
    expect(res.data.clips[1]).toMatchObject({
      startSeconds: 100,
      endSeconds: 110,
      durationSeconds: 10,
    });
    expect(res.data.clips[1]!.tags.map((t) => t.slug)).toEqual(['night', 'scary']);
  });

  it('facets count within the current filters', async () => {
    const facets = await trpcQuery<Facets>(server, 'catalogue.facets', { textArr: ['haunted'] });
    expect(facets.data.people.map((p) => [p.name, p.count])).toEqual([
      ['Ann Director', 1],
      ['Bob Maker', 1],
    ]);
    expect(facets.data.videoTags.map((t) => [t.name, t.count])).toEqual([['Horror', 2]]);
  });

  it('a channel page works signed out and lists only what the caller may see', async () => {
    const header = await trpcQuery<ChannelHeader>(server, 'catalogue.channel', {
      slug: 'alpha-films',
    });
    expect(header.data).toMatchObject({ slug: 'alpha-films', name: 'Alpha Films', videoCount: 3 });
    const list = await trpcQuery<SearchResult<VideoListItem>>(server, 'catalogue.channelVideos', {
      slug: 'alpha-films',
    });
    expect(named(list.data.items)).toEqual(['v1', 'v6', 'v2']);
    const owner = await trpcQuery<SearchResult<VideoListItem>>(
      server,
      'catalogue.channelVideos',
      { slug: 'alpha-films' },
      fx.owner.token,
    );
    expect(named(owner.data.items)).toEqual(['v3', 'v4', 'v1', 'v6', 'v2']);
    const missing = await trpcQuery(server, 'catalogue.channel', { slug: 'nobody-here' });
    expect(missing.status).toBe(404);
  });

  it('facets on a channel page count only that channel’s videos', async () => {
    const all = await trpcQuery<Facets>(server, 'catalogue.facets', {});
    const channel = await trpcQuery<Facets>(server, 'catalogue.facets', { slug: 'alpha-films' });
    const videos = await trpcQuery<SearchResult<VideoListItem>>(server, 'catalogue.channelVideos', {
      slug: 'alpha-films',
    });
    const onChannel = new Set(videos.data.items.flatMap((v) => v.people.map((p) => p.id)));
    expect(channel.data.people.length).toBeGreaterThan(0);
    expect(channel.data.people.every((p) => onChannel.has(p.id))).toBe(true);
    // the whole catalogue counts more (other channels' clips), the channel page only its own
    const sum = (f: Facets) => f.tags.reduce((n, t) => n + t.count, 0);
    expect(sum(all.data)).toBeGreaterThan(sum(channel.data));
    for (const person of channel.data.people) {
      const own = await trpcQuery<SearchResult<VideoListItem>>(server, 'catalogue.channelVideos', {
        slug: 'alpha-films',
        personIds: [person.id],
      });
      expect(own.data.total).toBe(person.count);
    }
    const missing = await trpcQuery(server, 'catalogue.facets', { slug: 'nobody-here' });
    expect(missing.status).toBe(404);
  });

  it('the channel is also found by its owner’s user slug', async () => {
    const header = await trpcQuery<ChannelHeader>(server, 'catalogue.channel', {
      slug: fx.owner.user.slug,
    });
    expect(header.data.slug).toBe('alpha-films');
  });

  it('index status counts the catalogue', async () => {
    const res = await trpcQuery<IndexStatus>(server, 'catalogue.indexStatus');
    expect(res.data).toMatchObject({ indexed: 0, enabled: false, running: false });
    expect(res.data.total).toBeGreaterThan(30);
  });
});

describe('relevance', () => {
  // "lighthouse" is in the title of the older film and only in the description of the newer
  const lighthouse = (externalId: string, title: string, premiereDate: string, text: string) =>
    JSON.stringify({
      externalId,
      title,
      description: text,
      channel: { externalId: 'beta', name: 'Beta Channel', slug: 'beta-channel' },
      premiereDate,
      virality: externalId === 'lh-new' ? 90 : 1,
      clips: [],
    });
  beforeAll(async () => {
    await importCatalogue(server.deps.database.db, [
      lighthouse('lh-old', 'The Lighthouse Keeper', '1961-01-01', 'A keeper alone on a rock.'),
      lighthouse('lh-new', 'Storm Season', '2021-01-01', 'A storm passes the lighthouse.'),
    ]);
  });
  const order = (items: { externalId: string }[]) =>
    items.map((i) => i.externalId).filter((id) => id.startsWith('lh-'));

  it('orders a keyword search best match first, also when asked for by name', async () => {
    const named = await videos({ textArr: ['lighthouse'], sortBy: 'relevance' });
    expect(named.status).toBe(200);
    expect(order(named.data.items)).toEqual(['lh-old', 'lh-new']);
    expect(order((await videos({ textArr: ['lighthouse'] })).data.items)).toEqual([
      'lh-old',
      'lh-new',
    ]);
    // a column sort still re-orders the matches
    const byDate = await videos({ textArr: ['lighthouse'], sortBy: 'premiereDate' });
    expect(order(byDate.data.items)).toEqual(['lh-new', 'lh-old']);
  });

  it('pages a relevance search by number and by cursor', async () => {
    const first = await videos({ textArr: ['lighthouse'], sortBy: 'relevance', limit: 1 });
    const second = await videos({
      textArr: ['lighthouse'],
      sortBy: 'relevance',
      limit: 1,
      page: 2,
    });
    const next = await videos({
      textArr: ['lighthouse'],
      sortBy: 'relevance',
      limit: 1,
      cursor: first.data.nextCursor,
    });
    expect(order(first.data.items)).toEqual(['lh-old']);
    expect(order(second.data.items)).toEqual(['lh-new']);
    expect(order(next.data.items)).toEqual(['lh-new']);
  });

  it('on a channel page, searches by relevance and lists by premiere date without text', async () => {
    const channel = (input: Record<string, unknown>) =>
      trpcQuery<SearchResult<VideoListItem>>(server, 'catalogue.channelVideos', {
        slug: 'beta-channel',
        limit: 100,
        ...input,
      });
    expect(order((await channel({ textArr: ['lighthouse'] })).data.items)).toEqual([
      'lh-old',
      'lh-new',
    ]);
    const relevance = await channel({ textArr: ['lighthouse'], sortBy: 'relevance' });
    expect(order(relevance.data.items)).toEqual(['lh-old', 'lh-new']);
    // no text: relevance has nothing to rank by, the channel's premiere order applies
    const listed = await channel({ sortBy: 'relevance' });
    const byDate = await channel({ sortBy: 'premiereDate' });
    expect(listed.data.items.map((v) => v.id)).toEqual(byDate.data.items.map((v) => v.id));
    expect(order(listed.data.items)).toEqual(['lh-new', 'lh-old']);
  });

  it('without text, relevance lists the newest first like no sort at all', async () => {
    const relevance = await videos({ sortBy: 'relevance', limit: 10 });
    const newest = await videos({ sortBy: 'newest', limit: 10 });
    expect(relevance.data.items.map((v) => v.id)).toEqual(newest.data.items.map((v) => v.id));
  });
});
