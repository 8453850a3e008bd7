import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, IMPORT_TYPES } from '@storekeep/contracts';
import { hostileXlsx } from './hostile-files';

/**
 * The schema-driven fuzzer (docs/decisions/0016-bad-input-stops-before-the-schema.md). It reads the app's own OpenAPI document
 * and, for every operation, generates requests from that operation's parameter and body schemas: valid
 * values, boundary values, wrong types, hostile strings (SQL, path traversal, NUL, lone surrogates,
 * full-text syntax), huge strings, deep JSON, invalid UTF-8 bytes, unknown fields, and ids of records
 * that exist, that belong to another team, or that belong to nobody. A request passes when it is
 * answered below 500, logs nothing at level error, and (for a path id of another team's record) is
 * not a 2xx. Used by src/security/fuzz.test.ts (a short run in `npm test`) and `npm run fuzz` (long).
 */

// JSON Schema as @fastify/swagger prints it from the Zod schemas (the subset this fuzzer reads).
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema | string;
  required?: boolean;
};
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `{id}` style. */
  path: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  /** List routes take free-form `page, per_page, search, sort, direction, filters[…]` (a record schema in OpenAPI). */
  listQuery: boolean;
  body: JsonSchema | null;
  /** Routes that read a multipart upload (no JSON body in the document). */
  multipart: boolean;
  /** The `data` schema of the success response: field names for opaque bodies, sorts and filters. */
  data: JsonSchema | null;
};

/**
 * Operations the fuzzer leaves alone, each with why: they stream forever or their effect leaves the
 * process (or ends the fuzzer's own session, which other tests cover).
 */
export const SKIPPED: Record<string, string> = {
  'GET /app/api/v1/events': 'server-sent events: the response never ends (realtime.test.ts covers it)',
  'POST /app/logout': 'ends the fuzzing session itself (auth tests cover logout)',
  'POST /app/api/v1/devices':
    'a registered endpoint receives web pushes over the network whenever a reminder is assigned',
};

// Routes the fuzzer only knows as multipart uploads (their bodies are read by @fastify/multipart, not a schema).
const MULTIPART = /\/(image|documents|versions)$|^\/app\/api\/v1\/(documents|imports)$/;

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (SKIPPED[`${upper} ${path}`]) continue;
      const parameters = op.parameters ?? [];
      const queryParams = parameters
        .filter((p) => p.in === 'query' && typeof p.schema === 'object' && p.name !== 'additionalProperties')
        .map((p) => ({ name: p.name, schema: p.schema as JsonSchema }));
      const listQuery = parameters.some((p) => p.in === 'query' && p.name === 'additionalProperties');
      const success = op.responses?.['200'] ?? op.responses?.['201'];
      const data = success?.content?.['application/json']?.schema?.properties?.data ?? null;
      const item = data?.type === 'array' ? (data.items ?? null) : data;
      operations.push({
        method: upper,
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        queryParams,
        listQuery,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: upper === 'POST' && !op.requestBody && MULTIPART.test(path),
        data: item,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------
// Values

const PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE companies; --',
  "x') UNION SELECT password_hash FROM users --",
  '" OR ""="',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/dev/zero',
  'file:///etc/passwd',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\ufeff\u202e\u200b',
  '😀'.repeat(50),
  '%00',
  '%s%s%n',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '9223372036854775808',
  '2147483648',
  'null',
  'true',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '+275760-09-13',
  '2026-02-29',
  '2024-02-29T25:61:61Z',
  ' ',
  '',
  '\t\r\n',
  '"',
  '*',
  'NEAR(',
  'a OR b AND NOT c',
  "!&:*()-^\\'",
  '"unbalanced',
  '=HYPERLINK("http://x","y")',
  '@SUM(A1)',
  'invoice\u202efdp.exe',
  'https://169.254.169.254/latest/meta-data',
  'https://[::ffff:127.0.0.1]/',
];

/** Strings a careless handler might choke on. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 70_000, 300_000).map((n) => 'x'.repeat(n)) },
);

const INTEGER_EDGES = [
  0,
  -1,
  1,
  2,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  0.5,
  -0.0001,
  3.000001,
];
const DATE_RE = /date|_on$|_at$|period_start|until/;

const validDate = fc
  .record({
    y: fc.integer({ min: 1990, max: 2060 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** Any JSON value, for wrong types. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 10 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.anyOf?.length) return typeOf(schema.anyOf[0]!);
  if (schema.oneOf?.length) return typeOf(schema.oneOf[0]!);
  return undefined;
}

/** A value that fits `schema` (what a correct client sends). */
export function validValue(
  schema: JsonSchema,
  name = '',
  depth = 0,
  ids: readonly number[] = [],
): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => validValue(s, name, depth, ids)));
  switch (typeOf(schema)) {
    case 'string': {
      if (
        schema.format === 'date' ||
        (schema.pattern && schema.pattern.includes('02-29')) ||
        DATE_RE.test(name)
      )
        return validDate;
      if (schema.format === 'email' || /email/.test(name))
        return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 255));
      if (schema.format === 'uri' || /url|website|endpoint/.test(name)) return fc.webUrl();
      if (schema.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length <= (schema.maxLength ?? 1000) && s.length >= (schema.minLength ?? 0));
        } catch {
          // A pattern JavaScript cannot compile: fall through to plain strings.
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    }
    case 'integer':
      if (ids.length && /(^|_)ids?$/.test(name))
        return fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 1, max: 1_000_000 }));
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1e6, -1e6),
        max: Math.min(schema.maximum ?? 1e6, 1e6),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 3) return fc.constant([]);
      return fc.array(validValue(schema.items ?? {}, name, depth + 1, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      if (depth > 3) return fc.constant({});
      return objectValue(schema, depth + 1, false, ids);
    default:
      return anyJson;
  }
}

