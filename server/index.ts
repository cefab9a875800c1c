// Entry point: configuration, database (migrated), demo data, then the HTTP server.
import path from 'node:path';

import { serve } from '@hono/node-server';

import { createApp } from './app.ts';
import { createTokenService, resolveJwtSecret } from './auth/tokens.ts';
import { embeddingProvider } from './catalogue/embeddings.ts';
import { embeddingsEnabled, startBackgroundIndexer } from './catalogue/indexer.ts';
import type { AppDeps } from './context.ts';
import { exclusively, LOCK_IDS, runWhileHolding } from './db/advisory-locks.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { startUploadSweeper } from './files/unfinished-uploads.ts';
import { loggableError } from './lib/errors.ts';
import { createLogger } from './lib/logger.ts';
import { privateDir } from './lib/private-dir.ts';
import { startAttachmentCollector } from './mail/attachment-gc.ts';
import { createOutboxMailer, createSmtpMailer } from './mailer/mailer.ts';
import { seedDemo } from './seed/index.ts';
import { startBlobCollector } from './storage/collect.ts';
import { startPruning } from './sync/prune.ts';

const env = loadEnv();
const log = createLogger(true);
// only the server's user may enter DATA_DIR (secret, database, files): see lib/private-dir.ts
privateDir(env.dataDir);
const started = Date.now();

const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.dataDir,
  statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
});
log.info('database ready', {
  kind: database.kind,
  vector: database.hasVector,
  ms: Date.now() - started,
});

const deps: AppDeps = {
  database,
  env,
  log,
  mailer: env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, log)
    : createOutboxMailer(path.join(env.dataDir, 'outbox'), env.MAIL_FROM, log),
  tokens: createTokenService({
    secret: resolveJwtSecret(env.JWT_SECRET, env.dataDir),
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
    ttlSeconds: env.JWT_TTL,
  }),
};

// processes started together seed one after the other: the later ones find the demo there
if (env.SEED_DEMO) await exclusively(env.DATABASE_URL, LOCK_IDS.demoSeed, () => seedDemo(deps));
// one process indexes at a time: with several API processes on one PostgreSQL, the holder of
// an advisory lock (the others take over when it stops or dies)
const stopIndexer = embeddingsEnabled(deps)
  ? runWhileHolding({
      url: env.DATABASE_URL,
      lockId: LOCK_IDS.catalogueIndexer,
      start: () => startBackgroundIndexer(deps, embeddingProvider('background')),
      onChange: (holding) =>
        log.info(holding ? 'catalogue indexer started here' : 'catalogue indexer stopped here'),
      onError: (error) => log.warn('catalogue indexer lock', loggableError(error)),
    })
  : () => undefined;

const stopAttachmentCollector = startAttachmentCollector(deps);
const stopPruning = startPruning(deps);
const stopBlobCollector = startBlobCollector(deps);
const stopUploadSweeper = startUploadSweeper(deps);

const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  log.info('listening', { url: `http://localhost:${info.port}`, ms: Date.now() - started });
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info('shutting down', { signal });
  stopIndexer();
  stopAttachmentCollector();
  stopPruning();
  stopBlobCollector();
  stopUploadSweeper();
  server.close();
  void database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
