import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The real server as an operator runs it, in a child process: `npm start`, `node scripts/start.mjs` (what
 * `npm start` runs), or the build itself, `node apps/server/dist/main.js` (what the Docker image runs). Tests
 * that kill it, send it signals or start it on bad settings. They run the build rather than the sources under
 * tsx: what ships is what they test (the bundle finding its worker threads' files, say), and a start skips
 * tsx's transpiling.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Starts as soon as a test file imports this helper, so the build runs beside the file's other setup and not
 * inside a test's time limit. scripts/build-server.mjs skips an up-to-date build and writes each file whole,
 * so test files running at once may race.
 */
const built = promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
  cwd: repoRoot,
});
// Reported by the first startServer that awaits it, not as an unhandled rejection.
built.catch(() => {});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  /** The exit code (or 128 + signal number, as a shell reports it). */
  exited: Promise<number>;
  /** Resolves when every process started (npm's children included) has let go of the output. */
  outputClosed: Promise<void>;
  /** Resolves once the output holds `count` matches of `pattern` (log lines the server wrote). */
  outputMatches(pattern: RegExp, count: number): Promise<void>;
};

const running = new Set<ChildProcess>();
/** For a test file's afterAll: whatever a failed test left running. */
export function killServers() {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * Starts the server with `env` on top of a minimal environment (no web build: WEB_DIST_DIR points at an
 * empty directory, which also tells start.mjs not to build one). `port`: a restart comes back as the same
 * instance (host and port). `terminal`: its output goes to a terminal (util-linux `script` gives it one), as
 * when a developer runs it. `ready: false` returns at once, for a start that is expected to fail.
 */
export async function startServer(options: {
  entry: 'npm start' | 'start.mjs' | 'main.js';
  env: Record<string, string | undefined>;
  dataDir: string;
  port?: number;
  terminal?: boolean;
  ready?: boolean;
}): Promise<ServerProcess> {
  await built;
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  const [program, args]: [string, string[]] =
    options.entry === 'npm start'
      ? ['npm', ['start']]
      : options.entry === 'start.mjs'
        ? [process.execPath, [path.join(repoRoot, 'scripts/start.mjs')]]
        : [process.execPath, ['--disable-warning=ExperimentalWarning', main]];
  // script runs the command line through a shell: each word quoted; SIGTERM to script reaches the server.
  const commandLine = [program, ...args].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  const [command, commandArgs]: [string, string[]] = options.terminal
    ? ['script', ['--quiet', '--flush', '--return', '--command', commandLine, '/dev/null']]
    : [program, args];
  const child = spawn(command, commandArgs, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
    }),
  );
  const outputClosed = new Promise<void>((resolve) => child.stdout!.once('close', () => resolve()));
  const outputMatches = (pattern: RegExp, count: number) =>
    new Promise<void>((resolve, reject) => {
      const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
      const check = () => {
        if ((output.match(global)?.length ?? 0) < count) return false;
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve();
        return true;
      };
      if (check()) return;
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      void outputClosed.then(() =>
        reject(new Error(`the server exited before writing ${count} × ${pattern}\n${output}`)),
      );
    });
  const server = { child, port, base, output: () => output, exited, outputMatches, outputClosed };
  if (options.ready === false) return server;
  // A first start migrates and seeds; two of them at once beside a loaded test run have taken over 30 s.
  const readyWithin = 90_000;
  const deadline = Date.now() + readyWithin;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) before it was ready\n${output}`);
    const ok = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline)
      throw new Error(`the server was not ready in ${readyWithin / 1000} s\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
