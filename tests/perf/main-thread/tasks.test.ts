import { describe, expect, it } from 'vitest';

import { pageTasks, summarise, type TaskTraceEvent } from './tasks.ts';

const thread = (pid: number, tid: number, name: string): TaskTraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, dur: number, tdur = dur): TaskTraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('pageTasks', () => {
  it("keeps the busiest renderer main thread's top-level tasks, in order", () => {
    const events = [
      thread(1, 1, 'CrBrowserMain'),
      thread(2, 1, 'CrRendererMain'),
      thread(3, 1, 'CrRendererMain'),
      task(1, 1, 0, 900_000),
      task(3, 1, 0, 1_000),
      task(2, 1, 50_000, 30_000),
      task(2, 1, 10_000, 20_000),
      // nested in the task at 10 ms
      task(2, 1, 12_000, 5_000),
    ];
    expect(pageTasks(events).map((t) => [t.pid, t.ts])).toEqual([
      [2, 10_000],
      [2, 50_000],
    ]);
  });

  it('throws when there is no renderer main thread', () => {
    expect(() => pageTasks([thread(1, 1, 'CrBrowserMain'), task(1, 1, 0, 10)])).toThrow(
      /renderer main thread/,
    );
  });
});

describe('summarise', () => {
  it('scales CPU time, not wall time, to the phone and counts what passes 50 ms', () => {
    const tasks = [
      // 100 ms of wall time but 10 ms of CPU: 40 ms on the phone, not a long task
      task(1, 1, 0, 100_000, 10_000),
      // 30 ms of CPU: 120 ms on the phone, 70 ms blocking
      task(1, 1, 200_000, 35_000, 30_000),
      // 20 ms: 80 ms, 30 ms blocking
      task(1, 1, 400_000, 20_000),
    ];
    expect(summarise(tasks)).toEqual({
      cpuMs: 60,
      tbtMs: 100,
      longestMs: 120,
      longTasks: [
        { atMs: 200, ms: 120 },
        { atMs: 400, ms: 80 },
      ],
    });
  });
});