/** A value at or just past `schema`'s edges, or of the wrong type, or hostile. */
export function edgeValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const edges: Array<fc.Arbitrary<unknown>> = [anyJson, hostileString, fc.constant(null)];
  if (type === 'string') {
    const max = schema.maxLength ?? 255;
    edges.push(
      fc.constantFrom(
        '',
        ' ',
        'x'.repeat(max),
        'x'.repeat(max + 1),
        'é'.repeat(max + 1),
        '\u0000'.repeat(3),
        `${'x'.repeat(max - 1)}\ud83d`,
      ),
    );
    if (schema.format === 'date' || DATE_RE.test(name))
      edges.push(
        fc.constantFrom(
          '2026-02-30',
          '2025-02-29',
          '2026-00-10',
          '10000-01-01',
          '0001-01-01',
          '2026-1-1',
          '20260101',
          '2026-02-28T00:00:00Z',
        ),
      );
  }
  if (type === 'integer' || type === 'number') {
    edges.push(
      fc.constantFrom(
        ...INTEGER_EDGES,
        schema.minimum ?? 0,
        (schema.minimum ?? 0) - 1,
        schema.maximum ?? 1e9,
        (schema.maximum ?? 1e9) + 1,
      ),
    );
    edges.push(fc.constantFrom('1', '1e3', 'NaN', '', '0x10', '١٢٣'));
  }
  if (type === 'array') {
    edges.push(fc.constantFrom(5_000, 50_000).map((n) => Array.from({ length: n }, (_, i) => i + 1)));
    edges.push(fc.array(anyJson, { maxLength: 5 }));
  }
  return fc.oneof(...edges);
}

/** Names a mass-assignment or prototype-pollution attempt would use. */
const UNKNOWN_FIELDS = [
  'team_id',
  'role',
  'owner_id',
  'created_by',
  'id',
  'deleted_at',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'password_hash',
  'is_admin',
  'x',
];

