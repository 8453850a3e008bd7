import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { baseURL } from '../playwright.config';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A release is a new build on the server. This spec runs its own server on a copy of the built app so
 * it can publish "the next release" (a changed sw.js) without touching the build the other specs use;
 * the browser then finds it the way an installed app does, through registration.update().
 */
let server: ChildProcess;
let work: string;
let dist: string;
let origin: string;

test.beforeAll(async () => {
  // A second server's first start (migrations on an empty database) beside the other specs' browsers took more
  // than the default 30 s on a slow 2-vCPU machine.
  test.setTimeout(90_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-release-'));
  dist = path.join(work, 'dist');
  fs.cpSync(path.join(root, 'apps/web/dist'), dist, { recursive: true });
  const port = Number(new URL(baseURL).port) + 50;
  origin = `http://127.0.0.1:${port}`;
  // The build the suite's own server runs (playwright.config.ts builds it first): no compiling at start.
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      APP_URL: origin,
      WEB_DIST_DIR: dist,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  await expect
    .poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status ?? 0, { timeout: 80_000 })
    .toBe(200);
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(work, { recursive: true, force: true });
});

test('a new release waits for the user: a toast offers Reload, and Reload switches the page to the new service worker', async ({
  page,
}) => {
  await page.goto(`${origin}/login`);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(firstWorker).toMatch(/\/sw\.js$/);

  // Publish the next release: a different service worker script (the precompressed copies would win, so they go).
  const sw = path.join(dist, 'sw.js');
  fs.writeFileSync(sw, `${fs.readFileSync(sw, 'utf8')}\nself.__release = 'next';\n`);
  for (const copy of [`${sw}.br`, `${sw}.gz`]) fs.rmSync(copy, { force: true });

  // The hourly check, run now. The new worker installs and then waits: the open page is not swapped.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const toast = page.getByText('A new version of Storekeep is ready.');
  await expect(toast).toBeVisible({ timeout: 15_000 });
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);

  const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(toast).toBeHidden();
  // The new worker is the one in charge now, and none is left waiting.
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: Boolean(registration?.waiting),
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
  expect(state).toEqual({ waiting: false, controlled: true });
  const releases = await Promise.all(
    page
      .context()
      .serviceWorkers()
      .map((worker) =>
        worker.evaluate(() => (self as unknown as { __release?: string }).__release ?? 'first'),
      ),
  );
  expect(releases).toContain('next');
});
