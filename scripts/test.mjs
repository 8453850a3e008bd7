#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting, unit + API tests on SQLite, the API tests again on PostgreSQL when one is
// reachable, then the web build, its bundle budget (scripts/check-bundle.mjs) and the Playwright end-to-end
// suite in Chromium. Ends with one line of totals over every runner: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0 };
const failures = [];
// Each failed test's name and first error line, repeated at the end: CI shows only the tail of the output.
const failedTests = [];
// The page snapshots of failed end-to-end tests, shown before that list; three at most, each cut short.
const pageSnapshots = [];
const PAGE_SNAPSHOT_CHARS = 6000;
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((line) => line.trim()) ?? '';

function run(label, command, args, env = {}) {
  // The load average tells a slow or timed-out step on a busy machine from a real regression.
  console.log(`\n▶ ${label} (load average ${os.loadavg()[0].toFixed(1)})`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(label);
  return ok;
}

/**
 * Steps that share nothing run side by side, each lane one after another, with each step's output held back and
 * printed whole when it ends (interleaved lines from two compilers would be unreadable).
 */
async function runLanes(lanes) {
  console.log(
    `\n▶ ${lanes
      .flat()
      .map((step) => step.label)
      .join(', ')}, side by side (load average ${os.loadavg()[0].toFixed(1)})`,
  );
  const runStep = ({ label, command, args }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, env: process.env });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (status) => {
        const ok = status === 0;
        process.stdout.write(Buffer.concat(output));
        console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        if (!ok) failures.push(label);
        resolve(ok);
      });
    });
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) await runStep(step);
    }),
  );
}

/** `npm run typecheck`'s compiler runs, one step each, read from package.json so the two lists never differ. */
function typecheckSteps() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return scripts.typecheck.split('&&').map((command) => {
    const [tool, ...args] = command.trim().split(/\s+/);
    return { label: `typecheck ${args[1]}`, command: bin(tool), args };
  });
}

function countVitest(file, runner) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    // A file that fails to load has no failed tests but is a failure: count it as one.
    if (
      suite.status === 'failed' &&
      !(suite.assertionResults ?? []).some((test) => test.status === 'failed')
    ) {
      failedTests.push(`${runner} › ${where}: ${firstLine(suite.message)}`);
      totals.failed += 1;
    }
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed')
        failedTests.push(`${runner} › ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats, suites } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const result = test.results?.at(-1);
          const name = `e2e › ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
          failedTests.push(`${name}: ${firstLine(result?.error?.message)}`);
          const context = result?.attachments?.find(
            (attachment) => attachment.name === 'error-context',
          )?.path;
          // Playwright's error context holds the page's accessibility tree where the failure was not a matcher's
          // (a locator that timed out); the rest of it repeats the error printed above.
          const snapshot =
            context && fs.existsSync(context)
              ? /^# Page snapshot\n([\s\S]*?)(?=^# |(?![\s\S]))/m.exec(fs.readFileSync(context, 'utf8'))?.[1]
              : undefined;
          if (snapshot) pageSnapshots.push({ name, text: snapshot.trim() });
        }
    for (const child of suite.suites ?? [])
      visit(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of suites ?? []) visit(suite, []);
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((file) => fs.existsSync(file));
}

/** Chromium's headless shell (Debian's chromium-headless-shell), which runs most end-to-end tests. */
function findHeadlessShell() {
  const candidates = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/lib/chromium/chromium-headless-shell'];
  return candidates.filter(Boolean).find((file) => fs.existsSync(file));
}