function objectValue(
  schema: JsonSchema,
  depth: number,
  hostile: boolean,
  ids: readonly number[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const field = (name: string, s: JsonSchema) =>
    hostile
      ? fc.oneof(
          { weight: 3, arbitrary: validValue(s, name, depth, ids) },
          { weight: 2, arbitrary: edgeValue(s, name) },
        )
      : validValue(s, name, depth, ids);
  const entries = properties.map(([name, s]) =>
    fc
      .option(field(name, s), { nil: undefined, freq: required.has(name) ? 12 : 2 })
      .map((value) => [name, value] as const),
  );
  const extra = hostile
    ? fc.option(fc.tuple(fc.constantFrom(...UNKNOWN_FIELDS), anyJson), { freq: 4, nil: null })
    : fc.constant(null);
  const free =
    !properties.length && schema.additionalProperties
      ? fc.dictionary(
          fc.string({ maxLength: 12 }),
          typeof schema.additionalProperties === 'object'
            ? validValue(schema.additionalProperties, '', depth)
            : anyJson,
          { maxKeys: 4 },
        )
      : fc.constant({});
  return fc.tuple(fc.tuple(...entries), extra, free).map(([pairs, unknown, rest]) => {
    const out: Record<string, unknown> = { ...rest };
    for (const [name, value] of pairs) if (value !== undefined) out[name] = value;
    // defineProperty: `__proto__` as an own key, as JSON.parse would make it.
    if (unknown)
      Object.defineProperty(out, unknown[0], {
        value: unknown[1],
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return out;
  });
}

/**
 * Lease, agreement and sales bodies are checked by their services, so OpenAPI shows them as open
 * objects: their fields come from the success response instead (a related `{id, name}` becomes `<name>_id`).
 */
export function bodyFromResponse(data: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, s] of Object.entries(data.properties ?? {})) {
    if (['id', 'created_at', 'updated_at', 'deleted_at', 'team_id'].includes(name)) continue;
    if (typeOf(s) === 'object' && s.properties?.id)
      properties[`${name}_id`] = { type: 'integer', minimum: 1 };
    else if (typeOf(s) === 'array' && s.items && typeOf(s.items) === 'object')
      properties[name] = { type: 'array', items: bodyFromResponse(s.items), maxItems: 4 };
    else properties[name] = s;
  }
  return { type: 'object', properties };
}

// ---------------------------------------------------------------------------------------------------
// Requests

export type FuzzRequest = {
  method: Operation['method'];
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** The path id belongs to another team: a 2xx would be a leak. */
  foreign: boolean;
};

/** Ids the test knows: real ones of the signed-in team and ones of another team, by path parameter. */
export type IdPools = { own: Array<string | number>; foreign: Array<string | number> };
/** The pools key of the team's record ids of every kind, for ids inside bodies. */
export const REFERENCES = '*references';

const BOGUS_IDS = [
  '0',
  '-1',
  '2147483648',
  '9223372036854775808',
  '99999999',
  '1e3',
  '1.5',
  'abc',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  "1'%20OR%20'1'='1",
  'null',
  'x'.repeat(3000),
];

/** Builds `depth` levels of nested arrays as text (no recursion, however deep). */
export const deepJson = (depth: number, open = '[', close = ']') =>
  `${open.repeat(depth)}${close.repeat(depth)}`;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 it would be on the wire (%ED%A0%80). */
export const encode = (value: string) =>
  encodeURIComponent(value.replace(LONE_SURROGATE, '\u0001LONE\u0001')).replaceAll('%01LONE%01', '%ED%A0%80');

const FILTER_NAMES = [
  'from',
  'to',
  'expiring_before',
  'expiring_after',
  'linked_type',
  'linked_id',
  'tag',
  'category',
  'uploaded_by',
  'clause',
  'source',
  'subject_type',
  'subject_id',
  'assignee_id',
  'franchisee_id',
  'landlord_id',
  'tenant_id',
  'region',
  'period',
  'type',
  'kind',
  'status',
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'attr.constructor',
];

const q = (name: string, value: string) => `${encode(name)}=${encode(value)}`;

function queryArbitrary(op: Operation): fc.Arbitrary<string> {
  const parts: Array<fc.Arbitrary<string | null>> = op.queryParams.map((p) =>
    fc.option(
      fc
        .oneof(validValue(p.schema, p.name), edgeValue(p.schema, p.name))
        .map((v) => q(p.name, typeof v === 'string' ? v : JSON.stringify(v))),
      { nil: null, freq: 2 },
    ),
  );
  if (op.listQuery) {
    // Sort and filter names: the items' fields (OpenAPI shows list queries as a free-form record) plus the
    // filters that are not fields (date bounds, links, tags).
    const fields = [...Object.keys(op.data?.properties ?? {}), ...FILTER_NAMES];
    const field = fc.constantFrom(...fields, 'nope');
    const number = fc.oneof(
      fc.integer({ min: 1, max: 5 }).map(String),
      fc.constantFrom(...INTEGER_EDGES.map(String), '100', '101', '1000', 'abc', ''),
    );
    parts.push(
      fc.option(
        number.map((v) => q('page', v)),
        { nil: null },
      ),
      fc.option(
        number.map((v) => q('per_page', v)),
        { nil: null },
      ),
      fc.option(
        fc.oneof(fc.string({ maxLength: 20 }), hostileString).map((v) => q('search', v)),
        { nil: null },
      ),
      fc.option(
        fc.oneof(field, hostileString).map((v) => q('sort', v)),
        { nil: null },
      ),
      fc.option(
        fc.constantFrom('asc', 'desc', 'DESC', 'sideways', '').map((v) => q('direction', v)),
        { nil: null },
      ),
      fc.option(
        fc
          .tuple(
            field,
            fc.oneof(
              number,
              hostileString,
              validDate,
              fc.constantFrom(
                '2026-02-30',
                '2026-13-01',
                '0000-00-00',
                '99999-01-01',
                '2026-1-1',
                'yesterday',
                '1,2,3',
                Array.from({ length: 5000 }, (_, i) => i + 1).join(','),
              ),
            ),
            fc.boolean(),
          )
          .map(([f, v, many]) =>
            many ? `${q(`filters[${f}][]`, v)}&${q(`filters[${f}][]`, '1')}` : q(`filters[${f}]`, v),
          ),
        { nil: null },
      ),
    );
  }
  // Malformed query strings: broken percent escapes, nested brackets, a huge query, the same key many times.
  parts.push(
    fc.option(
      fc.constantFrom(
        '%',
        '%E0%A4%A',
        'a[b][c][d][e]=1',
        '&&&=&',
        `x=${'y'.repeat(9000)}`,
        Array.from({ length: 2000 }, () => 'page=1').join('&'),
      ),
      { nil: null, freq: 8 },
    ),
  );
  return fc.tuple(...parts).map((items) => items.filter((s): s is string => s !== null).join('&'));
}

function pathArbitrary(
  op: Operation,
  pools: Record<string, IdPools>,
): fc.Arbitrary<{ path: string; foreign: boolean }> {
  if (!op.pathParams.length) return fc.constant({ path: op.path, foreign: false });
  const values = op.pathParams.map((name) => {
    const pool = pools[name] ?? { own: [], foreign: [] };
    const choices: Array<fc.WeightedArbitrary<{ value: string; foreign: boolean }>> = [
      { weight: 2, arbitrary: fc.constantFrom(...BOGUS_IDS).map((value) => ({ value, foreign: false })) },
      {
        weight: 1,
        arbitrary: hostileString.map((s) => ({ value: encode(s.slice(0, 500)), foreign: false })),
      },
    ];
    if (pool.own.length)
      choices.push({
        weight: 6,
        arbitrary: fc.constantFrom(...pool.own).map((v) => ({ value: encode(String(v)), foreign: false })),
      });
    if (pool.foreign.length)
      choices.push({
        weight: 1,
        arbitrary: fc.constantFrom(...pool.foreign).map((v) => ({ value: encode(String(v)), foreign: true })),
      });
    return fc.oneof(...choices);
  });
  return fc.tuple(...values).map((chosen) => {
    let path = op.path;
    op.pathParams.forEach(
      (name, i) => (path = path.replace(`{${name}}`, chosen[i]!.value === '' ? '0' : chosen[i]!.value)),
    );
    // Only a record's own `{id}` (or `{userId}`, `{versionId}`) promises a 404 for another team's: a 2xx there
    // is a leak. `/mutes/{subject_type}/{subject_id}` names the caller's own mute, so its 204 for any subject is fine.
    const foreign = chosen.some((c, i) => c.foreign && /^id$|[a-z]Id$/.test(op.pathParams[i]!));
    return { path, foreign };
  });
}

function jsonBodyArbitrary(
  op: Operation,
  ids: readonly number[],
): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  const schema =
    op.body && (op.body.properties || !op.data) ? op.body : op.data ? bodyFromResponse(op.data) : null;
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const variants: Array<fc.WeightedArbitrary<{ payload?: string | Buffer; contentType?: string }>> = [
    // Whole bodies that are not the expected object.
    { weight: 1, arbitrary: anyJson.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { payload: deepJson(5000), contentType: 'application/json' },
        {
          payload: `{"a":${deepJson(200, '{"a":', '}').replace(/\}$/, '1}')}}`,
          contentType: 'application/json',
        },
        { payload: '{"name": "broken', contentType: 'application/json' },
        { payload: '{"name":"\\ud800\\udc00\\udbff"}', contentType: 'application/json' },
        {
          payload: Buffer.concat([
            Buffer.from('{"name":"'),
            Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
            Buffer.from('"}'),
          ]),
          contentType: 'application/json',
        },
        {
          payload: '{"name":"a\\u0000b","body":"\\u0000","title":"\\u0000"}',
          contentType: 'application/json',
        },
        { payload: '', contentType: 'application/json' },
        { payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
        {
          payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
          contentType: 'application/json',
        },
      ),
    },
  ];
  if (schema) {
    variants.push(
      { weight: 4, arbitrary: validValue(schema, '', 0, ids).map(json) },
      { weight: 6, arbitrary: objectValue(schema, 0, true, ids).map(json) },
    );
  }
  return fc.oneof(...variants);
}

