#!/usr/bin/env node
// The bundle budget: the gzipped JavaScript a cold load of /login and of /dashboard fetches must stay
// at or under 150 KB each. Run after the web build (npm test does). Reads the build's Vite manifest: the
// entry (index.html) with its static imports, plus the layout and route modules each page loads, with their
// static imports. Dynamic imports inside those (the store map, charts, dialogs) are not counted: they load
// after the first paint or on demand. Prints both figures and exits non-zero past the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 150;
// WEB_DIST: check another build's output (a build into a private folder while others use apps/web/dist).
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(process.cwd(), manifestFile)}: build the web app first (npm run build).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

// The lazy route modules React Router loads for each page (src/router.tsx): the page and its layout (the
// sign-in layout is in the entry chunk; the app shell is lazy), as the build resolved them into the files the
// server names as the page's preloads (ROUTE_PRELOADS in apps/web/vite.config.ts, written to
// dist/preloads.json with their static imports): a module need not have a chunk of its own.
const preloads = JSON.parse(fs.readFileSync(path.join(dist, 'preloads.json'), 'utf8'));
const PAGES = Object.fromEntries(
  ['/login', '/dashboard'].map((page) => [page, preloads.pages[page].scripts.map((url) => url.slice(1))]),
);

/** Every chunk file the entry pulls in through static imports (what the browser must fetch before it runs). */
function staticClosure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gzipped = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

let over = false;
for (const [page, scripts] of Object.entries(PAGES)) {
  const files = [...new Set([...staticClosure(['index.html']), ...scripts])];
  const sizes = files.map((file) => [file, gzipped(file)]).sort((a, b) => b[1] - a[1]);
  const totalKb = sizes.reduce((sum, [, size]) => sum + size, 0) / 1024;
  const ok = totalKb <= BUDGET_KB;
  over ||= !ok;
  console.log(
    `${ok ? '✔' : '✘'} ${page}: ${totalKb.toFixed(1)} KB of gzipped JavaScript in ${files.length} files (budget ${BUDGET_KB} KB)`,
  );
  if (!ok || process.argv.includes('--verbose')) {
    for (const [file, size] of sizes) console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  }
}
process.exit(over ? 1 : 0);
