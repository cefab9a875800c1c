// A small, known catalogue for API tests, loaded through the importer, and helpers to call
// the tRPC procedures over HTTP (`app.request`) the way the browser does.
import { sql } from 'drizzle-orm';

import { queryRows } from '../../db/rows.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { importCatalogue } from '../importer.ts';

type Clip = [
  externalId: string,
  start: number,
  end: number,
  title: string,
  text: string,
  tags: string[],
];

function video(
  externalId: string,
  title: string,
  options: {
    channel?: 'alpha' | 'beta';
    premiereDate?: string | null;
    virality?: number;
    accessLevel?: 'public' | 'members' | 'private';
    people?: string[];
    genre?: string;
    clips: Clip[];
    description?: string;
  },
) {
  return JSON.stringify({
    externalId,
    title,
    description: options.description ?? `${title}, a film.`,
    channel:
      options.channel === 'beta'
        ? {
            externalId: 'beta',
            name: 'Beta Channel',
            slug: 'beta-channel',
            youtubeChannelId: 'UCbetaChannel000000001',
          }
        : {
            externalId: 'alpha',
            name: 'Alpha Films',
            slug: 'alpha-films',
            ownerEmail: 'owner@example.com',
          },
    premiereDate: options.premiereDate ?? null,
    virality: options.virality ?? 0,
    accessLevel: options.accessLevel ?? 'public',
    people: (options.people ?? []).map((name) => ({ name, role: 'director' })),
    videoTags: options.genre ? [{ kind: 'genre', name: options.genre }] : [],
    clips: options.clips.map(([id, startSeconds, endSeconds, clipTitle, text, tags]) => ({
      externalId: id,
      startSeconds,
      endSeconds,
      title: clipTitle,
      text,
      tags,
    })),
  });
}

export const CATALOGUE_LINES = [
  video('v1', 'Haunted Manor', {
    premiereDate: '2001-05-01',
    virality: 50,
    people: ['Ann Director'],
    genre: 'Horror',
    clips: [
      [
        'c1',
        0,
        30,
        'Ghost on the stairs',
        'A pale figure walks down the stairs at midnight.',
        ['scary'],
      ],
      [
        'c2',
        100,
        110,
        'Basement noises',
        'Scratching behind the basement wall.',
        ['scary', 'night'],
      ],
    ],
  }),
  video('v2', 'Highway Pursuit', {
    premiereDate: '1995-03-10',
    virality: 80,
    people: ['Bob Maker'],
    genre: 'Action',
    clips: [
      ['c3', 10, 70, 'Car chase downtown', 'Police cars race through downtown streets.', ['chase']],
      [
        'c4',
        200,
        380,
        'Warehouse shootout',
        'Bullets fly between the crates after the chase.',
        ['shootout'],
      ],
    ],
  }),
  video('v3', 'Summer Romance', {
    premiereDate: '2010-07-01',
    virality: 20,
    accessLevel: 'members',
    people: ['Ann Director'],
    genre: 'Romantic Comedy',
    clips: [['c5', 5, 12, 'Rainy kiss', 'They kiss in the rain after the quarrel.', ['romance']]],
  }),
  video('v4', 'Secret Diary', {
    premiereDate: '2005-01-01',
    virality: 95,
    accessLevel: 'private',
    genre: 'Drama',
    clips: [['c6', 0, 40, 'The confession', 'A confession at the kitchen table.', ['emotional']]],
  }),
  video('v5', 'Untitled Short', {
    channel: 'beta',
    virality: 5,
    clips: [['c7', 0, 5, 'Opening scene', 'The first shot of the short.', ['opening']]],
  }),
  video('v6', 'Haunted Highway', {
    premiereDate: '1999-10-31',
    virality: 60,
    people: ['Bob Maker'],
    genre: 'Horror',
    clips: [
      [
        'c8',
        0,
        90,
        'Ghost car chase',
        'A phantom car chases the driver at night.',
        ['chase', 'scary'],
      ],
    ],
  }),
];

/** Filler videos with repeated dates and virality, to test paging through ties. */
export function fillerLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    video(`filler-${i}`, `Filler reel ${i}`, {
      channel: 'beta',
      premiereDate: i % 3 === 0 ? null : `198${i % 4}-01-01`,
      virality: i % 5,
      clips: [[`filler-${i}-clip`, 0, 10 + i, `Filler clip ${i}`, 'Nothing much happens.', []]],
    }),
  );
}

export interface CatalogueFixture {
  owner: Awaited<ReturnType<TestServer['createUser']>>;
  member: Awaited<ReturnType<TestServer['createUser']>>;
  /** external id → database id, for videos and clips */
  ids: Record<string, string>;
}

export async function loadTestCatalogue(
  server: TestServer,
  extra: string[] = [],
): Promise<CatalogueFixture> {
  const owner = await server.createUser({ email: 'owner@example.com' });
  const member = await server.createUser();
  const summary = await importCatalogue(server.deps.database.db, [...CATALOGUE_LINES, ...extra]);
  if (summary.skipped.length) throw new Error(JSON.stringify(summary.skipped));
  const rows = await queryRows<{ external_id: string; id: string }>(
    server.deps.database.db,
    sql`select external_id, id from catalogue_videos union all select external_id, id from catalogue_clips`,
  );
  const ids = Object.fromEntries(rows.map((r) => [r.external_id, r.id]));
  return { owner, member, ids };
}

export interface TrpcAnswer<T> {
  status: number;
  data: T;
  error?: {
    message: string;
    data: { code: string; httpStatus: number; fields: Record<string, string> | null };
  };
}

/** GET /trpc/<path>?input=… (queries), as the tRPC client sends them. */
export async function trpcQuery<T = unknown>(
  server: TestServer,
  path: string,
  input?: unknown,
  token?: string,
): Promise<TrpcAnswer<T>> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await server.call('GET', `/trpc/${path}${query}`, { token });
  const body = (await res.json()) as { result?: { data: T }; error?: TrpcAnswer<T>['error'] };
  return { status: res.status, data: body.result?.data as T, error: body.error };
}

/** POST /trpc/<path> with a JSON body (mutations). */
export async function trpcMutation<T = unknown>(
  server: TestServer,
  path: string,
  input: unknown,
  token?: string,
): Promise<TrpcAnswer<T>> {
  const res = await server.call('POST', `/trpc/${path}`, { token, body: input });
  const body = (await res.json()) as { result?: { data: T }; error?: TrpcAnswer<T>['error'] };
  return { status: res.status, data: body.result?.data as T, error: body.error };
}
