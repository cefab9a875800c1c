// fast-check arbitraries from the JSON Schemas of the OpenAPI document: values that mostly
// satisfy the schema (so requests reach the handlers' deeper code), and hostile values that
// break it in one place. Known ids (`pool`) are mixed in for uuid fields, so a user also
// sends the other user's row ids.
import fc from 'fast-check';

export type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** Strings no handler should choke on: NUL, lone surrogates, RTL marks, SQL and HTML. */
export const nastyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  '\u202e\u200f',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00%ff',
  '${7*7}{{7*7}}',
  '🙂'.repeat(50),
  'ذ'.repeat(300),
  'x'.repeat(5_000),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '0x1F',
  '2026-02-30T25:61:00Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '\t\n\r',
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    Number.MIN_VALUE,
    [],
    {},
    [null],
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

function stringFor(schema: Schema, pool: string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 60));
  switch (schema.format) {
    case 'uuid':
      return pool.length ? fc.oneof(fc.constantFrom(...pool), fc.uuid()) : fc.uuid();
    case 'email':
      return fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/),
          fc.constantFrom('example.com', 'ex.org'),
        )
        .map(([user, host]) => `${user}@${host}`);
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'binary':
      return fc.string({ maxLength: 10 });
  }
  if (schema.pattern && schema.pattern.length < 200) {
    try {
      const regex = new RegExp(schema.pattern);
      return fc.stringMatching(regex).filter((s) => s.length <= Math.max(max, 64));
    } catch {
      // a pattern JavaScript cannot compile: fall back to plain strings
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberFor(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const upper =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  const min = Math.max(lower, -1e9);
  const max = Math.max(min, Math.min(upper, 1e9));
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc
        .double({ min, max, noNaN: true, noDefaultInfinity: true })
        .map((n) => Math.round(n * 100) / 100);
}

/** A value that mostly satisfies `schema` (refinements the schema cannot say are not known). */
export function valueFor(
  schema: Schema | undefined,
  pool: string[],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => valueFor(b, pool, depth + 1)));
  if (schema.allOf?.length) {
    return fc
      .tuple(...schema.allOf.map((s) => valueFor(s, pool, depth + 1)))
      .map((parts) =>
        parts.every((p) => p && typeof p === 'object' && !Array.isArray(p))
          ? Object.assign({}, ...(parts as object[]))
          : parts[0],
      );
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, pool);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems)
        return fc.tuple(...schema.prefixItems.map((s) => valueFor(s, pool, depth + 1)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(valueFor(schema.items, pool, depth + 1), { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      if (!schema.properties)
        return type
          ? fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 })
          : fc.jsonValue({ maxDepth: 2 });
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(schema.properties))
        record[key] = valueFor(prop, pool, depth + 1);
      const requiredKeys = Object.keys(record).filter((k) => required.has(k));
      return fc.record(record, { requiredKeys });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid-ish value with one place (a property, at any depth) replaced by a hostile value. */
export function brokenValueFor(schema: Schema | undefined, pool: string[]): fc.Arbitrary<unknown> {
  return fc.tuple(valueFor(schema, pool), nastyValue, fc.nat()).map(([value, bad, pick]) => {
    const slots: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
    const walk = (node: unknown, depth: number) => {
      if (depth > 5 || !node || typeof node !== 'object') return;
      for (const [key, child] of Object.entries(node)) {
        slots.push({
          holder: node as Record<string, unknown>,
          key: Array.isArray(node) ? Number(key) : key,
        });
        walk(child, depth + 1);
      }
    };
    walk(value, 0);
    if (slots.length === 0) return bad;
    const slot = slots[pick % slots.length]!;
    (slot.holder as Record<string | number, unknown>)[slot.key] = bad;
    return value;
  });
}
