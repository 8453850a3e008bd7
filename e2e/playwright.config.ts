import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices, type TraceMode } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
// A run on another port (E2E_PORT) gets its own data directory, so two runs on one machine never share one.
export const e2eDataDir = path.join(root, process.env.E2E_PORT ? `.tmp/e2e-data-${port}` : '.tmp/e2e-data');

/** Debian's chromium, or CHROMIUM_PATH. */
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's chromium-headless-shell, or CHROMIUM_HEADLESS_SHELL_PATH; the full browser where it is missing. */
const headlessShell =
  [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/lib/chromium/chromium-headless-shell'].find(
    (file) => file && fs.existsSync(file),
  ) ?? fullChromium;
/** The tag of the tests that need the full browser (`{ tag: '@full-browser' }`). */
const FULL_BROWSER = /@full-browser/;

const launch = (executablePath: string) => ({
  executablePath,
  // The machine's network is closed: background networking would only produce refused connections.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server with a
 * fresh SQLite database and the built SPA, exactly as `npm start` serves them.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  fullyParallel: true,
  // The suite waits on the server and on timers a third of its time: a third browser fills the two cores (546 →
  // 391 s with the headless shell); a fourth overloads them (419 s, and tests that time out).
  workers: 3,
  forbidOnly: true,
  retries: 0,
  // A test of 5–10 s on a quiet machine took six times as long on a loaded 2-vCPU CI machine (one of 15 s timed out
  // at 90 s); the limit is there to stop a hung test, not to time a slow one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // As a user who asked for less motion: the app then skips its transitions, so no frame is drawn for them.
    reducedMotion: 'reduce',
    // A trace records every action's screencast and DOM: on 19 tests it took the run from 87 to 115 s of CPU
    // (66 against 56 s on two cores). CI keeps no artifacts, so it records none (a failure still leaves its
    // screenshot and page snapshot in the log's folder); E2E_TRACE=retain-on-failure asks for them anywhere.
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as TraceMode,
    screenshot: 'only-on-failure',
  },
  projects: [
    // Most tests run in Chromium's headless shell: it draws no browser window behind the page, which took the
    // suite's Chromium time (four fifths of its CPU) down by a fifth.
    {
      name: 'chromium',
      grepInvert: FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launch(headlessShell) },
    },
    // What only the whole browser has (a service worker's notifications) is tested in it.
    {
      name: 'chromium-full',
      grep: FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launch(fullChromium) },
    },
  ],
  webServer: {
    // The build production runs (plain node, no TypeScript loader), brought up to date first.
    command: `rm -rf "${e2eDataDir}" && "${process.execPath}" scripts/build-server.mjs && "${process.execPath}" apps/server/dist/main.js`,
    cwd: root,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // pwa.spec registers a push endpoint on a local port nothing listens on.
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1:9',
      // The tests play users at many addresses behind one proxy (see registerViaApi): the per-address sign-up
      // limit counts each user's own address, as it would in production, not one address for the whole suite.
      TRUST_PROXY: '127.0.0.1',
      NODE_OPTIONS: '--disable-warning=ExperimentalWarning',
    },
  },
});
