// /api/search: the Ctrl+K palette's search over what the signed-in user may read in every
// feature (each domain's search-source.ts says what its kind may read, shared boards and
// calendars included; server/search/sources.ts lists them). `q` is one to SEARCH_QUERY_MAX
// characters with at least one letter or digit; `limit` caps the hits of each kind; the answer
// is one list, best first.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { searchQuerySchema, searchWords, type SearchAnswer } from '../contracts/search.ts';
import { routeGroup } from '../openapi/route.ts';
import { searchEverything } from '../search/sources.ts';

export const searchRoutes = new Hono<AppEnv>();
searchRoutes.use('*', requireUser);
const search = routeGroup({ tag: 'Search', access: 'user' });

const find = search('Search what I may read in every feature (the Ctrl+K palette), best first.', {
  query: searchQuerySchema,
});
searchRoutes.get('/', find, async (c) => {
  const { q, limit } = c.req.valid('query');
  const user = currentUser(c);
  const words = [...new Set(searchWords(q))];
  const who = { userId: user.id, role: user.role };
  const hits = await searchEverything(c.var.deps.database.db, who, words, limit);
  const body: SearchAnswer = { hits };
  c.header('Cache-Control', 'no-store');
  return c.json(body);
});
