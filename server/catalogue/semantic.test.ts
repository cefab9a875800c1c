// Semantic and hybrid search with the real model (Universal Sentence Encoder lite) on a small
// catalogue, the background indexer's resume and skip behaviour, and the clear error on a
// database without pgvector. Debian's PostgreSQL (npm run test:pg) has no pgvector, so there
// the vector tests are skipped with that reason and only the error test runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ClipListItem, SearchInput, SearchResult } from '../contracts/catalogue.ts';
import { createTestServer, type TestServer } from '../test-utils.ts';
import { createUseLiteProvider, type EmbeddingProvider } from './embeddings.ts';
import { importCatalogue } from './importer.ts';
import { indexCatalogue, indexStatus } from './indexer.ts';
import { invalidateSemanticCache } from './semantic.ts';
import { loadTestCatalogue, trpcQuery, type CatalogueFixture } from './test-catalogue.ts';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

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
    const model = createUseLiteProvider();
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

    it('answers keyword-only and says so while the index is being built', async () => {
      const res = await clips({ embeddingSearch: true, textArr: ['chase'] });
      expect(res.status).toBe(200);
      expect(res.data.search).toEqual({ semantic: false, indexing: true });
      expect(ids(res).sort()).toEqual(['c3', 'c4', 'c8']);
    });

    it('indexes everything, then resumes with nothing to do and skips unchanged texts', async () => {
      const status = await indexCatalogue(server.deps, counting, { batchSize: 4 });
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