/** Spreadsheets that cost a naive reader far more than their size (far cells, a huge used range, a bomb, shared strings). */
let spreadsheetBombs: Buffer[] | undefined;
const hostileSpreadsheets = () =>
  (spreadsheetBombs ??= [
    hostileXlsx.farCell(),
    hostileXlsx.lastCell(),
    hostileXlsx.hugeDimension(),
    hostileXlsx.bomb(),
    hostileXlsx.sharedStrings(1_000_001),
  ]);

function multipartArbitrary(): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  const file = fc.record({
    name: fc.oneof(
      fc.constantFrom(
        'a.csv',
        'a.png',
        'a.pdf',
        'a.docx',
        'a.xlsx',
        '../../etc/passwd',
        'a\u0000.csv',
        'ü.txt',
        '',
      ),
      hostileString.map((s) => s.slice(0, 300)),
    ),
    type: fc.constantFrom(
      'text/csv',
      'image/png',
      'application/pdf',
      'application/octet-stream',
      'text/html',
    ),
    content: fc.oneof(
      fc.constantFrom(
        Buffer.from('name,city\nAcme,Berlin\n"unbalanced,\n'),
        Buffer.from('%PDF-1.4\n%%EOF'),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(0),
      ),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.constantFrom(...hostileSpreadsheets()),
    ),
  });
  const fieldNames = fc.constantFrom(
    'title',
    'category',
    'type',
    'description',
    'tags',
    'links',
    'subject_type',
    'subject_id',
    'file',
    'name',
    'constructor',
    '__proto__',
    'toString',
  );
  const random = fc
    .record({
      fields: fc.array(
        fc.tuple(
          fieldNames,
          fc.oneof(
            fc.string({ maxLength: 20 }),
            hostileString.map((s) => s.slice(0, 2000)),
          ),
        ),
        { maxLength: 25 },
      ),
      files: fc.array(file, { maxLength: 3 }),
      fileField: fc.constantFrom('file', 'files', 'image', 'x'),
    })
    .map(({ fields, files, fileField }) => multipartRequest(fields, files, fileField));
  // A well-formed import upload (a real type, one `file`) carrying a hostile spreadsheet, so the bombs reach the parser.
  const importUpload = fc
    .record({
      type: fc.constantFrom(...IMPORT_TYPES),
      sheet: fc.option(fc.constantFrom('Sheet1', 'Nope'), { nil: null }),
      content: fc.constantFrom(...hostileSpreadsheets()),
    })
    .map(({ type, sheet, content }) =>
      multipartRequest(
        [['type', type], ...(sheet ? [['sheet', sheet] as [string, string]] : [])],
        [{ name: 'a.xlsx', type: 'application/octet-stream', content }],
        'file',
      ),
    );
  return fc.oneof({ weight: 4, arbitrary: random }, { weight: 1, arbitrary: importUpload });
}

