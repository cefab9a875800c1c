// The importer: bad lines reported with their line numbers and skipped, the rest imported;
// idempotent by external id; and the demo catalogue built from vega-datasets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../db/rows.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { demoCatalogueLines, loadMovies, parseReleaseDate } from './demo-catalogue.ts';
import { importCatalogue } from './importer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const channel = { externalId: 'ch', name: 'Importer Channel' };
const good = (externalId: string, clips: unknown[] = []) =>
  JSON.stringify({ externalId, title: `Video ${externalId}`, channel, clips });

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    server.deps.database.db,
    sql.raw(`select count(*) as n from ${table}`),
  );
  return Number(row!.n);
}

describe('importCatalogue', () => {
  it("gives a channel to its ownerEmail's account only when that email is verified", async () => {
    const unverified = await server.createUser({
      email: 'unverified-owner@example.com',
      emailVerifiedAt: null,
    });
    const verified = await server.createUser({ email: 'verified-owner@example.com' });
    const owned = (externalId: string, ownerEmail: string) =>
      JSON.stringify({
        externalId,
        title: `Owned ${externalId}`,
        channel: { externalId: `owned-${externalId}`, name: `Owned ${externalId}`, ownerEmail },
      });
    await importCatalogue(server.deps.database.db, [
      owned('u', 'unverified-owner@example.com'),
      owned('v', 'Verified-Owner@example.com'),
    ]);
    const rows = await queryRows<{ external_id: string; owner_user_id: string | null }>(
      server.deps.database.db,
      sql`select external_id, owner_user_id from catalogue_channels where external_id like 'owned-%' order by external_id`,
    );
    expect(rows).toEqual([
      { external_id: 'owned-u', owner_user_id: null },
      { external_id: 'owned-v', owner_user_id: verified.user.id },
    ]);
    expect(unverified.user.emailVerifiedAt).toBeNull();
  });

  it('reports each bad line with its number and imports the rest', async () => {
    const lines = [
      good('a', [{ externalId: 'a1', startSeconds: 0, endSeconds: 10, title: 'A one' }]),
      '{ not json',
      JSON.stringify({ externalId: 'b', channel }),
      '',
      JSON.stringify({ externalId: 'c', title: 'C', channel, premiereDate: '2020-02-30' }),
      good('d', [{ externalId: 'd1', startSeconds: 20, endSeconds: 5, title: 'Backwards' }]),
      JSON.stringify({ externalId: 'e', title: 'E', channel, accessLevel: 'secret' }),
      good('f'),
    ];
    const progress: number[] = [];
    const summary = await importCatalogue(server.deps.database.db, lines, {
      batchSize: 1,
      onProgress: (p) => progress.push(p.videos),
    });
    expect(summary.lines).toBe(8);
    expect(summary.videos).toBe(2);
    expect(summary.clips).toBe(1);
    expect(summary.skipped.map((s) => s.line)).toEqual([2, 3, 5, 6, 7]);
    expect(summary.skipped[0]!.error).toBe('not valid JSON');
    expect(summary.skipped[1]!.error).toMatch(/^title: /);
    expect(summary.skipped[2]!.error).toMatch(/^premiereDate: /);
    expect(summary.skipped[3]!.error).toBe('clips.0.endSeconds: must be after startSeconds');
    expect(summary.skipped[4]!.error).toMatch(/^accessLevel: /);
    expect(progress).toEqual([1, 2]);
  });

  it('is idempotent by external id and drops clips no longer listed', async () => {
    const clips = [
      { externalId: 'g1', startSeconds: 0, endSeconds: 10, title: 'G one', tags: ['x'] },
      { externalId: 'g2', startSeconds: 10, endSeconds: 20, title: 'G two', tags: ['x', 'y'] },
    ];
    await importCatalogue(server.deps.database.db, [good('g', clips)]);
    const videos = await count('catalogue_videos');
    const clipRows = await count('catalogue_clips');
    await importCatalogue(server.deps.database.db, [good('g', clips)]);
    expect(await count('catalogue_videos')).toBe(videos);
    expect(await count('catalogue_clips')).toBe(clipRows);
    await importCatalogue(server.deps.database.db, [
      JSON.stringify({ externalId: 'g', title: 'G renamed', channel, clips: [clips[1]] }),
    ]);
    expect(await count('catalogue_clips')).toBe(clipRows - 1);
    const [video] = await queryRows<{ title: string }>(
      server.deps.database.db,
      sql`select title from catalogue_videos where external_id = 'g'`,
    );
    expect(video!.title).toBe('G renamed');
  });
});

describe('demo catalogue from vega-datasets', () => {
  const movies = loadMovies();
  const lines = demoCatalogueLines(movies);
  const parsed = lines.map(
    (l) =>
      JSON.parse(l) as {
        externalId: string;
        premiereDate: string | null;
        durationSeconds: number | null;
        people: { name: string }[];
        videoTags: { kind: string; name: string }[];
        clips: {
          startSeconds: number;
          endSeconds: number;
          title: string;
          text: string;
          tags: string[];
        }[];
      },
  );

  it('turns every titled film into a line, deterministically, with unique ids', () => {
    expect(lines.length).toBeGreaterThan(3000);
    expect(demoCatalogueLines(movies)).toEqual(lines);
    expect(new Set(parsed.map((p) => p.externalId)).size).toBe(parsed.length);
  });

  it('gives each film 3 to 6 clips of 5 to 180 seconds with titles, text and tags', () => {
    for (const film of parsed) {
      expect(film.clips.length).toBeGreaterThanOrEqual(3);
      expect(film.clips.length).toBeLessThanOrEqual(6);
      for (const clip of film.clips) {
        const length = clip.endSeconds - clip.startSeconds;
        expect(length).toBeGreaterThanOrEqual(5);
        expect(length).toBeLessThanOrEqual(180);
        expect(clip.startSeconds).toBeGreaterThanOrEqual(0);
        if (film.durationSeconds) expect(clip.endSeconds).toBeLessThanOrEqual(film.durationSeconds);
        expect(clip.title.length).toBeGreaterThan(5);
        expect(clip.tags.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps films without a running time or a date, and reads two-digit-year slips', () => {
    expect(parsed.some((p) => p.durationSeconds === null)).toBe(true);
    const [undated] = demoCatalogueLines([
      { ...movies[0]!, Title: 'Undated', 'Release Date': null, 'Running Time min': null },
    ]).map(
      (l) => JSON.parse(l) as { premiereDate: unknown; durationSeconds: unknown; clips: unknown[] },
    );
    expect(undated).toMatchObject({ premiereDate: null, durationSeconds: null });
    expect(undated!.clips.length).toBeGreaterThanOrEqual(3);
    expect(parseReleaseDate('Jun 12 1998')).toBe('1998-06-12');
    expect(parseReleaseDate('Dec 31 2046')).toBe('1946-12-31');
    expect(parseReleaseDate(null)).toBeNull();
  });

  it('maps director to a person and genre, creative type, source, rating to video tags', () => {
    const film = parsed.find((p) => p.externalId.startsWith('vega-movie:titanic-1997'))!;
    expect(film.people.map((p) => p.name)).toEqual(['James Cameron']);
    expect(film.videoTags.map((t) => t.kind).sort()).toEqual([
      'creativeType',
      'genre',
      'rating',
      'source',
    ]);
  });

  it('imports through the importer with no line skipped', async () => {
    const summary = await importCatalogue(server.deps.database.db, lines.slice(0, 300));
    expect(summary.skipped).toEqual([]);
    expect(summary.videos).toBe(300);
  });
});
