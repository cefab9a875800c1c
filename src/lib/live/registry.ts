// The live registry: what each feature does when the server's one stream (./stream.ts) says
// something happened for it. A feature owns `features/<name>/local/live.ts` (a
// `defineFeatureLive`), src/app composes the list (`createLiveRegistry`) as it composes the
// sync registry. The stream knows no feature, and a feature never sees another's events.
//
// Routing: an event whose data names a `feature` (notice, access, revoked: docs/live.md) goes to
// that feature's handler of that event only; any other event (presence) goes to every feature
// that has a handler for it. A handler's failure is its own: the other features and the next
// event are not held up. `onConnect` runs after every (re)connection.

/** One event of the stream: its name, the stream cursor it carries and its JSON data. */
export interface LiveEvent {
  event: string;
  cursor?: string;
  data: unknown;
}

export interface FeatureLive {
  /** the feature's name on the wire (`notice.feature`) */
  name: string;
  handlers: Record<string, (data: unknown) => void | Promise<void>>;
  onConnect?: () => void | Promise<void>;
}

export function defineFeatureLive(feature: FeatureLive): FeatureLive {
  return feature;
}

export interface LiveRegistry {
  features: FeatureLive[];
  dispatch(event: LiveEvent): Promise<void>;
  connected(): Promise<void>;
}

const featureOf = (data: unknown) =>
  data && typeof data === 'object' && typeof (data as { feature?: unknown }).feature === 'string'
    ? (data as { feature: string }).feature
    : null;

export function createLiveRegistry(features: FeatureLive[]): LiveRegistry {
  const names = new Set<string>();
  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`Two live features are named ${feature.name}.`);
    names.add(feature.name);
  }
  const guarded = async (run: () => void | Promise<void>) => {
    try {
      await run();
    } catch {
      // one feature's failed pull never stops the others'; its next event tries again
    }
  };
  return {
    features,
    dispatch: async ({ event, data }) => {
      const named = featureOf(data);
      const handlers = features
        .filter((f) => named === null || f.name === named)
        .map((f) => f.handlers[event])
        .filter((h) => !!h);
      await Promise.all(handlers.map((h) => guarded(() => h(data))));
    },
    connected: async () => {
      await Promise.all(features.flatMap((f) => (f.onConnect ? [guarded(f.onConnect)] : [])));
    },
  };
}
