// A prerendered page is the built index.html with the page in #root and its head tags; a
// template the build no longer matches stops the build instead of writing a broken page.
import { describe, expect, it } from 'vitest';

import { prerenderedHtml, type PageHead } from './page-html.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <!--page-head-->
    <title>Clipdeck</title>
    <meta name="description" content="The app." />
    <!--/page-head-->
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <!--page-root-->
    <div id="root">
      <div class="boot"><span>Clipdeck</span></div>
    </div>
    <noscript>Clipdeck needs JavaScript to run.</noscript>
    <!--/page-root-->
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

const head: PageHead = {
  url: 'https://clipdeck.example/pricing',
  title: 'Pricing & plans',
  description: 'Plans "for" <teams>.',
  image: 'https://clipdeck.example/social/pricing.png',
  imageSize: { width: 1200, height: 630 },
  stylesheets: ['/assets/index.css', '/assets/styles.css'],
};

describe('prerenderedHtml', () => {
  const html = prerenderedHtml(template, '/pricing', '<main><h1>Pricing</h1></main>', head);

  it('puts the page in #root, marked as prerendered, without the no-script note', () => {
    expect(html).toContain('<div id="root" data-prerendered="/pricing"><main><h1>Pricing</h1></main></div>');
    expect(html).not.toContain('class="boot"');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('writes the title, description, canonical and social tags, escaped', () => {
    expect(html).toContain('<title>Pricing &amp; plans · Clipdeck</title>');
    expect(html).toContain('<meta name="description" content="Plans &quot;for&quot; &lt;teams&gt;." />');
    expect(html).toContain('<link rel="canonical" href="https://clipdeck.example/pricing" />');
    expect(html).toContain('<meta property="og:image" content="https://clipdeck.example/social/pricing.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('adds the stylesheets the template does not link yet', () => {
    expect(html.match(/href="\/assets\/index.css"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/styles.css" />');
  });

  it('refuses a template without the expected parts', () => {
    expect(() => prerenderedHtml(template.replace('<!--/page-head-->', ''), '/x', '', head)).toThrow(/page-head/);
    expect(() => prerenderedHtml(template.replace('<!--page-root-->', ''), '/x', '', head)).toThrow(/page-root/);
    expect(() => prerenderedHtml(`${template}<!--page-root-->`, '/x', '', head)).toThrow(/page-root/);
  });
});
