// A body over the limit answers 413, and the connection it came on stays usable (or is closed
// cleanly, saying so): a keep-alive client's next request must work. Over real HTTP with
// node:http's keep-alive agent, one socket at a time, as browsers and API clients reuse them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let server: ServerType;
let port: number;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  t = await createTestServer({ BODY_LIMIT_BYTES: String(LIMIT) });
  port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
});
afterAll(async () => {
  server.close();
  await t.close();
});

interface Answer {
  status: number;
  body: string;
  connection?: string;
}

function send(
  agent: http.Agent,
  path: string,
  body: string,
  options: { chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (!options.chunked) headers['Content-Length'] = String(Buffer.byteLength(body));
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // an oversized body is sent in pieces, as a client streaming an upload would
    for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.slice(i, i + 16 * 1024));
    req.end();
  });
}

const small = JSON.stringify({ email: 'not an address' });
const huge = JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(4 * LIMIT) });

describe('a body over the limit on a keep-alive connection', () => {
  it('an upload far over its limit is answered too', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, '/api/mail/attachments', 'x'.repeat(24 * 1024 * 1024));
      expect(first.status).toBe(413);
      expect((await send(agent, '/api/v1/user/login', small)).status).toBe(400);
    } finally {
      agent.destroy();
    }
  });

  for (const chunked of [false, true]) {
    it(`answers 413 and the next request works (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await send(agent, '/api/v1/user/login', huge, { chunked });
        expect(first.status).toBe(413);
        expect(first.connection).toBe('close');
        expect(JSON.parse(first.body).error).toMatch(/larger than/);
        for (let i = 0; i < 3; i += 1) {
          const next = await send(agent, '/api/v1/user/login', small);
          expect(next.status).toBe(400);
          expect(JSON.parse(next.body).fields.email).toBe('Invalid email address.');
        }
      } finally {
        agent.destroy();
      }
    });
  }
});
