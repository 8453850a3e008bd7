import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, createVia, multipartBody, signIn } from '../../test/factories';
import { deepJson, operationsOf, type OpenApiDocument } from '../../test/fuzz';
import type { TestClient } from '../../test/client';

/**
 * Request limits and the input the schema fuzzer found to fail: each is a 4xx in the error
 * envelope with a message a client can show, never a 500 or a hang. Runs on SQLite and PostgreSQL.
 */
const ctx = useTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });

async function owner() {
  const { user } = await buildUser(ctx);
  return signIn(ctx, user.email);
}

const json = (client: TestClient, method: 'POST' | 'PATCH', url: string, payload: string) =>
  client.request(method, url, payload, { 'content-type': 'application/json' });

/** GET list routes of the OpenAPI document (their free-form list query), exports aside. */
async function listRoutes(): Promise<string[]> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/app/api/docs' })).json<OpenApiDocument>();
  return operationsOf(doc)
    .filter(
      (op) =>
        op.method === 'GET' &&
        (op.listQuery || op.queryParams.some((p) => p.name === 'per_page')) &&
        !op.path.endsWith('/export') &&
        !/\.csv$|\/reports\//.test(op.path),
    )
    .map((op) => op.path);
}

describe('request limits', () => {
  it('refuses a JSON body over 1 MB with 413 and the error envelope', async () => {
    const client = await owner();
    const response = await json(
      client,
      'POST',
      '/app/api/v1/companies',
      JSON.stringify({ name: 'x', notes: 'y'.repeat(1024 * 1024) }),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request is too large.' });
  });

  it('refuses JSON nested deeper than 32 levels with 400, however deep (no deep recursion)', async () => {
    const client = await owner();
    for (const depth of [40, 100_000]) {
      const response = await json(
        client,
        'POST',
        '/app/api/v1/companies',
        `{"name":"Deep","tags":${deepJson(depth)}}`,
      );
      expect(response.status, `depth ${depth}`).toBe(400);
      expect(response.body.message).toBe('The request is nested more than 32 levels deep.');
    }
    // 30 levels is still just input: the schema answers for it.
    expect(
      (await json(client, 'POST', '/app/api/v1/companies', `{"name":"Shallow","x":${deepJson(30)}}`)).status,
    ).toBe(201);
  });

  it('refuses a URL over 8 KB with 414, signed in or not', async () => {
    const client = await owner();
    const long = `/app/api/v1/companies?search=${'a'.repeat(9000)}`;
    const response = await client.get(long);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({ message: 'The request URL may not be longer than 8 KB.' });
    expect((await ctx.client().get(long)).status).toBe(414);
    expect((await client.get(`/app/api/v1/companies?search=${'a'.repeat(150)}`)).status).toBe(200);
  });

  it('caps per_page at 100 on every list route (422 naming per_page) and accepts 100', async () => {
    const client = await owner();
    const routes = await listRoutes();
    expect(routes.length).toBeGreaterThan(15);
    // A parent of each kind, for the sub-lists (a company's notes, a reminder's comments).
    const company = await createVia(client, 'companies', { name: 'Paged' });
    const brand = await createVia(client, 'brands', { name: 'Paged' });
    const store = await createVia(client, 'stores', { name: 'Paged', brand_id: brand.id });
    const parents: Record<string, number> = {
      companies: company.id,
      brands: brand.id,
      stores: store.id,
      contacts: (await createVia(client, 'contacts', { first_name: 'Paged' })).id,
      leases: (await client.post('/app/api/v1/leases', { store_id: store.id, status: 'active' })).body.data
        .id,
      agreements: (await client.post('/app/api/v1/agreements', { brand_id: brand.id, status: 'open' })).body
        .data.id,
      reminders: (await client.post('/app/api/v1/reminders', { title: 'Paged', due_date: '2030-01-01' })).body
        .data.id,
    };
    for (const route of routes) {
      const url = route.replace(/\/(\w+)\/\{\w+\}/g, (_m, type: string) => `/${type}/${parents[type]}`);
      const response = await client.get(`${url}?per_page=101`);
      expect(response.status, `${route} per_page=101`).toBe(422);
      expect(response.body.errors, route).toHaveProperty('per_page');
      expect((await client.get(`${url}?per_page=100`)).status, `${route} per_page=100`).toBe(200);
    }
  });

  it('refuses a filter of thousands of ids with 422 instead of a statement with thousands of parameters', async () => {
    const client = await owner();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    const response = await client.get(`/app/api/v1/stores?filters[brand_id]=${ids(1000)}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'filters.brand_id': ['The brand filter must be a list of ids.'] });
    expect((await client.get(`/app/api/v1/stores?filters[brand_id]=${ids(100)}`)).status).toBe(200);
    // Five thousand do not fit in a URL the app accepts.
    expect((await client.get(`/app/api/v1/stores?filters[brand_id]=${ids(5000)}`)).status).toBe(414);
    // The same as repeated keys.
    const repeated = Array.from({ length: 300 }, (_, i) => `filters[brand_id][]=${i + 1}`).join('&');
    expect((await client.get(`/app/api/v1/stores?${repeated}`)).status).toBe(422);
  });

  it('answers multipart limits (file size, file count, field count) with 4xx envelopes, never a 500', async () => {
    const client = await owner();
    const upload = (
      fields: Record<string, string | string[]>,
      files: Array<{ field: string; name: string; content: Buffer }>,
    ) => {
      const { body, headers } = multipartBody(fields, files);
      return client.request('POST', '/app/api/v1/documents', body, headers);
    };
    const tooBig = await upload({}, [
      { field: 'file', name: 'big.txt', content: Buffer.alloc(65 * 1024, 'a') },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors.file[0]).toMatch(/may not be greater than/);

    const twoFiles = await upload({}, [
      { field: 'file', name: 'a.txt', content: Buffer.from('one') },
      { field: 'file', name: 'b.txt', content: Buffer.from('two') },
    ]);
    expect(twoFiles.status).toBeGreaterThanOrEqual(400);
    expect(twoFiles.status).toBeLessThan(500);
    expect(typeof twoFiles.body.message).toBe('string');

    const manyFields = await upload({ tags: Array.from({ length: 60 }, (_, i) => `t${i}`) }, [
      { field: 'file', name: 'a.txt', content: Buffer.from('x') },
    ]);
    expect(manyFields.status).toBeGreaterThanOrEqual(400);
    expect(manyFields.status).toBeLessThan(500);
    expect(typeof manyFields.body.message).toBe('string');

    const image = multipartBody({}, [
      { field: 'image', name: 'a.png', content: Buffer.alloc(6 * 1024 * 1024, 1) },
    ]);
    const company = await createVia(client, 'companies', { name: 'Imaged' });
    const bigImage = await client.request(
      'POST',
      `/app/api/v1/companies/${company.id}/image`,
      image.body,
      image.headers,
    );
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.errors.image).toEqual(['The image may not be greater than 5 MB.']);
  });
});

describe('input the fuzzer found to fail', () => {
  it('answers an id beyond the database integer range with 422, in the path, the body and a filter', async () => {
    const client = await owner();
    const path = await client.get('/app/api/v1/leases/2147483648');
    expect(path.status).toBe(422);
    expect(path.body.errors).toEqual({ id: ['The id is out of range.'] });
    expect((await client.patch('/app/api/v1/reminders/9223372036854775808', {})).status).toBe(422);
    expect((await client.get('/app/api/v1/leases/2147483647')).status).toBe(404);

    const body = await client.post('/app/api/v1/brands', { name: 'Far', company_id: 2147483648 });
    expect(body.status).toBe(422);
    expect(body.body.errors).toEqual({ company_id: ['The company id is out of range.'] });
    // Text that happens to be digits is not an id: a tax id may be any length.
    expect(
      (await client.post('/app/api/v1/companies', { name: 'Taxed', tax_id: '123456789012345' })).status,
    ).toBe(201);
    const filter = await client.get('/app/api/v1/stores?filters[brand_id]=1,2147483648');
    expect(filter.status).toBe(422);
    expect(filter.body.errors).toHaveProperty(['filters[brand_id]']);
  });

  it('answers NUL characters with 422 naming the field (PostgreSQL cannot store them)', async () => {
    const client = await owner();
    const created = await client.post('/app/api/v1/companies', { name: 'Acme\u0000Corp' });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ name: ['The name may not contain NUL characters.'] });
    const company = await createVia(client, 'companies', { name: 'Clean' });
    const note = await client.post(`/app/api/v1/companies/${company.id}/notes`, { body: '\u0000\u0000' });
    expect(note.status).toBe(422);
    expect(note.body.errors).toEqual({ body: ['The body may not contain NUL characters.'] });
    expect((await client.get('/app/api/v1/team-invitations/%00')).status).toBe(422);
    expect((await client.get('/app/api/v1/companies?search=a%00b')).status).toBe(422);
  });

  it('answers a list export with a bad filter or sort with its 422 (not a crash inside a started download)', async () => {
    const client = await owner();
    for (const type of ['companies', 'leases', 'agreements']) {
      const badFilter = await client.get(`/app/api/v1/${type}/export?filters[nope]=1`);
      expect(badFilter.status, type).toBe(422);
      expect(badFilter.body.errors, type).toEqual({ 'filters.nope': ['The selected filter is invalid.'] });
      expect((await client.get(`/app/api/v1/${type}/export?sort=nope`)).status, type).toBe(422);
      const good = await client.get(`/app/api/v1/${type}/export`);
      expect(good.status, type).toBe(200);
      expect(good.headers['content-type']).toContain('text/csv');
    }
  });

  it('takes a category named like an Object.prototype member ("constructor") as unknown, not built in (it was a 500)', async () => {
    const client = await owner();
    for (const category of ['constructor', 'toString', '__proto__']) {
      const { body, headers } = multipartBody({ category }, [
        { field: 'file', name: 'a.txt', content: Buffer.from('text') },
      ]);
      const response = await client.request('POST', '/app/api/v1/documents', body, headers);
      expect(response.status, category).toBe(422);
      expect(response.body.errors, category).toEqual({ category: ['The selected category is invalid.'] });
    }
    // As a team's own category it is just a name.
    expect((await client.post('/app/api/v1/document-categories', { name: 'Constructor' })).status).toBe(201);
  });

  it('answers invalid UTF-8 and lone surrogates in JSON without a 500', async () => {
    const client = await owner();
    const bytes = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    const invalidUtf8 = await client.request('POST', '/app/api/v1/companies', bytes, {
      'content-type': 'application/json',
    });
    expect(invalidUtf8.status).toBeLessThan(500);
    const surrogate = await json(client, 'POST', '/app/api/v1/companies', '{"name":"half \\ud800 a pair"}');
    expect(surrogate.status).toBeLessThan(500);
    if (surrogate.status === 201)
      expect((await client.get(`/app/api/v1/companies/${surrogate.body.data.id}`)).status).toBe(200);
  });
});
