// Server configuration, read once from the environment and validated: a bad value stops
// the server at start with a message naming the variable, rather than failing later.
import path from 'node:path';

import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60),
  JWT_ISSUER: z.string().default('clipdeck'),
  JWT_AUDIENCE: z.string().default('clipdeck-app'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Clipdeck <no-reply@clipdeck.local>'),
  PUBLIC_URL: z.string().default('http://localhost:8080'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Proxies in front of the server, each appending one X-Forwarded-For entry (TRUST_PROXY). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  EMBEDDINGS: z.enum(['on', 'off']).default('on'),
  STATIC_DIR: z.string().default('./dist'),
  /** Searches per minute and client address for signed-out callers. */
  ANON_SEARCH_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** PostgreSQL statement_timeout on the server's connections; 0 turns it off. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** How often an open live stream re-checks its token and user. */
  STREAM_RECHECK_MS: z.coerce.number().int().positive().default(20_000),
  /** Live streams a user may hold open at once (across all API processes). */
  STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** S3-compatible object store for files (server/storage): a URL such as
   * `https://KEY:SECRET@s3.eu-west-1.amazonaws.com/bucket`, or the S3_* parts below. */
  S3_URL: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  /** bytes of files a user may keep (files and mail/chat uploads) */
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** largest single upload, in bytes */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024 * 1024),
  /** hours an unfinished resumable upload is kept (Upload-Expires); then it and its bytes go */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** days a sync answer is kept for replay before it may be pruned (server/sync/prune.ts) */
  SYNC_RESULT_DAYS: z.coerce.number().int().min(1).default(30),
  /** days a deleted card is kept so an offline edit made before the delete restores it (server/kanban/tombstones.ts) */
  TOMBSTONE_DAYS: z.coerce.number().int().min(1).default(30),
  /** the help address: the support page shows it, contact messages are mailed to it */
  HELP_EMAIL: z.email('must be an email address').default('help@clipdeck.dev'),
  /** the moment /coming-soon counts down to (ISO 8601); unset: the first of next month, 09:00 UTC */
  LAUNCH_AT: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date such as 2027-03-01T09:00:00Z')
    .optional(),
  /** `on`: the API answers 503 (with Retry-After) and every page is the maintenance page */
  MAINTENANCE: z.enum(['on', 'off']).default('off'),
  /** seconds in the Retry-After of maintenance answers */
  MAINTENANCE_RETRY_AFTER: z.coerce.number().int().min(1).default(600),
  /** /api and /trpc requests handled at once, the rest wait in order (docs/operations.md#load);
   *  unset: 4 on PGlite, 64 on PostgreSQL */
  REQUESTS_IN_FLIGHT: z.coerce.number().int().positive().optional(),
  /** ms a request may wait for its turn before it is answered 503 with Retry-After */
  REQUEST_QUEUE_MS: z.coerce.number().int().positive().default(10_000),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
