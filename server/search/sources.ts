// The palette's search sources, one per kind of row, each declared by its domain
// (`<domain>/search-source.ts`, scoped there to what the signed-in user may read; the shared
// rules are in ./source.ts), searched in this order.
import { blogSearchSource } from '../blog/search-source.ts';
import { calendarSearchSource } from '../calendar/search-source.ts';
import { catalogueSearchSource } from '../catalogue/search-source.ts';
import { chatSearchSource } from '../chat/search-source.ts';
import { byScore, type SearchHit } from '../contracts/search.ts';
import type { Executor } from '../db/client.ts';
import { fileSearchSource } from '../files/search-source.ts';
import { invoiceSearchSource } from '../invoices/search-source.ts';
import { kanbanSearchSource } from '../kanban/search-source.ts';
import { mailSearchSource } from '../mail/search-source.ts';
import { productSearchSource } from '../shop/search-source.ts';
import { userSearchSource } from '../users/search-source.ts';
import type { SearchSource, Searcher } from './source.ts';

export const SOURCES: SearchSource[] = [
  mailSearchSource,
  chatSearchSource,
  calendarSearchSource,
  kanbanSearchSource,
  catalogueSearchSource('video'),
  catalogueSearchSource('clip'),
  productSearchSource,
  invoiceSearchSource,
  blogSearchSource,
  fileSearchSource,
  userSearchSource,
];

/** Every source's best `limit` hits for the words, as one list, best first. The sources run one
 *  after another: one connection's worth of work per request. */
export async function searchEverything(db: Executor, who: Searcher, words: string[], limit: number): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  for (const source of SOURCES) {
    const found = await source(db, who, words);
    hits.push(...found.sort(byScore).slice(0, limit));
  }
  return hits.sort(byScore);
}
