// Targeted requests for one operation: every string the API description lets a client send —
// each JSON body field at any depth (array items as item 0, every branch of a union), each
// form text field, each query parameter and each path parameter — once holding text PostgreSQL cannot store, the
// rest of the request valid-ish. Each must be answered 4xx with `fields` naming that field
// (server/lib/storable-input.ts): `items.0.title`, `query.q`, `path.id`. Body fields alternate
// between a U+0000 and a lone surrogate; a URL can only carry the U+0000 (percent-encoding is
// UTF-8, which has no lone surrogates). One request per field, so the run's length grows with
// the API, not with the number of random runs.
import fc from 'fast-check';

import type { DocOperation, FuzzCase } from './requests.ts';
import { valueFor, type Schema } from './schema-arbitrary.ts';

export const NUL_TEXT = 'a\u0000b';
export const SURROGATE_TEXT = 'a\ud800b';

export interface UnstorableCase {
  /** the field as the answer must name it */
  field: string;
  /** other names that also name it (a path segment no route parameter captures: `path`) */
  alsoNamedBy: string[];
  request: FuzzCase;
}

const MAX_DEPTH = 8;

/** Dotted paths of every place in `schema` a string may go (array items as item 0). */
export function stringSlots(schema: Schema | undefined) {
  const slots = new Map<string, string[]>();
  const walk = (node: Schema | undefined, at: string[], level: number) => {
    if (!node || level > MAX_DEPTH) return;
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      walk(branch, at, level + 1);
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    const typeless = types.length === 0 && !node.anyOf && !node.oneOf && !node.allOf;
    if (types.includes('string') || (typeless && !node.properties && !node.items))
      slots.set(at.join('.'), at);
    if (node.properties) {
      for (const [key, child] of Object.entries(node.properties))
        walk(child, [...at, key], level + 1);
    }
    const extra = node.additionalProperties;
    if (extra && typeof extra === 'object') walk(extra as Schema, [...at, 'key'], level + 1);
    node.prefixItems?.forEach((item, i) => walk(item, [...at, String(i)], level + 1));
    if (node.items) walk(node.items, [...at, '0'], level + 1);
  };
  walk(schema, [], 0);
  return [...slots.values()];
}

/** `root` with `value` at `path`, making the objects and arrays on the way. */
function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const index = /^\d+$/.test(head);
  const container: Record<string, unknown> | unknown[] =
    index && Array.isArray(root)
      ? [...(root as unknown[])]
      : !index && root && typeof root === 'object' && !Array.isArray(root)
        ? { ...(root as Record<string, unknown>) }
        : index
          ? []
          : {};
  (container as Record<string, unknown>)[head] = setAt(
    (container as Record<string, unknown>)[head],
    rest,
    value,
  );
  return container;
}

const sample = <T>(arbitrary: fc.Arbitrary<T>, seed: number): T =>
  fc.sample(arbitrary, { numRuns: 1, seed })[0]!;

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The targeted cases of `op` (as user A, whose rows are in `pool`). `honoPath` is the route as
 * mounted, to know which path parameters are a wildcard or a constrained segment.
 */
export function unstorableCases(
  op: DocOperation,
  honoPath: string,
  pool: string[],
  seed: number,
): UnstorableCase[] {
  const params = (where: 'path' | 'query') => op.parameters.filter((p) => p.in === where);
  const validPath = Object.fromEntries(
    params('path').map((p, i) => [p.name, asText(sample(valueFor(p.schema, pool), seed + i))]),
  );
  const validQuery = params('query')
    .filter((p) => p.required)
    .map((p, i): [string, string] => [
      p.name,
      asText(sample(valueFor(p.schema, pool), seed + 100 + i)),
    ]);
  const json = op.requestBody?.content['application/json']?.schema;
  const validBody = json ? sample(valueFor(json, pool), seed + 200) : undefined;
  const base = (): FuzzCase => ({
    who: 'A',
    path: { ...validPath },
    query: [...validQuery],
    headers: [],
    body:
      validBody === undefined
        ? { kind: 'none' }
        : { kind: 'json', value: validBody, contentType: 'application/json' },
  });

  const cases: UnstorableCase[] = [];
  for (const param of params('path')) {
    const request = base();
    request.path[param.name] = NUL_TEXT;
    // a wildcard (`*`) or a segment with its own pattern (`:size{card}`) is not a named
    // parameter of every route the URL could match: the answer may name the path as a whole
    const unnamed = honoPath.includes('*') || new RegExp(`:${param.name}\\{`).test(honoPath);
    cases.push({ field: `path.${param.name}`, alsoNamedBy: unnamed ? ['path'] : [], request });
  }
  for (const param of params('query')) {
    const request = base();
    request.query = [
      ...request.query.filter(([name]) => name !== param.name),
      [param.name, NUL_TEXT],
    ];
    cases.push({ field: `query.${param.name}`, alsoNamedBy: [], request });
  }
  // a form's text fields (a file part's own name is cleaned, not refused: not sent here)
  const form = op.requestBody?.content['multipart/form-data']?.schema;
  const formFields = Object.entries(form?.properties ?? {});
  for (const [name, schema] of formFields) {
    if (schema.format === 'binary') continue;
    const request = base();
    request.body = {
      kind: 'form',
      label: `form ${name}`,
      parts: formFields.map(([other, otherSchema]) =>
        otherSchema.format === 'binary'
          ? { name: other, file: { bytes: new Uint8Array([1]), type: 'image/png', name: 'a.png' } }
          : { name: other, text: other === name ? NUL_TEXT : 'x' },
      ),
    };
    cases.push({ field: name, alsoNamedBy: [], request });
  }
  stringSlots(json).forEach((slot, i) => {
    const request = base();
    const text = i % 2 === 0 ? NUL_TEXT : SURROGATE_TEXT;
    request.body = {
      kind: 'json',
      value: setAt(validBody, slot, text),
      contentType: 'application/json',
    };
    cases.push({ field: slot.length ? slot.join('.') : '_', alsoNamedBy: [], request });
  });
  return cases;
}
