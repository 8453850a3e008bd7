/**
 * The page-speed figure: largest contentful paint of /login and /dashboard (the demo user) in Debian's
 * Chromium with the CPU slowed 4×, against the real server and the built SPA on localhost, each page loaded
 * cold (new context) 5 times. `npm run bench:web`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { buildServer } from './processes';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3390);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = 5;

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

async function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        // Runs in the browser; this project's Node typings of PerformanceObserver do not know LCP entries.
        const lcp = { type: 'largest-contentful-paint', buffered: true } as unknown as {
          type: 'mark';
          buffered: boolean;
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe(lcp);
        // LCP is final once the page has settled; a short quiet period after load is enough here.
        setTimeout(() => resolve(last), 1500);
      }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = path.join(root, '.tmp/bench/web-data');
fs.rmSync(dataDir, { recursive: true, force: true });
// The build, as production runs it (the SPA must be built too: `npm run build`).
buildServer();
const server = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', 'apps/server/dist/main.js'],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: base,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: 'ignore',
  },
);
try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const target of ['/login', '/dashboard']) {
    const lcps: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (target !== '/login') {
        // Signed in first (the demo login), so the measured load is the dashboard itself.
        const login = await context.newPage();
        await login.goto(`${base}/`);
        await login.getByRole('button', { name: /demo/i }).first().click();
        await login.waitForURL(/dashboard/);
        await login.close();
      }
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${base}${target}`, { waitUntil: 'load' });
      lcps.push(await lcpOf(page));
      await context.close();
    }
    console.log(
      `${target}: LCP median ${median(lcps).toFixed(0)} ms (runs: ${lcps.map((v) => v.toFixed(0)).join(', ')})`,
    );
  }
  await browser.close();
} finally {
  server.kill();
}
