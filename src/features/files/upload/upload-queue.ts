// The upload queue: one tus upload per file, with progress, pause, resume and cancel.
// Guarantees:
// - an upload survives a dropped connection: tus-js-client retries with backoff and resumes
//   from the offset the server reports (HEAD), however long the server was away (the last
//   delay repeats);
// - it survives a reload: tus-js-client keeps each upload's address in localStorage under a
//   fingerprint of the file (name, type, size, modification time, endpoint), and the queue
//   keeps the names of unfinished uploads so the page can ask for those files again;
//   choosing the same file resumes instead of starting over;
// - cancel ends the upload on the server too (tus termination), pause only stops sending.
import { Upload, type PreviousUpload } from 'tus-js-client';

import { apiUrl } from '@/config/env';
import { getAccessToken } from '@/lib/auth/token-storage';

import type { FileItem } from '../../../../server/contracts/files';

export type UploadStatus = 'uploading' | 'paused' | 'retrying' | 'done' | 'error' | 'cancelled';

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  sent: number;
  status: UploadStatus;
  error?: string;
  item?: FileItem;
  resumed: boolean;
}

const PENDING_KEY = 'clipdeck.files.pendingUploads';
const FIRST_DELAYS = [0, 1000, 2000, 3000, 5000, 5000, 8000, 10_000, 15_000, 20_000];
/** then every 30 s, for about two hours, while the server is away */
const RETRY_DELAYS = [...FIRST_DELAYS, ...Array<number>(240).fill(30_000)];

type Listener = () => void;

export interface PendingUpload {
  name: string;
  size: number;
}

export function pendingUploads(): PendingUpload[] {
  try {
    return JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]') as PendingUpload[];
  } catch {
    return [];
  }
}

function setPending(list: PendingUpload[]) {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: resuming after a reload is then not offered
  }
}

function errorText(error: Error): string {
  const body = (
    error as { originalResponse?: { getBody: () => string } | null }
  ).originalResponse?.getBody();
  if (body) {
    try {
      return (JSON.parse(body) as { error?: string }).error ?? body;
    } catch {
      return body;
    }
  }
  return error.message;
}

export class UploadQueue {
  private entries: UploadEntry[] = [];
  private uploads = new Map<string, Upload>();
  private listeners = new Set<Listener>();
  private counter = 0;

  constructor(private readonly onDone?: (item: FileItem | undefined) => void) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.entries;

  private update(id: string, patch: Partial<UploadEntry>) {
    this.entries = this.entries.map((e) => (e.id === id ? { ...e, ...patch } : e));
    for (const listener of this.listeners) listener();
  }

  add(file: File, options: { parentId?: string | null; name?: string } = {}) {
    this.counter += 1;
    const id = `${Date.now()}-${this.counter}`;
    const name = options.name ?? file.name;
    this.entries = [
      ...this.entries,
      { id, name, size: file.size, sent: 0, status: 'uploading', resumed: false },
    ];
    setPending([
      ...pendingUploads().filter((p) => p.name !== name || p.size !== file.size),
      { name, size: file.size },
    ]);
    const upload = new Upload(file, {
      endpoint: apiUrl('/api/files/tus'),
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: name,
        filetype: file.type || 'application/octet-stream',
        parentId: options.parentId ?? '',
      },
      onBeforeRequest: (req) => {
        const token = getAccessToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent) => this.update(id, { sent, status: 'uploading' }),
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 423 || status === 409;
        if (retry) this.update(id, { status: 'retrying' });
        return retry;
      },
      onError: (error) => this.update(id, { status: 'error', error: errorText(error) }),
      onSuccess: ({ lastResponse }) => {
        this.forget(name, file.size);
        let item: FileItem | undefined;
        try {
          item = (JSON.parse(lastResponse.getBody()) as { item?: FileItem }).item;
        } catch {
          item = undefined;
        }
        this.update(id, { status: 'done', sent: file.size, item });
        this.onDone?.(item);
      },
    });
    this.uploads.set(id, upload);
    void upload.findPreviousUploads().then((previous: PreviousUpload[]) => {
      const last = previous[0];
      if (last) {
        upload.resumeFromPreviousUpload(last);
        this.update(id, { resumed: true });
      }
      upload.start();
    });
    return id;
  }

  pause(id: string) {
    void this.uploads.get(id)?.abort(false);
    this.update(id, { status: 'paused' });
  }

  resume(id: string) {
    this.uploads.get(id)?.start();
    this.update(id, { status: 'uploading', error: undefined });
  }

  cancel(id: string) {
    const entry = this.entries.find((e) => e.id === id);
    void this.uploads
      .get(id)
      ?.abort(true)
      .catch(() => undefined);
    if (entry) this.forget(entry.name, entry.size);
    this.update(id, { status: 'cancelled' });
  }

  clearFinished() {
    this.entries = this.entries.filter((e) => !['done', 'cancelled'].includes(e.status));
    for (const listener of this.listeners) listener();
  }

  private forget(name: string, size: number) {
    setPending(pendingUploads().filter((p) => p.name !== name || p.size !== size));
  }
}
