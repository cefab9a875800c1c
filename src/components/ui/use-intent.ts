// Menus and popovers need floating-ui (with Mantine's Menu, Popover and Tooltip, ~30 kB gzip).
// The dashboard header renders their triggers at once and loads the rest on the first sign of
// intent: pointer over, touch, focus or a press. A press made before the code arrived is
// replayed (the menu opens once loaded), and a trigger that had keyboard focus gets it back
// after the swap (put `triggerRef` on it).
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

export interface Intent {
  /** pressed before the code had loaded: open at once */
  pressed: boolean;
}

export function useIntent<T, E extends HTMLElement = HTMLButtonElement>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const intent = useRef<Intent>({ pressed: false });
  const focused = useRef(false);
  const started = useRef(false);
  const triggerRef = useRef<E>(null);
  const begin = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(setLoaded, () => {
      // offline without the chunk cached: try again on the next intent
      started.current = false;
    });
  }, [load]);
  useEffect(() => {
    if (loaded && focused.current) triggerRef.current?.focus();
  }, [loaded]);
  const triggerProps = {
    onPointerEnter: begin,
    onTouchStart: begin,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      focused.current = event.currentTarget.matches(':focus-visible');
      begin();
    },
    onBlur: () => {
      focused.current = false;
    },
    onClick: () => {
      intent.current.pressed = true;
      begin();
    },
  };
  return { loaded, triggerProps, triggerRef, intent: intent.current };
}
