// `npm run bench:lighthouse`: Lighthouse 12 on the sign-in page (signed out) and on every
// dashboard page of src/config/paths.ts (signed in as the demo user; paths with parameters get
// the demo data's own values), N runs each in a fresh profile of Debian's Chromium, mobile
// defaults (simulated throttling), printed as the median per route. The bench builds the app
// into its own directory and serves it as `npm start` does (lighthouse/serve.ts). A bench, not a
// gate: it exits 0 whatever the scores, and 1 only when something could not be measured (the
// build, the server, the demo data, a run Lighthouse could not finish, a signed-in page that
// ended on the sign-in page).
//   npx tsx tests/perf/lighthouse.bench.ts [--runs N] [--route PATH]… [--details] [--save DIR]
//                                          [--dir DIR] [--no-build]
// --route narrows to a path pattern or a measured path (repeatable); `--route /blog/post/:title`
// measures the public blog post (signed out), which is left out otherwise. --details adds where the
// main thread's time went: by kind, by script, the longest tasks, and by package from one more
// run per route with V8's sampling profiler on (lighthouse/attribution.ts; not in the medians,
// the sampler slows the page). --save DIR keeps each run's JSON report (and the profiled
// run's trace, which DevTools opens). --dir builds there (default .tmp/bench-lighthouse);
// --no-build serves it as it is, as does E2E_STATIC_DIR=<dir>.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { readManifest } from './first-load.ts';
import {
  attributeMainThread,
  buildLocator,
  type Attribution,
  type Locate,
  type ProfileTraceEvent,
} from './lighthouse/attribution.ts';
import {
  consoleErrorList,
  shortfalls,
  details,
  medianRun,
  runLine,
  table,
  type RouteResult,
} from './lighthouse/report.ts';
import { lighthouseRun, type LighthouseRun } from './lighthouse/run.ts';
import { buildApp, demoHrefs, ROOT, serve, signIn } from './lighthouse/serve.ts';
import { fileName, targets, type Target } from './lighthouse/targets.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    route: { type: 'string', multiple: true, default: [] },
    details: { type: 'boolean', default: false },
    save: { type: 'string' },
    dir: { type: 'string', default: '.tmp/bench-lighthouse' },
    'no-build': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs: a whole number of runs, not "${args.runs}"`);
const reused = process.env.E2E_STATIC_DIR;
const buildDir = path.resolve(ROOT, reused ?? args.dir);
const saveDir = args.save ? path.resolve(args.save) : undefined;

function save(name: string, body: string) {
  if (!saveDir) return;
  fs.mkdirSync(saveDir, { recursive: true });
  fs.writeFileSync(path.join(saveDir, name), body);
}

function printList(title: string, lines: string[]) {
  console.log(
    `\n${title}: ${lines.length ? `\n${lines.map((l) => `  ${l}`).join('\n')}` : 'none'}`,
  );
}

/** Runs of one page; a string says why it could not be measured. */
async function measure(
  url: string,
  target: Target,
  token: string,
): Promise<LighthouseRun[] | string> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await lighthouseRun(url, { token: target.signedIn ? token : undefined });
    console.log(runLine(run, i, RUNS));
    save(`${fileName(target.href)}-${i + 1}.json`, run.report);
    if (run.lhr.runtimeError) return `Lighthouse: ${run.lhr.runtimeError.code}`;
    const landed = new URL(run.lhr.finalDisplayedUrl).pathname;
    if (target.signedIn && landed.startsWith('/auth')) return `landed on ${landed}, not signed in`;
    runs.push(run);
  }
  return runs;
}

/** `--details`' attribution by package, from one more run with the profiler on. */
async function attribution(
  url: string,
  target: Target,
  token: string,
  locate: Locate,
): Promise<Attribution> {
  const run = await lighthouseRun(url, {
    token: target.signedIn ? token : undefined,
    profile: true,
  });
  save(`${fileName(target.href)}-profiled.trace.json`, JSON.stringify(run.trace));
  if (run.lhr.runtimeError) throw new Error(`Lighthouse: ${run.lhr.runtimeError.code}`);
  const { throttlingMethod, throttling } = run.lhr.configSettings;
  const scale = throttlingMethod === 'simulate' ? (throttling.cpuSlowdownMultiplier ?? 1) : 1;
  const events = (run.trace?.traceEvents ?? []) as unknown as ProfileTraceEvent[];
  return attributeMainThread(events, new URL(url).origin, locate, scale);
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function main(): Promise<boolean> {
  if (!reused && !args['no-build']) {
    console.log(`building into ${path.relative(ROOT, buildDir)} …`);
    buildApp(buildDir);
  }
  console.log(
    `serving ${path.relative(ROOT, buildDir)} via scripts/start.mjs; ${os.availableParallelism()} cores, ` +
      `load average ${os.loadavg()[0]!.toFixed(2)}; ${RUNS} run(s) per route`,
  );
  const server = await serve(buildDir);
  const results: RouteResult[] = [];
  const unmeasured: string[] = [];
  try {
    const token = await signIn(server.url);
    const list = targets(await demoHrefs(server.url, token), args.route);
    const locate = args.details
      ? buildLocator(buildDir, server.url, readManifest(buildDir))
      : undefined;
    for (const target of list) {
      console.log(`\n${target.href}${target.signedIn ? ' (signed in)' : ''}`);
      const url = server.url + target.href;
      const runs = await measure(url, target, token).catch(message);
      if (typeof runs === 'string') {
        unmeasured.push(`${target.href}: ${runs}`);
        continue;
      }
      results.push({ ...target, runs });
      if (!locate) continue;
      const byPackage = await attribution(url, target, token, locate).catch((error: unknown) => {
        unmeasured.push(`${target.href}: no attribution by package (${message(error)})`);
        return undefined;
      });
      console.log(details(medianRun(runs), byPackage).join('\n'));
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nLighthouse ${RUNS === 1 ? '(one run per route)' : `medians of ${RUNS} runs`}, mobile, simulated throttling:\n`,
  );
  console.log(table(results));
  printList('console errors', consoleErrorList(results));
  printList('audits that lost points (accessibility, best practices, SEO)', shortfalls(results));
  if (unmeasured.length) printList('not measured', unmeasured);
  return unmeasured.length === 0;
}

main().then(
  (measured) => process.exit(measured ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
