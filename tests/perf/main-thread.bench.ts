// `npm run bench:main-thread`: the main thread's work of each page's first load, as CPU time
// scaled to a phone (main-thread/tasks.ts), steadier on a busy machine than Lighthouse's
// simulated throttling (which scales wall time). The same pages as the Lighthouse bench
// (lighthouse/targets.ts: the sign-in page signed out, every dashboard page signed in as the
// demo user), the same build and server (lighthouse/serve.ts). Per page, N runs in a fresh
// Chromium profile without network or CPU emulation (main-thread/run.ts), printed as medians:
// the main thread's CPU time until the page is idle, the estimated Total Blocking Time and
// longest task on a 4× slower phone, the first contentful paint here, then from one more run
// with V8's sampling profiler on the five packages or areas of src/ with the most self time
// (lighthouse/attribution.ts, through the build's source maps) and its four longest tasks, each
// with what it was made of, by package, and any console error.
// Other work on the machine still inflates CPU time (shared caches and cores), so to compare two
// builds, --baseline DIR serves that build too and alternates their runs page by page: both
// see the same load.
// A bench, not a gate: exits 0 whatever the figures, 1 when a page could not be measured.
//   npx tsx tests/perf/main-thread.bench.ts [--runs N] [--route PATH]… [--dir DIR] [--no-build]
//                                            [--no-profile] [--baseline DIR]
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { readManifest } from './first-load.ts';
import {
  attributeMainThread,
  attributeTasks,
  buildLocator,
  type Locate,
} from './lighthouse/attribution.ts';
import { median } from './lighthouse/report.ts';
import { buildApp, demoHrefs, ROOT, serve, signIn, type Served } from './lighthouse/serve.ts';
import { targets, type Target } from './lighthouse/targets.ts';
import { loadPage } from './main-thread/run.ts';
import {
  PHONE_SLOWDOWN,
  pageTasks,
  summarise,
  type MainThreadSummary,
} from './main-thread/tasks.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    route: { type: 'string', multiple: true, default: [] },
    dir: { type: 'string', default: '.tmp/bench-lighthouse' },
    'no-build': { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs: a whole number of runs, not "${args.runs}"`);
const reused = process.env.E2E_STATIC_DIR;
const buildDir = path.resolve(ROOT, reused ?? args.dir);
const baselineDir = args.baseline ? path.resolve(ROOT, args.baseline) : undefined;
const TOP = 5;
/** The profiled run's longest tasks, each shown with what it was made of. */
const LONGEST = 4;

type Run = MainThreadSummary & { fcpMs: number };

interface Measured {
  target: Target;
  runs: Run[];
  /** The baseline build's runs (--baseline), alternated with `runs`. */
  baseline: Run[];
  top: string;
  /** The profiled run's longest tasks (4×), each with its top areas. */
  longest: string[];
  errors: string[];
}

/** A build being measured: its server and the demo user's session there. */
interface Site {
  label: string;
  server: Served;
  token: string;
}

const ms = (x: number) => `${Math.round(x)} ms`;

async function once(site: Site, target: Target, errors: Set<string>): Promise<Run> {
  const run = await loadPage(site.server.url + target.href, {
    token: target.signedIn ? site.token : undefined,
  });
  if (target.signedIn && run.landed.startsWith('/auth'))
    throw new Error(`${site.label}: landed on ${run.landed}, not signed in`);
  const s = summarise(pageTasks(run.events));
  run.errors.forEach((e) => errors.add(`${site.label}: ${e}`));
  console.log(
    `  ${site.label}: CPU ${ms(s.cpuMs)}, TBT(4×) ${ms(s.tbtMs)}, longest(4×) ${ms(s.longestMs)}, ` +
      `FCP ${ms(run.fcpMs)}; load ${os.loadavg()[0]!.toFixed(2)}; long tasks (at+ms, 4×): ` +
      (s.longTasks.map((t) => `${t.atMs}+${t.ms}`).join(' ') || 'none'),
  );
  return { ...s, fcpMs: run.fcpMs };
}

async function measure(
  site: Site,
  baseline: Site | undefined,
  target: Target,
  locate?: Locate,
): Promise<Measured> {
  const runs: Run[] = [];
  const base: Run[] = [];
  const errors = new Set<string>();
  for (let i = 0; i < RUNS; i++) {
    console.log(` run ${i + 1}/${RUNS}`);
    if (baseline) base.push(await once(baseline, target, errors));
    runs.push(await once(site, target, errors));
  }
  let top = '';
  let longest: string[] = [];
  if (locate) {
    const url = site.server.url + target.href;
    const run = await loadPage(url, {
      token: target.signedIn ? site.token : undefined,
      profile: true,
    });
    const { areas } = attributeMainThread(run.events, new URL(url).origin, locate);
    top = areas
      .slice(0, TOP)
      .map((a) => `${a.area} ${ms(a.ms)}`)
      .join(', ');
    console.log(`  by package (profiled run, self time): ${top}`);
    const tasks = pageTasks(run.events);
    const cpu = (t: (typeof tasks)[number]) => (t.tdur ?? t.dur ?? 0) / 1000;
    const picked = [...tasks].sort((a, b) => cpu(b) - cpu(a)).slice(0, LONGEST);
    const made = attributeTasks(
      run.events,
      new URL(url).origin,
      locate,
      picked.map((t) => ({ ts: t.ts, dur: t.dur ?? 0 })),
    );
    longest = picked.map(
      (t, i) =>
        `${ms(cpu(t) * PHONE_SLOWDOWN)} at ${ms((t.ts - tasks[0]!.ts) / 1000)}: ` +
        made[i]!.areas.slice(0, TOP)
          .map((a) => `${a.area} ${Math.round((100 * a.ms) / made[i]!.totalMs)} %`)
          .join(', '),
    );
    console.log(
      `  longest tasks (profiled run, 4×; shares of its samples):\n    ${longest.join('\n    ')}`,
    );
  }
  return { target, runs, baseline: base, top, longest, errors: [...errors] };
}

function table(results: Measured[]): string {
  const m = (runs: Run[], f: (r: Run) => number) => median(runs.map(f));
  if (!baselineDir) {
    const header =
      '| route | main-thread CPU | TBT est. (4×) | longest task (4×) | FCP | console errors |';
    const rows = results.map(
      ({ target, runs, errors }) =>
        `| ${target.route} | ${ms(m(runs, (r) => r.cpuMs))} | ${ms(m(runs, (r) => r.tbtMs))} ` +
        `| ${ms(m(runs, (r) => r.longestMs))} | ${ms(m(runs, (r) => r.fcpMs))} | ${errors.length} |`,
    );
    return [header, '|---|--:|--:|--:|--:|--:|', ...rows].join('\n');
  }
  const pair = (r: Measured, f: (run: Run) => number) =>
    `${Math.round(m(r.baseline, f))} → ${Math.round(m(r.runs, f))}`;
  const header =
    '| route | main-thread CPU, ms (baseline → this) | TBT est. (4×), ms | longest task (4×), ms | console errors |';
  const rows = results.map(
    (r) =>
      `| ${r.target.route} | ${pair(r, (x) => x.cpuMs)} | ${pair(r, (x) => x.tbtMs)} ` +
      `| ${pair(r, (x) => x.longestMs)} | ${r.errors.length} |`,
  );
  return [header, '|---|--:|--:|--:|--:|', ...rows].join('\n');
}

async function site(label: string, dir: string): Promise<Site> {
  const server = await serve(dir);
  return { label, server, token: await signIn(server.url) };
}

async function main(): Promise<boolean> {
  if (!reused && !args['no-build']) {
    console.log(`building into ${path.relative(ROOT, buildDir)} …`);
    buildApp(buildDir);
  }
  console.log(
    `serving ${path.relative(ROOT, buildDir)}` +
      (baselineDir ? ` and, as the baseline, ${path.relative(ROOT, baselineDir)}` : '') +
      `; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(2)}; ` +
      `${RUNS} run(s) per route`,
  );
  const sites: Site[] = [];
  const results: Measured[] = [];
  const unmeasured: string[] = [];
  try {
    // (both at once: a server's start, the demo data's seeding, takes a while; each started
    // one is stopped below, whether or not the other could start)
    const started = await Promise.allSettled([
      site('this build', buildDir),
      baselineDir ? site('baseline', baselineDir) : Promise.resolve(undefined),
    ]);
    for (const s of started) if (s.status === 'fulfilled' && s.value) sites.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const current = sites[0]!;
    const baseline = baselineDir ? sites[1] : undefined;
    const list = targets(await demoHrefs(current.server.url, current.token), args.route);
    const locate = args['no-profile']
      ? undefined
      : buildLocator(buildDir, current.server.url, readManifest(buildDir));
    for (const target of list) {
      console.log(`\n${target.href}${target.signedIn ? ' (signed in)' : ''}`);
      try {
        results.push(await measure(current, baseline, target, locate));
      } catch (error) {
        unmeasured.push(
          `${target.href}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } finally {
    await Promise.all(sites.map((s) => s.server.stop()));
  }
  console.log(`\nMain thread, medians of ${RUNS} run(s); CPU time scaled 4× for the phone:\n`);
  console.log(table(results));
  if (!args['no-profile']) {
    console.log('\nTop self time by package or area (one profiled run, not scaled):');
    for (const r of results) console.log(`  ${r.target.route}: ${r.top}`);
    console.log(
      '\nLongest tasks of the profiled run (4×), each by package or area (share of its samples):',
    );
    for (const r of results) console.log(`  ${r.target.route}:\n    ${r.longest.join('\n    ')}`);
  }
  const errors = results.flatMap((r) => r.errors.map((e) => `${r.target.route}: ${e}`));
  console.log(`\nconsole errors: ${errors.length ? `\n  ${errors.join('\n  ')}` : 'none'}`);
  if (unmeasured.length) console.log(`\nnot measured:\n  ${unmeasured.join('\n  ')}`);
  return unmeasured.length === 0;
}

main().then(
  (measured) => process.exit(measured ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
