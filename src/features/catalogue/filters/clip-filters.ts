// The video and clip filter set, as it lives in the URL query (docs/product-rules.md#catalogue).
// Pure functions only: `parseClipFilters` reads a query string leniently (a bad value is
// dropped, never thrown: a shared link must still open), `serializeClipFilters` writes the
// shortest query that reads back to the same state (defaults are left out, lists are
// comma-joined), so parse(serialize(x)) = x and links stay short.
//
// Sort defaults (the route's default over the shared one): the shared default state says `newest`,
// but /dashboard/videos and /{slug}/videos default to `premiereDate` and every other listing to
// `virality`. The page passes its own default; `newest` stays the default of the shared state for
// any listing that does not name one. While words are searched (by keyword or by meaning) the
// default is `relevance`, best match first; a sort that was the default follows the default when
// the words come and go (`changeClipFilters`), a sort the user chose stays.

export const SORT_OPTIONS = ['relevance', 'premiereDate', 'virality', 'newest'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

export const ACCESS_LEVELS = ['public', 'members', 'private'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface ClipFilters {
  embeddingSearch: boolean;
  textArr: string[];
  videoIds: string[];
  personIds: string[];
  tagIds: string[];
  videoTagIds: string[];
  /** YYYY-MM-DD */
  beforePremiereDate: string | null;
  /** YYYY-MM-DD */
  afterPremiereDate: string | null;
  /** seconds */
  minClipDuration: number | null;
  /** seconds */
  maxClipDuration: number | null;
  sortBy: SortBy;
  page: number;
  accessLevel: AccessLevel | null;
}

export type ListFilterKey = 'textArr' | 'videoIds' | 'personIds' | 'tagIds' | 'videoTagIds';
export const LIST_KEYS: ListFilterKey[] = [
  'textArr',
  'videoIds',
  'personIds',
  'tagIds',
  'videoTagIds',
];

/** Every query key the filter set owns (clearing removes all of them, `underPremierDate` too). */
export const FILTER_KEYS = [
  'embeddingSearch',
  ...LIST_KEYS,
  'beforePremiereDate',
  'underPremierDate',
  'afterPremiereDate',
  'minClipDuration',
  'maxClipDuration',
  'sortBy',
  'page',
  'accessLevel',
] as const;

export const DEFAULT_SORT: SortBy = 'newest';

/** Whether words are searched: relevance then has something to rank by. */
export function hasTextSearch(filters: Pick<ClipFilters, 'textArr'>): boolean {
  return filters.textArr.length > 0;
}

/** The sort a state has when its URL names none: relevance while words are searched. */
export function effectiveDefaultSort(
  filters: Pick<ClipFilters, 'textArr'>,
  pageDefault: SortBy = DEFAULT_SORT,
): SortBy {
  return hasTextSearch(filters) ? 'relevance' : pageDefault;
}

export function defaultClipFilters(sortBy: SortBy = DEFAULT_SORT): ClipFilters {
  return {
    embeddingSearch: false,
    textArr: [],
    videoIds: [],
    personIds: [],
    tagIds: [],
    videoTagIds: [],
    beforePremiereDate: null,
    afterPremiereDate: null,
    minClipDuration: null,
    maxClipDuration: null,
    sortBy,
    page: 1,
    accessLevel: null,
  };
}

/** A list value: repeated keys and comma-separated strings, split and trimmed, blanks and repeats dropped. */
export function splitList(values: string[]): string[] {
  const out: string[] = [];
  for (const value of values)
    for (const part of value.split(',')) {
      const item = part.trim();
      if (item && !out.includes(item)) out.push(item);
    }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: string | null): string | null {
  if (!value) return null;
  const day = value.trim().slice(0, 10);
  if (!DATE.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

function parseSeconds(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

function parseBoolean(value: string | null): boolean {
  return value !== null && ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase());
}

function isOneOf<T extends string>(options: readonly T[], value: string | null): value is T {
  return value !== null && (options as readonly string[]).includes(value);
}

export function parseClipFilters(
  query: URLSearchParams | string,
  defaultSort: SortBy = DEFAULT_SORT,
): ClipFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const filters = defaultClipFilters(defaultSort);
  filters.embeddingSearch = parseBoolean(params.get('embeddingSearch'));
  for (const key of LIST_KEYS) filters[key] = splitList(params.getAll(key));
  // the default state's second spelling is read too; the canonical name wins when both are there
  filters.beforePremiereDate =
    parseDate(params.get('beforePremiereDate')) ?? parseDate(params.get('underPremierDate'));
  filters.afterPremiereDate = parseDate(params.get('afterPremiereDate'));
  filters.minClipDuration = parseSeconds(params.get('minClipDuration'));
  filters.maxClipDuration = parseSeconds(params.get('maxClipDuration'));
  const sortBy = params.get('sortBy')?.trim() ?? null;
  // relevance without words has nothing to rank by: the page's own order applies
  filters.sortBy =
    isOneOf(SORT_OPTIONS, sortBy) && (sortBy !== 'relevance' || hasTextSearch(filters))
      ? sortBy
      : effectiveDefaultSort(filters, defaultSort);
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  const accessLevel = params.get('accessLevel')?.trim() ?? null;
  if (isOneOf(ACCESS_LEVELS, accessLevel)) filters.accessLevel = accessLevel;
  return filters;
}

/** The filter keys of a state as query pairs, defaults left out (in a stable order). */
export function serializeClipFilters(
  filters: ClipFilters,
  defaultSort: SortBy = DEFAULT_SORT,
): [string, string][] {
  const pairs: [string, string][] = [];
  if (filters.embeddingSearch) pairs.push(['embeddingSearch', 'true']);
  for (const key of LIST_KEYS) {
    const list = splitList(filters[key]);
    if (list.length) pairs.push([key, list.join(',')]);
  }
  if (filters.beforePremiereDate) pairs.push(['beforePremiereDate', filters.beforePremiereDate]);
  if (filters.afterPremiereDate) pairs.push(['afterPremiereDate', filters.afterPremiereDate]);
  if (filters.minClipDuration !== null)
    pairs.push(['minClipDuration', String(filters.minClipDuration)]);
  if (filters.maxClipDuration !== null)
    pairs.push(['maxClipDuration', String(filters.maxClipDuration)]);
  if (filters.sortBy !== effectiveDefaultSort(filters, defaultSort))
    pairs.push(['sortBy', filters.sortBy]);
  if (filters.page > 1) pairs.push(['page', String(filters.page)]);
  if (filters.accessLevel) pairs.push(['accessLevel', filters.accessLevel]);
  return pairs;
}

/**
 * The state after a change: any change other than paging starts again from page 1, and a sort
 * that was the default stays the default (relevance when words arrive, the page's own sort when
 * they go); relevance never outlives the words it ranked.
 */
export function changeClipFilters(
  base: ClipFilters,
  change: Partial<ClipFilters>,
  pageDefault: SortBy = DEFAULT_SORT,
): ClipFilters {
  const next: ClipFilters = { ...base, page: 1, ...change };
  const wasDefault = base.sortBy === effectiveDefaultSort(base, pageDefault);
  if (
    (change.sortBy === undefined && wasDefault) ||
    (next.sortBy === 'relevance' && !hasTextSearch(next))
  )
    next.sortBy = effectiveDefaultSort(next, pageDefault);
  return next;
}

/**
 * The next query string: the current one with every filter key replaced by `filters`
 * (other keys, such as `ref`, are kept). With `keepOthers: false` (a move to another
 * path) only the filters are written.
 */
export function writeClipFilters(
  current: URLSearchParams | string,
  filters: ClipFilters,
  defaultSort: SortBy = DEFAULT_SORT,
  keepOthers = true,
): URLSearchParams {
  const next = new URLSearchParams(keepOthers ? current : '');
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of serializeClipFilters(filters, defaultSort)) next.append(key, value);
  return next;
}

/** The query string with every filter key removed. */
export function clearClipFilters(current: URLSearchParams | string): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

/** How many filters narrow the results (sort and page do not count). */
export function countActiveFilters(filters: ClipFilters): number {
  let n = LIST_KEYS.reduce((sum, key) => sum + filters[key].length, 0);
  if (filters.beforePremiereDate) n += 1;
  if (filters.afterPremiereDate) n += 1;
  if (filters.minClipDuration !== null) n += 1;
  if (filters.maxClipDuration !== null) n += 1;
  if (filters.accessLevel) n += 1;
  return n;
}

/**
 * /dashboard/videos and /{slug}/videos sort by premiere date by default, every other listing by
 * virality (docs/product-rules.md#catalogue).
 */
export function defaultSortFor(pathname: string): SortBy {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/dashboard/videos') return 'premiereDate';
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 2 && segments[1] === 'videos' && segments[0] !== 'dashboard')
    return 'premiereDate';
  return 'virality';
}
