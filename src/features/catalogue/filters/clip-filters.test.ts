import { describe, expect, it } from 'vitest';

import {
  changeClipFilters,
  clearClipFilters,
  countActiveFilters,
  defaultClipFilters,
  defaultSortFor,
  parseClipFilters,
  serializeClipFilters,
  splitList,
  writeClipFilters,
} from './clip-filters';

describe('parseClipFilters', () => {
  it('reads every key of the filter set', () => {
    const filters = parseClipFilters(
      'embeddingSearch=true&textArr=space,robot&videoIds=v1&personIds=p1,p2&tagIds=t1&videoTagIds=g1' +
        '&beforePremiereDate=2001-05-04&afterPremiereDate=1990-01-31&minClipDuration=10&maxClipDuration=60' +
        '&sortBy=virality&page=3&accessLevel=members',
    );
    expect(filters).toEqual({
      embeddingSearch: true,
      textArr: ['space', 'robot'],
      videoIds: ['v1'],
      personIds: ['p1', 'p2'],
      tagIds: ['t1'],
      videoTagIds: ['g1'],
      beforePremiereDate: '2001-05-04',
      afterPremiereDate: '1990-01-31',
      minClipDuration: 10,
      maxClipDuration: 60,
      sortBy: 'virality',
      page: 3,
      accessLevel: 'members',
    });
  });

  it('splits comma-separated lists, trims them and merges repeated keys', () => {
    const filters = parseClipFilters(
      'personIds= p1 , p2,,&personIds=p3&personIds=p1&textArr=%20night%20sky%20',
    );
    expect(filters.personIds).toEqual(['p1', 'p2', 'p3']);
    expect(filters.textArr).toEqual(['night sky']);
  });

  it('accepts the second spelling underPremierDate; the canonical name wins', () => {
    expect(parseClipFilters('underPremierDate=2000-01-01').beforePremiereDate).toBe('2000-01-01');
    expect(
      parseClipFilters('underPremierDate=2000-01-01&beforePremiereDate=1999-12-31')
        .beforePremiereDate,
    ).toBe('1999-12-31');
  });

  it('drops values it cannot read instead of failing the page', () => {
    const filters = parseClipFilters(
      'sortBy=loudest&accessLevel=secret&minClipDuration=-3&maxClipDuration=abc&beforePremiereDate=2001-02-30' +
        '&afterPremiereDate=yesterday&page=0&embeddingSearch=maybe',
      'premiereDate',
    );
    expect(filters).toEqual(defaultClipFilters('premiereDate'));
  });

  it('uses the default sort it is given, newest without one', () => {
    expect(parseClipFilters('').sortBy).toBe('newest');
    expect(parseClipFilters('', 'virality').sortBy).toBe('virality');
    expect(parseClipFilters('sortBy=newest', 'virality').sortBy).toBe('newest');
  });
});

describe('serializeClipFilters', () => {
  it('leaves defaults out and joins lists with commas', () => {
    expect(serializeClipFilters(defaultClipFilters('virality'), 'virality')).toEqual([]);
    const filters = {
      ...defaultClipFilters('virality'),
      personIds: ['a', 'b'],
      sortBy: 'newest' as const,
    };
    expect(serializeClipFilters(filters, 'virality')).toEqual([
      ['personIds', 'a,b'],
      ['sortBy', 'newest'],
    ]);
  });

  it('round-trips: parse(serialize(x)) = x', () => {
    const filters = {
      ...defaultClipFilters('premiereDate'),
      embeddingSearch: true,
      textArr: ['a b', 'c'],
      tagIds: ['t'],
      afterPremiereDate: '1980-01-01',
      minClipDuration: 0,
      maxClipDuration: 30,
      sortBy: 'virality' as const,
      accessLevel: 'public' as const,
    };
    const query = new URLSearchParams(serializeClipFilters(filters, 'premiereDate'));
    expect(parseClipFilters(query, 'premiereDate')).toEqual(filters);
  });
});

