// Preload hints for the dashboard frame, sent with the page of every signed-in path: a `Link`
// header naming the frame's code (its module and the chunks it imports that the entry does not
// load already), so the browser fetches it while it is still fetching the entry, instead of
// after the entry has run and asked for it. Every dashboard page renders inside the frame
// (src/app/router.tsx), so the hint is right for all of them; the page's own module is not
// hinted (the server does not know which module a path lazy-loads).
//
// The files come from Vite's build manifest (`.vite/manifest.json`, `build.manifest` in
// vite.config.ts), the documented way for a server to learn the build's chunks
// (docs/performance.md#what-keeps-a-first-screen-short). The manifest is read again when the
// build changes.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The frame's source module, as the manifest keys it. */
export const DASHBOARD_FRAME_MODULE = 'src/app/layouts/dashboard-layout.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Every chunk `key` loads statically, itself included. */
function reachable(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) reachable(manifest, imported, into);
  return into;
}

/** The `Link` header value for `moduleSrc`'s code beyond the entry's: modulepreload for its
 *  scripts, preload for its stylesheets (in CORS mode, as the app's loader then asks for them:
 *  otherwise the browser fetches them twice). Null when the manifest or the module is missing. */
export function preloadHeader(manifest: Manifest, moduleSrc: string): string | null {
  if (!manifest[moduleSrc]) return null;
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) reachable(manifest, key, loaded);
  const links: string[] = [];
  for (const key of reachable(manifest, moduleSrc)) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key]!;
    links.push(`</${chunk.file}>; rel=modulepreload`);
    for (const css of chunk.css ?? [])
      links.push(`</${css}>; rel=preload; as=style; crossorigin`);
  }
  return links.length ? links.join(', ') : null;
}

/** The dashboard frame's `Link` header for the build in `rootDir` (null without a build). */
export function createFramePreload(rootDir: string): () => string | null {
  const file = path.resolve(rootDir, '.vite/manifest.json');
  let cached: { mtimeMs: number; header: string | null } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let header: string | null = null;
      try {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
        header = preloadHeader(manifest, DASHBOARD_FRAME_MODULE);
      } catch {
        header = null;
      }
      cached = { mtimeMs, header };
    }
    return cached.header;
  };
}
