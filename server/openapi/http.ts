// GET /api/openapi.json (the document, built once) and the interactive reference at
// /api/docs: Swagger UI's own files, served from node_modules (nothing from a CDN), started by
// /api/docs/init.js — a script file, since the app's CSP forbids inline scripts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Hono } from 'hono';

import type { AppEnv } from '../context.ts';
import { notFound } from '../lib/errors.ts';
import { buildOpenApiDocument } from './document.ts';
import { route } from './route.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

const INIT_SCRIPT = `// Starts Swagger UI on the API description (served as a file: the CSP allows no inline script).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Clipdeck API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const ASSETS = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

function swaggerDir() {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

export function mountApiDescription(app: Hono<AppEnv>) {
  let document: string | undefined;
  const cache = new Map<string, Buffer>();

  const service = { tag: 'Service', access: 'public' } as const;

  app.get(
    '/api/openapi.json',
    route({ ...service, summary: 'This API description (OpenAPI 3.1).' }),
    async (c) => {
      document ??= JSON.stringify(await buildOpenApiDocument(app, VERSION));
      return c.body(document, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
    },
  );

  app.get(
    '/api/docs',
    route({
      ...service,
      summary: 'The interactive API reference (an HTML page).',
      produces: 'text/html',
    }),
    (c) => c.html(PAGE, 200, { 'Cache-Control': 'no-cache' }),
  );

  // the name is not validated: any name but the files listed is a 404
  const docFile = route({
    ...service,
    summary: "The reference page's script and style sheets.",
    produces: 'application/javascript',
  });
  app.get('/api/docs/:file', docFile, async (c) => {
    const file = c.req.param('file');
    if (file === 'init.js') {
      return c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    }
    const type = ASSETS.get(file);
    if (!type) throw notFound('No such file.');
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = await fs.promises.readFile(path.join(swaggerDir(), file));
      cache.set(file, bytes);
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=3600',
    });
  });
}
