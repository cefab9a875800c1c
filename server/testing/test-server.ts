// Test harness for API tests: a fresh database per call (in-memory PGlite, or a throwaway
// database on the PostgreSQL named by TEST_DATABASE_URL in `npm run test:pg`), the real app,
// and helpers to create users and call the API as them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { createApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { createTokenService } from '../auth/tokens.ts';
import type { AppDeps } from '../context.ts';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { loadEnv, type Env } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { createMemoryMailer } from '../mailer/mailer.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Starting PGlite and migrating takes seconds; loading a dump of an already migrated database
 * takes a fraction of that. The dump is cached in the temp directory under a hash of the
 * migrations, so each test file (a separate worker) starts from it.
 */
async function migratedSnapshot(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const cache = path.join(os.tmpdir(), `clipdeck-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([fs.readFileSync(cache)]);
  } catch {
    const fresh = await openDatabase({});
    const blob = await fresh.dump!();
    await fresh.close();
    const tmp = `${cache}.${process.pid}.${crypto.randomUUID()}`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, cache);
    return blob;
  }
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ snapshot: await migratedSnapshot() });
  const name = `clipdeck_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  mailer: ReturnType<typeof createMemoryMailer>;
  env: Env;
  close: () => Promise<void>;
  /**
   * Inserts a user directly (fast: no argon2 unless asked) and returns it with a token. The
   * user's email is verified unless `emailVerifiedAt: null` is passed.
   */
  createUser: (overrides?: Partial<typeof users.$inferInsert>) => Promise<{
    user: typeof users.$inferSelect;
    token: string;
    auth: { Authorization: string };
  }>;
  /** `app.request` with JSON body and optional bearer token. */
  call: (
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>;
}

let fastHash: string | undefined;

export async function createTestServer(
  envOverrides: Record<string, string> = {},
): Promise<TestServer> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `clipdeck-test-${crypto.randomUUID()}`),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_REQUESTS: 'false',
    SEED_DEMO: 'false',
    EMBEDDINGS: 'off',
    ...envOverrides,
  });
  const database = await openTestDatabase();
  const mailer = createMemoryMailer();
  const deps: AppDeps = {
    database,
    env,
    mailer,
    tokens: createTokenService({
      secret: env.JWT_SECRET!,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      ttlSeconds: env.JWT_TTL,
    }),
    log: createLogger(false),
  };
  const app = createApp(deps);
  let counter = 0;
  return {
    app,
    deps,
    mailer,
    env,
    close: () => database.close(),
    async createUser(overrides = {}) {
      counter += 1;
      fastHash ??= await hashPassword(TEST_PASSWORD);
      const n = `${counter}-${crypto.randomBytes(3).toString('hex')}`;
      const email = overrides.email ?? `user${n}@example.com`;
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          username: email,
          firstName: 'Test',
          lastName: `User ${n}`,
          slug: `test-user-${n}`,
          passwordHash: fastHash,
          emailVerifiedAt: new Date(),
          ...overrides,
        })
        .returning();
      const token = await deps.tokens.sign({ id: user!.id, role: user!.role });
      return { user: user!, token, auth: { Authorization: `Bearer ${token}` } };
    },
    call(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['Content-Type'] ??= 'application/json';
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      }
      return Promise.resolve(app.request(url, { method, headers, body }));
    },
  };
}
