#!/usr/bin/env node
// `npm run screenshots:marketing`: photographs the demo portfolio (e2e/tests/marketing-shots.spec.ts, against
// the current build: run `npm run build` first) and copies the pictures to apps/web/public/screenshots/, where
// the marketing home shows them. Commit the new pictures with the change that altered the pages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shots = path.join(root, 'e2e/artifacts/screenshots/marketing');
const target = path.join(root, 'apps/web/public/screenshots');
fs.rmSync(shots, { recursive: true, force: true });
const run = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', '-c', 'e2e/playwright.config.ts', 'marketing-shots.spec.ts'],
  { cwd: root, stdio: 'inherit' },
);
if (run.status !== 0) process.exit(run.status ?? 1);
fs.mkdirSync(target, { recursive: true });
for (const name of fs.readdirSync(shots)) {
  fs.copyFileSync(path.join(shots, name), path.join(target, name));
  console.log(`apps/web/public/screenshots/${name}`);
}
