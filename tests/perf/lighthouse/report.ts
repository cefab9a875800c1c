// What the Lighthouse bench prints: a line per run (with Lighthouse's benchmarkIndex and the
// load average, since a busy machine inflates the blocking time: simulated throttling scales
// the tasks it observed), a Markdown table of the medians per route, the console errors by
// text, and with --details where the main thread's time went.
import type { Result } from 'lighthouse';

import type { Attribution } from './attribution.ts';
import type { LighthouseRun } from './run.ts';

export interface RouteResult {
  /** The path pattern (src/config/paths.ts). */
  route: string;
  /** The path measured. */
  href: string;
  runs: LighthouseRun[];
}

type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const score = (lhr: Result, category: Category) =>
  Math.round((lhr.categories[category]?.score ?? NaN) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
const consoleErrors = (lhr: Result) =>
  (lhr.audits['errors-in-console']?.details?.type === 'table'
    ? lhr.audits['errors-in-console'].details.items
    : []
  ).map(
    (item) =>
      `${typeof item.description === 'string' ? item.description : JSON.stringify(item.description)}` +
      `${typeof item.source === 'string' ? ` [${item.source}]` : ''}`,
  );
const withoutOrigin = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

/** The run whose performance score is the median: its audits are the ones --details prints. */
export const medianRun = (runs: LighthouseRun[]) =>
  [...runs].sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'))[
    Math.floor(runs.length / 2)
  ]!;

export function runLine(run: LighthouseRun, index: number, total: number): string {
  const { lhr } = run;
  const landed = withoutOrigin(lhr.finalDisplayedUrl);
  return (
    `  run ${index + 1}/${total}: performance ${score(lhr, 'performance')}, LCP ${(numeric(lhr, 'largest-contentful-paint') / 1000).toFixed(1)} s, ` +
    `TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms, CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}; ` +
    `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}, load ${run.load.toFixed(2)}; landed on ${landed}`
  );
}

export function table(results: RouteResult[]): string {
  const header = '| route | perf | LCP | TBT | CLS | a11y | best pr. | SEO | console errors |';
  const rows = results.map(({ route, runs }) => {
    const m = (f: (lhr: Result) => number) => median(runs.map((r) => f(r.lhr)));
    return (
      `| ${route} | ${m((l) => score(l, 'performance'))} | ${(m((l) => numeric(l, 'largest-contentful-paint')) / 1000).toFixed(1)} s ` +
      `| ${Math.round(m((l) => numeric(l, 'total-blocking-time')))} ms | ${m((l) => numeric(l, 'cumulative-layout-shift')).toFixed(3)} ` +
      `| ${m((l) => score(l, 'accessibility'))} | ${m((l) => score(l, 'best-practices'))} | ${m((l) => score(l, 'seo'))} ` +
      `| ${m((l) => consoleErrors(l).length)} |`
    );
  });
  return [header, '|---|--:|--:|--:|--:|--:|--:|--:|--:|', ...rows].join('\n');
}

/** Each console error's text once per route, with the runs it showed in. */
export function consoleErrorList(results: RouteResult[]): string[] {
  const lines: string[] = [];
  for (const { route, runs } of results) {
    const seen = new Map<string, number[]>();
    runs.forEach((run, i) =>
      consoleErrors(run.lhr).forEach((text) => seen.set(text, [...(seen.get(text) ?? []), i + 1])),
    );
    for (const [text, inRuns] of seen) lines.push(`${route} (run ${inRuns.join(', ')}): ${text}`);
  }
  return lines;
}

/** The weighted audits of accessibility, best practices and SEO that lost points, per route
 *  (the median run's), so a score under 100 says why. */
export function shortfalls(results: RouteResult[]): string[] {
  return results.flatMap(({ route, runs }) => {
    const { lhr } = medianRun(runs);
    const lost = (['accessibility', 'best-practices', 'seo'] as const).flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}/${ref.id}`),
    );
    return lost.length ? [`${route}: ${lost.join(', ')}`] : [];
  });
}

/** `--details`: where the main thread's time went, by kind of work, by script and in the
 *  longest tasks (the median run's audits; milliseconds as Lighthouse reports them, scaled by
 *  its CPU slowdown), then by package (a profiled run). */
export function details(
  run: LighthouseRun,
  attribution: Attribution | undefined,
  top = 12,
): string[] {
  const items = (id: string) => {
    const d = run.lhr.audits[id]?.details;
    return d && 'items' in d ? (d.items as Record<string, unknown>[]) : [];
  };
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`.padStart(8);
  const out = ['  main thread by kind of work:'];
  for (const r of items('mainthread-work-breakdown').slice(0, 8))
    out.push(`    ${ms(r.duration)}  ${String(r.groupLabel ?? r.group)}`);
  out.push('  JS by script (total / scripting / parse+compile):');
  for (const r of items('bootup-time').slice(0, 10))
    out.push(
      `    ${ms(r.total)} /${ms(r.scripting)} /${ms(r.scriptParseCompile)}  ${withoutOrigin(r.url)}`,
    );
  out.push('  longest tasks (duration, start):');
  for (const r of items('long-tasks').slice(0, 8))
    out.push(`    ${ms(r.duration)} at ${ms(r.startTime)}  ${withoutOrigin(r.url)}`);
  if (attribution) {
    out.push(
      `  main thread by package (a profiled run; ${Math.round(attribution.totalMs)} ms in all, idle left out):`,
    );
    for (const a of attribution.areas.slice(0, top))
      out.push(
        `    ${ms(a.ms)} ${`${Math.round((100 * a.ms) / attribution.totalMs)} %`.padStart(5)}  ${a.area}`,
      );
    const rest = attribution.areas.slice(top).reduce((sum, a) => sum + a.ms, 0);
    if (rest > 0)
      out.push(
        `    ${ms(rest)} ${`${Math.round((100 * rest) / attribution.totalMs)} %`.padStart(5)}  (${attribution.areas.length - top} more)`,
      );
  }
  return out;
}
