import { useLocalStorage } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

import { FILE_SORTS, FILE_VIEWS, type FileListQuery } from '../../../../server/contracts/files';

type View = (typeof FILE_VIEWS)[number];
type Sort = (typeof FILE_SORTS)[number];

/** The file manager's place (view, folder, search, sort) in the URL; the layout per device. */
export function useFilesParams() {
  const [params, setParams] = useSearchParams();
  const [layout, setLayout] = useLocalStorage<'grid' | 'list'>({
    key: 'clipdeck.files.layout',
    defaultValue: 'grid',
  });
  const rawView = params.get('view') as View | null;
  const view: View = rawView && FILE_VIEWS.includes(rawView) ? rawView : 'folder';
  const rawSort = params.get('sort') as Sort | null;
  const sort: Sort = rawSort && FILE_SORTS.includes(rawSort) ? rawSort : 'name';
  const order: 'asc' | 'desc' = params.get('order') === 'desc' ? 'desc' : 'asc';
  const folderId = params.get('folder') ?? undefined;
  const q = params.get('q') ?? '';

  const query: FileListQuery = {
    view: q && view === 'folder' && !folderId ? 'search' : view,
    parentId: view === 'folder' ? folderId : undefined,
    q: q || undefined,
    sort,
    order,
  };

  const update = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return {
    view,
    folderId,
    q,
    sort,
    order,
    query,
    layout,
    setLayout,
    openFolder: (id: string | null) => update({ view: null, folder: id, q: null }),
    setView: (next: View) =>
      update({ view: next === 'folder' ? null : next, folder: null, q: null }),
    setSearch: (text: string) => update({ q: text }),
    setSort: (next: Sort, nextOrder: 'asc' | 'desc') =>
      update({
        sort: next === 'name' ? null : next,
        order: nextOrder === 'asc' ? null : nextOrder,
      }),
  };
}
