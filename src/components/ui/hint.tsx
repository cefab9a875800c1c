import type { ReactNode } from 'react';
import { useId } from 'react';

import classes from './hint.module.css';

/** A CSS-only tooltip (hover and keyboard focus), for places that must stay light (sign-in). */
export function Hint({ label, children }: { label: string; children: (describedBy: string) => ReactNode }) {
  const id = useId();
  return (
    <span className={classes.root}>
      {children(id)}
      <span role="tooltip" id={id} className={classes.tip}>
        {label}
      </span>
    </span>
  );
}
