import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';

import { fileKeys } from '../api/files-api';
import { UploadQueue } from './upload-queue';

/** One upload queue per page; finished uploads refresh the file lists and the quota. */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [queue] = useState(
    () => new UploadQueue(() => void queryClient.invalidateQueries({ queryKey: fileKeys.all })),
  );
  const entries = useSyncExternalStore(queue.subscribe, queue.snapshot);
  return { queue, entries };
}
