// Sign-in latency over real HTTP against a real server process (PGlite in a temp DATA_DIR).
// It is dominated by argon2id (19 MiB, t = 2) by design. Prints p50/p95; asserts nothing.
// Run: npx tsx tests/perf/signin.bench.ts [requests]
import { signUp, startServer } from '../e2e/support.ts';

const requests = Number(process.argv[2] ?? 40);
const server = await startServer();
try {
  const email = 'bench@example.com';
  const password = 'benchmark passphrase';
  await signUp(server, { email, password });
  const times: number[] = [];
  for (let i = 0; i < requests + 3; i += 1) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    await res.json();
    if (i >= 3) times.push(performance.now() - started); // the first few warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `sign-in over HTTP, ${times.length} requests: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
} finally {
  await server.stop();
}
