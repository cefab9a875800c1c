// Keeps the mirror fresh for what the page shows: the labels, and the open label's newest mails
// (first a screenful, then in the background up to MIRROR_LIMIT with their bodies). A search
// also asks the server, so mails outside the mirrored window are found and then kept. When the
// server cannot be reached the hooks report `offline` and the page keeps reading Dexie.
import { useQuery } from '@tanstack/react-query';

import { ApiRequestError } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';

import { getLabels, getMails } from '../api/mail-api';
import { MIRROR_LIMIT, storeLabels, storeLabelWindow, storeMails } from './mail-store';

const FIRST_PAGE = 50;
/** a safety net only: new mail is announced by the tab's live stream (./live.ts) */
const REFRESH_MS = 120_000;

export const mailKeys = {
  labels: ['mail', 'labels'] as const,
  label: (labelId: string) => ['mail', 'label', labelId] as const,
  search: (labelId: string, search: string) => ['mail', 'search', labelId, search] as const,
};

async function syncLabel(labelId: string) {
  const first = await getMails({ labelId, limit: FIRST_PAGE });
  await storeLabelWindow(labelId, first.mails, first.nextCursor === null);
  let cursor = first.nextCursor;
  let all = first.mails;
  while (cursor && all.length < MIRROR_LIMIT) {
    const next = await getMails({ labelId, limit: 150, cursor });
    all = [...all, ...next.mails];
    cursor = next.nextCursor;
  }
  if (all.length > first.mails.length) await storeLabelWindow(labelId, all, cursor === null);
  return all.length;
}

/** A failure that means "the server is not reachable" rather than "the server said no". */
export function isUnreachable(error: unknown) {
  return Boolean(error) && !(error instanceof ApiRequestError);
}

export function useMailSync(labelId: string, search: string) {
  const online = useOnline();
  const labels = useQuery({
    queryKey: mailKeys.labels,
    queryFn: async () => {
      const { labels: list } = await getLabels();
      await storeLabels(list);
      return list.length;
    },
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    meta: { silent: true },
    retry: false,
    enabled: online,
  });
  const list = useQuery({
    queryKey: mailKeys.label(labelId),
    queryFn: () => syncLabel(labelId),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    meta: { silent: true },
    retry: false,
    enabled: online,
  });
  const found = useQuery({
    queryKey: mailKeys.search(labelId, search),
    queryFn: async () => {
      const page = await getMails({ labelId, search, limit: 100 });
      await storeMails(page.mails);
      return page.mails.length;
    },
    enabled: online && search.length > 0,
    meta: { silent: true },
    retry: false,
  });
  const offline = !online || isUnreachable(labels.error) || isUnreachable(list.error);
  return {
    offline,
    loading: list.isPending && online,
    searching: found.isFetching,
    error: !offline ? (list.error ?? labels.error) : null,
    refresh: () => Promise.all([labels.refetch(), list.refetch()]),
  };
}
