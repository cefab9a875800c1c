// A public page's <title> and meta description in the reader's language while it is shown
// (the prerendered HTML carries the English ones, with the canonical link and social card,
// from the same strings: src/app/prerender.tsx). What was there before comes back after.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import type { PageMetaKey } from '../routes';

export const pageTitle = (t: (key: string) => string, meta: PageMetaKey) => `${t(`marketing.meta.${meta}.title`)} · Clipdeck`;

export function usePageMeta(meta: PageMetaKey) {
  const { t } = useTranslation();
  const title = pageTitle(t, meta);
  const description = t(`marketing.meta.${meta}.description`);
  useEffect(() => {
    const previousTitle = document.title;
    const tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = tag?.content;
    document.title = title;
    if (tag) tag.content = description;
    return () => {
      document.title = previousTitle;
      if (tag && previousDescription !== undefined) tag.content = previousDescription;
    };
  }, [title, description]);
}
