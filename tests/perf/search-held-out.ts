// Relevance on films the demo catalogue never saw: tests/perf/held-out-films.jsonl, 100 films
// from after the demo's data set in ten themes of ten (a video tag `theme`), each with a
// synopsis written for this bench. A query describes a theme in words none of its films'
// titles use; precision@10 is the share of the top ten films (among the held-out ones, the
// `benchmark` tag as a filter) that carry the theme. Random order scores 0.1.
//  - keyword: keyword search alone (every word must match, as in the app);
//  - semantic: the vector ranking alone;
//  - hybrid: what the app answers with "Meaning" on (the two fused).
import { filterConditions } from '../../server/catalogue/filters.ts';
import { semanticRanking } from '../../server/catalogue/semantic.ts';
import type { AppDeps } from '../../server/context.ts';
import type {
  Facets,
  SearchInput,
  SearchResult,
  VideoDetail,
  VideoListItem,
} from '../../server/contracts/catalogue.ts';

const QUERIES: [theme: string, query: string][] = [
  ['space', 'astronauts travel through outer space'],
  ['space', 'a crew stranded on a spacecraft far from Earth'],
  ['heist', 'a gang plans to rob a bank and get away with the money'],
  ['heist', 'criminals pull off an elaborate robbery'],
  ['zombies', 'corpses come back to life and hunt people'],
  ['zombies', 'survivors of an undead outbreak fight to stay alive'],
  ['sports', 'an athlete trains hard for the championship'],
  ['sports', 'a coach and a competitor chasing victory in a big match'],
  ['ai', 'a machine that thinks and feels like a person'],
  ['ai', 'an android with a mind of its own'],
  ['disaster', 'people trying to survive a catastrophic natural disaster'],
  ['disaster', 'a city destroyed by earthquakes, floods and tornadoes'],
  ['music', 'musicians chasing success and stardom'],
  ['music', 'a singer rises to fame on stage'],
  ['war', 'troops fighting on the battlefield during a world war'],
  ['war', 'soldiers behind enemy lines in a great war'],
  ['haunting', 'an evil presence haunts a family in their home'],
  ['haunting', 'ghosts and demons terrorize people in a house'],
  ['coming-of-age', 'teenagers navigating friendship and a first crush in high school'],
  ['coming-of-age', 'growing up and graduating from school'],
];

type Call = <T>(procedure: string, input: SearchInput | Record<string, unknown>) => Promise<T>;

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

export async function heldOutPrecision(deps: AppDeps, call: Call): Promise<void> {
  const facets = await call<Facets>('catalogue.facets', {});
  const tag = (kind: string, name: string) =>
    facets.videoTags.find((t) => t.kind === kind && t.name === name);
  const heldOut = tag('benchmark', 'held-out');
  if (!heldOut) throw new Error('the held-out films are not imported');
  const films = await call<SearchResult<VideoListItem>>('catalogue.searchVideos', {
    videoTagIds: [heldOut.id],
    limit: 100,
  });
  const details = await Promise.all(
    films.items.map((f) => call<VideoDetail>('catalogue.video', { videoId: f.id })),
  );
  const themeOf = new Map(
    details.map((d) => [d.id, d.videoTags.find((t) => t.kind === 'theme')?.name]),
  );
  const titleOf = new Map(details.map((d) => [d.id, d.title]));

  const conditions = filterConditions('video', { videoTagIds: [heldOut.id] }, { userId: null });
  const sums = { keyword: 0, semantic: 0, hybrid: 0 };
  console.log('\nRelevance: precision@10 on 100 held-out films (10 per theme; random 0.1)');
  console.log('keyword  semantic  hybrid  query');
  for (const [theme, query] of QUERIES) {
    const titleWords = new Set(
      details.filter((d) => themeOf.get(d.id) === theme).flatMap((d) => words(d.title)),
    );
    const shared = words(query).filter((w) => w.length > 3 && titleWords.has(w));
    if (shared.length) throw new Error(`"${query}" uses title words: ${shared.join(', ')}`);
    const precision = (ids: string[]) =>
      ids.slice(0, 10).filter((id) => themeOf.get(id) === theme).length / 10;
    const search = (embeddingSearch: boolean) =>
      call<SearchResult<VideoListItem>>('catalogue.searchVideos', {
        embeddingSearch,
        textArr: [query],
        videoTagIds: [heldOut.id],
        limit: 10,
      });
    const [keyword, hybrid, semantic] = await Promise.all([
      search(false),
      search(true),
      semanticRanking(deps, 'video', query, conditions, 10),
    ]);
    const p = {
      keyword: precision(keyword.items.map((i) => i.id)),
      semantic: precision(semantic),
      hybrid: precision(hybrid.items.map((i) => i.id)),
    };
    for (const key of ['keyword', 'semantic', 'hybrid'] as const) sums[key] += p[key];
    const top = titleOf.get(semantic[0] ?? '') ?? '—';
    console.log(
      `${p.keyword.toFixed(1).padStart(7)}  ${p.semantic.toFixed(1).padStart(8)}  ${p.hybrid.toFixed(1).padStart(6)}  [${theme}] "${query}" (first: ${top})`,
    );
  }
  const n = QUERIES.length;
  console.log(
    `mean precision@10 on held-out films: keyword ${(sums.keyword / n).toFixed(2)}, semantic ${(sums.semantic / n).toFixed(2)}, hybrid ${(sums.hybrid / n).toFixed(2)}`,
  );
}