describe('the relevance sort', () => {
  it('is the default while words are searched, the page default otherwise', () => {
    expect(parseClipFilters('textArr=ghost', 'premiereDate').sortBy).toBe('relevance');
    expect(parseClipFilters('textArr=ghost&embeddingSearch=true', 'virality').sortBy).toBe(
      'relevance',
    );
    expect(parseClipFilters('textArr=ghost&sortBy=virality', 'premiereDate').sortBy).toBe(
      'virality',
    );
    // nothing to rank by: a link asking for relevance without words gets the page's order
    expect(parseClipFilters('sortBy=relevance', 'premiereDate').sortBy).toBe('premiereDate');
    const searching = { ...defaultClipFilters('premiereDate'), textArr: ['ghost'] };
    expect(serializeClipFilters({ ...searching, sortBy: 'relevance' }, 'premiereDate')).toEqual([
      ['textArr', 'ghost'],
    ]);
    expect(serializeClipFilters({ ...searching, sortBy: 'premiereDate' }, 'premiereDate')).toEqual([
      ['textArr', 'ghost'],
      ['sortBy', 'premiereDate'],
    ]);
  });

  it('a default sort follows the words as they come and go; a chosen sort stays', () => {
    const start = defaultClipFilters('premiereDate');
    const typed = changeClipFilters(start, { textArr: ['ghost'] }, 'premiereDate');
    expect(typed.sortBy).toBe('relevance');
    expect(changeClipFilters(typed, { textArr: [] }, 'premiereDate').sortBy).toBe('premiereDate');
    const chosen = changeClipFilters(typed, { sortBy: 'virality' }, 'premiereDate');
    expect(changeClipFilters(chosen, { textArr: [] }, 'premiereDate').sortBy).toBe('virality');
    const viral = changeClipFilters(start, { sortBy: 'virality' }, 'premiereDate');
    expect(changeClipFilters(viral, { textArr: ['ghost'] }, 'premiereDate').sortBy).toBe(
      'virality',
    );
    // relevance chosen by name still goes with the words
    const named = changeClipFilters(typed, { sortBy: 'relevance' }, 'premiereDate');
    expect(changeClipFilters(named, { textArr: [] }, 'premiereDate').sortBy).toBe('premiereDate');
  });

  it('any change but the page goes back to page 1', () => {
    const onPage3 = { ...defaultClipFilters('virality'), page: 3 };
    expect(changeClipFilters(onPage3, { tagIds: ['t'] }, 'virality').page).toBe(1);
  });
});

describe('writeClipFilters and clearClipFilters', () => {
  it('replaces the filter keys, keeps other keys', () => {
    const next = writeClipFilters(
      'ref=alice&tagIds=old&underPremierDate=2000-01-01',
      { ...defaultClipFilters('virality'), tagIds: ['new'] },
      'virality',
    );
    expect(next.toString()).toBe('ref=alice&tagIds=new');
  });

  it('writes only the filters when moving to another path', () => {
    const next = writeClipFilters(
      'ref=alice&tagIds=old',
      { ...defaultClipFilters(), videoIds: ['v'] },
      'newest',
      false,
    );
    expect(next.toString()).toBe('videoIds=v');
  });

  it('clear removes every filter key, both date spellings included', () => {
    const next = clearClipFilters(
      'ref=bob&textArr=a&personIds=p&underPremierDate=2000-01-01&beforePremiereDate=2000-01-01&sortBy=newest&page=2&embeddingSearch=true',
    );
    expect(next.toString()).toBe('ref=bob');
  });
});

describe('defaultSortFor', () => {
  it('sorts the videos pages by premiere date, every other listing by virality', () => {
    expect(defaultSortFor('/dashboard/videos')).toBe('premiereDate');
    expect(defaultSortFor('/dashboard/videos/')).toBe('premiereDate');
    expect(defaultSortFor('/alice/videos')).toBe('premiereDate');
    expect(defaultSortFor('/dashboard/clips')).toBe('virality');
    expect(defaultSortFor('/dashboard/favorited')).toBe('virality');
    expect(defaultSortFor('/dashboard/videos/abc')).toBe('virality');
  });
});

describe('helpers', () => {
  it('splitList trims and drops blanks', () => {
    expect(splitList([' a, b ,', 'c', 'a'])).toEqual(['a', 'b', 'c']);
  });

  it('counts narrowing filters, not sort or page', () => {
    expect(countActiveFilters({ ...defaultClipFilters(), sortBy: 'virality', page: 4 })).toBe(0);
    expect(
      countActiveFilters({
        ...defaultClipFilters(),
        tagIds: ['a', 'b'],
        minClipDuration: 5,
        accessLevel: 'public',
      }),
    ).toBe(4);
  });
});
