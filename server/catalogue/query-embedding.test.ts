// A semantic search embeds its query with the provider `embeddingProvider()` returns. Loading and
// running the model holds the CPU for long blocks at a time, so it must happen in the embedding
// worker thread: TensorFlow.js, which the model runs on, registers its engine as
// `globalThis._tfengine` in the thread that loads it, and the test's thread must never have one.
import fs from 'node:fs';
import os from 'node:os';

import { afterAll, describe, expect, it } from 'vitest';

import { embeddingProvider } from './embeddings.ts';

afterAll(() => {
  for (const lane of ['query', 'background'] as const)
    (embeddingProvider(lane) as { close?: () => void }).close?.();
});

describe('query embedding', () => {
  it('runs in the worker thread and answers unit vectors', async () => {
    const [vector] = await embeddingProvider().embed(['a ghost haunting an old mansion']);
    expect(vector).toHaveLength(512);
    expect(Math.hypot(...vector!)).toBeCloseTo(1, 4);
    const [again] = await embeddingProvider().embed(['a ghost haunting an old mansion']);
    expect(again![0]).toBeCloseTo(vector![0]!, 5);
    expect('_tfengine' in globalThis).toBe(false);
  }, 120_000);
});

// The background indexer's worker yields the CPU (nice 19) to everything else on the machine;
// query embeddings run at normal priority. Linux keeps a nice value per thread.
const threadNices = () =>
  fs
    .readdirSync('/proc/self/task')
    .map((tid) => fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))
    // fields after the command name (which may hold spaces): state is field 3, nice field 19
    .map((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));

describe.runIf(process.platform === 'linux')('background indexing priority', () => {
  it('runs the indexer lane in a thread of its own at the lowest priority', async () => {
    await embeddingProvider().embed(['warm the query lane']);
    expect(threadNices()).not.toContain(19);
    await embeddingProvider('background').embed(['a clip to index']);
    expect(threadNices()).toContain(19);
    expect(os.getPriority()).toBe(0);
  }, 120_000);
});
