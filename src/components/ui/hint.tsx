import type { ReactNode } from 'react';
import { useId } from 'react';

import classes from './hint.module.css';

/** A CSS-only tooltip (hover and keyboard focus), for places that must stay light (the sign-in
 *  page, the dashboard header): above its target, or below it at the top of the page. */
export function Hint({
  label,
  position = 'top',
  hidden = false,
  children,
}: {
  label: string;
  position?: 'top' | 'bottom';
  /** not shown (say, while the popover it describes is open) */
  hidden?: boolean;
  children: (describedBy: string) => ReactNode;
}) {
  const id = useId();
  return (
    <span className={classes.root} data-position={position} data-hidden={hidden || undefined}>
      {children(id)}
      <span role="tooltip" id={id} className={classes.tip}>
        {label}
      </span>
    </span>
  );
}
