// Property-based fuzzing of every call in the OpenAPI document, generated from the app's routes
// (npm run test:fuzz; FUZZ_PATHS limits it to some, see below): generated
// valid, broken and hostile requests (fast-check, fixed seed, bounded runs) sent with
// `app.request` to a PGlite test app as two signed-in users (A and B, each with rows carrying a
// unique marker) and anonymously. Each answer is checked:
//   - never a 5xx, and no request hangs;
//   - every 4xx is JSON `{ error }`; when the body or query broke the call's own zod schema
//     and the answer is 400/422, `fields` names the field; such input is never accepted (2xx);
//   - no answer to B (or anonymous) holds A's marker, nor one to A B's; a signed-in call
//     never answers an anonymous caller, an administrators' call never a user;
// and /healthz still answers at the end. Then every string field of the call (body, query,
// path) is sent once holding a U+0000 or a lone surrogate (unstorable.ts): each must be a 4xx
// whose `fields` names it. Failures are collected (distinct by call, check and status) and
// printed with the request that caused them, with the counts.
import crypto from 'node:crypto';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildOpenApiDocument, declarations } from '../../server/openapi/document.ts';
import type { RouteSpec } from '../../server/openapi/route.ts';
import { createTestServer, type TestServer } from '../../server/testing/test-server.ts';
import {
  caseFor,
  describeCase,
  encodeBody,
  type DocOperation,
  type FuzzCase,
  type Who,
} from './requests.ts';
import { seedMarkedRows } from './seed.ts';
import { unstorableCases, type UnstorableCase } from './unstorable.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const TIMEOUT_MS = 30_000;

// the app is made before the tests are collected: the calls are read from its document
const server: TestServer = await createTestServer();
const document = (await buildOpenApiDocument(server.app)) as unknown as {
  paths: Record<string, Record<string, DocOperation>>;
};
const registry = new Map(declarations(server.app).map((d) => [`${d.method} ${d.path}`, d]));
// FUZZ_PATHS (a regular expression) limits the run to the calls whose path matches it, to fuzz
// one area's calls without the whole document; unset, every call runs.
const only = process.env.FUZZ_PATHS ? new RegExp(process.env.FUZZ_PATHS) : null;
const calls = Object.entries(document.paths)
  .flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  )
  .filter((call) => !only || only.test(call.path));

const tokens: Partial<Record<Who, string>> = {};
const markers = {
  A: `mkA${crypto.randomBytes(5).toString('hex')}`,
  B: `mkB${crypto.randomBytes(5).toString('hex')}`,
};
const pools: Record<Who, string[]> = { A: [], B: [], anonymous: [] };
let userIds: Record<'A' | 'B', string>;

const stats = { requests: 0, classes: {} as Record<string, number>, unsendable: 0, unstorable: 0 };
const failures = new Map<string, string>();

function fail(call: string, check: string, status: number, c: FuzzCase, detail: string) {
  const key = `${call} — ${check} (${status})`;
  if (!failures.has(key))
    failures.set(key, `${detail.slice(0, 300)}\n      request: ${describeCase(c)}`);
}

async function refreshTokens() {
  await new Promise((resolve) => setTimeout(resolve, 2));
  for (const who of ['A', 'B'] as const) {
    tokens[who] = await server.deps.tokens.sign({ id: userIds[who], role: 'user' });
  }
}

beforeAll(async () => {
  const a = await server.createUser();
  const b = await server.createUser();
  const c = await server.createUser();
  userIds = { A: a.user.id, B: b.user.id };
  tokens.A = a.token;
  tokens.B = b.token;
  const idsA = await seedMarkedRows(server, a.token, markers.A, c.user.id);
  const idsB = await seedMarkedRows(server, b.token, markers.B, c.user.id);
  const people = new Set([a.user.id, b.user.id, c.user.id]);
  const rows = [...idsA, ...idsB].filter((id) => !people.has(id));
  pools.A = rows;
  pools.B = rows;
  pools.anonymous = rows;
}, 120_000);

function urlFor(path: string, c: FuzzCase) {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = c.path[name] ?? 'x';
    // a value that looks percent-encoded goes as it is (invalid encodings included)
    return value.startsWith('%') ? value : encodeURIComponent(value);
  });
  const query = c.rawQuery ?? new URLSearchParams(c.query).toString();
  return `http://localhost${filled}${query ? `?${query}` : ''}`;
}

function firstValues(pairs: [string, string][]) {
  const all = Object.create(null) as Record<string, string[]>;
  for (const [k, v] of pairs) (all[k] ??= []).push(v);
  return all;
}

/** Whether the body or the query as sent breaks the call's own schema (null: cannot tell). */
function brokenInput(doc: RouteSpec, c: FuzzCase): boolean | null {
  let broken = false;
  if (doc.body) {
    if (c.body.kind !== 'json') return null;
    broken ||= !doc.body.safeParse(JSON.parse(JSON.stringify(c.body.value) ?? 'null')).success;
  }
  if (doc.query) {
    if (c.rawQuery) return null;
    const all = firstValues(c.query);
    const repeated = Object.values(all).some((v) => v.length > 1);
    if (repeated && !doc.readQuery) return null;
    const input = doc.readQuery
      ? doc.readQuery(all)
      : Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[0]]));
    broken ||= !doc.query.safeParse(input).success;
  }
  return broken;
}

