// Text PostgreSQL cannot store (U+0000, a lone surrogate) is a 400 naming the field wherever it
// enters: a REST JSON body, query, path or form, a tRPC input (GET and POST, alone or batched)
// and a change of the sync queue, where the refusal is stored and the queue moves on. A
// database refusal of such text that still slips through is a 400 too, never a 500.
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { errorAnswer } from '../app.ts';
import type { AppEnv } from '../context.ts';
import { applyOnce } from '../sync/idempotency.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { createCallerFactory, createTrpcRouter, publicProcedure } from '../trpc/init.ts';
import { isUnstorableText } from './db-errors.ts';
import { NUL_MESSAGE, SURROGATE_MESSAGE, unstorableFields } from './storable-input.ts';

let t: TestServer;
let alice: { token: string; id: string; email: string };
beforeAll(async () => {
  t = await createTestServer();
  const { user, token } = await t.createUser();
  alice = { token, id: user.id, email: user.email };
});
afterAll(() => t.close());

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

async function refusal(res: Response): Promise<Refusal & { status: number }> {
  return { status: res.status, ...((await res.json()) as Refusal) };
}

async function columnNames(token: string) {
  const res = await t.call('GET', '/api/kanban/board', { token });
  const { board } = (await res.json()) as { board: { columns: Record<string, { name: string }> } };
  return Object.values(board.columns).map((column) => column.name);
}

describe('REST', () => {
  it('refuses a board column named with a U+0000 or a lone surrogate, storing nothing', async () => {
    const { token } = await t.createUser();
    for (const [name, message] of [
      ['\u0000\ud800', NUL_MESSAGE],
      ['To do \ud800', SURROGATE_MESSAGE],
    ] as const) {
      const res = await t.call('POST', '/api/kanban/columns/new', { token, body: { name } });
      expect(await refusal(res)).toMatchObject({ status: 400, fields: { name: message } });
    }
    expect(await columnNames(token)).toEqual([]);
  });

  it('names the field by its JSON path, inside arrays and in object keys', async () => {
    const res = await t.call('POST', '/api/blog/posts/new', {
      token: alice.token,
      body: {
        title: 'Field notes',
        body: '<p>Hello</p>',
        tags: ['ok', 'Zoë\u0000'],
        meta: { ['x\u0000y']: 1 },
      },
    });
    const answer = await refusal(res);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.fields ?? {}).sort()).toEqual(['meta.x\uFFFDy', 'tags.1']);
  });

  it('refuses a query parameter, naming it query.<name>', async () => {
    const res = await t.call('GET', '/api/mail/mails?search=a%00b', { token: alice.token });
    expect(await refusal(res)).toMatchObject({
      status: 400,
      fields: { 'query.search': NUL_MESSAGE },
    });
  });

  it('refuses a path parameter, naming it path.<name>', async () => {
    const res = await t.call('GET', '/api/v1/user/by-slug/a%00b');
    expect(await refusal(res)).toMatchObject({ status: 400, fields: { 'path.slug': NUL_MESSAGE } });
  });

  it('refuses a form field, while a file name is still made a plain name', async () => {
    const image = () =>
      new File([new Uint8Array([137, 80, 78, 71])], 'a\u0000b.png', {
        type: 'image/png',
      });
    const send = (form: FormData) =>
      t.app.request('/api/chat/attachments', {
        method: 'POST',
        headers: { Authorization: `Bearer ${alice.token}` },
        body: form,
      });
    const refused = new FormData();
    refused.append('caption', 'a\u0000b');
    refused.append('file', image());
    expect(await refusal(await send(refused))).toMatchObject({
      status: 400,
      fields: { caption: NUL_MESSAGE },
    });
    const kept = new FormData();
    kept.append('file', image());
    const res = await send(kept);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { attachment: { fileName: string } }).attachment.fileName).toBe(
      'ab.png',
    );
  });
});

