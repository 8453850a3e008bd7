#!/usr/bin/env node
// `npm start`: build the web app and the server when a build is missing or older than its sources, then run
// the built server (which migrates, seeds the demo team on an empty database and serves API + SPA on one port).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/sw',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

// WEB_DIST_DIR set: the server serves a build from elsewhere, so there is nothing to build here.
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const changedAt = process.env.WEB_DIST_DIR
  ? 0
  : Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const started = performance.now();
if (await buildServer()) console.log(`Server built in ${Math.round(performance.now() - started)} ms`);

// Plain node on the build, no TypeScript loader; the server is the only process below this one.
const server = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', path.join(serverDist, 'main.js')],
  { cwd: root, stdio: 'inherit' },
);
// A supervisor signals this process only; Ctrl-C signals the whole process group, so the
// server may get the signal twice (its shutdown ignores the second). It drains (SHUTDOWN_GRACE_SECONDS) and
// this wrapper leaves with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));

// `npm start` runs this through `sh -c`, and npm forwards its SIGTERM to that shell, which dies of it without
// passing it on: the server would be left running. A parent that went away stops the server the same way.
const parent = process.ppid;
if (parent > 1) {
  const watch = setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch (error) {
      if (error.code !== 'ESRCH') return;
      clearInterval(watch);
      server.kill('SIGTERM');
    }
  }, 250);
  watch.unref();
}
