// The pages the palette offers: every item and sub-item of the navigation the user may see
// (admin-only items only for admins), under their translated titles, matched like data hits.
import type { TFunction } from 'i18next';

import { rankText } from '../../../server/contracts/search';
import { visibleNav } from '../layouts/nav-config';

export interface PageHit {
  key: string;
  title: string;
  /** the section it is listed under */
  section: string;
  path: string;
  score: number;
}

export function paletteCandidates(role: 'admin' | 'user' | undefined, t: TFunction): Omit<PageHit, 'score'>[] {
  const pages = new Map<string, Omit<PageHit, 'score'>>();
  for (const group of visibleNav(role)) {
    for (const item of group.items) {
      const section = t(group.label);
      const title = t(item.label);
      if (!pages.has(item.path)) pages.set(item.path, { key: item.key, title, section, path: item.path });
      for (const child of item.children ?? []) {
        const childTitle = t(child.label);
        const label = childTitle === title ? title : `${title} › ${childTitle}`;
        if (!pages.has(child.path)) pages.set(child.path, { key: child.key, title: label, section, path: child.path });
      }
    }
  }
  return [...pages.values()];
}

/** The pages whose title (or section) has every word, best first. */
export function matchPages(candidates: Omit<PageHit, 'score'>[], words: string[], limit: number): PageHit[] {
  return candidates
    .map((page) => ({ ...page, score: rankText(words, page.title.toLowerCase(), page.section.toLowerCase(), null) }))
    .filter((page) => page.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
