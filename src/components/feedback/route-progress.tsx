import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

import classes from './route-progress.module.css';

/** The thin top progress bar shown while a route change loads (spec point 2). */
export function RouteProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
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
