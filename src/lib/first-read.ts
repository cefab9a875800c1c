// A page's first-screen read of the Dexie mirror, started as the app boots (src/app/first-reads.ts,
// by the path) instead of after the page's code has loaded and rendered once: without it the
// page paints a skeleton, subscribes its live query in an effect, and only then opens the
// database and reads. The page's live query takes the answer as its first value (so the first
// paint shows the data) and goes on as before: it reads again on mount and on every change, so
// what the first read returned is on screen only until the live query's own answer.
//
// An answer is taken by the first render that asks for it, and dropped soon after: a later
// visit to the page (a client-side navigation) reads through its live query as usual, never an
// answer from the boot.

interface Entry {
  value?: unknown;
  settled: boolean;
}

const entries = new Map<string, Entry>();

/** Starts `read` under `key` (once): the page's hook asks for it with the same key. */
export function startFirstRead(key: string, read: () => Promise<unknown>): void {
  if (entries.has(key)) return;
  const entry: Entry = { settled: false };
  entries.set(key, entry);
  read().then(
    (value) => {
      entry.value = value;
      entry.settled = true;
    },
    () => entries.delete(key),
  );
  // never kept past the boot: a page that did not render in time reads for itself
  setTimeout(() => entries.delete(key), 10_000);
}

/** The answer of the first read under `key`, when it has arrived; undefined otherwise. */
export function takeFirstRead<T>(key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry?.settled) return undefined;
  // the render that takes it (and a StrictMode second call of the same render) gets it
  setTimeout(() => entries.delete(key), 0);
  return entry.value as T;
}

/** Tests only. */
export function resetFirstReadsForTests() {
  entries.clear();
}