function multipartRequest(
  fields: Array<[string, string]>,
  files: Array<{ name: string; type: string; content: Buffer }>,
  fileField: string,
) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every request the fuzzer may send to `op`. */
export function requestArbitrary(op: Operation, pools: Record<string, IdPools>): fc.Arbitrary<FuzzRequest> {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  // Ids in bodies (`store_id`, `company_ids`) are drawn from the team's real records half the time, so bodies get past "not found".
  const ids = pools[REFERENCES]?.own.map(Number) ?? [];
  const body = op.multipart
    ? fc.oneof(
        { weight: 4, arbitrary: multipartArbitrary() },
        { weight: 1, arbitrary: jsonBodyArbitrary(op, ids) },
      )
    : hasBody || op.body
      ? jsonBodyArbitrary(op, ids)
      : fc.constant({});
  return fc
    .record({ at: pathArbitrary(op, pools), query: queryArbitrary(op), body })
    .map(({ at, query, body: b }) => ({
      method: op.method,
      url: query ? `${at.path}?${query}` : at.path,
      foreign: at.foreign,
      ...b,
    }));
}

// ---------------------------------------------------------------------------------------------------
// Running

/** A cookie session like the browser's: cookies kept, the CSRF token echoed on every request. */
export class FuzzSession {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async signIn(email: string, password: string) {
    this.cookies.clear();
    await this.send({ method: 'GET', url: '/app/sanctum/csrf-cookie', foreign: false });
    const response = await this.send({
      method: 'POST',
      url: '/app/login',
      payload: JSON.stringify({ email, password }),
      contentType: 'application/json',
      foreign: false,
    });
    if (response.statusCode !== 200)
      throw new Error(`fuzz sign-in failed: ${response.statusCode} ${response.body}`);
  }

