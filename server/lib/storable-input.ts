// Text PostgreSQL cannot store, refused where input enters. A U+0000 fails the query (text
// and jsonb refuse it: a server error), and a lone UTF-16 surrogate is not Unicode at all (the
// drivers turn it into U+FFFD, so what is stored is not what was sent). Guarantees:
//   - every string of a JSON body, a query, a path or a form field (and every object key) is
//     checked before any route runs (app.ts, `storableInputGate`), and every tRPC input before
//     its procedure (trpc/init.ts); one that holds either is a 400 naming each field found:
//     the JSON path as zod names it (`items.0.title`), `query.<name>`, `path.<name>`;
//   - a sync-able mutation's body is checked by the sync queue itself (sync/idempotency.ts), so
//     the refusal is stored under its key like any other refusal and the queue moves on;
//   - headers need no check: Node's HTTP parser answers 400 to a NUL in a header and a header
//     value is Latin-1, which has no surrogates;
//   - a file's own name (a multipart file part, tus metadata) is not refused but made a plain
//     name, control characters removed (files/tus.ts `safeUploadName`).
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { Params } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';

import { isUnstorableText } from './db-errors.ts';
import { ApiError, invalidInput, type FieldErrors } from './errors.ts';

export const NUL_MESSAGE = 'Remove the invisible control character (U+0000).';
export const SURROGATE_MESSAGE = 'Remove the broken character (a lone UTF-16 surrogate).';
/**
 * The 400 for a database error refusing such text (db-errors.ts `isUnstorableText`), else null:
 * the checks here stop it first, but a path they miss still answers a 4xx, not a 500.
 */
export function unstorableTextRefusal(error: unknown): ApiError | null {
  return isUnstorableText(error)
    ? new ApiError(
        400,
        'The request holds a character that cannot be stored (U+0000 or a lone surrogate); remove it and try again.',
      )
    : null;
}

/** Fields named in one answer at most; a body full of them needs no longer list. */
const MAX_FIELDS = 20;

const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** A key safe to name in an answer (and to store in one): the offending characters as U+FFFD. */
const printable = (key: string) => key.replaceAll('\u0000', '\uFFFD').replace(/\p{Cs}/gu, '\uFFFD');

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/**
 * The fields of a parsed JSON value (or form) that hold text PostgreSQL cannot store, by dotted
 * path under `prefix` (the value itself, when it is such a string: `prefix`, or `_`); null when
 * there is none. Walks without recursion: a body may be nested as deep as JSON.parse allows.
 */
export function unstorableFields(value: unknown, prefix = ''): FieldErrors | null {
  const fields: FieldErrors = {};
  let found = 0;
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length && found < MAX_FIELDS) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      const reason = unstorableReason(node);
      if (reason) {
        fields[path || '_'] = reason;
        found += 1;
      }
    } else if (node && typeof node === 'object') {
      const entries: [string, unknown][] = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const reason = unstorableReason(key);
        if (reason) {
          fields[join(path, printable(key))] = reason;
          found += 1;
        } else stack.push([child, join(path, key)]);
      }
    }
  }
  return found ? fields : null;
}

/** Throws the 400 naming the fields of `value` that cannot be stored; see unstorableFields. */
export function assertStorable(value: unknown, prefix = '') {
  const fields = unstorableFields(value, prefix);
  if (fields) throw invalidInput(fields);
}

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    // not valid percent-encoding: the app answers it as a bad URL
    return null;
  }
}

/** `path.<name>` for each route parameter (as Hono decodes it) that cannot be stored. */
function pathFields(router: TrieRouter<string>, method: string, pathname: string) {
  const fields: FieldErrors = {};
  // a TrieRouter answers each match with its parameters by name
  const matches = router.match(method, pathname)[0] as [string, Params][];
  for (const [, params] of matches) {
    for (const [name, raw] of Object.entries(params)) {
      const reason = unstorableReason(decoded(raw) ?? '');
      if (reason) fields[`path.${name}`] = reason;
    }
  }
  return fields;
}

export interface StorableInputOptions<E extends Env> {
  /** the app's routes, read once the first bad path needs its parameters named */
  routes: () => RouterRoute[];
  /** requests this gate leaves alone: those that check their input themselves (tRPC) */
  skip: (c: Context<E>) => boolean;
  /** bodies this gate leaves alone: streamed uploads, those the sync queue checks, non-API paths */
  skipBody: (c: Context<E>) => boolean;
}

/**
 * The REST edge: a 400 naming every path parameter, query parameter, JSON body field or form
 * field that holds text PostgreSQL cannot store. The body is read through Hono's request
 * (bytes first, so a handler reading it again as JSON, text or form gets exactly what was sent).
 */
export function storableInputGate<E extends Env>(
  options: StorableInputOptions<E>,
): MiddlewareHandler<E> {
  let router: TrieRouter<string> | undefined;
  const routerOf = () => {
    if (!router) {
      router = new TrieRouter<string>();
      for (const route of options.routes()) router.add(route.method, route.path, route.path);
    }
    return router;
  };

  return async (c, next) => {
    if (options.skip(c)) return next();
    const fields: FieldErrors = {};
    const pathname = new URL(c.req.url).pathname;
    const segmentReason = pathname
      .split('/')
      .map((segment) => unstorableReason(decoded(segment) ?? ''))
      .find(Boolean);
    if (segmentReason) {
      const named = pathFields(routerOf(), c.req.method, pathname);
      Object.assign(fields, Object.keys(named).length ? named : { path: segmentReason });
    }
    for (const [name, values] of Object.entries(c.req.queries())) {
      const reason = [name, ...values].map(unstorableReason).find(Boolean);
      if (reason) fields[`query.${printable(name)}`] = reason;
    }

    const hasBody = !BODYLESS.has(c.req.method) && c.req.raw.body !== null;
    if (hasBody && !options.skipBody(c)) {
      // reading the bytes is where a body over the limit fails (a 413 from the body limit)
      const bytes = await c.req.arrayBuffer();
      let body: unknown;
      try {
        body = FORM.test(c.req.header('content-type') ?? '')
          ? await c.req.parseBody({ all: true })
          : JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        body = undefined; // not JSON, or a broken form: the handler refuses it its own way
      }
      Object.assign(fields, unstorableFields(body));
    }
    if (Object.keys(fields).length) throw invalidInput(fields);
    await next();
  };
}
