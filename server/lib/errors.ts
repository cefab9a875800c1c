// One error shape for every REST answer: `{ error, fields? }` with the right status.
// Handlers throw ApiError (or call the parse helpers below); app.onError turns it into JSON,
// so bad input is always a 4xx naming the field and never a stack trace. Anything else is a
// 500 with INTERNAL_MESSAGE and the request id; its log line comes from `loggableError`,
// which keeps the error's class, database code and stack frames but never its message: a
// database error's message holds the query and its parameters (hashes, emails, input).
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

export const INTERNAL_MESSAGE = 'Something went wrong on our side.';

/** What may be logged about an unexpected error (see the header). */
export function loggableError(error: unknown): { errorClass: string; code?: string; at?: string } {
  const classes: string[] = [];
  let code: string | undefined;
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') break;
    classes.push(current.constructor?.name ?? 'Object');
    const own = (current as { code?: unknown }).code;
    if (!code && typeof own === 'string' && /^[0-9A-Z_]{3,40}$/.test(own)) code = own;
    current = (current as { cause?: unknown }).cause;
  }
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 6)
    .map((line) => line.trim());
  return {
    errorClass: classes.join(' < ') || typeof error,
    ...(code ? { code } : {}),
    ...(frames.length ? { at: frames.join(' | ') } : {}),
  };
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

/** The 400 for input that is wrong in the given fields, its sentence naming them. */
export const invalidInput = (fields: FieldErrors) => new ApiError(400, describe(fields), fields);

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(zodFields(parsed.error));
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
