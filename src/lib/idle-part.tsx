// A part of a page that its first screen does not show (a drawer, a dialog, a name field): its
// code is not in the page's first load, which it would slow down (parsing and running it, with
// the Mantine inputs and zod schemas it brings). The page preloads it once its first screen is
// painted and the browser is idle (`usePreloadAfterPaint`), and a part wanted before then loads
// at once. It renders nothing until its code is in, and the component itself from then on (so a
// drawer keeps its closing animation).
//
// No Suspense: a boundary that shows its fallback holds what replaces it for up to 300 ms
// (React's fallback throttle), a delay the user would feel when opening the part.
import { useEffect, useState, type ComponentType } from 'react';

import { whenIdle } from './when-idle';

export interface IdlePart<P> {
  /** The part, once its code is in; `wanted` (say, the drawer is open) loads it now. */
  Part: ComponentType<P & { wanted: boolean }>;
  /** Loads the code (once; again after a failure). */
  preload: () => Promise<void>;
}

export function idlePart<P extends object>(load: () => Promise<ComponentType<P>>): IdlePart<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  function Part({ wanted, ...props }: P & { wanted: boolean }) {
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (Loaded || !wanted) return;
      let live = true;
      preload().then(
        () => live && setArrived(true),
        () => undefined, // (its code not cached, offline: nothing to show, as before it loaded)
      );
      return () => {
        live = false;
      };
    }, [wanted]);
    return Loaded ? <Loaded {...(props as P)} /> : null;
  }
  return { Part, preload };
}

/** Preloads `parts` once `shown` (the page's first screen is on screen), after that frame has
 *  painted, when the browser is idle: never in the way of the first screen. */
export function usePreloadAfterPaint(shown: boolean, ...parts: Pick<IdlePart<never>, 'preload'>[]) {
  useEffect(() => {
    if (!shown) return;
    let cancel = () => {};
    const frame = requestAnimationFrame(() => {
      cancel = whenIdle(() => parts.forEach((part) => void part.preload().catch(() => undefined)));
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
    // the parts are module constants
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
}
