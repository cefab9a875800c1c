// A page's first-screen read of the Dexie mirror, started by its route's loader while its code
// loads (src/app/first-screen-loader.ts) instead of after the page's code has loaded and rendered once: without it the
// page paints a skeleton, subscribes its live query in an effect, and only then opens the
// database and reads. The page's live query takes the answer as its first value (so the first
// paint shows the data) and goes on as before: it reads again on mount and on every change, so
// what the first read returned is on screen only until the live query's own answer.
//
// An answer is taken by the first render that asks for it, and dropped soon after: a later
// visit to the page (a client-side navigation) reads through its live query as usual, never an
// answer from the boot. A page that renders before the answer has arrived takes it when it
// does, unless its live query has answered first (`useFirstRead`). The live query's first
// answer holds the same rows as the boot's: `useSameData` keeps the value on screen then, so
// the page does not draw all of it again. `useLiveRead` is the three together, as a page's
// store uses them.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';

interface Entry {
  value?: unknown;
  settled: boolean;
  answer: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/** Starts `read` under `key` (once): the page's hook asks for it with the same key. */
export function startFirstRead(key: string, read: () => Promise<unknown>): void {
  if (entries.has(key)) return;
  const answer = read();
  const entry: Entry = { settled: false, answer };
  entries.set(key, entry);
  answer.then(
    (value) => {
      entry.value = value;
      entry.settled = true;
    },
    () => entries.delete(key),
  );
  // never kept past the boot: a page that did not render in time reads for itself
  setTimeout(() => entries.delete(key), 10_000);
}

/** Settles when every read started so far has (answered or failed). */
export async function firstReadsSettled(): Promise<void> {
  await Promise.allSettled([...entries.values()].map((entry) => entry.answer));
}

/** The answer of the first read under `key`, when it has arrived; undefined otherwise. */
export function takeFirstRead<T>(key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry?.settled) return undefined;
  // the render that takes it (and a StrictMode second call of the same render) gets it
  setTimeout(() => entries.delete(key), 0);
  return entry.value as T;
}

/** The boot's answer under `key` for this mount of the page: at once when it has arrived, else
 *  when it does (a render then); undefined when there is none. Use it under the page's live
 *  query (`live ?? first`): the live query's own answer wins as soon as it has one. */
export function useFirstRead<T>(key: string): T | undefined {
  const [firstKey] = useState(key);
  const [value, setValue] = useState(() => takeFirstRead<T>(key));
  useEffect(() => {
    if (value !== undefined) return;
    const entry = entries.get(key);
    if (!entry) return;
    let mounted = true;
    void entry.answer.then(
      () => mounted && setValue(takeFirstRead<T>(key)),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
    // the boot's answer is for the first mount only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // (the page has moved on to other data, say another label: not this answer)
  return key === firstKey ? value : undefined;
}

/** Whether two answers of a read hold the same data (plain objects, arrays and Maps). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !sameData(value, b.get(key))) return false;
    return true;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameData(item, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => Object.hasOwn(y, key) && sameData(x[key], y[key]));
}

/** `value`, or the value last returned while they hold the same data (`sameData`): a new
 *  answer with nothing new in it does not make the page draw it again. */
export function useSameData<T>(value: T): T {
  const kept = useRef({ seen: value, shown: value });
  const { current } = kept;
  if (value !== current.seen) {
    // (a cache of equal data: a render React drops leaves nothing wrong in it)
    current.shown =
      value !== undefined && current.shown !== undefined && sameData(value, current.shown)
        ? current.shown
        : value;
    current.seen = value;
  }
  return current.shown;
}

/** A page's live query of the mirror (`read`, again when `deps` change) with its boot read
 *  `key` as the first value, and the value shown kept while an answer holds the same data. */
export function useLiveRead<T>(
  key: string,
  read: () => Promise<T>,
  deps: unknown[],
): T | undefined {
  const first = useFirstRead<T>(key);
  return useSameData(useLiveQuery(read, deps) ?? first);
}

/** Tests only. */
export function resetFirstReadsForTests() {
  entries.clear();
}
