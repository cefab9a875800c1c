// The home's offline figures, counted on the device by the features that mirror the data: each
// feature declares what it counts (`defineCountSource` in its `local/overview-count.ts`), src/app
// lists them (app/overview-count-sources.ts) and provides a loader here, and the overview reads
// them through `loadCountSources` without knowing any feature's tables (src/lib and one feature
// may not import another feature or app). The list loads lazily, only when the home needs the
// device's counts.
//
// Guarantees: a figure no source counts is 0; a source's count runs inside the caller's live
// query, so it must only read its own tables.
import type { OverviewCounts } from '../../../server/contracts/overview';

export interface CountSource {
  /** the feature's name, for errors */
  name: string;
  count(now: Date): Promise<Partial<OverviewCounts>>;
}

export const defineCountSource = (source: CountSource) => source;

export const NO_COUNTS: OverviewCounts = {
  mails: 0,
  unreadMails: 0,
  upcomingEvents: 0,
  cards: 0,
  openCards: 0,
  conversations: 0,
  unreadMessages: 0,
};

/** Every source's figures together. */
export async function countOnDevice(sources: CountSource[], now = new Date()): Promise<OverviewCounts> {
  const parts = await Promise.all(sources.map((source) => source.count(now)));
  return Object.assign({ ...NO_COUNTS }, ...parts) as OverviewCounts;
}

let loader: (() => Promise<CountSource[]>) | null = null;
let loaded: Promise<CountSource[]> | null = null;
const waiting: (() => void)[] = [];

/** src/app: how to load the composed list. */
export function provideCountSources(load: () => Promise<CountSource[]>) {
  loader = load;
  for (const resume of waiting.splice(0)) resume();
}

/** The composed list; waits for the app to provide it. A failed load may be asked for again. */
export async function loadCountSources(): Promise<CountSource[]> {
  if (!loader) await new Promise<void>((resolve) => waiting.push(resolve));
  loaded ??= loader!().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}
