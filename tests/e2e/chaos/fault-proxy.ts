// A fault-injecting HTTP proxy for the chaos run (127.0.0.1 only). In front of the real server
// it decides, request by request with the run's seeded PRNG, to pass the request through or to
// answer 500, hang past the client's timeout, or drop the connection — each either BEFORE the
// server sees the request or AFTER the server answered (the change is applied, the answer is
// lost: the case exactly-once exists for). Offline refuses everything. It may also SIGKILL the
// server while a change is on its way to it (mid-replay). Because it sees every answer the
// server gives, it is also the run's server-side witness: an answer to an Idempotency-Key that
// was already applied, without `Idempotent-Replayed` (or, in a batch's answer, `replayed`), is a
// duplicate application; a batch counts as one mutation request for the kills.
import http from 'node:http';
import type net from 'node:net';

export type Fault =
  | 'pass'
  | 'error-before'
  | 'error-after'
  | 'hang-before'
  | 'hang-after'
  | 'drop-before'
  | 'drop-after';

export interface FaultProxyOptions {
  upstreamPort: number;
  random: () => number;
  /** chance that a request meets a fault while faults are on */
  faultRate: number;
  /** chance that a forwarded mutation triggers a server kill while it is in flight */
  killRate: number;
  /** the first kill comes at the latest with this many-th forwarded mutation, so every run has one */
  killFirstAfter: number;
  onKill: () => void;
}

export interface FaultProxy {
  url: string;
  setOffline: (offline: boolean) => void;
  setFaults: (on: boolean) => void;
  counts: Record<Fault | 'offline' | 'upstream-down' | 'kill', number>;
  /** per Idempotency-Key, how many times the server answered it as a fresh application */
  freshAnswers: Map<string, number>;
  close: () => Promise<void>;
}

const FAULTS: Fault[] = [
  'error-before',
  'error-after',
  'hang-before',
  'hang-after',
  'drop-before',
  'drop-after',
];

interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function forward(port: number, req: http.IncomingMessage, body: Buffer): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'close' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 502,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

/** A fresh application: the server took the key now (not a replay, not a refusal of the key). */
function isFreshApplication(answer: UpstreamAnswer) {
  if (answer.headers['idempotent-replayed']) return false;
  if (answer.status >= 500 || answer.status === 401 || answer.status === 422) return false;
  if (answer.status === 409 && answer.headers['x-expected-seq']) return false;
  return !(answer.status === 400 && /Idempotency-Key/.test(answer.body.toString()));
}

interface BatchResult {
  key: string;
  status: number;
  replayed: boolean;
  body?: { fields?: Record<string, string> };
}

/** The keys a batch answer reports as fresh applications, by the rules of a single change: not
 *  a replay, not a failure, not a refusal of the key (a gap, a reused key with another body). */
function freshInBatch(answer: UpstreamAnswer): string[] {
  if (answer.status !== 200) return [];
  let results: BatchResult[];
  try {
    results = (JSON.parse(answer.body.toString()) as { results: BatchResult[] }).results;
  } catch {
    return [];
  }
  return results
    .filter((r) => {
      if (r.replayed || r.status >= 500 || r.status === 401 || r.status === 422) return false;
      const keyError = r.body?.fields?.['Idempotency-Key'];
      return !((r.status === 409 || r.status === 400) && keyError);
    })
    .map((r) => r.key);
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  let offline = false;
  let faults = true;
  const sockets = new Set<net.Socket>();
  const counts: FaultProxy['counts'] = {
    pass: 0,
    'error-before': 0,
    'error-after': 0,
    'hang-before': 0,
    'hang-after': 0,
    'drop-before': 0,
    'drop-after': 0,
    offline: 0,
    'upstream-down': 0,
    kill: 0,
  };
  const freshAnswers = new Map<string, number>();
  let mutationsForwarded = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (offline) {
      counts.offline += 1;
      socket.destroy();
    }
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    if (offline) {
      counts.offline += 1;
      req.socket.destroy();
      return;
    }
    const fault: Fault =
      faults && options.random() < options.faultRate
        ? FAULTS[Math.floor(options.random() * FAULTS.length)]!
        : 'pass';
    counts[fault] += 1;
    if (process.env.CHAOS_DEBUG)
      console.log('proxy', Date.now() % 100000, req.method, req.url, fault);
    if (fault === 'error-before')
      return void res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":"injected"}');
    if (fault === 'drop-before') return void req.socket.destroy();
    if (fault === 'hang-before') return; // the client's timeout gives up; the socket is closed then

    const key = req.headers['idempotency-key'];
    const batch = req.method === 'POST' && req.url === '/api/sync/batch';
    const mutation = typeof key === 'string' || batch;
    if (faults && mutation) mutationsForwarded += 1;
    const kill =
      faults &&
      mutation &&
      (options.random() < options.killRate ||
        (counts.kill === 0 && mutationsForwarded >= options.killFirstAfter));
    let answer: UpstreamAnswer;
    try {
      const pending = forward(options.upstreamPort, req, body);
      if (kill) {
        counts.kill += 1;
        // let the request reach the server, then take the server down under it
        setTimeout(options.onKill, Math.floor(options.random() * 25));
      }
      answer = await pending;
    } catch {
      counts['upstream-down'] += 1;
      return void res
        .writeHead(502, { 'content-type': 'application/json' })
        .end('{"error":"upstream down"}');
    }
    if (typeof key === 'string' && isFreshApplication(answer))
      freshAnswers.set(key, (freshAnswers.get(key) ?? 0) + 1);
    if (batch)
      for (const fresh of freshInBatch(answer))
        freshAnswers.set(fresh, (freshAnswers.get(fresh) ?? 0) + 1);
    if (fault === 'error-after')
      return void res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":"injected"}');
    if (fault === 'drop-after') return void req.socket.destroy();
    if (fault === 'hang-after') return;
    const headers = { ...answer.headers, connection: 'close' };
    delete headers['transfer-encoding'];
    delete headers['content-length'];
    res.writeHead(answer.status, headers).end(answer.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setOffline(value) {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    setFaults(on) {
      faults = on;
    },
    counts,
    freshAnswers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
