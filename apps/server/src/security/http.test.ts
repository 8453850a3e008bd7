import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../test/context';
import { buildUser, createVia, multipartBody, postFile, signIn } from '../../test/factories';
import { loadConfig } from '../platform/config';
import { contentSecurityPolicy } from '../platform/http-security';

// A built web app in miniature, so the SPA shell is served the way `npm start` serves it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-dist-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
);
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');

const ctx = useTestApp({ WEB_DIST_DIR: dist });
// Behind a TLS-terminating proxy that the app is told to trust.
const proxied = useTestApp({ TRUST_PROXY: 'true' });

const APP_ORIGIN = 'http://localhost:3000';

async function signedInOwner(context: TestContext = ctx) {
  const { user, team } = await buildUser(context);
  return { client: await signIn(context, user.email), user, team };
}

function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectStrictHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  // No inline script, no eval, no inline styles without a Maps key.
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
}

/** An API answer: nothing may load or frame it should it ever be opened as a document, and no page-only header. */
function expectApiHeaders(headers: Record<string, unknown>) {
  expect(directives(headers['content-security-policy'])).toEqual(
    new Map([
      ['default-src', ["'none'"]],
      ['frame-ancestors', ["'none'"]],
    ]),
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Another site's <script> or <img> may not read a JSON answer (no-cors) into its process.
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
    expect(headers[pageOnly]).toBeUndefined();
}

describe('security headers', () => {
  it('the SPA shell and its assets carry the strict page CSP, nosniff, referrer policy, COOP and no framing', async () => {
    const shell = await ctx.app.inject({ url: '/dashboard' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expectStrictHeaders(shell.headers);
    expect(shell.headers['cross-origin-opener-policy']).toBe('same-origin');
    expectStrictHeaders((await ctx.app.inject({ url: '/assets/app.js' })).headers);
  });

  it('API answers, errors and the sign-in routes carry the API profile: a CSP that lets nothing load', async () => {
    const { client } = await signedInOwner();
    const api = await client.get('/app/api/v1/companies');
    expect(api.status).toBe(200);
    expectApiHeaders(api.headers);
    expectApiHeaders((await ctx.app.inject({ url: '/app/api/v1/companies' })).headers); // the 401 too
    expectApiHeaders((await ctx.app.inject({ url: '/app/api/v1/no-such-thing' })).headers);
    expectApiHeaders((await ctx.app.inject({ url: '/app/sanctum/csrf-cookie' })).headers);
  });

  it('a document download keeps its own sandboxing CSP and may be framed only by the app (the PDF preview)', async () => {
    const { client } = await signedInOwner();
    const store = await createVia(client, 'stores', { name: 'Header Store' });
    const uploaded = await postFile(client, `/app/api/v1/stores/${store.id}/documents`, {
      name: 'page.svg',
      content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      type: 'image/svg+xml',
    });
    expect(uploaded.status).toBe(201);
    const file = await ctx.app.inject({
      url: (await client.get(`/app/api/v1/documents/${uploaded.body.data.id}`)).body.data.url,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).not.toMatch(/html|svg|xml/); // never a type a browser runs scripts in
    const csp = directives(file.headers['content-security-policy']);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    // An expired or forged link answers in the same frame: framable by the app, sandboxed, nothing loads.
    const refused = await ctx.app.inject({
      url: `/app/files/${uploaded.body.data.current_version.id}?expires=1&signature=forged`,
    });
    expect(refused.statusCode).toBe(403);
    expect(directives(refused.headers['content-security-policy'])).toEqual(
      new Map([
        ['sandbox', []],
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'self'"]],
      ]),
    );
    expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends HSTS only over TLS: never on plain HTTP, nor for a forwarded proto the app was not told to trust', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await ctx.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    expect(
      (await proxied.app.inject({ url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const behindTls = await proxied.app.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows the Maps hosts only with a Maps key, and the S3 origin only for presigned S3 links', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() };
    const plain = contentSecurityPolicy(loadConfig(base));
    expect(JSON.stringify(plain)).not.toMatch(/google|amazonaws/);
    expect(plain['script-src']).toEqual(["'self'"]);

    const maps = contentSecurityPolicy(loadConfig({ ...base, GOOGLE_MAPS_API_KEY: 'key' }));
    expect(maps['script-src']).toEqual(["'self'", 'https://maps.googleapis.com']);
    expect(maps['connect-src']).toContain('https://maps.googleapis.com');

    const s3 = contentSecurityPolicy(
      loadConfig({
        ...base,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'https://minio.example:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    expect(s3['frame-src']).toEqual(["'self'", 'https://minio.example:9000']);
    expect(s3['img-src']).toContain('https://minio.example:9000');

    const https = contentSecurityPolicy(loadConfig({ ...base, APP_URL: 'https://storekeep.example' }));
    expect(https).toHaveProperty('upgrade-insecure-requests');
  });
});

describe('cross-site requests', () => {
  it('refuses a mutating request from a foreign Origin or with Sec-Fetch-Site cross-site, before it does anything', async () => {
    const { client } = await signedInOwner();
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const refused = await client.request('POST', '/app/api/v1/companies', { name: 'Forged' }, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toEqual({ message: 'Cross-site requests are not allowed.' });
    }
    expect((await client.get('/app/api/v1/companies?search=Forged')).body.meta.total).toBe(0);
  });

  it('accepts the same origin, Sec-Fetch-Site same-origin, no Origin at all, and bearer-token scripts', async () => {
    const { client } = await signedInOwner();
    expect(
      (
        await client.request(
          'POST',
          '/app/api/v1/companies',
          { name: 'Same origin' },
          { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' },
        )
      ).status,
    ).toBe(201);
    expect((await client.request('POST', '/app/api/v1/companies', { name: 'No origin' })).status).toBe(201);
    const token = (await client.post('/app/api/v1/tokens', { name: 'Script', abilities: 'read-write' })).body
      .data.plain_text_token as string;
    const script = ctx.client().withToken(token);
    expect((await script.post('/app/api/v1/companies', { name: 'From a script' })).status).toBe(201);
  });

  it('answers no foreign origin with CORS headers, on a preflight or a simple request', async () => {
    const { client } = await signedInOwner();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/app/api/v1/companies',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-xsrf-token',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    const simple = await client.request('GET', '/app/api/v1/companies', undefined, {
      origin: 'https://evil.example',
    });
    expect(simple.status).toBe(200); // a GET changes nothing; the browser just may not read it
    for (const response of [preflight.headers, simple.headers]) {
      expect(response['access-control-allow-origin']).toBeUndefined();
      expect(response['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

describe('request bodies a cross-site form could send', () => {
  it('refuses form-encoded, text/plain and multipart bodies to JSON routes with 415', async () => {
    const { client } = await signedInOwner();
    const form = multipartBody({ name: 'Multipart Co' }, []);
    for (const [payload, type] of [
      ['name=Form+Co', 'application/x-www-form-urlencoded'],
      ['{"name":"Text Co"}', 'text/plain'],
      ['{"name":"Text Co"}', 'text/plain;charset=UTF-8'],
      [form.body, form.headers['content-type']],
    ] as const) {
      const refused = await client.request('POST', '/app/api/v1/companies', payload, {
        'content-type': type,
      });
      expect(refused.status, type).toBe(415);
      expect(refused.body.message).toBe(
        'This endpoint accepts JSON bodies only (Content-Type: application/json).',
      );
    }
    expect(
      (
        await client.request('POST', '/app/login', 'email=a@b.test&password=x', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);
    expect((await client.get('/app/api/v1/companies')).body.meta.total).toBe(0);
  });

  it('still takes multipart uploads where a route takes files, but no text/plain there either', async () => {
    const { client } = await signedInOwner();
    const store = await createVia(client, 'stores', { name: 'Upload Store' });
    const { body, headers } = multipartBody({}, [
      { field: 'file', name: 'notes.txt', content: Buffer.from('hello'), type: 'text/plain' },
    ]);
    expect(
      (await client.request('POST', `/app/api/v1/stores/${store.id}/documents`, body, headers)).status,
    ).toBe(201);
    expect(
      (
        await client.request('POST', `/app/api/v1/stores/${store.id}/documents`, 'hello', {
          'content-type': 'text/plain',
        })
      ).status,
    ).toBe(415);
    // A route that takes no body and no file does not parse a form either (only the upload routes have the parser).
    const restore = await client.request('POST', `/app/api/v1/stores/${store.id}/restore`, body, headers);
    expect(restore.status).toBe(415);
    expect(restore.body.message).toBe(
      'This endpoint accepts JSON bodies only (Content-Type: application/json).',
    );
  });
});

describe('the liveness probe', () => {
  it('is answered by the server before the app, while every other request keeps the headers and the CSRF check', async () => {
    const address = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    const probesCounted = async () =>
      /storekeep_http_requests_total\{method="GET",route="\/healthz",status="2xx"\} (\d+)/.exec(
        await (await fetch(`${address}/metrics`)).text(),
      )?.[1] ?? '0';
    const counted = await probesCounted();
    const probe = await fetch(`${address}/healthz`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(probe.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await probe.json()).toEqual({ status: 'ok' });
    // Fastify never saw it: no request id, none of the page headers, no metric.
    expect(probe.headers.get('x-request-id')).toBeNull();
    expect(probe.headers.get('content-security-policy')).toBeNull();
    const head = await fetch(`${address}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(await probesCounted()).toBe(counted);

    // Any other form of the URL, and every other route over the same socket, goes through every hook.
    const queried = await fetch(`${address}/healthz?probe=1`);
    expect(await queried.json()).toEqual({ status: 'ok' });
    expect(queried.headers.get('x-request-id')).toBeTruthy();
    expectStrictHeaders(Object.fromEntries(queried.headers));
    const api = await fetch(`${address}/app/api/v1/users/auth?guest=null`);
    expect(api.status).toBe(200);
    expectApiHeaders(Object.fromEntries(api.headers));
    const forged = await fetch(`${address}/app/api/v1/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Probe' }),
    });
    expect(forged.status).toBe(419);
    expectApiHeaders(Object.fromEntries(forged.headers));
  });
});

describe('hostile HTTP framing', () => {
  it('answers a request with both Content-Length and Transfer-Encoding with 400 (no request smuggling)', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(
        'POST /app/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n' +
          '0\r\n\r\nGET /app/api/v1/companies HTTP/1.1\r\nHost: localhost\r\n\r\n',
      );
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    // The smuggled second request never got an answer of its own.
    expect(reply.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});

/** GETs that change state by design, each with why it is safe. Reviewed like code: keep it short. */
const STATE_CHANGING_GETS: Record<string, string> = {
  // The link in the verification e-mail (API contract §4): it only marks the address verified, and its
  // HMAC signature and expiry cannot be forged cross-site.
  '/app/email/verify/:id/:hash': 'signed one-time e-mail link',
};
/** Long-lived streams: opening one is not a request that completes. */
const STREAMS = new Set(['/app/api/v1/events']);

describe('no state-changing GET', () => {
  // Every GET route with its parents built first, each answer checked against its schema: slow on a loaded machine.
  it('calling every GET route in the route table changes no row count, no team write version and no audit entry', async () => {
    const { client, team } = await signedInOwner();
    const company = await createVia(client, 'companies', { name: 'Get Co' });
    const brand = await createVia(client, 'brands', { name: 'Get Brand', company_id: company.id });
    const store = await createVia(client, 'stores', { name: 'Get Store' });
    const contact = await createVia(client, 'contacts', { first_name: 'Gert', last_name: 'Getter' });
    const { body, headers } = multipartBody({}, [
      { field: 'file', name: 'get.txt', content: Buffer.from('get me'), type: 'text/plain' },
    ]);
    const document = (await client.request('POST', `/app/api/v1/stores/${store.id}/documents`, body, headers))
      .body.data;
    await ctx.app.deps.jobs.runDue();
    const ids: Record<string, number> = {
      companies: company.id,
      brands: brand.id,
      stores: store.id,
      contacts: contact.id,
      documents: document.id,
      teams: team.id,
    };

    const tables = (await ctx.db.introspection.getTables())
      .map((table) => table.name)
      .filter(
        (name) => !['sessions', 'personal_access_tokens'].includes(name) && !name.startsWith('kysely_'),
      );
    const snapshot = async () => {
      const counts: Record<string, number> = {};
      for (const name of tables)
        counts[name] = Number(
          (await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(ctx.db)).rows[0]!.n,
        );
      // Audit entries about the request itself are the writes a read may make: reading the whole team out
      // (GET team-export) and a refused request (access_denied) are logged on purpose.
      counts.activities = Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from activities where action not in ('exported', 'access_denied')`.execute(
            ctx.db,
          )
        ).rows[0]!.n,
      );
      const version = await sql<{
        version: number;
      }>`select version from team_write_versions where team_id = ${team.id}`.execute(ctx.db);
      return { counts, version: version.rows[0]?.version ?? 0 };
    };

    const gets = ctx.app.routeGuards.filter(
      (route) => route.method === 'GET' && !(route.url in STATE_CHANGING_GETS) && !STREAMS.has(route.url),
    );
    expect(gets.length).toBeGreaterThan(50);
    const before = await snapshot();
    const statuses: string[] = [];
    for (const route of gets) {
      const url = route.url.replace(/([^/]+)\/:(\w+)/g, (_match, segment: string, param: string) => {
        if (param === 'versionId') return `${segment}/${document.current_version.id}`;
        return `${segment}/${ids[segment] ?? (param === 'id' ? 1 : 'x')}`;
      });
      const response = await client.get(url);
      statuses.push(`${response.status} ${url}`);
      expect(response.status, url).toBeLessThan(500);
    }
    const after = await snapshot();
    expect(after).toEqual(before);
    // Most routes really ran (not all 404s), so the check above means something.
    expect(statuses.filter((line) => line.startsWith('200')).length).toBeGreaterThan(gets.length / 2);
  }, 60_000);
});
