import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../platform/errors';
import {
  ErrorLog,
  FuzzSession,
  fuzzOperations,
  operationsOf,
  type IdPools,
  type Operation,
} from '../../test/fuzz';

/**
 * The fuzzer's own oracle: it must report a route that answers 500, one that logs an error while answering
 * 4xx, and one that serves another team's record, each with a counterexample. (A fuzzer that never fails
 * proves nothing.)
 */
describe('fuzz engine', () => {
  it('reports 500s, logged errors and foreign 2xx answers with a shrunk counterexample', async () => {
    const errors = new ErrorLog();
    const app = Fastify({ logger: { level: 'error', stream: errors.stream } });
    registerErrorHandler(app);
    app.post('/crash', async (request) => {
      const body = request.body as { name?: unknown } | null;
      // The kind of bug the fuzzer exists for: a value the handler did not expect.
      if (typeof body?.name === 'string' && body.name.includes("'"))
        throw new Error('syntax error at or near "\'"');
      return { ok: true };
    });
    app.get('/quiet/:id', async (request, reply) => {
      if ((request.params as { id: string }).id === '0') request.log.error('swallowed a failure');
      return reply.status(404).send({ message: 'Not found.' });
    });
    app.get('/things/:id', async () => ({ data: { id: 7 } }));

    const op = (method: Operation['method'], path: string, body: Operation['body'] = null): Operation => ({
      method,
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      queryParams: [],
      listQuery: false,
      body,
      multipart: false,
      data: null,
    });
    const stats = await fuzzOperations({
      operations: [
        op('POST', '/crash', {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 20 } },
          required: ['name'],
        }),
        op('GET', '/quiet/{id}'),
        op('GET', '/things/{id}'),
      ],
      session: new FuzzSession(app),
      errors,
      numRuns: 200,
      seed: 1,
      pools: async (operation): Promise<Record<string, IdPools>> =>
        operation.path === '/things/{id}' ? { id: { own: [1], foreign: [2] } } : {},
      resume: async () => undefined,
    });
    const byOperation = Object.fromEntries(stats.failures.map((f) => [f.operation, f]));
    expect(byOperation['POST /crash']?.error).toMatch(/^answered 500/);
    expect(byOperation['POST /crash']?.counterexample).toContain("'");
    expect(byOperation['GET /quiet/{id}']?.error).toMatch(/^logged an error/);
    expect(byOperation['GET /quiet/{id}']?.counterexample).toBe('GET /quiet/0');
    expect(byOperation['GET /things/{id}']).toMatchObject({
      error: "answered 200 for another team's record",
      counterexample: 'GET /things/2',
    });
    await app.close();
  });

  it('reads operations, parameters and bodies from an OpenAPI document and leaves out the skipped routes', () => {
    const operations = operationsOf({
      paths: {
        '/app/api/v1/things/{id}': {
          patch: {
            parameters: [{ name: 'id', in: 'path', schema: { type: 'integer' } }],
            requestBody: {
              content: {
                'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
              },
            },
          },
        },
        '/app/api/v1/things': {
          get: { parameters: [{ name: 'additionalProperties', in: 'query', schema: {} }] },
        },
        '/app/api/v1/events': { get: {} },
      },
    });
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      'PATCH /app/api/v1/things/{id}',
      'GET /app/api/v1/things',
    ]);
    expect(operations[0]).toMatchObject({
      pathParams: ['id'],
      body: { properties: { name: { type: 'string' } } },
    });
    expect(operations[1]!.listQuery).toBe(true);
  });
});
