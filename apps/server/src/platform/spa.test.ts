import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpa } from './spa';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-spa-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the SPA page per path', () => {
  it("names a page's route chunks and first API answers as preloads, and GET /users/auth on every page", () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>Storekeep</title></head><body></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'preloads.json'),
      JSON.stringify({
        data: ['/app/api/v1/users/auth'],
        pages: {
          '/dashboard': {
            modules: ['src/routes/dashboard.tsx'],
            scripts: ['/assets/dashboard-1.js'],
            styles: ['/assets/map-1.css'],
            data: ['/app/api/v1/dashboard'],
          },
        },
      }),
    );
    const spa = loadSpa(dist)!;
    const dashboard = spa.htmlFor('/dashboard');
    expect(dashboard).toContain(
      '<link rel="preload" href="/app/api/v1/users/auth" as="fetch" crossorigin="anonymous">',
    );
    expect(dashboard).toContain(
      '<link rel="preload" href="/app/api/v1/dashboard" as="fetch" crossorigin="anonymous">',
    );
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
    expect(dashboard).toContain('<link rel="preload" href="/assets/map-1.css" as="style">');
    expect(dashboard.indexOf('modulepreload')).toBeLessThan(dashboard.indexOf('</head>'));
    expect(spa.htmlFor('/dashboard/')).toBe(dashboard);

    // For someone the API would refuse (a guest, a closed team) the page's own data would only be an error on the console.
    const guest = spa.htmlFor('/dashboard', { pageData: false });
    expect(guest).toContain('href="/app/api/v1/users/auth"');
    expect(guest).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">');
    expect(guest).not.toContain('href="/app/api/v1/dashboard"');

    const stores = spa.htmlFor('/stores');
    expect(stores).toContain('href="/app/api/v1/users/auth"');
    expect(stores).not.toContain('dashboard');
  });

  it('serves index.html as it is when the build wrote no preloads, and nothing when there is no build', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-spa-'));
    try {
      expect(loadSpa(bare)).toBeNull();
      fs.writeFileSync(path.join(bare, 'index.html'), '<html><head></head><body></body></html>');
      expect(loadSpa(bare)!.htmlFor('/dashboard')).toBe('<html><head></head><body></body></html>');
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
