// The filter set as it arrives from a URL query: comma-separated lists split and trimmed,
// numbers and booleans as strings, both spellings of "before", ranges checked.
import { describe, expect, it } from 'vitest';

import { catalogueFiltersSchema, searchInputSchema, splitList } from './catalogue.ts';

const A = '0b6f3a1e-8a7c-4c2e-9f57-1d2a3b4c5d6e';
const B = '5d1c9e2f-3b4a-4d6e-8f7a-9b8c7d6e5f4a';

describe('catalogue filters', () => {
  it('splits and trims comma-separated lists, dropping empty entries', () => {
    expect(splitList(' a , b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(['a, b', ' c'])).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toBeUndefined();
    const parsed = catalogueFiltersSchema.parse({
      videoIds: `${A}, ${B}`,
      textArr: 'ghost, car chase',
    });
    expect(parsed.videoIds).toEqual([A, B]);
    expect(parsed.textArr).toEqual(['ghost', 'car chase']);
  });

  it('reads numbers and booleans from strings', () => {
    const parsed = searchInputSchema.parse({
      embeddingSearch: 'true',
      minClipDuration: '5',
      maxClipDuration: '180',
      page: '3',
      limit: '10',
    });
    expect(parsed).toMatchObject({
      embeddingSearch: true,
      minClipDuration: 5,
      maxClipDuration: 180,
      page: 3,
      limit: 10,
    });
  });

  it('accepts underPremierDate as beforePremiereDate, the latter winning', () => {
    expect(catalogueFiltersSchema.parse({ underPremierDate: '2001-02-03' })).toMatchObject({
      beforePremiereDate: '2001-02-03',
    });
    const both = catalogueFiltersSchema.parse({
      underPremierDate: '2001-02-03',
      beforePremiereDate: '1999-12-31T10:00:00Z',
    });
    expect(both.beforePremiereDate).toBe('1999-12-31');
    expect('underPremierDate' in both).toBe(false);
  });

  it('names the field of each problem', () => {
    const result = searchInputSchema.safeParse({
      sortBy: 'random',
      minClipDuration: 50,
      maxClipDuration: 10,
      tagIds: 'x',
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['sortBy', 'tagIds.0']));
  });

  it('leaves absent filters undefined', () => {
    expect(catalogueFiltersSchema.parse({})).toEqual({ beforePremiereDate: undefined });
  });
});
