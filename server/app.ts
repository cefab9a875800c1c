// The Hono application: security headers, body limits, request logs, JSON errors, the REST
// routes, tRPC, /healthz and the built PWA. `createApp` takes its dependencies so tests can
// call `app.request(...)` against an in-memory PGlite without opening a port.
import crypto from 'node:crypto';

import { trpcServer } from '@hono/trpc-server';
import { Hono, type Context, type ErrorHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';

import type { AppDeps, AppEnv } from './context.ts';
import { databaseVersion } from './db/client.ts';
import { admissionGate } from './lib/admission.ts';
import { ApiError, INTERNAL_MESSAGE, loggableError } from './lib/errors.ts';
import { RateLimited } from './lib/rate-limit.ts';
import { storableInputGate, unstorableTextRefusal } from './lib/storable-input.ts';
import { afterCommit } from './live/bus.ts';
import { mountApiDescription } from './openapi/http.ts';
import { route } from './openapi/route.ts';
import { maintenanceGate } from './public/maintenance.ts';
import { mountRoutes } from './routes/index.ts';
import { createStaticHandler, inlineScriptHashes } from './static.ts';
import { syncableMutations } from './sync/registry.ts';
import { createTrpcContext } from './trpc/context.ts';
import { MAX_BATCH_SIZE } from './trpc/init.ts';
import { appRouter } from './trpc/root.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Paths that take file uploads get a larger body limit than JSON calls. */
export const UPLOAD_PATH =
  /^\/api\/(mail|chat|files|blog)\/.*(attachments|upload)|^\/api\/products\/images$/;
export const UPLOAD_LIMIT_BYTES = 12 * 1024 * 1024;
/** Streaming file uploads: sized and limited by their routes (server/routes/files-content.ts). */
export const STREAMING_UPLOAD_PATH = /^\/api\/files\/(tus|content)(\/|$)/;

/**
 * The client's address: the socket's peer, or behind TRUST_PROXY the X-Forwarded-For entry
 * the outermost trusted proxy appended, counted `hops` from the right. Entries left of it are
 * whatever the client sent and are never used (a client can forge them).
 */
export function clientAddress(
  c: { req: { header: (name: string) => string | undefined } },
  trustProxy: boolean,
  remote?: string,
  hops = 1,
) {
  if (trustProxy) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const appended = entries[entries.length - hops];
    if (appended) return appended;
  }
  return remote ?? 'unknown';
}

/**
 * 413 for a body over the limit. The rest of that body is never read, so the connection
 * cannot carry another request: the answer says `Connection: close`, and the client sends
 * its next request on a new connection instead of one the server is about to drop.
 */
function tooLarge(c: Context, error: string) {
  c.header('Connection', 'close');
  return c.json({ error }, 413);
}

/**
 * The answer to anything a handler throws: an ApiError as `{ error, fields? }` with its status,
 * a database refusal of text it cannot store as a 400 (see lib/storable-input.ts), a bad URL as
 * a 400, anything else a logged 500 with INTERNAL_MESSAGE and the request id.
 */
