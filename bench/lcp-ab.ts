/**
 * The dashboard's LCP before and after a change, on a busy machine: the demo user's cold /dashboard at 4× CPU
 * throttling on two running servers (say one per web build), their runs alternated (A B, B A, …) so a load
 * that rises or falls meanwhile weighs on both alike. `BASES=http://127.0.0.1:3203,http://127.0.0.1:3204
 * RUNS=8 node --import tsx bench/lcp-ab.ts`; the servers are started by hand (as bench/web-vitals.ts does).
 */
import { chromium } from '@playwright/test';

const bases = (process.env.BASES ?? '').split(',');
const runs = Number(process.env.RUNS ?? 6);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = new Map<string, number[]>(bases.map((b) => [b, []]));
for (let run = 0; run < runs; run += 1)
  for (const base of run % 2 ? [...bases].reverse() : bases) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const login = await context.newPage();
    await login.goto(`${base}/`);
    await login.getByRole('button', { name: /demo/i }).first().click();
    await login.waitForURL(/dashboard/);
    await login.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/dashboard`, { waitUntil: 'load' });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = 0;
          // Runs in the browser; this project's Node typings of PerformanceObserver do not know LCP entries.
          const type = { type: 'largest-contentful-paint', buffered: true } as unknown as {
            type: 'mark';
            buffered: boolean;
          };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) last = entry.startTime;
          }).observe(type);
          setTimeout(() => resolve(last), 3000);
        }),
    );
    results.get(base)!.push(Math.round(lcp));
    await context.close();
  }
await browser.close();
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
// 0: no largest paint within 3 s of the load event (a starved machine); left out of the median, counted.
for (const [base, v] of results)
  console.log(
    `${base}: median ${median(v.filter(Boolean))} ms (runs ${v.join(', ')}; ${v.filter((x) => !x).length} without LCP)`,
  );
