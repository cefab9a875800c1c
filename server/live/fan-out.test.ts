// Two API processes on one PostgreSQL (docs/operations.md#several-api-processes): each has its own
// connection pool and its own LISTEN connection, as two `tsx server/index.ts` processes would;
// only the database is shared. A message posted through process A reaches, as a chat notice, a
// GET /api/live stream held open on process B within 2 s. Runs under `npm run test:pg`; PGlite cannot be shared between processes, so there it
// is skipped.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { createTokenService } from '../auth/tokens.ts';
import type { AppDeps } from '../context.ts';
import type { LiveNotice } from '../contracts/live.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { createMemoryMailer } from '../mailer/mailer.ts';
import { NOTICE_CHANNEL } from './bus.ts';
import { readSse, type SseEvent } from './sse-reader.ts';

const BASE = process.env.TEST_DATABASE_URL;
const SECRET = 'fan-out-secret-fan-out-secret-0123456789';
const name = `clipdeck_fanout_${crypto.randomBytes(5).toString('hex')}`;
const handles: DatabaseHandle[] = [];

function processOn(database: DatabaseHandle) {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `clipdeck-fanout-${crypto.randomUUID()}`),
    JWT_SECRET: SECRET,
    LOG_REQUESTS: 'false',
  });
  const deps: AppDeps = {
    database,
    env,
    mailer: createMemoryMailer(),
    tokens: createTokenService({
      secret: SECRET,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      ttlSeconds: 3600,
    }),
    log: createLogger(false),
  };
  return { app: createApp(deps), deps };
}

describe.skipIf(!BASE)('realtime fan-out across two API processes (PostgreSQL only)', () => {
  let a: ReturnType<typeof processOn>;
  let b: ReturnType<typeof processOn>;
  let shared: { conversationId: string; aliceAuth: Record<string, string> } | undefined;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(BASE!);
    url.pathname = `/${name}`;
    handles.push(await openDatabase({ url: url.toString() }));
    handles.push(await openDatabase({ url: url.toString() }));
    a = processOn(handles[0]!);
    b = processOn(handles[1]!);
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
    const admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('a message posted on process A reaches a live stream on process B within 2 s', async () => {
    const hash = await hashPassword('fan-out password');
    const [alice, bob] = await handles[0]!.db
      .insert(users)
      .values(
        ['alice', 'bob'].map((n) => ({
          email: `${n}@fanout.dev`,
          username: `${n}@fanout.dev`,
          firstName: n,
          lastName: 'F',
          slug: `${n}-fanout`,
          passwordHash: hash,
        })),
      )
      .returning();
    const aliceAuth = {
      Authorization: `Bearer ${await a.deps.tokens.sign(alice!)}`,
      'Content-Type': 'application/json',
    };
    const bobAuth = { Authorization: `Bearer ${await b.deps.tokens.sign(bob!)}` };
    const opened = await a.app.request('/api/chat/conversations/new', {
      method: 'POST',
      headers: aliceAuth,
      body: JSON.stringify({ participantIds: [bob!.id] }),
    });
    const { conversation } = (await opened.json()) as { conversation: { id: string } };
    shared = { conversationId: conversation.id, aliceAuth };

    const streamOnB = readSse(await b.app.request('/api/live', { headers: bobAuth }));
    const isChat = (past: number) => (e: SseEvent) =>
      e.event === 'notice' &&
      (e.data as LiveNotice).feature === 'chat' &&
      (e.data as LiveNotice).cursor > past;
    const before = (await streamOnB.next(isChat(-1))).data as LiveNotice;
    const sent = Date.now();
    await a.app.request('/api/chat/messages/new', {
      method: 'POST',
      headers: aliceAuth,
      body: JSON.stringify({ conversationId: conversation.id, body: 'across processes' }),
    });
    await streamOnB.next(isChat(before.cursor), 3000);
    const arrived = Date.now() - sent;
    await streamOnB.close();
    expect(arrived).toBeLessThan(2000);
  });

  it('a message committed on process A reaches process B as a chat notice (LISTEN)', async () => {
    expect(shared).toBeDefined();
    let notified = 0;
    const lost = vi.fn();
    const close = await handles[1]!.listen!(
      NOTICE_CHANNEL,
      (payload) => (notified += payload?.includes('"feature":"chat"') ? 1 : 0),
      lost,
    );
    try {
      await a.app.request('/api/chat/messages/new', {
        method: 'POST',
        headers: shared!.aliceAuth,
        body: JSON.stringify({ conversationId: shared!.conversationId, body: 'notify me' }),
      });
      await vi.waitFor(() => expect(notified).toBeGreaterThan(0), { timeout: 5000 });
    } finally {
      await close();
    }
    expect(lost).not.toHaveBeenCalled();
  });
});
