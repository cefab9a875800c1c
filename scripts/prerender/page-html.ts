// A prerendered page's HTML: the built index.html (its scripts, the inline theme script the CSP
// allows by hash, the entry's stylesheet) with, between its `<!--page-head-->` markers, the
// page's title, description, canonical link, Open Graph and Twitter tags and the stylesheets
// the page's components need before any script runs, and between its `<!--page-root-->`
// markers, #root holding the page's markup. Values are HTML-escaped.
import { escapeHtml } from '../../server/contracts/html.ts';

export interface PageHead {
  /** the page's own URL (absolute) */
  url: string;
  title: string;
  description: string;
  /** the social card's absolute URL */
  image: string;
  imageSize: { width: number; height: number };
  /** hrefs of stylesheets to add (site-relative) */
  stylesheets: string[];
}

/** `html` with what lies between `<!--name-->` and `<!--/name-->` replaced (markers included). */
function fill(html: string, name: string, content: string): string {
  const start = `<!--${name}-->`;
  const end = `<!--/${name}-->`;
  const from = html.indexOf(start);
  const to = html.indexOf(end);
  if (from < 0 || to < from || html.indexOf(start, from + 1) >= 0)
    throw new Error(`prerender: index.html must have one ${start} … ${end}`);
  return html.slice(0, from) + content + html.slice(to + end.length);
}

export function prerenderedHtml(template: string, path: string, markup: string, head: PageHead): string {
  const description = escapeHtml(head.description);
  const tags = [
    `<title>${escapeHtml(`${head.title} · Clipdeck`)}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Clipdeck" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta property="og:image" content="${escapeHtml(head.image)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="${head.imageSize.width}" />`,
    `<meta property="og:image:height" content="${head.imageSize.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(head.image)}" />`,
    ...head.stylesheets
      .filter((href) => !template.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
  ];
  const html = fill(template, 'page-head', tags.join('\n    '));
  return fill(html, 'page-root', `<div id="root" data-prerendered="${escapeHtml(path)}">${markup}</div>`);
}
