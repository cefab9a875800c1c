// The catalogue's contract: the zod input schemas of the tRPC catalogue, favourites and
// collections routers, and the TypeScript shapes they answer with. The client imports the
// schemas (to parse URL filters the same way) and the types; the server validates with them.
//
// The filter set is docs/product-rules.md#catalogue's, to the letter: `embeddingSearch`, `textArr`,
// `videoIds`, `personIds`, `tagIds`, `videoTagIds`, `beforePremiereDate` (also `underPremierDate`),
// `afterPremiereDate`, `minClipDuration`, `maxClipDuration`, `sortBy`, `page`, `accessLevel`.
// Values may arrive as they sit in a URL query: lists as comma-separated strings (split and
// trimmed), numbers and booleans as strings. Every error names its field.
import { z } from 'zod';

export const ACCESS_LEVELS = ['public', 'members', 'private'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * `relevance` orders a text search (keyword or meaning) best match first; without search text
 * it falls back to the listing's own order (`newest`, or premiere date on a channel page).
 */
export const SORT_OPTIONS = ['relevance', 'premiereDate', 'virality', 'newest'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];
/** The sorts that order by a column, whatever the search text. */
export type ColumnSort = Exclude<SortBy, 'relevance'>;

export const DEFAULT_LIMIT = 24;
export const MAX_LIMIT = 100;
export const MAX_LIST_ITEMS = 100;

/** Splits `"a, b,,c"` into `['a','b','c']`; arrays have each entry trimmed the same way. */
export function splitList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = Array.isArray(value) ? value : [value];
  const out: unknown[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      for (const piece of part.split(',')) {
        const trimmed = piece.trim();
        if (trimmed) out.push(trimmed);
      }
    } else {
      out.push(part);
    }
  }
  return out;
}

const idList = z.preprocess(
  splitList,
  z
    .array(z.uuid({ error: 'must be a list of ids' }))
    .max(MAX_LIST_ITEMS, { error: `at most ${MAX_LIST_ITEMS} ids` })
    .optional(),
);

const textList = z.preprocess(
  splitList,
  z
    .array(z.string().max(200, { error: 'each term is at most 200 characters' }))
    .max(20, { error: 'at most 20 terms' })
    .optional(),
);

const booleanFlag = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0' || v === '') return false;
    return v;
  },
  z.boolean({ error: 'must be true or false' }).optional(),
);

const DATE_RE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/** A calendar date `YYYY-MM-DD` (a full ISO timestamp is cut to its date). */
const dateParam = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'must be a date (YYYY-MM-DD)' })
    .regex(DATE_RE, { error: 'must be a date (YYYY-MM-DD)' })
    .refine((s) => !Number.isNaN(Date.parse(s.slice(0, 10))), {
      error: 'must be a real calendar date',
    })
    .transform((s) => s.slice(0, 10))
    .optional(),
);

const numberParam = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'must be a number' })
      .finite({ error: 'must be a number' })
      .min(0, { error: 'must be 0 or more' })
      .max(max, { error: `must be at most ${max}` })
      .optional(),
  );