function ensureChromium() {
  let chromium = findChromium();
  const isRoot = process.getuid?.() === 0;
  const missing = [!chromium && 'chromium', !findHeadlessShell() && 'chromium-headless-shell'].filter(
    Boolean,
  );
  if (missing.length && isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian’s ${missing.join(' and ')} for the end-to-end tests…`);
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing, 'fonts-liberation'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    chromium = findChromium();
  }
  // Without the shell every test runs in the full browser (e2e/playwright.config.ts), only slower.
  if (chromium && !findHeadlessShell())
    console.log('(no chromium-headless-shell: the end-to-end tests run in the full browser)');
  if (!chromium) {
    console.error(
      'No Chromium for the end-to-end tests. Install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.',
    );
  }
  return chromium;
}

// The compilers and the linters read the sources and write nothing: two lanes keep both cores busy. The server's
// program is the largest; the other programs and the linter make up the second lane. The server and the benchmarks
// are one program (tsconfig.node.json): the benchmarks import most of the server, and checked apart they had its
// files checked twice (29 + 21 s against 28 s together).
const typechecks = typecheckSteps();
const serverTypecheck = typechecks.find((step) => step.label === 'typecheck tsconfig.node.json');
const prettierCheck = {
  label: 'formatting (prettier --check)',
  command: bin('prettier'),
  args: ['--check', '--log-level', 'warn', '.'],
};
const lint = { label: 'lint', command: bin('eslint'), args: ['--max-warnings=0', '.'] };
await runLanes([
  [serverTypecheck, prettierCheck],
  [...typechecks.filter((step) => step !== serverTypecheck), lint],
]);

const sqliteReport = path.join(tmp, 'vitest-sqlite.json');
fs.rmSync(sqliteReport, { force: true });
// Scale-out tests (two app instances sharing events through Redis) run when a Redis answers.
const redisUrl =
  process.env.TEST_REDIS_URL ?? ((await portOpen('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : undefined);
const redisEnv = redisUrl ? { TEST_REDIS_URL: redisUrl } : {};
if (!redisUrl)
  console.log(
    '\n(no Redis on 127.0.0.1:6379 and no TEST_REDIS_URL: the two-instance realtime test is left out)',
  );
run(
  'unit and API tests (SQLite)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${sqliteReport}`],
  { TEST_DB: 'sqlite', ...redisEnv },
);
countVitest(sqliteReport, 'SQLite');

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl || (await portOpen('127.0.0.1', 5432))) {
  const pgReport = path.join(tmp, 'vitest-postgres.json');
  fs.rmSync(pgReport, { force: true });
  run(
    'API tests (PostgreSQL)',
    bin('vitest'),
    ['run', 'apps/server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
    {
      TEST_DB: 'postgres',
      TEST_DATABASE_URL: pgUrl ?? 'postgres://postgres@127.0.0.1:5432/test',
      ...redisEnv,
    },
  );
  countVitest(pgReport, 'PostgreSQL');
} else {
  console.log('\n(no PostgreSQL on 127.0.0.1:5432 and no TEST_DATABASE_URL: API tests ran on SQLite only)');
}

if (run('web build', 'npm', ['run', '--silent', 'build'])) {
  // The JavaScript a cold load of /login and /dashboard fetches stays within 150 KB gzipped.
  // Counted as one test in the totals.
  if (run('bundle budget', 'node', ['scripts/check-bundle.mjs'])) totals.passed += 1;
  else totals.failed += 1;
  const chromium = ensureChromium();
  if (chromium) {
    const e2eReport = path.join(tmp, 'playwright.json');
    fs.rmSync(e2eReport, { force: true });
    run('end-to-end tests (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    });
    countPlaywright(e2eReport);
  } else {
    failures.push('end-to-end tests (no Chromium)');
  }
}

// CI keeps no artifacts: the page as the failed test left it (its accessibility tree) is printed with the log.
for (const { name, text } of pageSnapshots.slice(0, 3))
  console.log(`\nPage at the failure of ${name}:\n${text.slice(0, PAGE_SNAPSHOT_CHARS)}`);
if (failedTests.length)
  console.log(`\nFailed tests:\n${failedTests.map((line) => `  ✘ ${line.slice(0, 400)}`).join('\n')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length || totals.failed ? 1 : 0);
