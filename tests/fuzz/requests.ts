// Generated requests for one operation of the OpenAPI document: path parameters, query,
// headers and body, each valid-ish (from the operation's schemas), broken in one place, or
// hostile (oversized, deeply nested, invalid UTF-8, huge query strings, repeated headers).
import fc from 'fast-check';

import { brokenValueFor, nastyString, valueFor, type Schema } from './schema-arbitrary.ts';

export type Who = 'A' | 'B' | 'anonymous';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface DocOperation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  'x-access': string;
}

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; label: string; bytes: Uint8Array | string; contentType: string }
  | {
      kind: 'form';
      label: string;
      parts: {
        name: string;
        file?: { bytes: Uint8Array; type: string; name: string };
        text?: string;
      }[];
    };

export interface FuzzCase {
  who: Who;
  path: Record<string, string>;
  query: [string, string][];
  /** a raw query string used instead of `query` (invalid percent-encoding, huge) */
  rawQuery?: string;
  headers: [string, string][];
  body: Body;
}

const encoder = new TextEncoder();

/** Bodies that only make sense as bytes. `limit` is the JSON body limit of the app. */
export function hostileBodies(limit: number): fc.Arbitrary<Body> {
  const raw = (label: string, bytes: Uint8Array | string, contentType = 'application/json') =>
    ({ kind: 'raw', label, bytes, contentType }) as const;
  return fc.oneof(
    fc.constant(raw('oversized', `{"x":"${'a'.repeat(limit + 10)}"}`)),
    fc
      .integer({ min: 1_000, max: 200_000 })
      .map((n) => raw(`deep array ${n}`, '['.repeat(n) + ']'.repeat(n))),
    fc
      .integer({ min: 1_000, max: 50_000 })
      .map((n) => raw(`deep object ${n}`, '{"a":'.repeat(n) + '1' + '}'.repeat(n))),
    fc.constant(
      raw(
        'invalid utf-8',
        new Uint8Array([
          0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0,
          0x80, 0x22, 0x7d,
        ]),
      ),
    ),
    fc.constant(raw('utf-16 bom', new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]))),
    fc
      .constantFrom(
        '{',
        '{"a":}',
        '[1,]',
        'NaN',
        "{'a':1}",
        '"text"',
        'null',
        '1',
        '[]',
        '',
        ' ',
        '\u0000',
        '{"a":1}{"b":2}',
      )
      .map((text) => raw(`malformed ${JSON.stringify(text)}`, text)),
    fc.constant(raw('json as text/plain', '{"name":"x"}', 'text/plain')),
    fc.constant(raw('form-urlencoded', 'a=1&b=%zz', 'application/x-www-form-urlencoded')),
    fc.constant(raw('multipart without boundary', '--x\r\n\r\n', 'multipart/form-data')),
    fc.constant(
      raw(
        'bad boundary',
        '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
        'multipart/form-data; boundary=yy',
      ),
    ),
    fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => raw('random bytes', bytes, 'application/octet-stream')),
  );
}

function formBodies(): fc.Arbitrary<Body> {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  return fc
    .record({
      bytes: fc.oneof(
        fc.constant(png),
        fc.uint8Array({ maxLength: 256 }),
        fc.constant(new Uint8Array()),
      ),
      type: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'text/html',
        'application/x-msdownload',
        '',
        'image/svg+xml',
      ),
      name: fc.oneof(
        fc.constantFrom('a.png', '../../x.png', '', 'x'.repeat(400), 'é.png'),
        nastyString,
      ),
      field: fc.constantFrom('file', 'file', 'image', ''),
      asText: fc.boolean(),
    })
    .map(({ bytes, type, name, field, asText }) => ({
      kind: 'form',
      label: `form ${field}${asText ? ' (text)' : ''}`,
      parts: [asText ? { name: field, text: name } : { name: field, file: { bytes, type, name } }],
    }));
}

function bodyFor(op: DocOperation, pool: string[], limit: number): fc.Arbitrary<Body> {
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  if (json) {
    const asJson = (value: unknown) =>
      ({ kind: 'json', value, contentType: 'application/json' }) as const;
    return fc.oneof(
      { weight: 5, arbitrary: valueFor(json, pool).map(asJson) },
      { weight: 3, arbitrary: brokenValueFor(json, pool).map(asJson) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(asJson) },
      { weight: 2, arbitrary: hostileBodies(limit) },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
    );
  }
  if (content['multipart/form-data']) {
    return fc.oneof(
      { weight: 4, arbitrary: formBodies() },
      { weight: 1, arbitrary: hostileBodies(limit) },
    );
  }
  const raw = Object.keys(content)[0];
  if (raw) {
    return fc.oneof(
      fc
        .uint8Array({ maxLength: 512 })
        .map((bytes) => ({ kind: 'raw', label: 'file bytes', bytes, contentType: raw }) as const),
      hostileBodies(limit),
    );
  }
  // no body documented: mostly none, sometimes a stray one
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'none' } as const) },
    { weight: 1, arbitrary: hostileBodies(limit) },
  );
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function paramValue(param: Parameter, pool: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(param.schema, pool).map(asText) },
    { weight: 2, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}

