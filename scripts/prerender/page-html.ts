// A prerendered page's HTML: the built index.html (its scripts, the inline boot scripts the CSP
// allows by hash, the entry's stylesheet) with the page's markup in #root, its title and
// description, a canonical link, Open Graph and Twitter tags, and the stylesheets the page's
// components need before any script runs. Values are HTML-escaped.
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

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = html.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches?.length !== 1) throw new Error(`prerender: index.html must have exactly one ${what}`);
  return html.replace(pattern, () => replacement);
}

export function prerenderedHtml(template: string, path: string, markup: string, head: PageHead): string {
  const title = escapeHtml(`${head.title} · Clipdeck`);
  const description = escapeHtml(head.description);
  const tags = [
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
  let html = replaceOnce(template, /<title>[^<]*<\/title>/, `<title>${title}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${description}" />`,
    'meta description',
  );
  html = replaceOnce(html, /<\/head>/, `  ${tags.join('\n    ')}\n  </head>`, '</head>');
  // #root (the boot screen) up to the <noscript> note, which a prerendered page does not need
  html = replaceOnce(
    html,
    /<div id="root">[\s\S]*?<noscript>[\s\S]*?<\/noscript>/,
    `<div id="root" data-prerendered="${escapeHtml(path)}">${markup}</div>`,
    '#root followed by <noscript>',
  );
  return html;
}
