// Menus and popovers need floating-ui (with Mantine's Menu, Popover and Tooltip: a sizeable
// download). The dashboard header renders their triggers at once and loads the rest on the first
// sign of intent: pointer over, touch, focus or a press. A press made before the code arrived is
// replayed (the menu opens once loaded), and a trigger that had keyboard focus gets it back after
// the swap (put `triggerRef` on it).
//
// The swap mounts a new trigger element (inside the menu's or popover's target). Code that
// arrives while a button or key is held down waits for its release: swapped between press and
// release, the browser would fire the click on neither element and the press would be lost.
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface Intent {
  /** pressed before the code had loaded: open at once */
  pressed: boolean;
}

export function useIntent<T, E extends HTMLElement = HTMLButtonElement>(load: () => Promise<T>) {
  // (boxed: a loaded value that is a function would be taken for a state updater)
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const intent = useRef<Intent>({ pressed: false });
  const focused = useRef(false);
  const started = useRef(false);
  const held = useRef(false);
  const arrived = useRef<{ value: T } | null>(null);
  const releaseCleanup = useRef<(() => void) | null>(null);
  const triggerRef = useRef<E>(null);
  const begin = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (value) => {
        arrived.current = { value };
        if (!held.current) setLoaded(arrived.current);
      },
      () => {
        // offline without the chunk cached: try again on the next intent
        started.current = false;
      },
    );
  }, [load]);
  // a press on the trigger: hold the swap until its click has been handled (a click the press
  // never makes, dragged off or cancelled, lets it go shortly after the release)
  const hold = useCallback(() => {
    if (held.current) return;
    held.current = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const flush = () => {
      releaseCleanup.current?.();
      timers.push(
        setTimeout(() => {
          held.current = false;
          if (arrived.current) setLoaded(arrived.current);
        }, 0),
      );
    };
    const released = () => timers.push(setTimeout(flush, 300));
    const listeners = [
      ['click', flush],
      ['pointercancel', flush],
      ['pointerup', released],
      ['keyup', released],
    ] as const;
    for (const [type, listener] of listeners) window.addEventListener(type, listener, true);
    timers.push(setTimeout(flush, 5000));
    releaseCleanup.current = () => {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
      for (const timer of timers.splice(0)) clearTimeout(timer);
      releaseCleanup.current = null;
    };
  }, []);
  useEffect(() => () => releaseCleanup.current?.(), []);
  useEffect(() => {
    if (loaded && focused.current) triggerRef.current?.focus();
  }, [loaded]);
  const triggerProps = {
    onPointerEnter: begin,
    onTouchStart: begin,
    onPointerDown: () => {
      hold();
      begin();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' || event.key === ' ') hold();
    },
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
  return { loaded: loaded?.value ?? null, triggerProps, triggerRef, intent: intent.current };
}
