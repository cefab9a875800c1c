import { useEffect } from 'react';

/** The tab's title while the page is shown ("Clipdeck demo · Clipdeck"); the old one after. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Clipdeck`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
