import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, createVia, multipartBody, signIn } from '../../test/factories';
import { operationsOf, type OpenApiDocument } from '../../test/fuzz';

/**
 * Full-text query syntax typed into a search box is text, never syntax: the global search, the
 * `search=` of every list route (exports included) and the documents search answer 200 (or 422 for input
 * the list refuses), never 500, on SQLite (FTS5 MATCH) and PostgreSQL (to_tsquery, LIKE).
 */
const ctx = useTestApp();

const SYNTAX = [
  '"',
  '""',
  '"unbalanced',
  'unbalanced"',
  '*',
  'a*',
  '*a',
  'NEAR(',
  'NEAR(a b)',
  'NEAR(a b, 2)',
  '!',
  '!a',
  '!!',
  '&',
  'a & b',
  'a &',
  ':*',
  'a:*',
  ':',
  'name:acme',
  '(',
  ')',
  '()',
  '(a',
  'a)',
  '-',
  '-a',
  'a -b',
  '^',
  '^a',
  '\\',
  'a\\',
  '\\\\',
  "'",
  "a'b",
  "''",
  'OR',
  'AND',
  'NOT',
  'a OR',
  'OR a',
  'NOT a',
  'a AND NOT',
  '|',
  'a | b',
  '<->',
  'a <-> b',
  '{}',
  '[]',
  '+',
  '%',
  '_',
  '%_%',
  '" OR 1=1 --',
  "'; drop table companies; --",
  '*"(NEAR(!&:*)^-\\\'',
  'é ß İ 😀',
  'a b c d e f g h i j k l m',
  'x'.repeat(200),
];

describe('full-text syntax in every search box', () => {
  // Every search box of every list, with each syntax: a long walk that a loaded CI machine has taken 20 s over.
  it('answers 200 or 422 (never 500) for query syntax in the global, list, export and documents searches', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    // Rows that the odd queries may match, so the searches run against real index entries.
    const company = await createVia(client, 'companies', {
      name: 'Acme "Quoted" (NEAR) 50% off_x back\\slash',
    });
    const brand = await createVia(client, 'brands', { name: 'Acme NOT Brand', company_id: company.id });
    await createVia(client, 'stores', { name: 'Acme OR Store', brand_id: brand.id });
    const { body, headers } = multipartBody({}, [
      {
        field: 'file',
        name: 'acme.txt',
        content: Buffer.from('Acme lease: rent & NEAR(clauses) "quoted" 50%'),
      },
    ]);
    expect((await client.request('POST', '/app/api/v1/documents', body, headers)).status).toBe(201);

    const doc = (await ctx.app.inject({ method: 'GET', url: '/app/api/docs' })).json<OpenApiDocument>();
    const lists = operationsOf(doc)
      .filter((op) => op.method === 'GET' && op.listQuery && op.pathParams.length === 0)
      .map((op) => op.path);
    expect(lists).toEqual(
      expect.arrayContaining([
        '/app/api/v1/companies',
        '/app/api/v1/documents',
        '/app/api/v1/leases/export',
        '/app/api/v1/clauses',
      ]),
    );

    const failures: string[] = [];
    for (const text of SYNTAX) {
      const q = encodeURIComponent(text);
      for (const url of [`/app/api/v1/search?query=${q}`, ...lists.map((list) => `${list}?search=${q}`)]) {
        const response = await client.get(url);
        if (response.status !== 200 && response.status !== 422)
          failures.push(`${url} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);

    // Still a search: the words among the syntax find the rows.
    const found = await client.get(`/app/api/v1/search?query=${encodeURIComponent('"acme* (')}`);
    expect(found.body.data.map((group: { type: string }) => group.type)).toEqual(
      expect.arrayContaining(['companies', 'brands', 'stores']),
    );
  }, 60_000);

  it('matches LIKE wildcards typed in a search as themselves', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const brand = await createVia(client, 'brands', { name: 'Wildcards' });
    for (const number of ['FA-50%', 'FA-5000', 'FA_1', 'FA-1', 'FA\\9']) {
      expect(
        (
          await client.post('/app/api/v1/agreements', {
            brand_id: brand.id,
            agreement_number: number,
            status: 'open',
          })
        ).status,
      ).toBe(201);
    }
    const numbers = async (search: string) =>
      (await client.get(`/app/api/v1/agreements?search=${encodeURIComponent(search)}`)).body.data
        .map((a: { agreement_number: string }) => a.agreement_number)
        .sort();
    expect(await numbers('50%')).toEqual(['FA-50%']);
    expect(await numbers('FA_')).toEqual(['FA_1']);
    expect(await numbers('\\')).toEqual(['FA\\9']);

    // The portfolio clause search too (SQLite must not look for a literal backslash before the %).
    const store = await createVia(client, 'stores', { name: 'Clause store' });
    const lease = await client.post('/app/api/v1/leases', {
      store_id: store.id,
      status: 'active',
      clauses: [
        { kind: 'radius', text: 'No competing store within 5% of the trade area' },
        { kind: 'other', text: 'Tenant pays 50 of the costs' },
      ],
    });
    expect(lease.status).toBe(201);
    const clauses = async (search: string) =>
      (await client.get(`/app/api/v1/clauses?search=${encodeURIComponent(search)}`)).body.data.map(
        (c: { kind: string }) => c.kind,
      );
    expect(await clauses('5%')).toEqual(['radius']);
    expect(await clauses('5_ of')).toEqual([]);
  });
});
