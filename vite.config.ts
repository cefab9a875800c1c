// Vite: React, the PWA (vite-plugin-pwa, injectManifest from sw/sw.ts: the worker is ours,
// the plugin only injects the precache list and writes the manifest), `@` → src, and in dev
// a proxy of /api and /trpc to the API server on :8080.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { prerenderPublicPages } from './scripts/prerender/vite-plugin.ts';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/** Writes `.br` and `.gz` next to each text asset; the server sends them when accepted. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'clipdeck-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          );
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const body = fs.readFileSync(file);
          if (body.length < 1024) continue;
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/** Small scripts of src/app inlined in index.html where it says `<!-- inline: src/app/X.js -->`:
 *  theme-init.js applies the colour scheme before the first paint without a render-blocking
 *  request; session-check.js starts the session check while the code downloads. The server's
 *  CSP allows them by their hashes. `__CLIPDECK_API_URL__` becomes VITE_API_URL (or ''). */
function inlineBootScripts(): Plugin {
  const required = ['src/app/theme-init.js', 'src/app/session-check.js'];
  let apiUrl = '';
  return {
    name: 'clipdeck-inline-boot-scripts',
    configResolved(config) {
      apiUrl = String(config.env.VITE_API_URL ?? '').trim().replace(/\/+$/, '');
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        for (const file of required)
          if (!html.includes(`<!-- inline: ${file} -->`)) throw new Error(`index.html lost the marker <!-- inline: ${file} -->`);
        return html.replace(/<!-- inline: (src\/app\/[\w-]+\.js) -->/g, (_, file: string) => {
          const code = fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8').trim();
          return `<script>${code.replaceAll('__CLIPDECK_API_URL__', apiUrl)}</script>`;
        });
      },
    },
  };
}

/** The home's chunks (frame, page, their imports, CSS, and each language's strings), listed
 *  in index.html's session-check script in place of `__CLIPDECK_HOME_CHUNKS__`: on the home it
 *  preloads them while the entry downloads, instead of after the entry has run. Files the entry
 *  loads anyway are left out. `null` in dev (no bundle). */
function homePreloads(): Plugin {
  return {
    name: 'clipdeck-home-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const slot = '= __CLIPDECK_HOME_CHUNKS__;';
        if (!html.includes(slot)) throw new Error(`index.html lost "${slot}" (src/app/session-check.js)`);
        if (!ctx.bundle) return html.replace(slot, '= null;');
        const chunks = Object.values(ctx.bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: OutputChunk[]) => {
          const seen = new Set<string>();
          const walk = (c: OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            for (const f of c.imports) {
              const next = byFile.get(f);
              if (next) walk(next);
            }
          };
          start.forEach(walk);
          return seen;
        };
        const entry = closure(chunks.filter((c) => c.isEntry));
        const home = [...closure(chunks.filter((c) => HOME_ROOTS.some((r) => c.moduleIds.includes(r))))].filter((f) => !entry.has(f));
        if (home.length === 0) throw new Error('home preloads: the dashboard layout and overview chunks were not found');
        const css = [...new Set(home.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        const locales: Record<string, string[]> = {};
        for (const c of chunks) {
          const m = /^locale-([a-z]+)(-boot)?$/.exec(c.name);
          if (m?.[1]) (locales[m[1]] ??= []).push(c.fileName);
        }
        return html.replace(slot, `= ${JSON.stringify({ js: home, css, locales })};`);
      },
    },
  };
}

/** Per language, the boot strings (the sign-in pages'), the parts with a chunk of their own
 *  (the public pages' texts) and the rest of the app's (src/lib/i18n.ts: BOOT_PARTS,
 *  OWN_CHUNK_PARTS). English boot strings are imported by the entry and go with it. */
function localeChunk(id: string): string | null {
  const locale = /[\\/]src[\\/]locales[\\/]([a-z]+)[\\/]([a-z-]+)\.json$/.exec(id);
  if (!locale) return null;
  const part = locale[2] ?? '';
  const boot = ['common', 'auth', 'settings'].includes(part);
  if (boot && locale[1] === 'en') return null;
  if (['marketing', 'legal'].includes(part)) return `locale-${locale[1]}-${part}`;
  return boot ? `locale-${locale[1]}-boot` : `locale-${locale[1]}`;
}

/** The dashboard frame and the home page (the installed app's start page): one chunk, with the
 *  modules they import statically (the group's default `includeDependenciesRecursively`; the
 *  bundler follows only the exports used, so a package index such as @mantine/core brings the
 *  components the home uses, not all of them). Left to itself the bundler cuts them into ~45
 *  files by which other pages share each module; on a phone's HTTP/1.1 connection (six at a
 *  time) those cost a round trip per six files before the home can render. What loads on demand
 *  (menus, the sync engine) stays apart. */
const HOME_ROOTS = ['src/app/layouts/dashboard-layout.tsx', 'src/features/overview/pages/overview.tsx'].map((f) =>
  path.resolve(import.meta.dirname, f),
);
const isHomeRoot = (id: string) => HOME_ROOTS.includes(id);

/** Chunks: React and the router apart (stable, cached across deploys of app code), locales per
 *  language, and everything the entry imports statically in ONE chunk — left to itself the
 *  bundler splits the entry's modules into ~25 small chunks by which lazy pages share them,
 *  and each small file compresses worse and costs a request. Then the home's chunk (above). */
const codeSplitting = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
    { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 4 },
    { name: localeChunk, debugName: 'locales', test: /[\\/]src[\\/]locales[\\/]/, priority: 3 },
    { name: 'index', tags: ['$initial' as const], priority: 2 },
    { name: 'home', test: isHomeRoot, priority: 1 },
  ],
};

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  plugins: [
    react(),
    inlineBootScripts(),
    homePreloads(),
    // the public pages as HTML, with their head tags and social cards (scripts/prerender/)
    prerenderPublicPages(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'favicon.ico', 'robots.txt', 'icons/*.png'],
      manifest: {
        id: '/',
        name: 'Clipdeck',
        short_name: 'Clipdeck',
        description:
          'Your video catalogue, mail, calendar and kanban in one dashboard that installs and works offline.',
        start_url: '/dashboard/app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#D32F2F',
        background_color: '#ffffff',
        lang: 'en',
        dir: 'ltr',
        categories: ['productivity', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'Mail',
            url: '/dashboard/mail',
            icons: [{ src: '/icons/shortcut-mail.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Calendar',
            url: '/dashboard/calendar',
            icons: [{ src: '/icons/shortcut-calendar.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Kanban',
            url: '/dashboard/kanban',
            icons: [{ src: '/icons/shortcut-kanban.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        // the shell, every page chunk and every locale chunk: the app opens offline
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // the public pages' social cards are for link previews, not for the app
        globIgnores: ['social/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/trpc': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting },
    },
  },
});
