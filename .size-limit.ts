// `npm run size`: the gzip size of each route's first-load JS and CSS (tests/perf/routes.ts,
// worked out from the build manifest by tests/perf/first-load.ts) against its budget. Reads
// dist/ (after `npm run build`), or the build directory in SIZE_LIMIT_DIR.
import path from 'node:path';

import { firstLoadFiles, readManifest } from './tests/perf/first-load.ts';
import { FIRST_LOAD_ROUTES } from './tests/perf/routes.ts';

const buildDir = process.env.SIZE_LIMIT_DIR ?? 'dist';
const manifest = readManifest(path.resolve(import.meta.dirname, buildDir));

export default FIRST_LOAD_ROUTES.map((route) => {
  const { js, css } = firstLoadFiles(manifest, route);
  return {
    name: route.route,
    path: [...js, ...css].map((file) => `${buildDir}/${file}`),
    gzip: true,
    limit: route.limit,
  };
});
