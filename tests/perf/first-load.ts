// The files a route downloads on a first visit, worked out from Vite's build manifest
// (`build.manifest`, <outDir>/.vite/manifest.json) with its documented fields only: `isEntry`,
// `file`, `imports` (static imports, as manifest keys), `css` and `name`. Dynamic imports are not
// followed: what a page loads later (a dialog, the sync engine) is not part of its first load.
// Throws when the table (routes.ts) names a module or chunk the build does not have, so a change
// of chunking shows up as a failed check rather than as a smaller figure.
import fs from 'node:fs';
import path from 'node:path';

import type { Manifest, ManifestChunk } from 'vite';

import type { FirstLoadRoute } from './routes.ts';

export interface FirstLoad {
  /** JS files, relative to the build directory. */
  js: string[];
  css: string[];
}

export function readManifest(buildDir: string): Manifest {
  const file = path.join(buildDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file))
    throw new Error(
      `${file} is missing: build first (npm run build; vite.config.ts sets build.manifest)`,
    );
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest key of the JS chunk named `name` (codeSplitting group names are unique). */
function chunkKey(manifest: Manifest, name: string): string {
  const keys = Object.keys(manifest).filter(
    (k) => manifest[k]?.name === name && manifest[k]?.file.endsWith('.js'),
  );
  if (keys.length !== 1)
    throw new Error(
      `the build has ${keys.length} JS chunks named "${name}" (tests/perf/routes.ts expects one)`,
    );
  return keys[0]!;
}

function moduleKey(manifest: Manifest, module: string, route: string): string {
  if (manifest[module]) return module;
  throw new Error(
    `${route}: ${module} is not a key of the build manifest (not a lazy module, or merged into a ` +
      'codeSplitting group of vite.config.ts): update tests/perf/routes.ts',
  );
}

export function firstLoadFiles(
  manifest: Manifest,
  route: Pick<FirstLoadRoute, 'route' | 'modules' | 'chunks'>,
): FirstLoad {
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry');
  const roots = [
    ...entries,
    ...route.modules.map((m) => moduleKey(manifest, m, route.route)),
    ...route.chunks.map((name) => chunkKey(manifest, name)),
  ];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk: ManifestChunk | undefined = manifest[key];
    if (!chunk) throw new Error(`the build manifest imports ${key} but has no such key`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  const chunks = [...seen].map((k) => manifest[k]!);
  return {
    js: [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith('.js')))].sort(),
    css: [...new Set(chunks.flatMap((c) => c.css ?? []))].sort(),
  };
}
