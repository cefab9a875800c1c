// The demo catalogue is searchable by meaning as soon as it is seeded: its films' vectors ship
// with the code (demo-vectors.bin), keyed by the hash of each film's text. Real model in the
// query worker, real PGlite with pgvector. The seed takes a part of the demo (the space films
// and a few hundred others) to keep the run short; the vectors are the shipped ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SearchResult, VideoListItem } from '../contracts/catalogue.ts';
import { seedCatalogue } from '../seed/catalogue.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { demoCatalogueLines } from './demo-catalogue.ts';
import { decodeDemoVectors, encodeDemoVectors } from './demo-vectors.ts';
import { embeddingProvider, type EmbeddingProvider } from './embeddings.ts';
import { importCatalogue } from './importer.ts';
import { indexCatalogue, indexStatus, invalidateIndexStatus } from './indexer.ts';
import { trpcQuery } from './testing/catalogue.ts';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

const SPACE_FILMS = [
  'Apollo 13',
  'Space Cowboys',
  'Mission to Mars',
  'Red Planet',
  'Lost In Space',
  'Star Trek: The Motion Picture',
  'Star Trek: First Contact',
  '2001: A Space Odyssey',
  'The Astronaut Farmer',
  "The Astronaut's Wife",
  'Galaxy Quest',
  'Armageddon',
  'Planet 51',
  'Moon',
];

function demoPart(): string[] {
  const lines = demoCatalogueLines();
  const titleOf = (line: string) => (JSON.parse(line) as { title: string }).title;
  return lines.filter((line, i) => i % 12 === 0 || SPACE_FILMS.includes(titleOf(line)));
}

describe('the demo vectors file', () => {
  it('keeps each vector within a rounding of its direction', () => {
    const vector = Array.from({ length: 512 }, (_, i) => Math.sin(i * 1.7) / 16);
    const norm = Math.hypot(...vector);
    const unit = vector.map((x) => x / norm);
    const hash = '0123456789abcdef0123456789abcdef';
    const back = decodeDemoVectors(encodeDemoVectors([{ hash, vector: unit }])).get(hash)!;
    const cosine = back.reduce((sum, x, i) => sum + x * unit[i]!, 0);
    expect(cosine).toBeGreaterThan(0.9999);
  });
});

describe.skipIf(ON_POSTGRES)(
  'the seeded demo catalogue (skipped on PostgreSQL here: Debian’s PostgreSQL has no pgvector)',
  () => {
    let server: TestServer;
    const lines = demoPart();
    const videos = (input: Record<string, unknown>) =>
      trpcQuery<SearchResult<VideoListItem>>(server, 'catalogue.searchVideos', input);

    beforeAll(async () => {
      server = await createTestServer({ EMBEDDINGS: 'on' });
      await seedCatalogue(server.deps, () => lines);
    });
    afterAll(async () => {
      await server.close();
      (embeddingProvider() as { close?: () => void }).close?.();
    });

    it('has every demo film indexed before any text is embedded', async () => {
      const status = await indexStatus(server.deps);
      expect(status.videos.total).toBe(lines.length);
      expect(status.videos.indexed).toBe(status.videos.total);
      expect(status.clips.indexed).toBe(0);
    });

    it('finds films by a description that shares no word with them, at once', async () => {
      const query = 'astronauts travel through outer space';
      const keyword = await videos({ textArr: [query] });
      expect(keyword.data.total).toBe(0);
      const res = await videos({ embeddingSearch: true, textArr: [query], limit: 10 });
      expect(res.status).toBe(200);
      expect(res.data.search).toEqual({ semantic: true, indexing: false });
      const titles = res.data.items.map((v) => v.title);
      expect(titles.filter((t) => SPACE_FILMS.includes(t)).length).toBeGreaterThanOrEqual(6);
    }, 60_000);

    it('embeds again a demo film whose text changed, and only that film', async () => {
      const line = JSON.parse(lines[0]!) as { title: string; description: string };
      line.description = `${line.description} Restored in 4K with a new commentary track.`;
      await importCatalogue(server.deps.database.db, [JSON.stringify(line)]);
      await seedCatalogue(server.deps, () => lines);
      invalidateIndexStatus(server.deps);
      const status = await indexStatus(server.deps);
      expect(status.videos.indexed).toBe(status.videos.total - 1);

      const embedded: string[] = [];
      const counting: EmbeddingProvider = {
        dimensions: 512,
        embed: (texts) => {
          embedded.push(...texts);
          return embeddingProvider().embed(texts);
        },
      };
      await indexCatalogue(server.deps, counting, { shouldStop: () => embedded.length > 0 });
      expect(embedded).toEqual([`${line.title}. ${line.description}`]);
      expect((await indexStatus(server.deps)).videos.indexed).toBe(status.videos.total);
    }, 60_000);
  },
);