async function send(
  call: (typeof calls)[number],
  c: FuzzCase,
): Promise<{ status: number; text: string } | undefined> {
  const name = `${call.method} ${call.path}`;
  const doc = registry.get(name)!.spec;
  let request: Request;
  try {
    const headers = new Headers();
    const token = c.who === 'anonymous' ? undefined : tokens[c.who];
    if (token) headers.append('Authorization', `Bearer ${token}`);
    for (const [k, v] of c.headers) headers.append(k, v);
    const hasBody = call.method !== 'GET' && call.method !== 'HEAD';
    const { body, contentType } = hasBody ? encodeBody(c.body) : {};
    if (contentType) headers.append('Content-Type', contentType);
    request = new Request(urlFor(call.path, c), { method: call.method, headers, body });
  } catch {
    stats.unsendable += 1;
    return;
  }
  stats.requests += 1;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>(
    (resolve) => (timer = setTimeout(() => resolve('hang'), TIMEOUT_MS)),
  );
  const res = await Promise.race([Promise.resolve(server.app.request(request)), hang]).finally(() =>
    clearTimeout(timer),
  );
  if (res === 'hang') {
    stats.classes.hang = (stats.classes.hang ?? 0) + 1;
    fail(name, 'no answer in 30 s', 0, c, '');
    return;
  }
  const status = res.status;
  const klass = `${Math.floor(status / 100)}xx`;
  stats.classes[klass] = (stats.classes[klass] ?? 0) + 1;
  let text = '';
  if (doc.stream && status < 300) await res.body?.cancel();
  else text = await res.text();

  if (status >= 500) fail(name, '5xx', status, c, text);
  const protocol =
    call.path.startsWith('/api/files/tus') || call.method === 'HEAD' || call.method === 'OPTIONS';
  let json: { error?: unknown; fields?: Record<string, unknown> } | undefined;
  if (status >= 400 && !protocol) {
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      json = undefined;
    }
    if (!json || typeof json.error !== 'string')
      fail(name, '4xx without a JSON { error }', status, c, text);
  }
  let broken: boolean | null = null;
  try {
    broken = brokenInput(doc, c);
  } catch (error) {
    // the call's own schema throws on this input: the handler would answer 500 for it
    fail(name, 'its schema throws while validating', status, c, String(error));
  }
  if (broken && (status === 400 || status === 422) && json) {
    if (!json.fields || Object.keys(json.fields).length === 0)
      fail(name, 'invalid input answered without fields', status, c, text);
  }
  if (broken && status < 300) fail(name, 'input its schema refuses was accepted', status, c, text);

  const access = call.op['x-access'];
  if (status < 300 && c.who === 'anonymous' && (access === 'user' || access === 'admin'))
    fail(name, 'answered an anonymous caller', status, c, text);
  if (status < 300 && access === 'admin')
    fail(name, 'answered a user who is not an administrator', status, c, text);

  const others = c.who === 'A' ? [markers.B] : c.who === 'B' ? [markers.A] : [markers.A, markers.B];
  for (const marker of others) {
    if (text.includes(marker)) fail(name, `${c.who} saw another user's data`, status, c, text);
  }
  if (status < 300 && /\/(logout-all|password\/(change|reset))$/.test(call.path))
    await refreshTokens();
  return { status, text };
}

/** One string field holding unstorable text: a 4xx whose `fields` names it. */
async function sendUnstorable(call: (typeof calls)[number], target: UnstorableCase) {
  const answer = await send(call, target.request);
  if (!answer) return;
  stats.unstorable += 1;
  const name = `${call.method} ${call.path}`;
  const { status, text } = answer;
  let named: string[] = [];
  try {
    named = Object.keys((JSON.parse(text) as { fields?: object }).fields ?? {});
  } catch {
    named = [];
  }
  if (status < 400 || status >= 500)
    fail(name, `unstorable text in ${target.field} not refused`, status, target.request, text);
  else if (![target.field, ...target.alsoNamedBy].some((field) => named.includes(field)))
    fail(
      name,
      `unstorable text refused without naming ${target.field}`,
      status,
      target.request,
      text,
    );
}

describe('fuzz: every documented call', () => {
  it('serves the document it is driven by', async () => {
    const res = await server.call('GET', '/api/openapi.json');
    expect(Object.keys(((await res.json()) as typeof document).paths)).toEqual(
      Object.keys(document.paths),
    );
  });

  calls.forEach((call, index) => {
    it(`${call.method} ${call.path}`, async () => {
      const limit = server.env.BODY_LIMIT_BYTES;
      await fc.assert(
        fc.asyncProperty(caseFor(call.op, pools, limit), async (c) => {
          await send(call, c);
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
      if (call.method === 'HEAD' || call.method === 'OPTIONS') return;
      const honoPath = registry.get(`${call.method} ${call.path}`)!.honoPath;
      for (const target of unstorableCases(call.op, honoPath, pools.A, SEED + index))
        await sendUnstorable(call, target);
    });
  });

  it('leaves the server up, with no failure found', async () => {
    const health = await server.call('GET', '/healthz');
    expect(health.status).toBe(200);
    const lines = [...failures].map(([key, detail]) => `  ✗ ${key}\n      ${detail}`);
    console.log(
      [
        `fuzz: seed ${SEED}, ${RUNS} runs per call, ${calls.length} calls`,
        `requests sent: ${stats.requests} (${stats.unsendable} generated requests could not be built)`,
        `string fields sent unstorable text: ${stats.unstorable}`,
        `by status class: ${Object.entries(stats.classes)
          .sort()
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
        `distinct failures: ${failures.size}`,
        ...lines,
      ].join('\n'),
    );
    expect([...failures.keys()]).toEqual([]);
  });
});

afterAll(() => server.close());
