// The OpenAPI 3.1 document of the REST calls, generated from the app itself: hono-openapi walks
// Hono's route table and collects the operation each route's declaration (route.ts) attached
// to it, so every path and method is the one Hono routes by. Only what no single route owns is
// written here: the info, the security scheme, the error schema and the note on tRPC.
import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';

import type { AppEnv } from '../context.ts';
import { declarationOf, errorBody, inputSchema, operation, type RouteSpec } from './route.ts';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: Json;
}

/** Hono's path syntax to an OpenAPI path: `:id` and `:size{card}?` → `{id}`, `{size}`; `*` → `{path}`. */
export function openApiPath(honoPath: string): string {
  return honoPath
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)/.exec(segment);
      if (param) return `{${param[1]}}`;
      return segment === '*' ? '{path}' : segment;
    })
    .join('/');
}

export interface Declared {
  /** as Hono routes it (`/api/invoices/:id`) */
  honoPath: string;
  /** as the document names it (`/api/invoices/{id}`) */
  path: string;
  method: string;
  spec: RouteSpec;
}

/** Every declared route of `app`, one entry per method it answers. */
export function declarations(app: Hono<AppEnv>): Declared[] {
  const seen = new Set<string>();
  const found: Declared[] = [];
  for (const r of app.routes) {
    const spec = declarationOf(r.handler);
    if (!spec) continue;
    for (const method of r.method === 'ALL' ? (spec.methods ?? []) : [r.method]) {
      const key = `${method} ${r.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ honoPath: r.path, path: openApiPath(r.path), method, spec });
    }
  }
  return found;
}

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`;

export async function buildOpenApiDocument(
  app: Hono<AppEnv>,
  version = '0.1.0',
): Promise<OpenApiDocument> {
  const document = (await generateSpecs(app, {
    documentation: {
      info: {
        title: 'Clipdeck API',
        version,
        description:
          'The REST calls of the Clipdeck server. Sign in with POST /api/v1/user/login and send ' +
          'the token as `Authorization: Bearer …`. Errors answer `{ error, fields? }`. The typed ' +
          'tRPC procedures under /trpc are not listed here.',
      },
      servers: [{ url: '/' }],
      components: {
        schemas: { Error: inputSchema(errorBody) },
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    excludeStaticFile: false,
    excludeMethods: [],
    defaultValidationErrorResponse: false,
  })) as unknown as OpenApiDocument;

  // an `app.all()` route (tus) is listed under each method its declaration names
  for (const declared of declarations(app)) {
    const item = (document.paths[declared.path] ??= {});
    const method = declared.method.toLowerCase();
    if (item[method]) continue;
    const op = operation(declared.spec) as Json & { parameters: Json[] };
    for (const [, name] of declared.path.matchAll(/\{(\w+)\}/g))
      if (!op.parameters.some((p) => p.in === 'path' && p.name === name))
        op.parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    item[method] = { operationId: operationId(method, declared.path), ...op };
  }
  const tags = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op.tags as string[] | undefined) ?? []),
    ),
  );
  return { ...document, tags: [...tags].map((name) => ({ name })) };
}
