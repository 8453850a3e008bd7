#!/usr/bin/env node
// Builds the server to plain JavaScript in apps/server/dist, so production runs `node apps/server/dist/main.js`
// with no TypeScript loader: main.js (the server), cli.js (backup, restore, demo reset) and the worker threads'
// files beside them, where `new URL('./<worker>.mjs', import.meta.url)` finds them from the bundle as it does
// from the sources. npm packages stay external (node_modules at run time), but for date-fns (below); the
// contracts workspace, which ships TypeScript, is bundled in. app.ts finds the web build at ../../web/dist from
// either directory.
//
// Skips the build when dist is newer than every source (the Docker image has no sources: never rebuilds).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
const server = path.join(root, 'apps/server');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/contracts/src',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
];
const programs = { main: 'src/main.ts', cli: 'src/ops/cli.ts' };
/** Loaded by path from the code beside them: each keeps its name (and its .mjs) next to main.js and cli.js. */
const workers = {
  'parse-worker': 'src/modules/imports/parse-worker.mjs',
  'extract-worker': 'src/modules/documents/extract-worker.mjs',
  'sqlite-checkpoint-worker': 'src/platform/db/sqlite-checkpoint-worker.mjs',
};

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** Builds unless the build is newer than its sources; returns whether it built. */
export async function buildServer({ force = false } = {}) {
  const builtAt = fs.existsSync(path.join(serverDist, 'main.js'))
    ? fs.statSync(path.join(serverDist, 'main.js')).mtimeMs
    : 0;
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (!force && builtAt >= changedAt) return false;
  // Imported here: the production image has the build but not esbuild (a dev dependency).
  const esbuild = await import('esbuild');
  // Bundled in besides the contracts: date-fns. Node's resolver parses a package's package.json `exports`
  // again for every file it loads from the package, and date-fns' is 199 KB: its ~40 files the server uses cost
  // 0.5 s of every start (its index, 1.5-1.7 s), where the bundled functions cost nothing.
  const bundled = /^(@storekeep\/|date-fns(\/|$))/;
  const external = {
    name: 'npm-packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        bundled.test(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
  const common = {
    absWorkingDir: server,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    tsconfig: path.join(server, 'tsconfig.json'),
    sourcemap: 'linked',
    plugins: [external],
    logLevel: 'warning',
    write: false,
  };
  const results = await Promise.all([
    esbuild.build({ ...common, entryPoints: programs, outdir: serverDist }),
    esbuild.build({ ...common, entryPoints: workers, outdir: serverDist, outExtension: { '.js': '.mjs' } }),
  ]);
  // Each file lands whole (written aside, then renamed): a server starting, or another build running at the
  // same time (test files in parallel), never reads half a file. main.js, whose time says the build is up
  // to date, comes last.
  fs.mkdirSync(serverDist, { recursive: true });
  const files = results.flatMap((result) => result.outputFiles);
  const marker = path.join(serverDist, 'main.js');
  for (const file of files.toSorted((a, b) => Number(a.path === marker) - Number(b.path === marker))) {
    const aside = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(aside, file.contents);
    fs.renameSync(aside, file.path);
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildServer({ force: process.argv.includes('--force') });
  if (built) console.log(`Server built to apps/server/dist in ${Math.round(performance.now() - started)} ms`);
}
