#!/usr/bin/env node
// Cold start of the server as production runs it: spawn → first 200 from /readyz, and the process's resident
// memory (VmRSS) one second later, over several starts on one SQLite data directory that a first, uncounted
// start migrated and seeded. `--tsx` measures the sources under the tsx loader instead (what tests run).
//
//   node scripts/cold-start.mjs [--tsx] [--runs 5]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const tsx = args.includes('--tsx');
const runs = Number(args[args.indexOf('--runs') + 1] || 5) || 5;

const command = tsx
  ? ['--disable-warning=ExperimentalWarning', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
  : ['--disable-warning=ExperimentalWarning', path.join(root, 'apps/server/dist/main.js')];
if (!tsx) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-cold-start-'));
fs.mkdirSync(path.join(dataDir, 'no-web'));

async function start() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      APP_KEY: 'cold-start-measurement-key-0123456789abcdef',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    const ok = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  await sleep(1000);
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  child.kill('SIGTERM');
  await exited;
  return { readyMs, rssMb };
}

const loadBefore = os.loadavg()[0];
try {
  await start();
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await start());
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const ready = results.map((r) => r.readyMs);
  const rss = results.map((r) => r.rssMb);
  console.log(
    `${tsx ? 'sources with tsx' : 'apps/server/dist'} · ${runs} starts · load average ${loadBefore.toFixed(2)} → ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`,
  );
  console.log(`ready ms: ${ready.map((v) => v.toFixed(0)).join(' ')} (median ${median(ready).toFixed(0)})`);
  console.log(`RSS MB:   ${rss.map((v) => v.toFixed(0)).join(' ')} (median ${median(rss).toFixed(0)})`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