describe('tRPC', () => {
  interface TrpcError {
    error: { message: string; data: { httpStatus: number; fields: Record<string, string> | null } };
  }

  it('refuses a POST input, in the tRPC error shape with data.fields', async () => {
    const res = await t.call('POST', '/trpc/collections.create', {
      token: alice.token,
      body: { name: 'Clips \u0000' },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as TrpcError;
    expect(error.data.fields).toEqual({ name: NUL_MESSAGE });
    expect(error.message).toMatch(/name/);
    const list = await t.call('GET', '/trpc/collections.list', { token: alice.token });
    expect(JSON.stringify(await list.json())).not.toContain('Clips');
  });

  it('refuses a GET input=, alone and per call of a batch', async () => {
    const input = { textArr: ['ok', 'a\ud800'] };
    const alone = await t.call(
      'GET',
      `/trpc/catalogue.searchVideos?input=${encodeURIComponent(JSON.stringify(input))}`,
    );
    expect(alone.status).toBe(400);
    expect(((await alone.json()) as TrpcError).error.data.fields).toEqual({
      'textArr.1': SURROGATE_MESSAGE,
    });

    const both = encodeURIComponent(JSON.stringify({ 0: input, 1: {} }));
    const batch = await t.call(
      'GET',
      `/trpc/catalogue.searchVideos,catalogue.indexStatus?batch=1&input=${both}`,
    );
    const [refused, answered] = (await batch.json()) as [TrpcError, { result: unknown }];
    expect(refused.error.data).toMatchObject({
      httpStatus: 400,
      fields: { 'textArr.1': SURROGATE_MESSAGE },
    });
    expect(answered.result).toBeDefined();
  });
});

describe('the sync queue', () => {
  it('stores the refusal of a change under its key, and applies the next change', async () => {
    const { token } = await t.createUser();
    const clientId = crypto.randomUUID();
    const changes = [
      { path: '/api/kanban/columns/new', body: { name: 'Doing \u0000' } },
      { path: '/api/kanban/columns/new', body: { name: 'Done' } },
    ].map(({ path, body }, i) => ({
      key: `${clientId}:${i + 1}`,
      method: 'POST',
      path,
      body: JSON.stringify(body),
    }));
    const send = async () => {
      const res = await t.call('POST', '/api/sync/batch', { token, body: { changes } });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        results: { status: number; body: Refusal; replayed: boolean }[];
        stopped: boolean;
      };
    };
    const first = await send();
    expect(first.stopped).toBe(false);
    expect(first.results.map((r) => r.status)).toEqual([400, 201]);
    expect(first.results[0]!.body.fields).toEqual({ name: NUL_MESSAGE });
    const again = await send();
    expect(again.results.map((r) => [r.status, r.replayed])).toEqual([
      [400, true],
      [201, true],
    ]);
    expect(await columnNames(token)).toEqual(['Done']);
  });
});

describe('a database refusal that slips through', () => {
  const storeNul = (db: TestServer['deps']['database']['db']) =>
    db.execute(sql`select ${'a\u0000b'}::text as t`);
  const storeJsonNul = (db: TestServer['deps']['database']['db']) =>
    db.execute(sql`select ${'{"t":"\\u0000"}'}::jsonb as t`);

  it('is recognised for text (22021) and jsonb (22P05)', async () => {
    for (const query of [storeNul, storeJsonNul]) {
      const error: unknown = await query(t.deps.database.db).catch((e: unknown) => e);
      expect(isUnstorableText(error)).toBe(true);
    }
  });

  it('is a REST 400, not a 500', async () => {
    const probe = new Hono<AppEnv>();
    probe.get('/', async () => {
      await storeNul(t.deps.database.db);
      return new Response('stored');
    });
    probe.onError(errorAnswer(t.deps));
    const res = await probe.request('/');
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).error).toMatch(/cannot be stored/);
  });

  it('is a tRPC BAD_REQUEST, not an internal error', async () => {
    const router = createTrpcRouter({
      store: publicProcedure.mutation(async ({ ctx }) => {
        await storeJsonNul(ctx.deps.database.db);
      }),
    });
    const caller = createCallerFactory(router)({
      deps: t.deps,
      user: null,
      clientIp: '198.51.100.7',
      requestId: 'probe',
    });
    await expect(caller.store()).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is a stored 400 refusal of a sync change, not a failure that stops the queue', async () => {
    const request = {
      method: 'POST',
      path: '/probe',
      raw: '{}',
      key: { clientId: crypto.randomUUID(), seq: 1 },
    };
    const ctx = { user: { id: alice.id, email: alice.email, role: 'user' as const }, deps: t.deps };
    const mutation = async (tx: Parameters<typeof storeNul>[0]) => {
      await storeNul(tx);
      return { status: 201 as const, body: {} };
    };
    expect(await applyOnce(ctx, request, mutation)).toMatchObject({ status: 400 });
    expect(await applyOnce(ctx, request, mutation)).toMatchObject({ status: 400, replayed: true });
  });
});

describe('unstorableFields', () => {
  it('walks a body nested deeper than a recursive walk could', () => {
    let body: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) body = [body];
    expect(unstorableFields(body)).toEqual({ [Array(100_000).fill('0').join('.')]: NUL_MESSAGE });
  });

  it('passes paired surrogates (emoji) and other control characters', () => {
    expect(unstorableFields({ name: '🙂 \u0007 \t\n\u202e', list: ['👍🏽'] })).toBeNull();
  });
});
