// Vite: React, the PWA (vite-plugin-pwa, injectManifest from sw/sw.ts: the worker is ours,
// the plugin only injects the precache list and writes the manifest), `@` → src, and in dev
// a proxy of /api and /trpc to the API server on :8080.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

import { prerenderPublicPages } from './scripts/prerender/vite-plugin.ts';
import { localeChunkName } from './src/lib/locale-parts.ts';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/** src/app/theme-init.js, inlined in index.html's head as a tag (Vite's documented
 *  `transformIndexHtml` tags): it applies the colour scheme, direction and language before the
 *  first paint without a render-blocking request. Its CSP hash is written beside the build
 *  (`inline-scripts.json`), which the server's policy allows (server/static.ts). */
function inlineThemeScript(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/app/theme-init.js');
  const code = () => fs.readFileSync(file, 'utf8').trim();
  return {
    name: 'clipdeck-inline-theme-script',
    transformIndexHtml: () => [{ tag: 'script', children: code(), injectTo: 'head' }],
    generateBundle() {
      const hash = crypto.createHash('sha256').update(code()).digest('base64');
      this.emitFile({
        type: 'asset',
        fileName: 'inline-scripts.json',
        source: JSON.stringify({ scriptSrc: [`'sha256-${hash}'`] }),
      });
    },
  };
}

/** Each locale file's chunk (src/lib/locale-parts.ts). */
function localeChunk(id: string): string | null {
  const locale = /[\\/]src[\\/]locales[\\/]([a-z]+)[\\/]([a-z-]+)\.json$/.exec(id);
  return locale?.[1] && locale[2] ? localeChunkName(locale[1], locale[2]) : null;
}

/** Chunks (Rolldown's `codeSplitting` groups): React apart (it changes less often than the app,
 *  so it stays cached across deploys), each language's strings apart (src/lib/locale-parts.ts),
 *  and what the entry loads before the first render in one chunk (the `$initial` tag): left to
 *  itself the bundler cuts it into dozens of small files by which lazy pages share each module,
 *  and every file costs a request on a phone's connection. */
const codeSplitting = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
    { name: localeChunk, debugName: 'locales', test: /[\\/]src[\\/]locales[\\/]/, priority: 4 },
    { name: 'index', tags: ['$initial' as const], priority: 3 },
    {
      name: 'mantine',
      test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)[\\/]/,
      priority: 2,
    },
    { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 2 },
  ],
};

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  plugins: [
    react(),
    inlineThemeScript(),
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
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
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
    // `.br` and `.gz` beside each text asset; the server sends them when accepted
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
    }),
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
    // the build's manifest (.vite/manifest.json): the first-load budgets read it (.size-limit.ts)
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting },
    },
  },
});