  async send(request: FuzzRequest) {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = decodeURIComponent(csrf);
    if (request.contentType) headers['content-type'] = request.contentType;
    const response = await this.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}

/** Log lines at level error or above (pino's JSON lines), collected from the app's log stream. */
export class ErrorLog {
  readonly lines: string[] = [];
  readonly stream = {
    write: (line: string) => {
      try {
        if ((JSON.parse(line) as { level?: number }).level! >= 50) this.lines.push(line);
      } catch {
        this.lines.push(line);
      }
    },
  };
}

const hashOf = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

/** A request that hangs is a failure too (a stream that never ends, a lock never released). */
const REQUEST_TIMEOUT_MS = 15_000;

export type FuzzFailure = {
  operation: string;
  seed: number;
  path: string | undefined;
  counterexample: string;
  error: string;
};
export type FuzzStats = {
  requests: number;
  byClass: Record<string, number>;
  byOperation: Record<string, Record<string, number>>;
  failures: FuzzFailure[];
};

/** A request as one line for the report (binary bodies by size). */
const summarize = (r: FuzzRequest) => {
  // Multipart bodies as latin1 text (their fields and file names are what matters), escaped onto one line.
  const payload =
    r.payload === undefined
      ? ''
      : Buffer.isBuffer(r.payload) && !r.contentType?.includes('json')
        ? ` ${r.contentType} ${JSON.stringify(r.payload.toString('latin1').slice(0, 1200))}`
        : ` ${String(r.payload).slice(0, 600)}`;
  return `${r.method} ${r.url.slice(0, 600)}${payload}`;
};

/**
 * Fuzzes each operation for `numRuns` requests (fast-check's seeded runs; a failing operation is shrunk
 * to its smallest counterexample and reported with its seed, and the next operation still runs).
 */
export async function fuzzOperations(options: {
  operations: Operation[];
  session: FuzzSession;
  errors: ErrorLog;
  numRuns: number;
  seed: number;
  /** Real ids for path parameters, looked up again before each operation (records come and go). */
  pools: (op: Operation) => Promise<Record<string, IdPools>>;
  /** Called when the session was lost (a 401 on a signed-in route): sign in again. */
  resume: () => Promise<void>;
  /** One line per operation (FUZZ_VERBOSE). */
  progress?: (line: string) => void;
}): Promise<FuzzStats> {
  const stats: FuzzStats = { requests: 0, byClass: {}, byOperation: {}, failures: [] };
  for (const op of options.operations) {
    const name = `${op.method} ${op.path}`;
    const started = Date.now();
    const counts = (stats.byOperation[name] = {} as Record<string, number>);
    const pools = await options.pools(op);
    const property = fc.asyncProperty(requestArbitrary(op, pools), async (request) => {
      const errorsBefore = options.errors.lines.length;
      let timer: NodeJS.Timeout | undefined;
      const answer = options.session.send(request);
      const response = await Promise.race([
        answer,
        new Promise<never>(
          (_, reject) =>
            (timer = setTimeout(
              () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
              REQUEST_TIMEOUT_MS,
            )),
        ),
      ]).finally(() => clearTimeout(timer));
      stats.requests += 1;
      const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
      stats.byClass[statusClass] = (stats.byClass[statusClass] ?? 0) + 1;
      counts[statusClass] = (counts[statusClass] ?? 0) + 1;
      if (response.statusCode === 401 && op.path.startsWith('/app/api/')) await options.resume();
      if (response.statusCode >= 500)
        throw new Error(`answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      if (options.errors.lines.length > errorsBefore)
        throw new Error(`logged an error: ${options.errors.lines.at(-1)!.slice(0, 800)}`);
      if (request.foreign && response.statusCode < 300)
        throw new Error(`answered ${response.statusCode} for another team's record`);
    });
    // Each operation its own seed, from the run's and its name: FUZZ_SEED with FUZZ_ONLY replays one operation.
    const details = await fc.check(property, {
      numRuns: options.numRuns,
      seed: (options.seed ^ hashOf(name)) >>> 0,
      verbose: fc.VerbosityLevel.None,
    });
    options.progress?.(
      `${name}: ${JSON.stringify(counts)} in ${Date.now() - started} ms${details.failed ? ' ✘' : ''}`,
    );
    if (details.failed) {
      stats.failures.push({
        operation: name,
        seed: details.seed,
        path: details.counterexamplePath ?? undefined,
        counterexample: details.counterexample ? summarize(details.counterexample[0]) : '(none)',
        error:
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance),
      });
    }
  }
  return stats;
}

export function formatStats(stats: FuzzStats, label: string): string {
  const lines = [
    `fuzz (${label}): ${stats.requests} requests, ${Object.entries(stats.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}, ${stats.failures.length} failing operations`,
  ];
  for (const f of stats.failures) {
    lines.push(
      `  ✘ ${f.operation} — ${f.error}\n    counterexample: ${f.counterexample}\n    reproduce: FUZZ_ONLY='${f.operation}' and the run's FUZZ_SEED (fast-check seed ${f.seed}, path ${f.path})`,
    );
  }
  return lines.join('\n');
}
