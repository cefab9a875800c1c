// The API description covers the app: every REST route mounted (Hono's route table, less
// middleware) has an entry in the document, and every documented call is answered by a route
// (not by the /api/* "no such route" fallback), signed in or not.
import crypto from 'node:crypto';

import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { operations, routeDocs, type Operation } from './document.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  ({ token } = await server.createUser());
});
afterAll(() => server.close());

/** REST = /api/* and /healthz; the /api/* fallback, tRPC and the HTML pages are not. */
function mountedRestRoutes() {
  const seen = new Set<string>();
  for (const route of inspectRoutes(server.app)) {
    if (route.isMiddleware) continue;
    if (route.path !== '/healthz' && !route.path.startsWith('/api/')) continue;
    if (route.path === '/api/*') continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen];
}

/** A path with its parameters filled: an enum's first value, a UUID for ids, else a word. */
function sampleUrl(op: Operation) {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const shape = (op.doc.params?.shape ?? {}) as Record<string, z.ZodType>;
    const schema = shape[name]
      ? (z.toJSONSchema(shape[name], { io: 'input' }) as { enum?: string[]; const?: string })
      : {};
    const fixed = schema.enum?.[0] ?? schema.const;
    if (fixed) return fixed;
    return name === 'id' || name.endsWith('Id') ? crypto.randomUUID() : 'sample';
  });
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with unique operation ids', async () => {
    const res = await server.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { operationId: string; parameters: { name: string; in: string }[] }>
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(operations().length);
    // every {param} of a path is declared as a path parameter
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(
            op.parameters.some((p) => p.in === 'path' && p.name === name),
            `${path} ${name}`,
          ).toBe(true);
        }
      }
    }
    const mail = doc.paths['/api/mail/mails/move']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(mail.requestBody.content['application/json'].schema.required).toEqual([
      'mailIds',
      'folder',
    ]);
  });
});

describe('coverage', () => {
  it('documents every mounted REST route', () => {
    const documented = new Set(routeDocs.map((d) => `${d.method} ${d.path}`));
    const missing = mountedRestRoutes().filter((r) => !documented.has(r));
    expect(missing, 'add these routes to server/openapi/routes-*.ts').toEqual([]);
  });

  it('documents no route that is not mounted', () => {
    const mounted = new Set(mountedRestRoutes());
    const stale = routeDocs.map((d) => `${d.method} ${d.path}`).filter((r) => !mounted.has(r));
    expect(stale).toEqual([]);
  });

  it('every documented call is answered by its route, signed in and not', async () => {
    const unanswered: string[] = [];
    for (const op of operations()) {
      for (const auth of [token, undefined]) {
        const res = await server.call(op.method, sampleUrl(op), { token: auth });
        const text = op.doc.stream ? '' : await res.text();
        if (op.doc.stream) await res.body?.cancel();
        if (res.status === 405 || text.includes('No such API route')) {
          unanswered.push(
            `${op.method} ${op.path} → ${res.status} (${auth ? 'user' : 'anonymous'})`,
          );
        }
        if (res.status >= 500) unanswered.push(`${op.method} ${op.path} → ${res.status}`);
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
