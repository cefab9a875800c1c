// How a REST route is declared (docs/api.md, "How routes are declared"): one `route({...})`
// middleware before its handler names the route's tag, summary, access and answers and the zod
// schemas of its input. The same object does both jobs:
//   - it validates: path parameters, then the query, then the JSON body, with the house
//     helpers (lib/errors.ts: a 400 `{ error, fields }` naming each field), and hands the
//     parsed values to the handler as `c.req.valid('param' | 'query' | 'json')`;
//   - it documents: hono-openapi reads the operation attached to it when it walks the app's
//     route table (document.ts), so the method and path are the ones Hono routes by.
// Headers, multipart forms and raw bodies are read by their handlers; their schemas here only
// describe them. A sync-able mutation validates its body inside the sync queue, so that a
// refusal is stored under its key (sync/registry.ts `mutationPost` takes the same spec).
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import { resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import { z } from 'zod';

import type { AppEnv } from '../context.ts';
import { parseJson, validate } from '../lib/errors.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Who may call: anyone, anyone (answers differ when signed in), a user, an administrator. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface RouteSpec {
  tag: string;
  summary: string;
  access: Access;
  /** path parameters, validated (`c.req.valid('param')`) */
  params?: z.ZodType;
  /** the query, validated (`c.req.valid('query')`): the first value of each name… */
  query?: z.ZodType;
  /** …unless the route reads repeated names itself: what `query` validates */
  readQuery?: (queries: Record<string, string[]>) => unknown;
  /** a JSON body, validated (`c.req.valid('json')`) */
  body?: z.ZodType;
  /** headers the handler reads (described only) */
  headers?: z.ZodObject;
  /** a multipart/form-data body the handler reads (described only) */
  form?: z.ZodObject;
  /** the media type of a raw body the handler streams (described only) */
  raw?: string;
  /** the status of a successful answer (200 unless said) */
  status?: number;
  /** the media type of a successful answer, when it is not JSON */
  produces?: string;
  /** an answer that never ends (server-sent events) */
  stream?: boolean;
  /** on an `app.all()` route (a protocol such as tus): the methods it answers */
  methods?: HttpMethod[];
}

/** The house error answer (lib/errors.ts), as `#/components/schemas/Error`. */
export const errorBody = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in a sentence.' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'The input fields at fault (dotted paths), each with its problem.' }),
    requestId: z.string().optional(),
  })
  .meta({ title: 'Error' });

/** The sync queue's key, optional on every sync-able mutation (sync/idempotency.ts). */
export const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}:[1-9][0-9]{0,8}$/)
    .optional()
    .meta({ description: 'clientId:seq: the change is applied exactly once.' }),
});

/** An uploaded file in a multipart form's `file` field. */
export const fileForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'The file.' }),
});

type Json = Record<string, unknown>;

/** A zod schema as the JSON Schema of what a client sends (defaults optional, coercions as sent). */
export function inputSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  delete out.$schema;
  return out;
}

function parameters(where: 'path' | 'query' | 'header', schema: z.ZodType | undefined): Json[] {
  if (!schema) return [];
  const described = inputSchema(schema);
  const props = (described.properties ?? {}) as Record<string, Json>;
  const required = new Set((described.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBody(spec: RouteSpec): DescribeRouteOptions['requestBody'] {
  if (spec.body)
    return { required: true, content: { 'application/json': { schema: resolver(spec.body) } } };
  if (spec.form)
    return { required: true, content: { 'multipart/form-data': { schema: resolver(spec.form) } } };
  if (spec.raw)
    return {
      required: true,
      content: { [spec.raw]: { schema: { type: 'string', contentMediaType: spec.raw } } },
    };
  return undefined;
}

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI operation a spec describes (hono-openapi adds the path and the operation id). */
export function operation(spec: RouteSpec): DescribeRouteOptions {
  const media = spec.produces ?? 'application/json';
  const body = requestBody(spec);
  const signedIn = spec.access === 'user' || spec.access === 'admin';
  return {
    tags: [spec.tag],
    summary: spec.summary,
    ...{ 'x-access': spec.access, ...(spec.stream ? { 'x-stream': true } : {}) },
    security:
      spec.access === 'public'
        ? []
        : spec.access === 'optional'
          ? [{}, { bearer: [] }]
          : [{ bearer: [] }],
    parameters: [
      ...parameters('path', spec.params),
      ...parameters('query', spec.query),
      ...parameters('header', spec.headers),
    ] as DescribeRouteOptions['parameters'],
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(spec.status ?? 200)]: {
        description: 'Success.',
        content: { [media]: { schema: media === 'application/json' ? { type: 'object' } : {} } },
      },
      '400': errorRef('Invalid input: `fields` names each field at fault.'),
      ...(signedIn ? { '401': errorRef('Not signed in, or the session has ended.') } : {}),
      ...(spec.access === 'admin' ? { '403': errorRef('Administrators only.') } : {}),
      '4XX': errorRef('Refused: not found, conflict, too large, too many requests…'),
    },
  };
}

const DECLARATION = Symbol('route declaration');

type Declared = { [DECLARATION]?: RouteSpec };

/** Marks `handler` as the declaration of `spec`: hono-openapi documents it, `declarations` finds it. */
export function declare<H extends object>(handler: H, spec: RouteSpec): H {
  const documented = spec.methods ? {} : { [uniqueSymbol]: { spec: operation(spec) } };
  return Object.assign(handler, { [DECLARATION]: spec }, documented);
}

/** The declaration a route-table handler carries (through Hono's sub-app wrapper), if any. */
export function declarationOf(handler: Handler | MiddlewareHandler): RouteSpec | undefined {
  return (findTargetHandler(handler) as Declared)[DECLARATION];
}

type Out<T> = T extends z.ZodType ? z.output<T> : never;

type ValidatedInput<P, Q, B> = {
  in: object;
  out: { param: Out<P>; query: Out<Q>; json: Out<B> };
};

/** The declaration of one REST route: validates its input and describes it (see the header). */
export function route<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: RouteSpec & { params?: P; query?: Q; body?: B },
): MiddlewareHandler<AppEnv, string, ValidatedInput<P, Q, B>> {
  const middleware: MiddlewareHandler<AppEnv> = async (c: Context<AppEnv>, next) => {
    if (spec.params)
      c.req.addValidatedData('param', validate(spec.params, c.req.param()) as object);
    if (spec.query) {
      const raw = spec.readQuery ? spec.readQuery(c.req.queries()) : c.req.query();
      c.req.addValidatedData('query', validate(spec.query, raw) as object);
    }
    if (spec.body) c.req.addValidatedData('json', (await parseJson(c, spec.body)) as object);
    await next();
  };
  return declare(middleware, spec);
}

type Extra<P, Q, B> = Omit<RouteSpec, 'tag' | 'access' | 'summary'> & {
  params?: P;
  query?: Q;
  body?: B;
};

/**
 * `route` for the routes of one file that share a tag and an access:
 * `const mail = routeGroup({ tag: 'Mail', access: 'user' })`, then `mail('Send a mail.', { body })`.
 */
export function routeGroup(base: Pick<RouteSpec, 'tag' | 'access'>) {
  return <
    P extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(
    summary: string,
    extra: Extra<P, Q, B> = {},
  ) => route<P, Q, B>({ ...base, summary, ...extra });
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A row id in a path: a lowercase UUID, else a 400 naming the parameter. */
export const idPattern = z.string().regex(ID, 'Must be an id.');
export const itemIdParam = z.object({ id: idPattern });
