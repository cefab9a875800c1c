// The demo catalogue: the films of npm `vega-datasets` (data/movies.json) turned into
// catalogue lines and loaded through the same importer as any other catalogue. Director →
// person; genre, creative type, source and MPAA rating → video tags; release date →
// premiere date (the data set's two-digit-year slips such as 2046 are read as 1946); running
// time → duration; virality from IMDB votes and worldwide gross. Each film gets 3–6 clips,
// chosen and placed by a PRNG seeded with the film's id, so every start builds the same
// catalogue. Films without a date or running time still import.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { SCENES, type SceneTemplate } from './demo-scenes.ts';
import { catalogueSlug } from './import-format.ts';

export interface Movie {
  Title: string | number | null;
  'Worldwide Gross': number | null;
  'Release Date': string | null;
  'MPAA Rating': string | null;
  'Running Time min': number | null;
  Distributor: string | null;
  Source: string | null;
  'Major Genre': string | null;
  'Creative Type': string | null;
  Director: string | null;
  'IMDB Rating': number | null;
  'IMDB Votes': number | null;
}

/** The demo channels and the demo users (server/seed/demo-users.ts) who own them. */
export const DEMO_CHANNELS = [
  {
    externalId: 'demo-channel:sam',
    name: 'Sam Rivera Classics',
    slug: 'sam-rivera',
    ownerEmail: 'sam@clipdeck.dev',
    youtubeChannelId: 'UCdemoSamRiveraClassic',
  },
  {
    externalId: 'demo-channel:lin',
    name: 'Lin Chen Cinema',
    slug: 'lin-chen',
    ownerEmail: 'lin@clipdeck.dev',
    youtubeChannelId: 'UCdemoLinChenCinema000',
  },
  {
    externalId: 'demo-channel:dana',
    name: "Dana's Picks",
    slug: 'dana-demo',
    ownerEmail: 'demo@clipdeck.dev',
    youtubeChannelId: 'UCdemoDanasPicks000000',
  },
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function parseReleaseDate(value: string | null): string | null {
  const match = value ? /^([A-Z][a-z]{2}) (\d{2}) (\d{4})$/.exec(value) : null;
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]!) + 1;
  let year = Number(match[3]);
  if (year > 2012) year -= 100;
  if (month < 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${match[2]}`;
}

export function loadMovies(): Movie[] {
  const require = createRequire(import.meta.url);
  // The package exports only its build; the data files sit beside it in the package.
  const main = require.resolve('vega-datasets');
  const file = path.join(path.dirname(main), '..', 'data', 'movies.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Movie[];
}

function formatTime(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.floor(seconds % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The demo catalogue as JSON Lines, in a stable order. */
export function demoCatalogueLines(movies: Movie[] = loadMovies()): string[] {
  const maxVotes = Math.max(...movies.map((m) => m['IMDB Votes'] ?? 0));
  const maxGross = Math.max(...movies.map((m) => m['Worldwide Gross'] ?? 0));
  const seen = new Map<string, number>();
  const lines: string[] = [];
  for (const movie of movies) {
    if (movie.Title === null || String(movie.Title).trim() === '') continue;
    const title = String(movie.Title).trim();
    const premiereDate = parseReleaseDate(movie['Release Date']);
    const year = premiereDate?.slice(0, 4);
    const base = `vega-movie:${catalogueSlug(title)}${year ? `-${year}` : ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const externalId = n === 1 ? base : `${base}-${n}`;
    const random = prng(hash(externalId));
    const genre = movie['Major Genre'];
    const channel = DEMO_CHANNELS[hash(movie.Distributor ?? title) % DEMO_CHANNELS.length]!;
    const roll = random();
    const accessLevel = roll < 0.05 ? 'private' : roll < 0.15 ? 'members' : 'public';
    const votes = movie['IMDB Votes'] ?? 0;
    const gross = movie['Worldwide Gross'] ?? 0;
    const popularity =
      (60 * Math.log1p(votes)) / Math.log1p(maxVotes) +
      (40 * Math.log1p(gross)) / Math.log1p(maxGross);
    const virality = Math.round(popularity * 10) / 10;
    const runtime = movie['Running Time min'] ? movie['Running Time min'] * 60 : null;
    const director = movie.Director?.trim() || null;

    const facts = [
      movie['Creative Type'] && genre
        ? `${movie['Creative Type']} ${genre.toLowerCase()}`
        : (genre ?? movie['Creative Type']),
      movie.Source,
      director ? `directed by ${director}` : null,
      movie['MPAA Rating'] && movie['MPAA Rating'] !== 'Not Rated'
        ? `rated ${movie['MPAA Rating']}`
        : null,
      movie.Distributor ? `released by ${movie.Distributor}` : null,
    ].filter(Boolean);
    const description = `${title}${year ? ` (${year})` : ''}: ${facts.join(', ')}.${
      movie['IMDB Rating']
        ? ` IMDB ${movie['IMDB Rating']}/10 from ${votes.toLocaleString('en')} votes.`
        : ''
    }`;

    const scenes: SceneTemplate[] = [...(SCENES[genre ?? ''] ?? SCENES.default!)];
    const clipCount = 3 + Math.floor(random() * 4);
    const span = runtime ?? 100 * 60;
    const clips = [];
    for (let i = 0; i < clipCount && scenes.length; i += 1) {
      const scene = scenes.splice(Math.floor(random() * scenes.length), 1)[0]!;
      const duration = Math.round(5 + random() * 175);
      const slot = span / clipCount;
      const start = Math.round(
        Math.min(span - duration, i * slot + random() * Math.max(0, slot - duration)),
      );
      const startSeconds = Math.max(0, start);
      clips.push({
        externalId: `${externalId}:clip-${i + 1}`,
        startSeconds,
        endSeconds: startSeconds + duration,
        title: `${title}: ${scene.title}`,
        text: `${scene.text} At ${formatTime(startSeconds)} in ${title}${director ? `, directed by ${director}` : ''}.`,
        tags: scene.tags,
        virality: Math.min(100, Math.round(virality * (0.5 + random()) * 10) / 10),
      });
    }
    lines.push(
      JSON.stringify({
        externalId,
        title,
        description,
        channel,
        premiereDate,
        durationSeconds: runtime,
        virality,
        accessLevel,
        people: director ? [{ name: director, role: 'director' }] : [],
        videoTags: [
          genre && { kind: 'genre', name: genre },
          movie['Creative Type'] && { kind: 'creativeType', name: movie['Creative Type'] },
          movie.Source && { kind: 'source', name: movie.Source },
          movie['MPAA Rating'] && { kind: 'rating', name: movie['MPAA Rating'] },
        ].filter(Boolean),
        clips,
      }),
    );
  }
  return lines;
}
