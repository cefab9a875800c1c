// The OpenAPI 3.1 document, built from the route registry (registry.ts, routes-*.ts) with zod
// 4's own JSON Schema output (`z.toJSONSchema`, draft 2020-12: the dialect of OpenAPI 3.1).
// Request schemas are described as the handler reads them (`io: 'input'`: defaults optional,
// coercions as sent); the answers are described by status and media type, errors by the house
// `{ error, fields }` shape.
import { z } from 'zod';

import { errorBody, type HttpMethod, type RouteDoc } from './registry.ts';
import { accountRoutes } from './routes-account.ts';
import { contentRoutes } from './routes-content.ts';
import { liveRoutes } from './routes-live.ts';
import { mailChatRoutes } from './routes-mail-chat.ts';
import { shopRoutes } from './routes-shop.ts';
import { workRoutes } from './routes-work.ts';

export const routeDocs: RouteDoc[] = [
  ...accountRoutes,
  ...mailChatRoutes,
  ...workRoutes,
  ...liveRoutes,
  ...shopRoutes,
  ...contentRoutes,
];

type Json = Record<string, unknown>;

export interface Operation {
  method: HttpMethod;
  /** the OpenAPI path (`/api/invoices/{id}`) */
  path: string;
  doc: RouteDoc;
}

/** Hono's path syntax to OpenAPI paths: `:id` → `{id}`, an optional `:size{card}?` gives two paths, `*` → `{path}`. */
export function openApiPaths(honoPath: string): string[] {
  let variants = [''];
  for (const segment of honoPath.split('/').slice(1)) {
    const param = /^:(\w+)(?:\{.*\})?(\?)?$/.exec(segment);
    const part = param ? `{${param[1]}}` : segment === '*' ? '{path}' : segment;
    const next = variants.map((v) => `${v}/${part}`);
    variants = param?.[2] ? [...variants, ...next] : next;
  }
  return variants.map((v) => v || '/');
}

export function operations(docs: RouteDoc[] = routeDocs): Operation[] {
  return docs.flatMap((doc) =>
    (doc.method === 'ALL' ? (doc.methods ?? []) : [doc.method]).flatMap((method) =>
      openApiPaths(doc.path).map((path) => ({ method, path, doc })),
    ),
  );
}

function jsonSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  delete out.$schema;
  if (out.$defs) throw new Error('A contract schema with $defs needs a components entry.');
  return out;
}

function parameters(op: Operation): Json[] {
  const { doc } = op;
  const list: Json[] = [];
  const add = (where: 'path' | 'query' | 'header', schema: z.ZodObject | undefined) => {
    if (!schema) return;
    const described = jsonSchema(schema);
    const props = (described.properties ?? {}) as Record<string, Json>;
    const required = new Set((described.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) {
      if (where === 'path' && !op.path.includes(`{${name}}`)) continue;
      const { description, ...rest } = prop;
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = doc.params ?? z.object(Object.fromEntries(pathNames.map((n) => [n, z.string()])));
  add('path', params);
  for (const name of pathNames) {
    if (!list.some((p) => p.name === name))
      list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  add('query', doc.query);
  add('header', doc.headers);
  return list;
}

function requestBody(doc: RouteDoc): Json | undefined {
  if (doc.body)
    return { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } };
  if (doc.form)
    return { required: true, content: { 'multipart/form-data': { schema: jsonSchema(doc.form) } } };
  if (doc.raw)
    return {
      required: true,
      content: { [doc.raw]: { schema: { type: 'string', contentMediaType: doc.raw } } },
    };
  return undefined;
}

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function responses(doc: RouteDoc): Json {
  const media = doc.produces ?? 'application/json';
  const ok: Json = {
    description: 'Success.',
    content: { [media]: { schema: media === 'application/json' ? { type: 'object' } : {} } },
  };
  return {
    [String(doc.status ?? 200)]: ok,
    '400': errorRef('Invalid input: `fields` names each field at fault.'),
    ...(doc.access === 'user' || doc.access === 'admin'
      ? { '401': errorRef('Not signed in, or the session has ended.') }
      : {}),
    ...(doc.access === 'admin' ? { '403': errorRef('Administrators only.') } : {}),
    '4XX': errorRef('Refused: not found, conflict, too large, too many requests…'),
  };
}

function security(doc: RouteDoc) {
  if (doc.access === 'public') return [];
  if (doc.access === 'optional') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

export const operationId = (op: Operation) =>
  `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`;

export function buildOpenApiDocument(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations()) {
    const { doc } = op;
    const body = requestBody(doc);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: operationId(op),
      tags: [doc.tag],
      summary: doc.summary,
      'x-access': doc.access,
      security: security(doc),
      parameters: parameters(op),
      ...(body ? { requestBody: body } : {}),
      responses: responses(doc),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clipdeck API',
      version,
      description:
        'The REST calls of the Clipdeck server. Sign in with POST /api/v1/user/login and send ' +
        'the token as `Authorization: Bearer …`. Errors answer `{ error, fields? }`. The typed ' +
        'tRPC procedures under /trpc are not listed here.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routeDocs.map((d) => d.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBody) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
