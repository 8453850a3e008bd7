import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/** What a route's response schema is: a Zod schema, or `{ properties: zod }` (fastify-type-provider-zod's form). */
function zodOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * The JSON Schema of what the route sends (its output side: defaults applied, pipes resolved). Draft 7,
 * which fast-json-stringify's validator reads. A type JSON Schema cannot state (a custom check) is
 * left open rather than refused: the Zod schema still guards it where responses are verified.
 */
export function responseJsonSchema(schema: z.ZodType): Schema {
  return open(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as Schema;
}

/**
 * Zod marks every output object `additionalProperties: false`. fast-json-stringify writes only the named
 * properties anyway, but it picks a branch of a union it cannot tell by type alone by validating the value,
 * and a closed object would then fail on one extra field and throw mid-answer in production. Open, the extra
 * field is just not written; outside production the verification reports it.
 */
function open(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(open);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node)
    .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
    .map(([key, value]) => [key, open(value)] as const);
  const items = entries.find(([key]) => key === 'items')?.[1];
  // A tuple (`items: [a, b]`): fast-json-stringify cannot write a position whose schema is open (`{}`, a
  // z.unknown()), so a tuple becomes a list of what its positions have in common, or of anything.
  if (Array.isArray(items)) {
    const shapes = new Set(items.map((item) => JSON.stringify(item)));
    const common: unknown = shapes.size === 1 ? items[0] : {};
    return Object.fromEntries(
      entries
        .filter(([key]) => key !== 'additionalItems')
        .map(([key, value]) => [key, key === 'items' ? common : value]),
    );
  }
  return withoutTypeUnion(Object.fromEntries(entries) as Record<string, unknown>);
}

/** The branches of a union that differ in their JSON type alone (`string | number | string[] | null`). */
const SIMPLE_BRANCH_KEYS = new Set(['type', 'items']);

/**
 * fast-json-stringify picks a branch of `anyOf` by running a validator (Ajv) on the value, compiled the first
 * time that branch is met: on every nullable field of every answer, and on a nullable object the whole object
 * validated before it is written (a tenth of a list page's serializing time; each first use compiled for ~10–20 ms
 * in the middle of a request). The two unions the contracts make most are written without it: `S | null`
 * becomes S with `nullable: true`, and a union of bare types a `type` list, both of which it tests by `typeof`.
 */
function withoutTypeUnion(node: Record<string, unknown>): Record<string, unknown> {
  const { anyOf: branches, ...siblings } = node;
  if (!Array.isArray(branches)) return node;
  const isNull = (branch: Record<string, unknown>) =>
    branch.type === 'null' && Object.keys(branch).length === 1;
  const options = branches as Array<Record<string, unknown>>;
  const others = options.filter((branch) => !isNull(branch));
  if (options.length === 2 && others.length === 1) {
    const [only] = others;
    if (typeof only!.type === 'string' && only!.type !== 'null' && !('nullable' in only!))
      return { ...siblings, ...only, nullable: true };
  }
  const types = options.map((branch) => branch.type);
  const arrays = options.filter((branch) => branch.type === 'array');
  if (
    options.every(
      (branch) =>
        typeof branch.type === 'string' &&
        Object.keys(branch).every((key) => SIMPLE_BRANCH_KEYS.has(key)) &&
        (branch.type === 'array' || !('items' in branch)),
    ) &&
    new Set(types).size === types.length &&
    !('type' in siblings) &&
    arrays.length <= 1
  )
    // Arrays first: its `string` test also takes any object with its own toString, an array among them.
    return {
      ...siblings,
      type: [...types.filter((type) => type === 'array'), ...types.filter((type) => type !== 'array')],
      ...(arrays[0] && { items: arrays[0].items }),
    };
  return node;
}

/** JSON.stringify's view of a value: what a client would read had nothing been dropped or coerced. */
const plain = (data: unknown): unknown => JSON.parse(JSON.stringify(data) ?? 'null');

/**
 * Responses serialized by fast-json-stringify, compiled once per route and status from the JSON Schema the
 * route's Zod schema produces, instead of a Zod encode plus JSON.stringify of every answer.
 *
 * A compiled serializer writes what the schema names and nothing else: a field a presenter adds that the
 * schema lacks would silently vanish, and a wrong type would be coerced. With `verify` (every environment but
 * production, so every API test over every route) each answer is also checked against the Zod schema and the
 * compiled output compared with JSON.stringify of the same object: any difference — a missing or extra field,
 * a coerced type — fails the request with the route and the difference, as the Zod serializer failed it.
 */
export function compiledSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const zod = zodOf(schema);
    const stringify = fastJson(zod ? responseJsonSchema(zod) : (schema as Schema));
    if (!options.verify || !zod) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const where = `${method} ${url} ${httpStatus}`;
      const parsed = zod.safeParse(data);
      if (!parsed.success)
        throw new Error(`Response of ${where} does not match its schema: ${parsed.error.message}`);
      const text = stringify(data);
      const expected = plain(data);
      const sent: unknown = JSON.parse(text);
      if (!isDeepStrictEqual(sent, expected))
        throw new Error(
          `Response of ${where} differs from what its schema sends (a field the schema lacks, or a type it coerces): ` +
            `${JSON.stringify(firstDifference(expected, sent))}`,
        );
      return text;
    };
  };
}

/** The first path where two JSON values differ, for the error message. */
function firstDifference(
  expected: unknown,
  sent: unknown,
  path = '$',
): { path: string; expected: unknown; sent: unknown } | null {
  if (isDeepStrictEqual(expected, sent)) return null;
  if (expected && sent && typeof expected === 'object' && typeof sent === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(sent)]);
    for (const key of keys) {
      const found = firstDifference(
        (expected as Record<string, unknown>)[key],
        (sent as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (found) return found;
    }
  }
  return { path, expected, sent };
}
