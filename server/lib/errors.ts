// One error shape for every REST answer: `{ error, fields? }` with the right status.
// Handlers throw ApiError (or call the parse helpers below); app.onError turns it into JSON,
// so bad input is always a 4xx naming the field and never a stack trace or a 500.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) =>
  new ApiError(400, message, fields);
export const unauthorized = (message = 'Authentication required.') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, message);
export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const conflict = (message: string, fields?: FieldErrors) =>
  new ApiError(409, message, fields);

export function zodFields(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function describe(fields: FieldErrors): string {
  const names = Object.keys(fields).filter((k) => k !== '_');
  if (names.length === 0) return fields._ ?? 'Invalid input.';
  if (names.length === 1) {
    // a message that already names its field ('Invalid email address.') is the whole answer
    const name = names[0]!;
    const message = fields[name]!;
    const field = name.split('.').at(-1)!.toLowerCase();
    return message.toLowerCase().includes(field) ? message : `${name}: ${message}`;
  }
  return `Invalid fields: ${names.join(', ')}.`;
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = zodFields(parsed.error);
    throw new ApiError(400, describe(fields), fields);
  }
  return parsed.data;
}

/** Reads and validates a JSON body: invalid JSON and wrong shapes are 400s. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be valid JSON.');
  }
  return validate(schema, body);
}

/** Validates the query string (single values). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.query());
}
