// Semantic and hybrid search with the real model (Universal Sentence Encoder lite) on a small
// catalogue, the background indexer's resume and skip behaviour, and the clear error on a
// database without pgvector. Debian's PostgreSQL (npm run test:pg) has no pgvector, so there
// the vector tests are skipped with that reason and only the error test runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  ClipListItem,
  SearchInput,
  SearchResult,
  VideoListItem,
} from '../contracts/catalogue.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { createUseLiteProvider, type EmbeddingProvider } from './embeddings.ts';
import { importCatalogue } from './importer.ts';
import { indexCatalogue, indexStatus } from './indexer.ts';
import { invalidateSemanticCache } from './semantic.ts';
import {
  CATALOGUE_LINES,
  loadTestCatalogue,
  trpcQuery,
  type CatalogueFixture,
} from './testing/catalogue.ts';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const model = createUseLiteProvider();

describe('a database without the vector extension', () => {
  it('answers semantic requests with a clear 412, never a 500', async () => {
    const server = await createTestServer({ EMBEDDINGS: 'on' });
    try {
      server.deps.database.hasVector = false;
      const res = await trpcQuery(server, 'catalogue.searchClips', {
        embeddingSearch: true,
        textArr: ['ghost'],
      });
      expect(res.status).toBe(412);
      expect(res.error!.message).toMatch(/needs the pgvector extension/);
      const keyword = await trpcQuery(server, 'catalogue.searchClips', { textArr: ['ghost'] });
      expect(keyword.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(ON_POSTGRES)(
  'semantic search (skipped on PostgreSQL here: Debian’s PostgreSQL has no pgvector)',
  () => {
    let server: TestServer;
    let fx: CatalogueFixture;
    const embedded: string[] = [];
    const counting: EmbeddingProvider = {
      dimensions: model.dimensions,
      embed: (texts) => {
        embedded.push(...texts);
        return model.embed(texts);
      },
    };
    const clips = (input: SearchInput, token?: string) =>
      trpcQuery<SearchResult<ClipListItem>>(server, 'catalogue.searchClips', input, token);
    const ids = (r: { data: SearchResult<ClipListItem> }) => r.data.items.map((i) => i.externalId);

    beforeAll(async () => {
      server = await createTestServer({ EMBEDDINGS: 'on' });
      fx = await loadTestCatalogue(server);
    });
    afterAll(() => server.close());

    it('ranks by meaning what is indexed so far, videos first, and says how far it has come', async () => {
      const query = {
        embeddingSearch: true,
        textArr: ['a frightening spirit haunting an old mansion'],
      };
      // nothing indexed yet: the keywords answer
      const before = await clips({ embeddingSearch: true, textArr: ['chase'] });
      expect(ids(before).sort()).toEqual(['c3', 'c4', 'c8']);
      expect(before.data.search).toMatchObject({ semantic: false, indexing: true });

      const videos = { total: CATALOGUE_LINES.length };
      await indexCatalogue(server.deps, counting, {
        batchSize: 4,
        shouldStop: () => embedded.length >= videos.total,
      });
      expect(embedded).toHaveLength(videos.total);
      invalidateSemanticCache(server.deps);
      // every video indexed, no clip yet: videos are ranked by meaning
      const films = await trpcQuery<SearchResult<VideoListItem>>(
        server,
        'catalogue.searchVideos',
        query,
      );
      expect(['v1', 'v6']).toContain(films.data.items[0]?.externalId);
      expect(films.data.search).toEqual({ semantic: true, indexing: false });

      await indexCatalogue(server.deps, counting, {
        batchSize: 4,
        shouldStop: () => embedded.length >= videos.total + 4,
      });
      invalidateSemanticCache(server.deps);
      const indexedClips = embedded.slice(videos.total);
      // half the clips indexed: those are ranked by meaning, no keyword matches
      const partial = await clips(query);
      expect(partial.data.items.length).toBeGreaterThan(0);
      for (const clip of partial.data.items)
        expect(indexedClips).toContain(`${clip.title}. ${clip.text}`);
      // and each answer says how much of its kind the meaning covered
      expect(partial.data.search).toEqual({ semantic: true, indexing: true, coverage: 0.5 });
      expect(before.data.search.coverage).toBe(0);
    });

    it('indexes everything, then resumes with nothing to do and skips unchanged texts', async () => {
      const status = await indexCatalogue(server.deps, counting, { batchSize: 4 });
      invalidateSemanticCache(server.deps);
      expect(status.indexed).toBe(status.total);
      expect(status.running).toBe(false);
      expect(embedded.length).toBe(status.total);

      embedded.length = 0;
      await indexCatalogue(server.deps, counting);
      expect(embedded).toEqual([]);

      await importCatalogue(server.deps.database.db, [
        JSON.stringify({
          externalId: 'v5',
          title: 'Untitled Short',
          description: 'Untitled Short, a film.',
          channel: { externalId: 'beta', name: 'Beta Channel' },
          virality: 5,
          clips: [
            {
              externalId: 'c7',
              startSeconds: 0,
              endSeconds: 5,
              title: 'Opening scene',
              text: 'A lighthouse keeper watches a storm roll in over the sea.',
              tags: ['opening'],
            },
          ],
        }),
      ]);
      expect((await indexStatus(server.deps)).indexed).toBe(status.total - 1);
      await indexCatalogue(server.deps, counting);
      expect(embedded).toEqual([
        'Opening scene. A lighthouse keeper watches a storm roll in over the sea.',
      ]);
      invalidateSemanticCache(server.deps);
    });

    it('finds clips by meaning when no word matches', async () => {
      const query = ['a frightening spirit haunting an old mansion'];
      const keyword = await clips({ textArr: query });
      expect(keyword.data.total).toBe(0);
      const res = await clips({ embeddingSearch: true, textArr: query });
      expect(res.data.search).toEqual({ semantic: true, indexing: false });
      expect(['c1', 'c2', 'c8']).toContain(ids(res)[0]);
    });

    it('fuses keyword and semantic rankings (hybrid)', async () => {
      const res = await clips({ embeddingSearch: true, textArr: ['chase'], limit: 3 });
      expect(res.data.search.semantic).toBe(true);
      expect(ids(res).sort()).toEqual(['c3', 'c4', 'c8']);
    });

    it('keeps the order by meaning when the relevance sort is asked for by name', async () => {
      const query = {
        embeddingSearch: true,
        textArr: ['a frightening spirit haunting an old mansion'],
      };
      const fused = await clips(query);
      const relevance = await clips({ ...query, sortBy: 'relevance' });
      expect(relevance.status).toBe(200);
      expect(relevance.data.search.semantic).toBe(true);
      expect(ids(relevance)).toEqual(ids(fused));
      expect(['c1', 'c2', 'c8']).toContain(ids(relevance)[0]);
    });

    it('applies filters and access levels to semantic results', async () => {
      const query = { embeddingSearch: true, textArr: ['lovers kissing in the rain'] };
      const anon = await clips(query);
      expect(ids(anon)).not.toContain('c5');
      const member = await clips(query, fx.member.token);
      expect(ids(member)[0]).toBe('c5');
      const short = await clips({ ...query, maxClipDuration: 6 }, fx.member.token);
      expect(ids(short)).toEqual(['c7']);
    });

    it('pages semantic results without repeats', async () => {
      const all = await clips({ embeddingSearch: true, textArr: ['night'], limit: 50 });
      const first = await clips({ embeddingSearch: true, textArr: ['night'], limit: 3 });
      const second = await clips({
        embeddingSearch: true,
        textArr: ['night'],
        limit: 3,
        cursor: first.data.nextCursor,
      });
      expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 6));
    });

    it('finds similar clips from other videos', async () => {
      const res = await trpcQuery<{ clips: ClipListItem[] }>(server, 'catalogue.similar', {
        clipId: fx.ids.c1,
        limit: 3,
      });
      expect(res.status).toBe(200);
      expect(res.data.clips.length).toBe(3);
      expect(res.data.clips.map((c) => c.videoId)).not.toContain(fx.ids.v1);
    });
  },
);

describe.skipIf(ON_POSTGRES)('the order of indexing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ EMBEDDINGS: 'on' });
    await loadTestCatalogue(server);
  });
  afterAll(() => server.close());

  it('takes a video imported while clips are being indexed before the clips still waiting', async () => {
    const order: string[] = [];
    const isVideo = (text: string) => text.endsWith(', a film.');
    const late = 'Moon Base. Moon Base, a film.';
    let imported = false;
    const provider: EmbeddingProvider = {
      dimensions: model.dimensions,
      async embed(texts) {
        order.push(...texts);
        if (!imported && !texts.some(isVideo)) {
          imported = true;
          await importCatalogue(server.deps.database.db, [
            JSON.stringify({
              externalId: 'v9',
              title: 'Moon Base',
              description: 'Moon Base, a film.',
              channel: { externalId: 'beta', name: 'Beta Channel' },
            }),
          ]);
        }
        return model.embed(texts);
      },
    };
    const status = await indexCatalogue(server.deps, provider, { batchSize: 1 });
    expect(status.indexed).toBe(status.total);
    const firstClip = order.findIndex((t) => !isVideo(t));
    const lastClip = order.findLastIndex((t) => !isVideo(t));
    expect(order.slice(0, firstClip).every(isVideo)).toBe(true);
    expect(order.indexOf(late)).toBeGreaterThan(firstClip);
    expect(order.indexOf(late)).toBeLessThan(lastClip);
  });
});
