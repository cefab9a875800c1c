import { useEffect, useState } from 'react';

import classes from './route-progress.module.css';

/** The thin top progress bar shown while a route change loads (docs/product-rules.md#routes).
 *  `busy` comes from whichever navigator runs the page: react-router's navigation state, or the
 *  auth app's pending transition. */
export function RouteProgress({ busy }: { busy: boolean }) {
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');

  useEffect(() => {
    if (busy) {
      setPhase('running');
      return;
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'idle') return null;
  return <div className={classes.bar} data-phase={phase} role="progressbar" aria-hidden="true" />;
}
