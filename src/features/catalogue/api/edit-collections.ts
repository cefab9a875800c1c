// Changes to the user's collections. Each settles by refetching every collections query (the
// list's counts and the open collection's clips), whatever the page does on success.
import { queryClient } from '@/lib/query-client';
import { trpc } from '@/lib/trpc';

import type { CollectionSummary } from '../../../../server/contracts/catalogue';

const refetchCollections = () => queryClient.invalidateQueries(trpc.collections.pathFilter());

interface Callbacks<T> {
  onSuccess?: (result: T) => void;
}

/** Create and rename show their error in the form (silent: no second notification). */
export function createCollectionOptions({ onSuccess }: Callbacks<CollectionSummary> = {}) {
  return trpc.collections.create.mutationOptions({
    meta: { silent: true },
    onSuccess,
    onSettled: refetchCollections,
  });
}

export function renameCollectionOptions({ onSuccess }: Callbacks<CollectionSummary> = {}) {
  return trpc.collections.rename.mutationOptions({
    meta: { silent: true },
    onSuccess,
    onSettled: refetchCollections,
  });
}

export function deleteCollectionOptions({ onSuccess }: Callbacks<{ deleted: true }> = {}) {
  return trpc.collections.delete.mutationOptions({ onSuccess, onSettled: refetchCollections });
}

export function addClipToCollectionOptions() {
  return trpc.collections.addClip.mutationOptions({ onSettled: refetchCollections });
}

export function removeClipFromCollectionOptions() {
  return trpc.collections.removeClip.mutationOptions({ onSettled: refetchCollections });
}
