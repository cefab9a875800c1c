// The shop's filters live in the URL, so a shared link opens the same grid and back/forward need
// nothing more. The sort is also persisted (persist.ts,
// docs/product-rules.md#shop-cart-and-checkout): a visit without `sort` in the URL gets the last
// sort chosen. Prices in the URL are currency units (what the user typed); the API gets cents.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import type { ProductQuery } from '../../../../server/contracts/shop';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_GENDERS,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductGender,
  type ProductSort,
} from '../../../../server/contracts/shop-constants';
import { readProductState, writeProductState } from '../persist';

export interface ShopFilters {
  q: string;
  category: ProductCategory[];
  color: string[];
  gender: ProductGender[];
  priceMin: number | null;
  priceMax: number | null;
  rating: number | null;
  sort: ProductSort;
  /** 1-based page of the grid */
  page: number;
}

/** Products per page of the grid: three rows on a desktop, six on a phone — the first screen
 *  renders quickly, and a catalogue of thousands never lands on the page at once. */
export const SHOP_PAGE_SIZE = 12;

const FILTER_KEYS = ['q', 'category', 'color', 'gender', 'priceMin', 'priceMax', 'rating'] as const;

const num = (value: string | null) => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

export function parseShopFilters(params: URLSearchParams, fallbackSort: ProductSort): ShopFilters {
  const sort = params.get('sort');
  const rating = num(params.get('rating'));
  return {
    q: params.get('q') ?? '',
    category: params
      .getAll('category')
      .filter((c): c is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(c)),
    color: params
      .getAll('color')
      .map((c) => c.toUpperCase())
      .filter((c) => /^#[0-9A-F]{6}$/.test(c)),
    gender: params
      .getAll('gender')
      .filter((g): g is ProductGender => (PRODUCT_GENDERS as readonly string[]).includes(g)),
    priceMin: num(params.get('priceMin')),
    priceMax: num(params.get('priceMax')),
    rating: rating !== null && rating <= 5 ? rating : null,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ProductSort)
      : fallbackSort,
    page: Math.max(1, Math.floor(num(params.get('page')) ?? 1)),
  };
}

export function writeShopFilters(filters: ShopFilters, into = new URLSearchParams()) {
  const params = new URLSearchParams(into);
  for (const key of [...FILTER_KEYS, 'sort', 'page']) params.delete(key);
  if (filters.q.trim()) params.set('q', filters.q);
  for (const c of filters.category) params.append('category', c);
  for (const c of filters.color) params.append('color', c);
  for (const g of filters.gender) params.append('gender', g);
  if (filters.priceMin !== null) params.set('priceMin', String(filters.priceMin));
  if (filters.priceMax !== null) params.set('priceMax', String(filters.priceMax));
  if (filters.rating !== null) params.set('rating', String(filters.rating));
  params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API's query for these filters (prices in cents). */
export function toProductQuery(filters: ShopFilters): ProductQuery {
  const cents = (units: number | null) => (units === null ? undefined : Math.round(units * 100));
  return {
    q: filters.q.trim() || undefined,
    category: filters.category.length ? filters.category : undefined,
    color: filters.color.length ? filters.color : undefined,
    gender: filters.gender.length ? filters.gender : undefined,
    priceMin: cents(filters.priceMin),
    priceMax: cents(filters.priceMax),
    rating: filters.rating ?? undefined,
    sort: filters.sort,
    page: filters.page,
    pageSize: SHOP_PAGE_SIZE,
  };
}

export const activeFilterCount = (f: ShopFilters) =>
  (f.q.trim() ? 1 : 0) +
  f.category.length +
  f.color.length +
  f.gender.length +
  (f.priceMin !== null ? 1 : 0) +
  (f.priceMax !== null ? 1 : 0) +
  (f.rating !== null ? 1 : 0);

export function useShopFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseShopFilters(params, readProductState().sort), [params]);
  const setFilters = useCallback(
    (patch: Partial<ShopFilters>) => {
      if (patch.sort) writeProductState({ sort: patch.sort });
      setParams(
        (current) =>
          writeShopFilters(
            // a new filter or sort starts again at the first page
            { ...parseShopFilters(current, readProductState().sort), page: 1, ...patch },
            current,
          ),
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);
  return { filters, setFilters, clear };
}
