import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context';
import { buildUser, signIn } from '../test/factories';

// A built web app in miniature: the page, one asset and the compressed copies the build writes beside it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-dist-'));
const script = `console.log(${JSON.stringify('storekeep '.repeat(300))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets/app.js'), script);
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(dist, 'assets/app.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(dist, 'assets/app.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(
  path.join(dist, 'preloads.json'),
  JSON.stringify({
    data: ['/app/api/v1/users/auth?guest=null'],
    pages: { '/dashboard': { scripts: [], styles: [], data: ['/app/api/v1/dashboard'] } },
  }),
);

const ctx = useTestApp({ WEB_DIST_DIR: dist });

describe('the built web app', () => {
  it('is sent compressed as the browser accepts, and plain to those that accept nothing', async () => {
    const brotli = await ctx.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(script.length / 5);
    const plain = await ctx.app.inject({ url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets the browser keep the hashed build files for a year, and revalidate the files whose names stay', async () => {
    for (const encoding of ['br', '']) {
      const asset = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const icon = await ctx.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers /favicon.ico, which browsers ask for beside a PDF, with the app’s icon', async () => {
    const icon = await ctx.app.inject({ url: '/favicon.ico' });
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe('/favicon.svg');
    const svg = await ctx.app.inject({ url: icon.headers.location });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
  });

  it('preloads a page’s API answers only for a signed-in member of an open team: the API refuses anyone else', async () => {
    const dashboardPreload = 'href="/app/api/v1/dashboard"';
    const guest = await ctx.client().get('/dashboard');
    expect(guest.body).toContain('href="/app/api/v1/users/auth?guest=null"');
    expect(guest.body).not.toContain(dashboardPreload);

    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    expect((await client.get('/dashboard')).body).toContain(dashboardPreload);
    expect((await client.get('/app/api/v1/dashboard')).status).toBe(200);

    await ctx.db
      .updateTable('teams')
      .set({ subscription_status: 'inactive' })
      .where('id', '=', team.id)
      .execute();
    expect((await client.get('/app/api/v1/dashboard')).status).toBe(403);
    const closed = await client.get('/dashboard');
    expect(closed.status).toBe(200);
    expect(closed.body).toContain('href="/app/api/v1/users/auth?guest=null"');
    expect(closed.body).not.toContain(dashboardPreload);

    // A cookie of an ended session is a guest's: no page data, and the browser is told to drop the cookie.
    expect((await client.post('/app/logout')).status).toBe(204);
    const stale = await ctx.app.inject({ url: '/dashboard', headers: { cookie: 'storekeep_session=ended' } });
    expect(stale.body).not.toContain(dashboardPreload);
    expect(stale.cookies.find((cookie) => cookie.name === 'storekeep_session')?.value).toBe('');
  });
});