function queryFor(params: Parameter[], pool: string[]): fc.Arbitrary<[string, string][]> {
  const one = (param: Parameter) => {
    const arrays = param.schema.type === 'array';
    const value = arrays
      ? fc
          .array(valueFor(param.schema.items, pool).map(asText), { maxLength: 3 })
          .map((list) => list.map((v): [string, string] => [param.name, v]))
      : paramValue(param, pool).map((v): [string, string][] => [[param.name, v]]);
    // mostly sent when required, half the time when optional; sometimes repeated
    return fc.oneof(
      { weight: param.required ? 8 : 3, arbitrary: value },
      { weight: param.required ? 1 : 3, arbitrary: fc.constant([] as [string, string][]) },
      { weight: 1, arbitrary: fc.tuple(value, value).map(([a, b]) => [...a, ...b]) },
    );
  };
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant([] as [string, string][]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<[string, string][]>(
        [['__proto__', 'x']],
        [['constructor', 'x']],
        [['unknown', '1']],
      ),
    },
  );
  return fc
    .tuple(fc.tuple(...params.map(one)), extra)
    .map(([lists, more]) => [...lists.flat(), ...more]);
}

const rawQueries = fc.oneof(
  fc.constant('q=%E0%A4%A'),
  fc.constant('a=%zz&b=%'),
  fc.integer({ min: 20_000, max: 400_000 }).map((n) => `q=${'x'.repeat(n)}`),
  fc
    .integer({ min: 1_000, max: 20_000 })
    .map((n) => Array.from({ length: n }, (_, i) => `k${i}=${i}`).join('&')),
  fc
    .integer({ min: 100, max: 5_000 })
    .map((n) => Array.from({ length: n }, () => 'page=1').join('&')),
);

function headersFor(params: Parameter[], pool: string[]): fc.Arbitrary<[string, string][]> {
  const documented = fc.tuple(
    ...params.map((param) =>
      fc.option(
        fc
          .oneof(
            valueFor(param.schema, pool).map(asText),
            fc.constantFrom('a:1', 'client:1', 'client:999999999', 'x', '', ':'),
            fc.uuid(),
          )
          .map((v): [string, string] => [param.name, v]),
        { freq: 2 },
      ),
    ),
  );
  const hostile = fc.oneof(
    { weight: 10, arbitrary: fc.constant([] as [string, string][]) },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['Authorization', 'Bearer x'],
        ['Authorization', 'Bearer y'],
      ]),
    },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([['Authorization', 'Basic Zm9vOmJhcg==']]),
    },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['Authorization', `Bearer ${'a'.repeat(20_000)}`],
      ]),
    },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['Content-Type', 'application/json'],
        ['Content-Type', 'text/plain'],
      ]),
    },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['X-Forwarded-For', '1.1.1.1, 2.2.2.2'],
        ['X-Forwarded-For', '3.3.3.3'],
      ]),
    },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['Accept-Language', 'ar, *;q=0.1, zz-ZZ;q=x'],
        ['If-None-Match', '"x", W/"y"'],
        ['Range', 'bytes=5-1, 99999999-'],
      ]),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({
          unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
          maxLength: 200,
        })
        .map((v): [string, string][] => [
          ['X-Fuzz', v],
          ['X-Fuzz', v],
        ]),
    },
  );
  return fc
    .tuple(documented, hostile)
    .map(([doc, more]) => [...doc.filter((h): h is [string, string] => h !== null), ...more]);
}

/** The arbitrary of requests for `op`; `pools` holds the row ids each caller may use. */
export function caseFor(
  op: DocOperation,
  pools: Record<Who, string[]>,
  limit: number,
): fc.Arbitrary<FuzzCase> {
  const whoArb = fc.constantFrom<Who>('A', 'B', 'anonymous');
  return whoArb.chain((who) => {
    const pool = pools[who];
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const path = fc.record(
      Object.fromEntries(pathParams.map((p) => [p.name, paramValue(p, pool)])),
    );
    return fc.record({
      who: fc.constant(who),
      path,
      query: queryFor(
        op.parameters.filter((p) => p.in === 'query'),
        pool,
      ),
      rawQuery: fc.option(rawQueries, { freq: 12, nil: undefined }),
      headers: headersFor(
        op.parameters.filter((p) => p.in === 'header'),
        pool,
      ),
      body: bodyFor(op, pool, limit),
    });
  });
}

export function encodeBody(body: Body): { body?: BodyInit; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { body: JSON.stringify(body.value) ?? 'null', contentType: body.contentType };
    case 'raw':
      return {
        body: new Uint8Array(
          typeof body.bytes === 'string' ? encoder.encode(body.bytes) : body.bytes,
        ),
        contentType: body.contentType,
      };
    case 'form': {
      const form = new FormData();
      for (const part of body.parts) {
        if (part.file)
          form.append(
            part.name,
            new File([new Uint8Array(part.file.bytes)], part.file.name, { type: part.file.type }),
          );
        else form.append(part.name, part.text ?? '');
      }
      return { body: form };
    }
  }
}

export function describeCase(c: FuzzCase): string {
  const body =
    c.body.kind === 'json'
      ? JSON.stringify(c.body.value)
      : c.body.kind === 'none'
        ? 'no body'
        : c.body.kind === 'form'
          ? `${c.body.label} ${JSON.stringify(c.body.parts.map((p) => ({ ...p, file: p.file && { name: p.file.name, type: p.file.type, size: p.file.bytes.length } })))}`
          : c.body.label;
  const query = c.rawQuery
    ? `${c.rawQuery.slice(0, 60)}…`
    : c.query.map(([k, v]) => `${k}=${v}`).join('&');
  return `${c.who} path=${JSON.stringify(c.path)} query=${query.slice(0, 200)} headers=${JSON.stringify(c.headers).slice(0, 200)} body=${(body ?? '').slice(0, 300)}`;
}
