// Main-thread time by package: which npm package or which part of src/ the page's main thread
// spent its time in. Lighthouse's own audits stop at the script URL, and most of the app is a
// few large chunks that mix many packages, so this goes one level down: V8's sampling profiler
// (the trace category `disabled-by-default-v8.cpu_profiler`, asked for with Lighthouse's
// documented `additionalTraceCategories` setting) records which function ran, sample by
// sample; each sample's time goes to the function on top of the stack (self time, as DevTools'
// bottom-up view counts it), and the function's position is mapped back through the build's
// source map to `node_modules/<package>` or `src/<area>`. A builtin with no script (Array.map,
// JSON.parse) counts for the script that called it. Without source maps (a build reused with
// --no-build) a script counts for its chunk as the build manifest names it, and so does the
// top-level code of a chunk (a sample gives the position of its function only, and the chunk's
// top-level function holds the hoisted top-level statements of all its modules).
import fs from 'node:fs';
import path from 'node:path';

import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Manifest } from 'vite';

/** The parts of a Chromium trace event this reads (Profile, ProfileChunk, thread_name). */
export interface ProfileTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  args: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      /** The Profile event's start, on the trace's clock (µs). */
      startTime?: number;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

/** Names the part of the code at a script position (0-based line and column). */
export type Locate = (url: string, line: number, column: number) => string;

export const OUTSIDE_JS = '(browser work outside JS: style, layout, paint, parsing)';
export const GC = '(garbage collection)';

/** `path` (relative to the repository) as a package or an area of the code. */
export function codeArea(relative: string): string {
  const p = relative.split(path.sep).join('/');
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [scope, name] = p.slice(nm + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? p);
  }
  const parts = p.split('/');
  if (parts[0] === 'src' || parts[0] === 'server')
    return parts.slice(0, parts[1] === 'features' || parts.length > 3 ? 3 : 2).join('/');
  return p.startsWith('..') ? '(bundler runtime)' : p;
}

/**
 * A `Locate` for the scripts of a build served at `origin`: through each file's source map
 * (`<file>.map` beside it) when there is one, else by the manifest's name of the chunk.
 */
export function buildLocator(
  buildDir: string,
  origin: string,
  manifest: Manifest,
  /** Where the sources' `node_modules/` and `src/` are: the repository. */
  root = path.resolve(import.meta.dirname, '../../..'),
): Locate {
  const chunkName = new Map(
    Object.values(manifest).map((c) => [c.file, c.src ?? c.name ?? c.file]),
  );
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = path.join(buildDir, `${file}.map`);
      maps.set(
        file,
        fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8'), mapFile) : null,
      );
    }
    return maps.get(file) ?? null;
  };
  return (url, line, column) => {
    if (!url.startsWith(origin)) return url;
    const file = new URL(url).pathname.slice(1);
    if (!file.startsWith('assets/')) return `(inline scripts of the page)`;
    const chunk = `chunk ${chunkName.get(file) ?? file}`;
    const map = mapOf(file);
    if (!map) return chunk;
    // a chunk's top-level code (its modules' top-level statements, hoisted) has no one source
    const { source } = originalPositionFor(map, { line: line + 1, column });
    return source ? codeArea(path.relative(root, source)) : `${chunk} (unmapped: top-level code)`;
  };
}

/** A profile's key: its id is unique within its process only. */
const profileKey = (e: ProfileTraceEvent) => `${e.pid}:${e.id}`;

/** The profile of the renderer main thread that ran the most of `origin`'s code. Its samples
 *  come in ProfileChunk events from a profiler thread; the Profile event names the thread. */
function mainThreadProfile(events: ProfileTraceEvent[], origin: string): string | undefined {
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMainThread = new Set(
    events
      .filter((e) => e.name === 'Profile' && mainThreads.has(`${e.pid}:${e.tid}`))
      .map(profileKey),
  );
  const ours = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !onMainThread.has(profileKey(e))) continue;
    const nodes = e.args.data?.cpuProfile?.nodes ?? [];
    ours.set(
      profileKey(e),
      (ours.get(profileKey(e)) ?? 0) +
        nodes.filter((n) => n.callFrame.url?.startsWith(origin)).length,
    );
  }
  return [...ours].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export interface Attribution {
  /** Milliseconds by area, largest first (idle time left out). */
  areas: { area: string; ms: number }[];
  totalMs: number;
}

