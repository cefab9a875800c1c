// The typed route registry the OpenAPI document is built from (document.ts). Each REST call is
// described once, beside its siblings in routes-*.ts, with the zod schemas its handler already
// validates with: the query, the path parameters, the headers and the JSON body. `path` is the
// route exactly as Hono mounts it (`/api/invoices/:id`), so openapi.test.ts can match the
// document against the app's route table: a route mounted without an entry here fails it.
import { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Who may call: anyone, anyone (answers differ when signed in), a user, an administrator. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface RouteDoc {
  /** as mounted; `ALL` routes (the tus protocol) list the methods they answer in `methods` */
  method: HttpMethod | 'ALL';
  methods?: HttpMethod[];
  /** the Hono path as in `app.routes` */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  query?: z.ZodObject;
  /** how the handler reads a repeated query (default: the first value of each name) */
  readQuery?: (queries: Record<string, string[]>) => unknown;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  /** a JSON body */
  body?: z.ZodType;
  /** a multipart/form-data body */
  form?: z.ZodObject;
  /** the media type of a raw body (a streamed file upload) */
  raw?: string;
  /** the media type of a successful answer, when it is not JSON */
  produces?: string;
  /** the status of a successful answer (200 unless said) */
  status?: number;
  /** an answer that never ends (server-sent events): the fuzzer reads only its head */
  stream?: boolean;
}

/** The house error answer (server/lib/errors.ts). */
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

export const uuidParam = (name = 'id') => z.object({ [name]: z.uuid() });
export const slugParam = z.object({ slug: z.string().min(1).max(200) });

/** An uploaded file in a multipart form's `file` field. */
export const fileForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'The file.' }),
});

/** The sync queue's key, optional on every sync-able mutation (server/sync/idempotency.ts). */
export const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}:[1-9][0-9]{0,8}$/)
    .optional()
    .meta({ description: 'clientId:seq: the change is applied exactly once.' }),
});

/** A sync-able mutation: `POST path` with its body and the optional Idempotency-Key. */
export function mutation(
  path: string,
  tag: string,
  summary: string,
  body: z.ZodType,
  extra: Partial<RouteDoc> = {},
): RouteDoc {
  return {
    method: 'POST',
    path,
    tag,
    summary,
    access: 'user',
    body,
    headers: idempotencyHeader,
    ...extra,
  };
}
