// /api/search: the Ctrl+K palette's search over the signed-in user's own rows in every feature
// (server/search/sources.ts says what each kind may read). `q` is one to SEARCH_QUERY_MAX
// characters with at least one letter or digit; `limit` caps the hits of each kind. The kinds
// are searched one after another (one connection's worth of work per request) and answered as
// one list, best first.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  byScore,
  searchQuerySchema,
  searchWords,
  type SearchAnswer,
  type SearchHit,
} from '../contracts/search.ts';
import { routeGroup } from '../openapi/route.ts';
import { SOURCES } from '../search/sources.ts';

export const searchRoutes = new Hono<AppEnv>();
searchRoutes.use('*', requireUser);
const search = routeGroup({ tag: 'Search', access: 'user' });

searchRoutes.get(
  '/',
  search('Search my own rows in every feature (the Ctrl+K palette), best first.', {
    query: searchQuerySchema,
  }),
  async (c) => {
    const { q, limit } = c.req.valid('query');
    const user = currentUser(c);
    const words = [...new Set(searchWords(q))];
    const db = c.var.deps.database.db;
    const hits: SearchHit[] = [];
    for (const source of SOURCES) {
      const found = await source(db, { userId: user.id, role: user.role }, words);
      hits.push(...found.sort(byScore).slice(0, limit));
    }
    const body: SearchAnswer = { hits: hits.sort(byScore) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  },
);