/** The main thread's samples: what ran (a node of the profile), when (trace clock, µs) and for
 *  how long (µs, until the next sample). */
function mainThreadSamples(events: ProfileTraceEvent[], origin: string) {
  const profile = mainThreadProfile(events, origin);
  if (!profile)
    throw new Error(
      'the trace has no CPU profile of the page main thread (was the profiler category on?)',
    );
  const nodes = new Map<number, ProfileNode>();
  const ids: number[] = [];
  const deltas: number[] = [];
  let start = 0;
  for (const e of events) {
    if (e.name === 'Profile' && profileKey(e) === profile) start = e.args.data?.startTime ?? 0;
    if (e.name !== 'ProfileChunk' || profileKey(e) !== profile) continue;
    for (const n of e.args.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    ids.push(...(e.args.data?.cpuProfile?.samples ?? []));
    deltas.push(...(e.args.data?.timeDeltas ?? []));
  }
  // deltas are microseconds since the previous sample; a sample lasts until the next one
  let at = start;
  const samples = ids.map((id, i) => {
    at += deltas[i] ?? 0;
    return { id, at, us: deltas[i + 1] ?? 0 };
  });
  return { nodes, samples };
}

/** Names the area of each profile node (memoised): idle and the root are none. */
function areaClassifier(nodes: Map<number, ProfileNode>, locate: Locate) {
  const areaOf = new Map<number, string | null>();
  const classify = (id: number): string | null => {
    const known = areaOf.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id);
    let area: string | null;
    if (
      !node ||
      node.callFrame.functionName === '(idle)' ||
      node.callFrame.functionName === '(root)'
    )
      area = null;
    else if (node.callFrame.functionName === '(program)') area = OUTSIDE_JS;
    else if (node.callFrame.functionName === '(garbage collector)') area = GC;
    else if (node.callFrame.url)
      area = locate(
        node.callFrame.url,
        node.callFrame.lineNumber ?? 0,
        node.callFrame.columnNumber ?? 0,
      );
    else area = node.parent === undefined ? OUTSIDE_JS : (classify(node.parent) ?? OUTSIDE_JS);
    areaOf.set(id, area);
    return area;
  };
  return classify;
}

type Sample = ReturnType<typeof mainThreadSamples>['samples'][number];

/** The samples' time by area, times `scale`, largest first. */
function sumByArea(
  samples: Sample[],
  classify: (id: number) => string | null,
  scale: number,
): Attribution {
  const totals = new Map<string, number>();
  for (const { id, us } of samples) {
    const area = classify(id);
    if (area && us > 0) totals.set(area, (totals.get(area) ?? 0) + (us / 1000) * scale);
  }
  const areas = [...totals].map(([area, ms]) => ({ area, ms })).sort((a, b) => b.ms - a.ms);
  return { areas, totalMs: areas.reduce((sum, a) => sum + a.ms, 0) };
}

/** Main-thread self time of the page by area of the code, times `scale` (Lighthouse's CPU
 *  slowdown under simulated throttling, so the figures compare with its bootup-time audit). */
export function attributeMainThread(
  events: ProfileTraceEvent[],
  origin: string,
  locate: Locate,
  scale = 1,
): Attribution {
  const { nodes, samples } = mainThreadSamples(events, origin);
  return sumByArea(samples, areaClassifier(nodes, locate), scale);
}

/** The same, within each of the given tasks (a `RunTask` event's start and wall duration, µs):
 *  what a long task was made of. */
export function attributeTasks(
  events: ProfileTraceEvent[],
  origin: string,
  locate: Locate,
  tasks: { ts: number; dur: number }[],
  scale = 1,
): Attribution[] {
  const { nodes, samples } = mainThreadSamples(events, origin);
  const classify = areaClassifier(nodes, locate);
  return tasks.map((task) =>
    sumByArea(
      samples.filter(({ at }) => at >= task.ts && at < task.ts + task.dur),
      classify,
      scale,
    ),
  );
}
