// Prerendering of the public pages, part of every `vite build` (vite.config.ts): after the
// client bundle is generated, this builds src/app/prerender.tsx for Node with Vite's own SSR
// build, renders each page in a child process (React's renderToString, the app's providers
// and components) and adds to the bundle, as ordinary assets:
//   <path>/index.html   the built index.html with the page in #root and its head tags
//                       (title, description, canonical, Open Graph, Twitter, its stylesheets)
//   social/<meta>.png   the page's social card (./social-card.ts)
//   prerendered.json    { origin, pages }: the server serves those pages for their paths and
//                       moves their absolute URLs to PUBLIC_URL (server/public/prerendered.ts)
// Being assets of the bundle, the pages are precompressed and precached like the rest. The
// stylesheets a page needs are read from the build manifest: the simple layout's and the
// public pages' (the entry's own stylesheet, Mantine's among it, is in index.html already).
// Absolute URLs use PUBLIC_URL at build time (default http://localhost:8080).
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { build, type Plugin } from 'vite';

import { prerenderedHtml } from './page-html.ts';
import { SOCIAL_CARD_SIZE, socialCardPng } from './social-card.ts';

/** Where the site is published: the canonical and social-card URLs' origin. */
export const PRERENDER_ORIGIN = (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

interface RenderedPage {
  path: string;
  meta: string;
  title: string;
  description: string;
  html: string;
}

/** One entry of Vite's build manifest (the documented fields this reads). */
interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
}

/** Modules whose CSS a public page needs before any script runs. */
const needsCss = (src: string) => src === 'src/app/layouts/simple-layout.tsx' || src.startsWith('src/features/marketing/pages/');

/** The stylesheets of those modules and of everything they import statically, read from the
 *  build manifest (`build.manifest`): each entry's `css`, and its `imports` followed. */
function pageStylesheets(bundle: OutputBundle, base: string): string[] {
  const asset = bundle['.vite/manifest.json'];
  if (asset?.type !== 'asset') throw new Error('prerender: the build has no manifest (build.manifest in vite.config.ts)');
  const manifest = JSON.parse(String(asset.source)) as Record<string, ManifestChunk>;
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(`${base}${file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.src && needsCss(chunk.src)) visit(key);
  if (seen.size === 0) throw new Error('prerender: the public pages were not found in the build manifest');
  return [...css];
}

const execFileAsync = promisify(execFile);

/** Builds src/app/prerender.tsx for Node and renders the pages in a child process: whatever
 *  the app's modules leave running (a query cache's timers, say) ends with that process
 *  instead of keeping the build from exiting. */
async function renderInNode(root: string): Promise<RenderedPage[]> {
  const outDir = path.join(root, 'node_modules/.cache/clipdeck-prerender', crypto.randomUUID());
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      resolve: { alias: { '@': path.join(root, 'src') } },
      plugins: [react()],
      build: {
        ssr: 'src/app/prerender.tsx',
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    // inside the project: the bundle's imports of packages resolve from its node_modules
    const runner = path.join(outDir, 'run.mjs');
    fs.writeFileSync(
      runner,
      "import { renderPages } from './prerender.mjs';\n" +
        'const pages = await renderPages(process.argv[2]);\n' +
        'process.stdout.write(JSON.stringify(pages), () => process.exit(0));\n',
    );
    const { stdout } = await execFileAsync(process.execPath, [runner, PRERENDER_ORIGIN], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    return JSON.parse(stdout) as RenderedPage[];
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export function prerenderPublicPages(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'clipdeck-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string')
          throw new Error('prerender: the bundle has no index.html');
        const template = index.source;
        const stylesheets = pageStylesheets(bundle, base);
        const pages = await renderInNode(root);
        for (const page of pages) {
          const image = `social/${page.meta}.png`;
          this.emitFile({
            type: 'asset',
            fileName: image,
            source: await socialCardPng({ title: page.title, description: page.description }),
          });
          this.emitFile({
            type: 'asset',
            fileName: `${page.path.slice(1)}/index.html`,
            source: prerenderedHtml(template, page.path, page.html, {
              url: `${PRERENDER_ORIGIN}${page.path}`,
              title: page.title,
              description: page.description,
              image: `${PRERENDER_ORIGIN}/${image}`,
              imageSize: SOCIAL_CARD_SIZE,
              stylesheets,
            }),
          });
        }
        this.emitFile({
          type: 'asset',
          fileName: 'prerendered.json',
          source: JSON.stringify({ origin: PRERENDER_ORIGIN, pages: pages.map((p) => p.path) }, null, 2),
        });
      },
    },
  };
}
