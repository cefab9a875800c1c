// A polite screen-reader announcement region for changes that arrive on their own (other
// people's edits, presence, conflicts): the latest sentence is read once. Use sparingly: only
// what a sighted user would notice too.
import { VisuallyHidden } from '@mantine/core';
import { useCallback, useState } from 'react';

export function useAnnouncer() {
  const [message, setMessage] = useState('');
  // the same sentence twice in a row is read again (a second conflict on the same card)
  const announce = useCallback(
    (text: string) => setMessage((m) => (m === text ? `${text}\u00a0` : text)),
    [],
  );
  const region = (
    <VisuallyHidden
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="live-announcer"
    >
      {message}
    </VisuallyHidden>
  );
  return { announce, region };
}
