// What the start app (src/app/start-app.tsx: the sign-in pages and the home on a first visit)
// promises, checked on its module graph as TypeScript's parser reads it: static and dynamic
// imports from the entry, up to the hand-over to the full app. It never reaches react-router
// (the start app exists to keep it off these pages), and every Mantine component it can render
// has its CSS in the stylesheets it loads: these pages list their Mantine CSS file by file
// (shell-styles.ts, layouts/dashboard-styles.ts) instead of the full stylesheet, so a component
// added without its file would show unstyled on a cold visit, and only there.
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const MODULES = path.join(ROOT, 'node_modules');
const ENTRY = path.join(SRC, 'main.tsx');
/** Where the start app hands over (router, full stylesheet): not part of its pages. */
const HAND_OVER = path.join(SRC, 'app/full-app.tsx');
const AUTH_ROUTES = path.join(SRC, 'features/auth/routes.ts');
const ROUTER = /^react-router(-dom)?(\/|$)/;
const MANTINE = /^@mantine\/[\w-]+$/;

interface Source {
  file: string;
  static: string[];
  dynamic: string[];
  /** specifier → the names imported from it (values, not types) */
  names: Map<string, string[]>;
  /** exported name → local name (a package index's `export { … }`) */
  exports: Map<string, string>;
}

const parsed = new Map<string, Source>();
function read(file: string): Source {
  const known = parsed.get(file);
  if (known) return known;
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const source: Source = { file, static: [], dynamic: [], names: new Map(), exports: new Map() };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const spec = node.moduleSpecifier.text;
      if (clause?.isTypeOnly) return;
      source.static.push(spec);
      const names = source.names.get(spec) ?? [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      source.names.set(spec, names);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly) {
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) source.static.push(node.moduleSpecifier.text);
      if (node.exportClause && ts.isNamedExports(node.exportClause))
        for (const el of node.exportClause.elements) source.exports.set(el.name.text, (el.propertyName ?? el.name).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      source.dynamic.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  parsed.set(file, source);
  return source;
}

/** A relative or `@/` specifier → its file; null for a package or an asset. */
function resolveLocal(from: string, spec: string): string | null {
  const bare = spec.replace(/\?.*$/, '');
  const base = bare.startsWith('@/') ? path.join(SRC, bare.slice(2)) : bare.startsWith('.') ? path.resolve(path.dirname(from), bare) : null;
  if (!base || /\.(css|svg|png|json)$/.test(base)) return null;
  for (const candidate of [base, ...['.ts', '.tsx', '.js', '.mjs'].map((e) => base + e), path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
}

interface Graph {
  /** module → the module that brought it in (for the error's import chain) */
  parents: Map<string, string | null>;
  /** the names imported from each Mantine package, by the app or by another Mantine package */
  mantine: Map<string, Set<string>>;
  /** the Mantine stylesheets imported */
  css: Set<string>;
  /** a module importing react-router: [importer, specifier] */
  router: [string, string][];
}

/** The app modules reachable from `roots` (static imports, and dynamic ones when `dynamic`). */
function walk(roots: string[], dynamic: boolean): Graph {
  const graph: Graph = { parents: new Map(), mantine: new Map(), css: new Set(), router: [] };
  const queue: [string, string | null][] = roots.map((r) => [r, null]);
  while (queue.length) {
    const [file, parent] = queue.shift()!;
    if (graph.parents.has(file) || file === HAND_OVER) continue;
    graph.parents.set(file, parent);
    const source = read(file);
    for (const spec of [...source.static, ...(dynamic ? source.dynamic : [])]) {
      if (ROUTER.test(spec)) graph.router.push([file, spec]);
      if (/^@mantine\/.+\.css$/.test(spec)) graph.css.add(path.join(MODULES, spec));
      if (MANTINE.test(spec)) {
        const set = graph.mantine.get(spec) ?? new Set<string>();
        for (const name of source.names.get(spec) ?? []) set.add(name);
        graph.mantine.set(spec, set);
      }
      const next = resolveLocal(file, spec);
      if (next) queue.push([next, file]);
    }
  }
  return graph;
}

const chain = (graph: Graph, file: string) => {
  const files: string[] = [];
  for (let f: string | null | undefined = file; f; f = graph.parents.get(f)) files.unshift(path.relative(ROOT, f));
  return files.join(' → ');
};

/** The class names (`*.module.mjs` class maps) of the Mantine modules behind the names the
 *  graph imports, following Mantine's own imports (notifications takes core's Notification). */
function mantineClasses(graph: Graph): Map<string, string> {
  const used = new Map<string, string>(); // class → the class map that names it
  const taken = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const take = (pkg: string, name: string) => {
    if (taken.has(`${pkg}:${name}`)) return;
    taken.add(`${pkg}:${name}`);
    const index = path.join(MODULES, pkg, 'esm/index.mjs');
    const source = read(index);
    const local = source.exports.get(name) ?? name;
    const spec = [...source.names].find(([, imported]) => imported.includes(local))?.[0];
    if (spec === undefined) throw new Error(`${pkg} does not export ${name}`);
    if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(index), spec));
  };
  for (const [pkg, names] of graph.mantine) for (const name of names) take(pkg, name);
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = read(file);
    for (const spec of source.static) {
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else if (MANTINE.test(spec)) for (const name of source.names.get(spec) ?? []) take(spec, name);
    }
    if (file.endsWith('.module.mjs'))
      for (const cls of fs.readFileSync(file, 'utf8').match(/\bm_[0-9a-f]{8}\b/g) ?? []) used.set(cls, path.relative(MODULES, file));
  }
  return used;
}

const defined = (files: Iterable<string>) =>
  new Set([...files].flatMap((f) => fs.readFileSync(f, 'utf8').match(/\.m_[0-9a-f]{8}\b/g) ?? []).map((c) => c.slice(1)));
/** Classes Mantine styles at all (some class maps name a part no rule targets). */
const STYLED = defined(['@mantine/core/styles.css', '@mantine/notifications/styles.css'].map((f) => path.join(MODULES, f)));

function unstyled(graph: Graph): string[] {
  const have = defined(graph.css);
  const missing = new Set<string>();
  for (const [cls, file] of mantineClasses(graph)) if (STYLED.has(cls) && !have.has(cls)) missing.add(file);
  return [...missing].sort();
}

const authPages = () => read(AUTH_ROUTES).dynamic.map((spec) => resolveLocal(AUTH_ROUTES, spec)!);
/** Everything the start app may render: its pages, the home, what they load on intent. */
const startApp = () => walk([ENTRY], true);
/** What the sign-in pages render: the entry and the auth pages, not the home. */
const signIn = () => walk([ENTRY, ...authPages()], false);

describe('the start app (sign-in pages and home on a first visit)', () => {
  it('never reaches react-router', () => {
    const graph = startApp();
    expect(graph.parents.size).toBeGreaterThan(50);
    expect(graph.router.map(([file, spec]) => `${chain(graph, file)} imports ${spec}`)).toEqual([]);
  });

  it('loads the CSS of every Mantine component the sign-in pages render', () => {
    const graph = signIn();
    expect(graph.mantine.get('@mantine/core')?.size).toBeGreaterThan(10);
    expect(unstyled(graph), 'list their CSS in src/app/shell-styles.ts').toEqual([]);
  });

  it('loads the CSS of every Mantine component the home, its frame and menus render', () => {
    expect(unstyled(startApp()), 'list their CSS in src/app/layouts/dashboard-styles.ts or beside the component loaded on intent').toEqual([]);
  });
});
