// A semantic search embeds its query with the provider `embeddingProvider()` returns. Loading
// and running the model takes the CPU for a long while (its longest block measured 640 ms on
// the main thread here), so it must happen in the embedding worker thread: TensorFlow.js,
// which the model runs on, registers its engine as `globalThis._tfengine` in the thread that
// loads it, and the test's thread must never have one.
import { afterAll, describe, expect, it } from 'vitest';

import { embeddingProvider } from './embeddings.ts';

describe('query embedding', () => {
  afterAll(() => (embeddingProvider() as { close?: () => void }).close?.());

  it('runs in the worker thread and answers unit vectors', async () => {
    const [vector] = await embeddingProvider().embed(['a ghost haunting an old mansion']);
    expect(vector).toHaveLength(512);
    expect(Math.hypot(...vector!)).toBeCloseTo(1, 4);
    const [again] = await embeddingProvider().embed(['a ghost haunting an old mansion']);
    expect(again![0]).toBeCloseTo(vector![0]!, 5);
    expect('_tfengine' in globalThis).toBe(false);
  }, 120_000);
});
