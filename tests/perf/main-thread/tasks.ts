// The page's main-thread work from a Chromium trace (category `devtools.timeline`): its
// top-level tasks (`RunTask`) on the renderer main thread that ran the page. Each task counts
// with its thread time (`tdur`: the CPU time the thread got, which a busy shared machine does
// not inflate the way it inflates wall time), and the phone figures are that time times the
// CPU slowdown Lighthouse simulates on mobile (4×): a task that took 20 ms of CPU here would
// take 80 ms there and block for 30 ms of it. This is the estimate of Lighthouse's Total
// Blocking Time that stays put on a loaded machine; Lighthouse itself scales wall time.

/** The parts of a trace event this reads. */
export interface TaskTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, microseconds. */
  ts: number;
  /** Wall duration, microseconds. */
  dur?: number;
  /** Thread (CPU) duration, microseconds. */
  tdur?: number;
  args?: { name?: string };
}

/** Lighthouse's mobile CPU slowdown. */
export const PHONE_SLOWDOWN = 4;
/** A task longer than this blocks input for its excess (Lighthouse's Total Blocking Time). */
export const LONG_TASK_MS = 50;

export interface MainThreadSummary {
  /** CPU time of all the thread's tasks, milliseconds (not scaled). */
  cpuMs: number;
  /** Σ max(0, slowdown × task CPU time − 50 ms). */
  tbtMs: number;
  /** The longest task, scaled to the phone, milliseconds. */
  longestMs: number;
  /** Tasks longer than 50 ms on the phone: when each started (ms after the first task) and
   *  how long it took there. */
  longTasks: { atMs: number; ms: number }[];
}

const key = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;

/** The top-level tasks of the renderer main thread that ran the most: the page's. */
export function pageTasks(events: TaskTraceEvent[]): TaskTraceEvent[] {
  const mainThreads = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(key),
  );
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(key(e)))
      busy.set(key(e), (busy.get(key(e)) ?? 0) + (e.tdur ?? e.dur ?? 0));
  const page = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!page) throw new Error('the trace has no task of a renderer main thread');
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && key(e) === page)
    .sort((a, b) => a.ts - b.ts);
  // a task run inside another (a nested message loop) is part of the outer one's time
  const topLevel: TaskTraceEvent[] = [];
  let end = -Infinity;
  for (const t of tasks) {
    if (t.ts < end) continue;
    topLevel.push(t);
    end = t.ts + (t.dur ?? 0);
  }
  return topLevel;
}

export function summarise(tasks: TaskTraceEvent[], slowdown = PHONE_SLOWDOWN): MainThreadSummary {
  const first = tasks[0]?.ts ?? 0;
  let cpuMs = 0;
  let tbtMs = 0;
  let longestMs = 0;
  const longTasks: MainThreadSummary['longTasks'] = [];
  for (const t of tasks) {
    const ms = (t.tdur ?? t.dur ?? 0) / 1000;
    const phoneMs = ms * slowdown;
    cpuMs += ms;
    longestMs = Math.max(longestMs, phoneMs);
    if (phoneMs > LONG_TASK_MS) {
      tbtMs += phoneMs - LONG_TASK_MS;
      longTasks.push({ atMs: Math.round((t.ts - first) / 1000), ms: Math.round(phoneMs) });
    }
  }
  return { cpuMs, tbtMs, longestMs, longTasks };
}