const intParam = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` })
      .optional(),
  );

/** The filter set, with the raw (URL) shapes accepted. */
export const catalogueFilterFields = {
  embeddingSearch: booleanFlag,
  textArr: textList,
  videoIds: idList,
  personIds: idList,
  tagIds: idList,
  videoTagIds: idList,
  beforePremiereDate: dateParam,
  underPremierDate: dateParam,
  afterPremiereDate: dateParam,
  minClipDuration: numberParam(24 * 3600),
  maxClipDuration: numberParam(24 * 3600),
  sortBy: z
    .enum(SORT_OPTIONS, { error: 'must be relevance, premiereDate, virality or newest' })
    .optional(),
  page: intParam(1, 10_000),
  accessLevel: z.enum(ACCESS_LEVELS, { error: 'must be public, members or private' }).optional(),
};

const pagingFields = {
  cursor: z.string().max(500, { error: 'is not a valid cursor' }).nullish(),
  limit: intParam(1, MAX_LIMIT),
};

function checkRanges(
  v: {
    minClipDuration?: number;
    maxClipDuration?: number;
    beforePremiereDate?: string;
    underPremierDate?: string;
    afterPremiereDate?: string;
  },
  ctx: z.RefinementCtx,
) {
  if (
    v.minClipDuration !== undefined &&
    v.maxClipDuration !== undefined &&
    v.minClipDuration > v.maxClipDuration
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxClipDuration'],
      message: 'must not be below minClipDuration',
    });
  }
  const before = v.beforePremiereDate ?? v.underPremierDate;
  if (before && v.afterPremiereDate && v.afterPremiereDate > before) {
    ctx.addIssue({
      code: 'custom',
      path: ['afterPremiereDate'],
      message: 'must not be after beforePremiereDate',
    });
  }
}

/** Folds `underPremierDate` into `beforePremiereDate` so the server sees one spelling. */
function normalise<T extends { beforePremiereDate?: string; underPremierDate?: string }>(
  v: T,
): Omit<T, 'underPremierDate'> {
  const { underPremierDate, ...rest } = v;
  return { ...rest, beforePremiereDate: v.beforePremiereDate ?? underPremierDate };
}

/** The filter set alone (URL state); the client parses its query string with this. */
export const catalogueFiltersSchema = z
  .object(catalogueFilterFields)
  .superRefine(checkRanges)
  .transform(normalise);
export type CatalogueFiltersInput = z.input<typeof catalogueFiltersSchema>;
export type CatalogueFilters = z.output<typeof catalogueFiltersSchema>;

/** `catalogue.searchVideos` / `catalogue.searchClips`. */
export const searchInputSchema = z
  .object({ ...catalogueFilterFields, ...pagingFields })
  .superRefine(checkRanges)
  .transform(normalise);
export type SearchInput = z.input<typeof searchInputSchema>;
export type SearchQuery = z.output<typeof searchInputSchema>;

const id = (name: string) => z.uuid({ error: `must be a ${name} id` });
const slug = z
  .string({ error: 'must be a channel slug' })
  .trim()
  .min(1, { error: 'must be a channel slug' })
  .max(120, { error: 'must be a channel slug' });

export const videoInputSchema = z.object({ videoId: id('video') });

export const similarInputSchema = z
  .object({
    videoId: id('video').optional(),
    clipId: id('clip').optional(),
    limit: intParam(1, 50),
  })
  .refine((v) => Boolean(v.videoId) !== Boolean(v.clipId), {
    error: 'give either videoId or clipId',
    path: ['videoId'],
  });

export const channelInputSchema = z.object({ slug });
/**
 * `catalogue.facets`: the filter set, optionally within one listing: a channel (its public
 * page), the caller's favourites, or one of the caller's collections.
 */
export const facetsInputSchema = z
  .object({
    ...catalogueFilterFields,
    slug: slug.optional(),
    favourites: booleanFlag,
    collectionId: id('collection').optional(),
  })
  .superRefine(checkRanges)
  .transform(normalise);

export const channelVideosInputSchema = z
  .object({ slug, ...catalogueFilterFields, ...pagingFields })
  .superRefine(checkRanges)
  .transform(normalise);

export const favouriteToggleInputSchema = z
  .object({ videoId: id('video').optional(), clipId: id('clip').optional() })
  .refine((v) => Boolean(v.videoId) !== Boolean(v.clipId), {
    error: 'give either videoId or clipId',
    path: ['videoId'],
  });

export const collectionNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(80, { error: 'is at most 80 characters' });

export const collectionIdInputSchema = z.object({ collectionId: id('collection') });
export const collectionCreateInputSchema = z.object({ name: collectionNameSchema });
export const collectionRenameInputSchema = z.object({
  collectionId: id('collection'),
  name: collectionNameSchema,
});
/** `collections.searchClips`: one collection's clips, searched like any listing. */
export const collectionSearchInputSchema = z
  .object({ collectionId: id('collection'), ...catalogueFilterFields, ...pagingFields })
  .superRefine(checkRanges)
  .transform(normalise);

export const collectionClipInputSchema = z.object({
  collectionId: id('collection'),
  clipId: id('clip'),
});

// ---- Output shapes (dates are ISO strings: tRPC runs without a transformer) ----

export interface ChannelRef {
  slug: string;
  name: string;
}

export interface NamedRef {
  id: string;
  name: string;
  slug: string;
}

export interface VideoTagRef extends NamedRef {
  /** genre, creativeType, source, rating, or any kind an imported catalogue uses */
  kind: string;
}

export interface VideoListItem {
  id: string;
  externalId: string;
  title: string;
  description: string;
  channel: ChannelRef;
  /** YYYY-MM-DD or null when unknown */
  premiereDate: string | null;
  durationSeconds: number | null;
  virality: number;
  accessLevel: AccessLevel;
  youtubeId: string | null;
  thumbnailUrl: string | null;
  clipCount: number;
  people: NamedRef[];
  videoTags: VideoTagRef[];
  createdAt: string;
  favourite: boolean;
}

export interface ClipListItem {
  id: string;
  externalId: string;
  videoId: string;
  videoTitle: string;
  channel: ChannelRef;
  title: string;
  text: string;
  startSeconds: number;
  endSeconds: number;
  durationSeconds: number;
  virality: number;
  premiereDate: string | null;
  accessLevel: AccessLevel;
  youtubeId: string | null;
  thumbnailUrl: string | null;
  tags: NamedRef[];
  createdAt: string;
  favourite: boolean;
}

export interface VideoDetail extends VideoListItem {
  clips: ClipListItem[];
}

export interface SearchMeta {
  /** Whether the semantic ranking took part in this answer. */
  semantic: boolean;
  /**
   * Whether the embedding index of the searched kind is still being built: the semantic
   * ranking then covers the texts indexed so far (`coverage`, 0–1), fused with keywords.
   */
  indexing: boolean;
  coverage?: number;
}

export interface SearchResult<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  tookMs: number;
  search: SearchMeta;
}

export interface FacetCount {
  id: string;
  name: string;
  slug: string;
  count: number;
}

export interface Facets {
  people: FacetCount[];
  tags: FacetCount[];
  videoTags: (FacetCount & { kind: string })[];
}

export interface IndexProgress {
  indexed: number;
  total: number;
}

export interface IndexStatus extends IndexProgress {
  /** false when EMBEDDINGS=off or the database has no `vector` extension */
  enabled: boolean;
  running: boolean;
  /** The same progress by kind: semantic search ranks the indexed part of each. */
  videos: IndexProgress;
  clips: IndexProgress;
}

export interface ChannelHeader {
  slug: string;
  name: string;
  videoCount: number;
  youtubeChannelId: string | null;
}

export interface FavouritesList {
  videos: VideoListItem[];
  clips: ClipListItem[];
}

export interface FavouriteToggleResult {
  favourite: boolean;
}

export interface CollectionSummary {
  id: string;
  name: string;
  clipCount: number;
  /** Thumbnails of the first few clips' videos, for a cover mosaic. */
  coverThumbnails: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Collection extends CollectionSummary {
  clips: ClipListItem[];
}
