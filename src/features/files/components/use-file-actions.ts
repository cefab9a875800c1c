import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import {
  createFolder,
  deleteItems,
  emptyTrash,
  fileKeys,
  moveItems,
  renameItem,
  restoreItems,
  setFavourite,
  trashItems,
} from '../api/files-api';

/** The file manager's changes; each refreshes the lists and says what happened. */
export function useFileActions(onDone?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const after = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: fileKeys.all });
    notify.success(message);
    onDone?.();
  };
  const onError = (error: unknown) => notify.error(getErrorMessage(error));
  return {
    createFolder: useMutation({
      mutationFn: (v: { name: string; parentId: string | null }) =>
        createFolder(v.name, v.parentId),
      onSuccess: ({ item }) => after(t('files.notify.folderCreated', { name: item.name })),
      onError,
    }),
    rename: useMutation({
      mutationFn: (v: { id: string; name: string }) => renameItem(v.id, v.name),
      onSuccess: ({ item }) => after(t('files.notify.renamed', { name: item.name })),
      onError,
    }),
    move: useMutation({
      mutationFn: (v: { ids: string[]; parentId: string | null }) => moveItems(v.ids, v.parentId),
      onSuccess: (_r, v) => after(t('files.notify.moved', { count: v.ids.length })),
      onError,
    }),
    trash: useMutation({
      mutationFn: (ids: string[]) => trashItems(ids),
      onSuccess: (_r, ids) => after(t('files.notify.trashed', { count: ids.length })),
      onError,
    }),
    restore: useMutation({
      mutationFn: (ids: string[]) => restoreItems(ids),
      onSuccess: (_r, ids) => after(t('files.notify.restored', { count: ids.length })),
      onError,
    }),
    remove: useMutation({
      mutationFn: (ids: string[]) => deleteItems(ids),
      onSuccess: (_r, ids) => after(t('files.notify.deleted', { count: ids.length })),
      onError,
    }),
    emptyTrash: useMutation({
      mutationFn: () => emptyTrash(),
      onSuccess: ({ deleted }) => after(t('files.notify.emptied', { count: deleted })),
      onError,
    }),
    favourite: useMutation({
      mutationFn: (v: { ids: string[]; favourite: boolean }) => setFavourite(v.ids, v.favourite),
      onSuccess: (_r, v) =>
        after(v.favourite ? t('files.notify.favourited') : t('files.notify.unfavourited')),
      onError,
    }),
  };
}
export type FileActions = ReturnType<typeof useFileActions>;
