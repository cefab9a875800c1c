// The palette's list: recent searches while the box is empty; otherwise the matching pages, then
// one group per kind of data, the group with the best hit first, each group best first.
import {
  IconCalendar,
  IconFile,
  IconFileInvoice,
  IconHistory,
  IconLayoutKanban,
  IconLink,
  IconMail,
  IconMessageCircle,
  IconMovie,
  IconNews,
  IconScissors,
  IconShoppingBag,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';

import { formatDate } from '@/lib/i18n';

import { byScore, type SearchHit, type SearchKind } from '../../../server/contracts/search';
import type { PaletteResults } from './use-palette-search';

export type PaletteOption = { key: string; label: string; description?: string; icon: Icon } & (
  | { type: 'recent'; query: string }
  | { type: 'page'; path: string }
  | { type: 'hit'; hit: SearchHit }
);

export interface PaletteGroup {
  key: string;
  label: string;
  options: PaletteOption[];
}

const ICONS: Record<SearchKind, Icon> = {
  mail: IconMail,
  message: IconMessageCircle,
  event: IconCalendar,
  card: IconLayoutKanban,
  video: IconMovie,
  clip: IconScissors,
  product: IconShoppingBag,
  invoice: IconFileInvoice,
  post: IconNews,
  file: IconFile,
  user: IconUser,
};

function describe(hit: SearchHit, t: TFunction): string {
  if (hit.kind === 'event' && hit.target.kind === 'event') {
    const when = formatDate(hit.target.start, { dateStyle: 'medium', timeStyle: 'short' });
    return hit.detail ? `${when} · ${hit.detail}` : when;
  }
  if (hit.kind === 'file') return t(hit.detail === 'folder' ? 'palette.folder' : 'palette.file');
  if (hit.kind === 'invoice') return t(`invoice.status.${hit.detail}`, { defaultValue: hit.detail });
  return hit.detail;
}

export function paletteGroups(results: PaletteResults, recent: string[], t: TFunction): PaletteGroup[] {
  if (!results.query) {
    if (!recent.length) return [];
    return [
      {
        key: 'recent',
        label: t('palette.groups.recent'),
        options: recent.map((query) => ({ key: `recent:${query}`, type: 'recent', query, label: query, icon: IconHistory })),
      },
    ];
  }
  const groups: PaletteGroup[] = [];
  if (results.pages.length)
    groups.push({
      key: 'pages',
      label: t('palette.groups.pages'),
      options: results.pages.map((page) => ({
        key: `page:${page.path}`,
        type: 'page',
        path: page.path,
        label: page.title,
        description: page.section,
        icon: IconLink,
      })),
    });
  const byKind = new Map<SearchKind, SearchHit[]>();
  for (const hit of [...results.hits].sort(byScore)) byKind.set(hit.kind, [...(byKind.get(hit.kind) ?? []), hit]);
  for (const [kind, hits] of byKind)
    groups.push({
      key: kind,
      label: t(`palette.groups.${kind}`),
      options: hits.map((hit) => ({
        key: `${kind}:${hit.id}`,
        type: 'hit',
        hit,
        label: hit.title || t('palette.untitled'),
        description: describe(hit, t),
        icon: ICONS[kind],
      })),
    });
  return groups;
}
