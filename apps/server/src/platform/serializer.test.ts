import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import {
  attributeValuesOutSchema,
  dashboardSchema,
  dataOf,
  leaseListItemSchema,
  leaseSchema,
  paginated,
  storeSchema,
} from '@storekeep/contracts';
import fastJson from 'fast-json-stringify';
import { compiledSerializerCompiler, responseJsonSchema } from './serializer';
import { useTestApp } from '../../test/context';
import { buildLease, buildStore, teamWithRoles } from '../../test/factories';

const ctx = useTestApp();

function serializer(schema: z.ZodType, verify: boolean) {
  return compiledSerializerCompiler({ verify })({
    schema,
    method: 'GET',
    url: '/thing',
    httpStatus: '200',
  }) as (data: unknown) => string;
}

const record = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  when: z.string().nullable(),
  kind: z.enum(['a', 'b']),
  ref: z.object({ id: z.number(), name: z.string() }).nullable(),
  attributes: attributeValuesOutSchema,
  tags: z.array(z.string()),
  size: z.union([z.number(), z.string()]),
});
const good = {
  id: 7,
  name: 'Harbor "North" \u2028 store',
  note: null,
  when: '2026-03-01',
  kind: 'a',
  ref: { id: 3, name: 'Brand' },
  attributes: { floor: 2, opened: '2024-01-05', flag: true, options: ['x', 'y'], empty: null },
  tags: ['one', 'two'],
  size: '12 sq ft',
};

describe('compiled response serializers', () => {
  it('write the same JSON as JSON.stringify for answers that match the schema: nullables, unions, maps', () => {
    for (const verify of [true, false]) {
      const stringify = serializer(record, verify);
      expect(JSON.parse(stringify(good))).toEqual(good);
      const other = { ...good, note: 'n', ref: null, size: 12, attributes: {} };
      expect(JSON.parse(stringify(other))).toEqual(other);
    }
  });

  it('refuse, when verifying, a field the schema lacks', () => {
    const stringify = serializer(record, true);
    expect(() => stringify({ ...good, secret: 'leaked' })).toThrow(/GET \/thing 200 .*secret/);
    // Nested too: in a related record's reference.
    expect(() => stringify({ ...good, ref: { id: 3, name: 'Brand', owner_email: 'x@y.test' } })).toThrow(
      /owner_email/,
    );
  });

  it('refuse, when verifying, a wrong type or a value outside an enum, instead of coercing it', () => {
    const stringify = serializer(record, true);
    expect(() => stringify({ ...good, id: '7' })).toThrow(/does not match its schema/);
    expect(() => stringify({ ...good, kind: 'c' })).toThrow(/does not match its schema/);
    expect(() => stringify({ ...good, note: undefined })).toThrow(/does not match its schema/);
  });

  it('without verifying (production), drop what the schema lacks rather than leak it', () => {
    const stringify = serializer(record, false);
    expect(JSON.parse(stringify({ ...good, secret: 'leaked' }))).not.toHaveProperty('secret');
  });

  it('tell nullable fields and unions of bare types apart by type, without a validator compiled on first use', () => {
    const code = (schema: z.ZodType) =>
      (fastJson(responseJsonSchema(schema), { mode: 'debug' }) as unknown as { code: string }).code;
    for (const schema of [
      record,
      paginated(storeSchema),
      paginated(leaseListItemSchema),
      dataOf(leaseSchema),
    ])
      expect(code(schema)).not.toContain('getSchemaValidator');
    // A union it cannot tell by type (two objects) still goes through the validator, and still writes the right one.
    const shapes = z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]);
    expect(code(shapes)).toContain('getSchemaValidator');
    expect(JSON.parse(serializer(shapes, false)({ b: 'x' }))).toEqual({ b: 'x' });
    // Null, a related record with a field the schema lacks (dropped), and every type of an attribute value.
    const stringify = serializer(record, false);
    const values = { floor: 2.5, opened: '2024-01-05', flag: false, options: [], empty: null };
    const written = JSON.parse(
      stringify({ ...good, ref: { id: 3, name: 'B', extra: 1 }, attributes: values }),
    );
    expect(written.ref).toEqual({ id: 3, name: 'B' });
    expect(written.attributes).toEqual(values);
    expect(JSON.parse(stringify({ ...good, ref: null, when: null })).ref).toBeNull();
  });

  it('serve a route: the app sets them for every response schema', async () => {
    const app = Fastify();
    app.setSerializerCompiler(compiledSerializerCompiler({ verify: true }));
    app.get('/ok', { schema: { response: { 200: dataOf(record) } } }, async () => ({ data: good }));
    app.get('/extra', { schema: { response: { 200: dataOf(record) } } }, async () => ({
      data: { ...good, extra: 1 },
    }));
    const ok = await app.inject('/ok');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: good });
    expect((await app.inject('/extra')).statusCode).toBe(500);
    await app.close();
  });

  it('send the real contracts: a store list, a lease and the dashboard, field for field', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Contract Corner' });
    const lease = await buildLease(admin);
    const checks: Array<[string, z.ZodType]> = [
      ['/app/api/v1/stores', paginated(storeSchema)],
      [`/app/api/v1/stores/${store.id}`, dataOf(storeSchema)],
      [`/app/api/v1/leases/${lease.id}`, dataOf(leaseSchema)],
      ['/app/api/v1/dashboard', dataOf(dashboardSchema)],
    ];
    for (const [url, schema] of checks) {
      const response = await admin.get(url);
      expect(response.status, url).toBe(200);
      // Strict at every level: the body has exactly the schema's fields.
      expect(schema.safeParse(response.body).success, url).toBe(true);
      expect(JSON.parse(serializer(schema, false)(response.body)), url).toEqual(response.body);
    }
  });
});
