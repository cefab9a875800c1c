// The modules a page needs, for grouping them into one chunk at build time (vite.config.ts). A
// plain walk of static imports overshoots: through a package's index (a "barrel" that re-exports
// every component of @mantine/core, every icon of @tabler/icons-react) it reaches every module of
// the package any page uses. So where a module imports names from a barrel, the walk follows only
// the modules that define those names. Only a chunk's size depends on the answer, never whether
// the app works: when a name cannot be traced, the whole barrel is followed.
import path from 'node:path';

export interface ModuleNode {
  code: string | null;
  importedIds: readonly string[];
  exports?: readonly string[];
}
export type ModuleGraph = (id: string) => ModuleNode | null;

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const STATEMENT =
  /(?:import|export)\s+(?:type\s+)?(\*\s+as\s+[\w$]+|\*|[\w$]+\s*,\s*\{[^}]*\}|[\w$]+\s*,\s*\*\s+as\s+[\w$]+|[\w$]+|\{[^}]*\})\s*from\s*(["'])([^"']+)\2\s*;?|export\s*\{[^}]*\}\s*;?|import\s*(["'])[^"']+\4\s*;?/g;

interface Binding {
  /** the name in the module that declares it, '*' for a namespace */
  imported: string;
  from: string;
}

/** `a as b, type c, default as d` → [[a, b], [default, d]]; type-only names are left out. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => {
      const [from, to] = s.split(/\s+as\s+/);
      return [from ?? s, to ?? from ?? s];
    });
}

/** A module's static import and re-export statements. */
function parse(code: string) {
  const local = new Map<string, Binding>(); // local name → where it comes from
  const exported = new Map<string, Binding | string>(); // exported name → binding, or local name
  const stars: string[] = []; // `export * from` specifiers
  const all = new Set<string>(); // specifiers whose every export is taken (`import * as`, `export *`)
  const named = new Map<string, Set<string>>(); // specifier → names imported from it
  const text = code.replace(COMMENTS, '');
  for (const m of text.matchAll(STATEMENT)) {
    const statement = m[0];
    if (/^import\s+type\b|^export\s+type\b/.test(statement)) continue;
    const clause = m[1];
    const from = m[3];
    if (!clause || !from) {
      // `export { a, b as c };` — names declared or imported above
      const list = /\{([^}]*)\}/.exec(statement)?.[1];
      if (list && statement.startsWith('export'))
        for (const [name, as] of specifiers(list)) exported.set(as, name);
      continue;
    }
    const isExport = statement.startsWith('export');
    const names = named.get(from) ?? new Set<string>();
    named.set(from, names);
    if (clause === '*') {
      stars.push(from);
      all.add(from);
      continue;
    }
    const ns = /\*\s+as\s+([\w$]+)/.exec(clause)?.[1];
    if (ns) {
      all.add(from);
      if (isExport) exported.set(ns, { imported: '*', from });
      else local.set(ns, { imported: '*', from });
    }
    const list = /\{([^}]*)\}/.exec(clause)?.[1];
    const head = /^([\w$]+)/.exec(clause)?.[1];
    const pairs: [string, string][] = list ? specifiers(list) : [];
    if (head && head !== ns) pairs.push(['default', head]);
    for (const [name, as] of pairs) {
      names.add(name);
      if (isExport) exported.set(as, { imported: name, from });
      else local.set(as, { imported: name, from });
    }
  }
  return { local, exported, stars, all, named };
}

/** A module made of nothing but import and export statements. */
export function isBarrel(code: string): boolean {
  return code.replace(COMMENTS, '').replace(STATEMENT, '').trim() === '';
}

/** The package a module belongs to, from its path (`…/node_modules/@scope/name/…`). */
function packageOf(id: string): string | null {
  const m = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return m?.[1]?.replace(/\\/g, '/') ?? null;
}

/** The module of `importer` that a specifier resolves to, among its imports. */
function resolveIn(importer: string, spec: string, imported: readonly string[]): string | null {
  if (spec.startsWith('.')) {
    const base = path.resolve(path.dirname(importer), spec);
    return (
      imported.find(
        (id) =>
          id === base || id.startsWith(base + '.') || id.startsWith(base + path.sep + 'index.'),
      ) ?? null
    );
  }
  const pkg = spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
  const candidates = imported.filter((id) => packageOf(id) === pkg);
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/**
 * Every module reachable from `roots` by static imports, following only the names taken from
 * barrels. `graph` gives a module's code and imports (rolldown's `getModuleInfo`).
 */
export function staticClosure(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  // per module, once: whether it is a barrel, and its statements (only read where it matters)
  const once = <T>(read: (code: string) => T) => {
    const cache = new Map<string, T | null>();
    return (id: string): T | null => {
      if (!cache.has(id)) {
        const code = graph(id)?.code;
        cache.set(id, code ? read(code) : null);
      }
      return cache.get(id) ?? null;
    };
  };
  const barrel = once(isBarrel);
  const parseOf = once(parse);

  /** The modules behind `name` exported by barrel `id`, or null when it cannot be traced. */
  const definers = (id: string, name: string, depth = 0): string[] | null => {
    const node = graph(id);
    const p = parseOf(id);
    if (!node || !p || depth > 8) return null;
    if (!barrel(id)) return [id];
    let binding = p.exported.get(name);
    if (typeof binding === 'string') binding = p.local.get(binding);
    if (binding) {
      const target = resolveIn(id, binding.from, node.importedIds);
      if (!target) return null;
      if (binding.imported === '*') return [target];
      const deeper = definers(target, binding.imported, depth + 1);
      return deeper ? [id, ...deeper] : null;
    }
    for (const spec of p.stars) {
      const target = resolveIn(id, spec, node.importedIds);
      if (!target) return null;
      const deeper = barrel(target)
        ? definers(target, name, depth + 1)
        : graph(target)?.exports?.includes(name)
          ? [target]
          : null;
      if (deeper) return [id, ...deeper];
    }
    return null;
  };

  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const node = graph(id);
    if (!node) return;
    for (const next of node.importedIds) {
      const p = barrel(next) ? parseOf(id) : null;
      if (!p) {
        walk(next);
        continue;
      }
      // which names this module takes from the barrel
      const specs = [...p.named.keys()].filter((s) => resolveIn(id, s, node.importedIds) === next);
      const whole = specs.length === 0 || specs.some((s) => p.all.has(s));
      const names = specs.flatMap((s) => [...(p.named.get(s) ?? [])]);
      const traced = whole ? null : names.map((n) => definers(next, n));
      if (!traced || traced.some((t) => t === null)) {
        walk(next);
        continue;
      }
      // the barrels on the way hold no code of their own; the module at the end of each chain does
      for (const chain of traced) {
        chain?.slice(0, -1).forEach((m) => seen.add(m));
        const definer = chain?.at(-1);
        if (definer) walk(definer);
      }
    }
  };
  roots.forEach(walk);
  return seen;
}
