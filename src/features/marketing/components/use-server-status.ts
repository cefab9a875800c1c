// The maintenance page's live check: /healthz every POLL_SECONDS (and on demand), with the
// seconds left until the next check. Starts once the page runs in a browser.
import { useCallback, useEffect, useRef, useState } from 'react';

import { serverStatus } from '@/lib/maintenance';

export const POLL_SECONDS = 15;

export type Status = 'checking' | 'up' | 'maintenance' | 'unreachable';

export function useServerStatus(): { status: Status; nextIn: number; checkNow: () => void } {
  const [status, setStatus] = useState<Status>('checking');
  const [nextIn, setNextIn] = useState(POLL_SECONDS);
  const running = useRef<AbortController | null>(null);

  const checkNow = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus('checking');
    void serverStatus(controller.signal).then((next) => {
      if (controller.signal.aborted) return;
      setStatus(next);
      setNextIn(POLL_SECONDS);
    });
  }, []);

  useEffect(() => {
    checkNow();
    const timer = setInterval(() => {
      setNextIn((left) => {
        if (left > 1) return left - 1;
        checkNow();
        return POLL_SECONDS;
      });
    }, 1000);
    return () => {
      clearInterval(timer);
      running.current?.abort();
    };
  }, [checkNow]);

  return { status, nextIn, checkNow };
}
