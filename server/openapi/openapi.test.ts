// The API description is generated from the app's route table: every REST route mounted
// (Hono's route table, less middleware) is in the document under the same method and path, and
// nothing else is; every documented call is answered by its route (not by the /api/* "no such
// route" fallback), signed in or not.
import crypto from 'node:crypto';

import { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { AppEnv } from '../context.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import {
  buildOpenApiDocument,
  declarations,
  openApiPath,
  type Declared,
  type OpenApiDocument,
} from './document.ts';
import { route } from './route.ts';

let server: TestServer;
let token: string;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await createTestServer();
  ({ token } = await server.createUser());
  const res = await server.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenApiDocument;
});
afterAll(() => server.close());

/** REST = /api/* and /healthz; the /api/* fallback, tRPC and the HTML pages are not. */
function mountedRestRoutes(app: Hono<AppEnv>) {
  const seen = new Set<string>();
  for (const r of inspectRoutes(app)) {
    if (r.isMiddleware) continue;
    if (r.path !== '/healthz' && !r.path.startsWith('/api/')) continue;
    if (r.path === '/api/*') continue;
    // an app.all() route (tus) answers the methods its declaration names
    const all = app.routes.find((x) => x.method === 'ALL' && x.path === r.path);
    const methods =
      r.method === 'ALL' && all
        ? (declarations(app).find((d) => d.honoPath === r.path)?.spec.methods ?? ['ALL'])
        : [r.method];
    for (const method of methods) seen.add(`${method} ${openApiPath(r.path)}`);
  }
  return [...seen].sort();
}

const documented = (doc: OpenApiDocument) =>
  Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

/** A path with its parameters filled: an enum's first value, a UUID for ids, else a word. */
function sampleUrl(d: Declared) {
  return d.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const shape = ((d.spec.params as z.ZodObject | undefined)?.shape ?? {}) as Record<
      string,
      z.ZodType
    >;
    const schema = shape[name]
      ? (z.toJSONSchema(shape[name], { io: 'input' }) as { enum?: string[]; const?: string })
      : {};
    const fixed = schema.enum?.[0] ?? schema.const;
    if (fixed) return fixed;
    if (d.honoPath.includes(`:${name}{card}`)) return 'card';
    return name === 'id' || name.endsWith('Id') ? crypto.randomUUID() : 'sample';
  });
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with unique operation ids', () => {
    expect(document.openapi).toBe('3.1.0');
    type Op = { operationId: string; parameters?: { name: string; in: string }[] };
    const ops = Object.values(document.paths).flatMap((item) => Object.values(item) as Op[]);
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // every {param} of a path is declared as a path parameter
    for (const [path, item] of Object.entries(document.paths)) {
      for (const op of Object.values(item) as Op[]) {
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(
            (op.parameters ?? []).some((p) => p.in === 'path' && p.name === name),
            `${path} ${name}`,
          ).toBe(true);
        }
      }
    }
    const mail = document.paths['/api/mail/mails/move']!.post as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(mail.requestBody.content['application/json'].schema.required).toEqual([
      'mailIds',
      'folder',
    ]);
    expect(document.paths['/api/calendar/events/new']!.post).toMatchObject({
      tags: ['Calendar'],
      'x-access': 'user',
      responses: { '201': {}, '401': {} },
    });
    // a sync-able mutation documents its key; a declared path parameter keeps its schema
    expect(document.paths['/api/kanban/cards/resolve']!.post).toMatchObject({
      tags: ['Kanban'],
      parameters: [{ name: 'Idempotency-Key', in: 'header', required: false }],
    });
    expect(document.paths['/api/kanban/boards/{boardId}']!.get).toMatchObject({
      parameters: [
        { name: 'boardId', in: 'path', required: true, schema: { format: 'uuid' } },
        { name: 'since', in: 'query', required: false },
      ],
    });
    expect(document.paths['/api/live']!.get).toMatchObject({
      tags: ['Live'],
      'x-stream': true,
      responses: { '200': { content: { 'text/event-stream': {} } } },
    });
  });
});

describe('coverage', () => {
  it('lists every mounted REST route under its method and path, and nothing else', () => {
    expect(documented(document)).toEqual(mountedRestRoutes(server.app));
  });

  it('fails for a route mounted without a declaration', async () => {
    const app = new Hono<AppEnv>();
    app.get('/api/declared', route({ tag: 'T', summary: 'Declared.', access: 'public' }), (c) =>
      c.json({}),
    );
    app.post('/api/undeclared/:id', (c) => c.json({}));
    const doc = await buildOpenApiDocument(app);
    expect(documented(doc)).toEqual(['GET /api/declared']);
    expect(mountedRestRoutes(app)).toEqual(['GET /api/declared', 'POST /api/undeclared/{id}']);
  });

  it('every documented call is answered by its route, signed in and not', async () => {
    const unanswered: string[] = [];
    for (const d of declarations(server.app)) {
      for (const auth of [token, undefined]) {
        const res = await server.call(d.method, sampleUrl(d), { token: auth });
        const text = d.spec.stream ? '' : await res.text();
        if (d.spec.stream) await res.body?.cancel();
        if (res.status === 405 || text.includes('No such API route')) {
          unanswered.push(`${d.method} ${d.path} → ${res.status} (${auth ? 'user' : 'anonymous'})`);
        }
        if (res.status >= 500) unanswered.push(`${d.method} ${d.path} → ${res.status}`);
        // a call declared for signed-in users refuses an anonymous caller
        if (!auth && (d.spec.access === 'user' || d.spec.access === 'admin'))
          if (d.method !== 'OPTIONS' && res.status !== 401)
            unanswered.push(`${d.method} ${d.path} → ${res.status} to an anonymous caller`);
      }
    }
    expect(unanswered).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with its script as files from this server', async () => {
    const res = await server.call('GET', '/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    // no inline script (the CSP forbids them) and nothing from another origin
    for (const attrs of sources) expect(attrs).toMatch(/src="\/api\/docs\/[\w.-]+"/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js']) {
      const asset = await server.call('GET', `/api/docs/${file}`);
      expect(asset.status, file).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    // only those files: a name like `constructor` was a 500 (found by the fuzz run)
    for (const other of ['package.json', 'constructor', '__proto__', 'toString']) {
      expect((await server.call('GET', `/api/docs/${other}`)).status, other).toBe(404);
    }
    expect((await server.call('GET', '/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});
