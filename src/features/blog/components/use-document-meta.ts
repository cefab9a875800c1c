// The page's title and its head tags for sharing and search engines: <title>, the meta
// description, Open Graph (og:title, og:description, og:type, og:url, og:image), the Twitter
// card and the canonical link. Set while the page is shown; what was there before (the app's
// own description, or the tags the server wrote for a post's address) comes back after. Values
// are set through the DOM (setAttribute), never as HTML.
import { useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description?: string;
  /** absolute or site-relative; made absolute against the page's origin */
  url?: string;
  image?: string | null;
  type?: 'website' | 'article';
}

type Tag = { selector: string; create: () => HTMLElement; attr: 'content' | 'href'; value?: string };

const meta = (key: 'name' | 'property', name: string) => () => {
  const el = document.createElement('meta');
  el.setAttribute(key, name);
  return el;
};

function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

export function useDocumentMeta({ title, description, url, image, type = 'website' }: DocumentMeta) {
  useEffect(() => {
    const fullTitle = `${title} · Clipdeck`;
    const tags: Tag[] = [
      { selector: 'meta[name="description"]', create: meta('name', 'description'), attr: 'content', value: description },
      { selector: 'meta[property="og:title"]', create: meta('property', 'og:title'), attr: 'content', value: title },
      { selector: 'meta[property="og:description"]', create: meta('property', 'og:description'), attr: 'content', value: description },
      { selector: 'meta[property="og:type"]', create: meta('property', 'og:type'), attr: 'content', value: type },
      { selector: 'meta[property="og:url"]', create: meta('property', 'og:url'), attr: 'content', value: url && absolute(url) },
      { selector: 'meta[property="og:image"]', create: meta('property', 'og:image'), attr: 'content', value: image ? absolute(image) : undefined },
      {
        selector: 'meta[name="twitter:card"]',
        create: meta('name', 'twitter:card'),
        attr: 'content',
        value: image ? 'summary_large_image' : 'summary',
      },
      {
        selector: 'link[rel="canonical"]',
        create: () => {
          const link = document.createElement('link');
          link.rel = 'canonical';
          return link;
        },
        attr: 'href',
        value: url && absolute(url),
      },
    ];
    const previousTitle = document.title;
    document.title = fullTitle;
    const restore: (() => void)[] = [];
    for (const tag of tags) {
      if (tag.value === undefined) continue;
      let el = document.head.querySelector<HTMLElement>(tag.selector);
      if (el) {
        const before = el.getAttribute(tag.attr);
        const node = el;
        restore.push(() => (before === null ? node.removeAttribute(tag.attr) : node.setAttribute(tag.attr, before)));
      } else {
        el = tag.create();
        document.head.append(el);
        const node = el;
        restore.push(() => node.remove());
      }
      el.setAttribute(tag.attr, tag.value);
    }
    return () => {
      document.title = previousTitle;
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, url, image, type]);
}
