import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attributeMainThread,
  attributeTasks,
  buildLocator,
  codeArea,
  GC,
  OUTSIDE_JS,
  type Locate,
  type ProfileTraceEvent,
} from './attribution.ts';

describe('codeArea', () => {
  it('names the package of a dependency, scoped or not, nested or not', () => {
    expect(codeArea('node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBe(
      '@mantine/core',
    );
    expect(codeArea('node_modules/dexie/dist/dexie.mjs')).toBe('dexie');
    expect(codeArea('node_modules/@tiptap/react/node_modules/prosemirror-view/dist/index.js')).toBe(
      'prosemirror-view',
    );
  });

  it('names the feature, or the folder of src/ and server/', () => {
    expect(codeArea('src/features/mail/components/mail-list.tsx')).toBe('src/features/mail');
    expect(codeArea('src/lib/sync/outbox.ts')).toBe('src/lib/sync');
    expect(codeArea('src/lib/i18n.ts')).toBe('src/lib');
    expect(codeArea('src/main.tsx')).toBe('src/main.tsx');
    expect(codeArea('server/contracts/mail.ts')).toBe('server/contracts');
  });
});

const ORIGIN = 'http://127.0.0.1:4000';
const PAGE = `${ORIGIN}/dashboard/mail`;

// A real bundle with a real source map: a feature calling into a package.
let dir: string;
let locate: Locate;
let position: (name: string) => { lineNumber: number; columnNumber: number };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attribution-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write(
    'node_modules/@acme/sorter/index.js',
    'export function slowSort(xs) {\n  return [...xs].sort();\n}\n',
  );
  write(
    'src/features/mail/list.js',
    "import { slowSort } from '@acme/sorter';\nexport function renderList(xs) {\n  return slowSort(xs).join();\n}\nrenderList([3, 1]);\n",
  );
  await build({
    absWorkingDir: dir,
    entryPoints: ['src/features/mail/list.js'],
    bundle: true,
    format: 'esm',
    sourcemap: true,
    outfile: 'build/assets/index.js',
    logLevel: 'silent',
  });
  write('build/assets/vendor.js', 'function f() {}\n');
  const manifest = {
    'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true },
    _vendor: { file: 'assets/vendor.js', name: 'vendor' },
  };
  locate = buildLocator(path.join(dir, 'build'), ORIGIN, manifest, dir);
  const lines = fs.readFileSync(path.join(dir, 'build/assets/index.js'), 'utf8').split('\n');
  position = (name) => {
    const lineNumber = lines.findIndex((l) => l.includes(`function ${name}(`));
    return { lineNumber, columnNumber: lines[lineNumber]!.indexOf('function') };
  };
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('buildLocator', () => {
  it("maps a function of a build back to its package or feature through the build's source map", () => {
    const { lineNumber, columnNumber } = position('slowSort');
    expect(locate(`${ORIGIN}/assets/index.js`, lineNumber, columnNumber)).toBe('@acme/sorter');
    const list = position('renderList');
    expect(locate(`${ORIGIN}/assets/index.js`, list.lineNumber, list.columnNumber)).toBe(
      'src/features/mail',
    );
  });

  it('names a script without a source map by its chunk, and the page by itself', () => {
    expect(locate(`${ORIGIN}/assets/vendor.js`, 0, 0)).toBe('chunk vendor');
    expect(locate(PAGE, 3, 0)).toBe('(inline scripts of the page)');
  });
});

describe('attributeMainThread', () => {
  const thread = (tid: number, name: string): ProfileTraceEvent => ({
    name: 'thread_name',
    ph: 'M',
    pid: 1,
    tid,
    args: { name },
  });
  const profile = (tid: number, id: string, startTime = 0): ProfileTraceEvent => ({
    name: 'Profile',
    ph: 'P',
    pid: 1,
    tid,
    id,
    args: { data: { startTime } },
  });
  const frame = (
    functionName: string,
    url = '',
    at?: { lineNumber: number; columnNumber: number },
  ) => ({
    functionName,
    url,
    ...at,
  });
  /** Samples of `ids`, each lasting 1 ms (the deltas are to the previous sample, in µs). */
  const chunk = (id: string, nodes: unknown[], ids: number[]): ProfileTraceEvent => ({
    name: 'ProfileChunk',
    ph: 'P',
    pid: 1,
    tid: 99, // chunks come from V8's profiler thread, not the thread profiled
    id,
    args: {
      data: {
        cpuProfile: { nodes: nodes as never, samples: ids },
        timeDeltas: ids.map(() => 1000),
      },
    },
  });

  it("counts the page main thread's self time by package, times the CPU slowdown", () => {
    const script = `${ORIGIN}/assets/index.js`;
    const nodes = [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, parent: 1, callFrame: frame('(program)') },
      { id: 3, parent: 1, callFrame: frame('(idle)') },
      { id: 4, parent: 1, callFrame: frame('(garbage collector)') },
      { id: 5, parent: 1, callFrame: frame('renderList', script, position('renderList')) },
      { id: 6, parent: 5, callFrame: frame('slowSort', script, position('slowSort')) },
      // a builtin: no script of its own, it counts for its caller
      { id: 7, parent: 6, callFrame: frame('sort') },
      { id: 8, parent: 1, callFrame: frame('', PAGE, { lineNumber: 2, columnNumber: 0 }) },
    ];
    const events = [
      thread(1, 'CrRendererMain'),
      thread(2, 'DedicatedWorker thread'),
      profile(1, '0x1'),
      profile(2, '0x2'),
      // the sample after the last one closes it
      chunk('0x1', nodes, [5, 6, 6, 7, 2, 3, 3, 3, 4, 8, 1]),
      // a worker that runs more of the app's code than the page: its samples are not the main thread's
      chunk(
        '0x2',
        [
          ...nodes,
          { id: 9, parent: 6, callFrame: frame('sortMore', script, position('slowSort')) },
        ],
        [6, 9, 6, 9, 6],
      ),
    ];
    const { areas, totalMs } = attributeMainThread(events, ORIGIN, locate, 4);
    expect(areas).toEqual([
      { area: '@acme/sorter', ms: 12 },
      { area: 'src/features/mail', ms: 4 },
      { area: OUTSIDE_JS, ms: 4 },
      { area: GC, ms: 4 },
      { area: '(inline scripts of the page)', ms: 4 },
    ]);
    expect(totalMs).toBe(28);
  });

  it('splits the time by task: what each long task was made of', () => {
    const script = `${ORIGIN}/assets/index.js`;
    const nodes = [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, parent: 1, callFrame: frame('(program)') },
      { id: 5, parent: 1, callFrame: frame('renderList', script, position('renderList')) },
      { id: 6, parent: 5, callFrame: frame('slowSort', script, position('slowSort')) },
    ];
    // the profile starts at 10 ms on the trace's clock; samples at 11, 12, 13, 14, 15 and 16 ms
    const events = [
      thread(1, 'CrRendererMain'),
      profile(1, '0x1', 10_000),
      chunk('0x1', nodes, [5, 6, 6, 2, 6, 1]),
    ];
    const [first, second, none] = attributeTasks(
      events,
      ORIGIN,
      locate,
      [
        { ts: 11_000, dur: 3_000 },
        { ts: 14_000, dur: 2_000 },
        { ts: 30_000, dur: 1_000 },
      ],
      4,
    );
    expect(first!.areas).toEqual([
      { area: '@acme/sorter', ms: 8 },
      { area: 'src/features/mail', ms: 4 },
    ]);
    expect(second!.areas).toEqual([
      { area: OUTSIDE_JS, ms: 4 },
      { area: '@acme/sorter', ms: 4 },
    ]);
    expect(none!.totalMs).toBe(0);
  });

  it('says so when the trace has no profile of the main thread', () => {
    expect(() => attributeMainThread([thread(1, 'CrRendererMain')], ORIGIN, locate)).toThrow(
      /no CPU profile/,
    );
  });
});