export function errorAnswer(deps: AppDeps): ErrorHandler<AppEnv> {
  return (thrown, c) => {
    const refusal = unstorableTextRefusal(thrown);
    if (refusal) {
      deps.log.warn('unstorable text reached the database', {
        requestId: c.var.requestId,
        path: c.req.path,
        ...loggableError(thrown),
      });
    }
    const error = refusal ?? thrown;
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      return c.json(
        error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
        error.status,
      );
    }
    if (error instanceof URIError) {
      return c.json({ error: 'The URL is not correctly encoded.' }, 400);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json({ error: error.message || 'Request failed.' }, status);
    }
    const requestId = c.var.requestId;
    deps.log.error('unhandled error', { requestId, path: c.req.path, ...loggableError(error) });
    return c.json({ error: INTERNAL_MESSAGE, requestId }, 500);
  };
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    c.set('user', null);
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming;
    c.set(
      'clientIp',
      clientAddress(
        c,
        deps.env.TRUST_PROXY,
        incoming?.socket?.remoteAddress,
        deps.env.TRUSTED_PROXY_HOPS,
      ),
    );
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    const path = new URL(c.req.url).pathname;
    if (deps.env.LOG_REQUESTS && path !== '/healthz') {
      deps.log.info('request', {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: c.var.user?.id ?? null,
      });
    }
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(deps.env.STATIC_DIR)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://img.youtube.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the app's own stored-file previews and YouTube's privacy-enhanced player (loaded by
        // the video page only when the user presses play); child-src says the same for
        // browsers that read it for frames
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        childSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      // a route that sets its own header keeps it: stored files answer a stricter CSP
      // (server/storage/serve.ts) and may be framed by the app itself for previews
      overwrite: false,
    }),
  );

  // MAINTENANCE=on: 503 for the API and pages, /healthz and the built files still answer
  app.use('*', maintenanceGate);
  // live notices recorded by a request's writes go out once its transactions have committed
  app.use('/api/*', (_c, next) => afterCommit(deps, next));
  app.use('/trpc/*', (_c, next) => afterCommit(deps, next));

  // a bounded number of API requests at once, the others in order, and a quick 503 with Retry-After
  // for one that waited too long, not a queue that grows past clients' timeouts. PGlite runs one
  // query at a time, so every request in flight makes each of the others that much slower: few at
  // once keep a slow search answered within a client's timeout (docs/operations.md#load)
  const admission = admissionGate({
    inFlight: deps.env.REQUESTS_IN_FLIGHT ?? (deps.database.kind === 'pglite' ? 4 : 64),
    maxWaitMs: deps.env.REQUEST_QUEUE_MS,
    maxQueue: 2000,
    retryAfterS: 5,
  });
  app.use('/api/*', admission);
  app.use('/trpc/*', admission);

  const jsonLimit = bodyLimit({
    maxSize: deps.env.BODY_LIMIT_BYTES,
    onError: (c) =>
      tooLarge(c, `The request body is larger than ${deps.env.BODY_LIMIT_BYTES} bytes.`),
  });
  const uploadLimit = bodyLimit({
    maxSize: UPLOAD_LIMIT_BYTES,
    onError: (c) => tooLarge(c, 'The upload is larger than 10 MB.'),
  });
  app.use('/api/*', async (c, next) => {
    if (STREAMING_UPLOAD_PATH.test(c.req.path)) return next();
    const limit = UPLOAD_PATH.test(c.req.path) ? uploadLimit : jsonLimit;
    return limit(c as never, next);
  });
  app.use('/trpc/*', jsonLimit);

  // text PostgreSQL cannot store (U+0000, a lone surrogate) is a 400 naming the field before
  // any route runs; tRPC checks its inputs itself (trpc/init.ts), to answer in its own shape
  let syncable: Set<string> | undefined;
  const storableInput = storableInputGate<AppEnv>({
    routes: () => app.routes,
    skip: (c) => /^\/trpc(\/|$)/.test(c.req.path),
    skipBody: (c) => {
      syncable ??= new Set(syncableMutations(app).keys());
      return (
        !c.req.path.startsWith('/api/') ||
        STREAMING_UPLOAD_PATH.test(c.req.path) ||
        syncable.has(`${c.req.method} ${c.req.path}`)
      );
    },
  });
  app.use('*', storableInput);

  const health = route({
    tag: 'Service',
    summary: 'Liveness: the version and whether the database answers (503 when not).',
    access: 'public',
  });
  app.get('/healthz', health, async (c) => {
    try {
      const database = await databaseVersion(deps.database.db);
      return c.json({
        status: 'ok',
        version: VERSION,
        maintenance: deps.env.MAINTENANCE === 'on',
        database: { kind: deps.database.kind, version: database, vector: deps.database.hasVector },
      });
    } catch {
      return c.json(
        {
          status: 'error',
          version: VERSION,
          database: { kind: deps.database.kind, reachable: false },
        },
        503,
      );
    }
  });

  mountRoutes(app);
  mountApiDescription(app);
  app.use(
    '/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/trpc',
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: (_opts, c) => createTrpcContext(c as never),
      responseMeta: ({ errors }) => {
        const limited = errors.find((e) => e.cause instanceof RateLimited)?.cause;
        return limited instanceof RateLimited
          ? { headers: { 'Retry-After': String(limited.retryAfterSeconds) } }
          : {};
      },
      onError: ({ error, ctx, path }) => {
        if (error.code !== 'INTERNAL_SERVER_ERROR') return;
        deps.log.error('unhandled error', {
          requestId: (ctx as { requestId?: string } | undefined)?.requestId ?? null,
          procedure: path ?? null,
          ...loggableError(error.cause ?? error),
        });
      },
    }),
  );

  app.all('/api/*', (c) =>
    c.json({ error: `No such API route: ${c.req.method} ${c.req.path}` }, 404),
  );
  const serveStatic = createStaticHandler(deps.env.STATIC_DIR);
  app.on(['GET', 'HEAD'], '*', serveStatic);
  app.all('*', (c) => c.json({ error: 'Not found.' }, 404));

  app.onError(errorAnswer(deps));

  return app;
}
