import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killServers, startServer } from '../../test/server-process';

/**
 * Log lines a developer reads in a terminal (pino-pretty); JSON for a collector everywhere else: production
 * (a terminal included, as `docker run -t` gives one) and any output that is not a terminal.
 */
const dataDirs: string[] = [];
afterAll(() => {
  killServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function startupLog(env: Record<string, string>, terminal: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-logs-'));
  dataDirs.push(dataDir);
  const server = await startServer({
    entry: 'main.js',
    dataDir,
    terminal,
    env: { LOG_LEVEL: 'info', APP_KEY: 'k'.repeat(40), ...env },
    ready: false,
  });
  await server.outputMatches(/Storekeep is running at/, 1);
  server.child.kill('SIGTERM');
  await server.exited;
  return server
    .output()
    .split(/\r?\n/)
    .find((line) => line.includes('Storekeep is running at'))!;
}

describe('server logs', () => {
  it(
    'are readable lines in a terminal in development and JSON in production or through a pipe',
    { timeout: 90_000 },
    async () => {
      const [developmentTerminal, developmentPipe, productionTerminal] = await Promise.all([
        startupLog({ NODE_ENV: 'development' }, true),
        startupLog({ NODE_ENV: 'development' }, false),
        startupLog({ NODE_ENV: 'production' }, true),
      ]);
      expect(developmentTerminal).toMatch(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.*: .*Storekeep is running at http/,
      );
      for (const line of [developmentPipe, productionTerminal])
        expect(JSON.parse(line)).toMatchObject({
          level: 30,
          msg: expect.stringMatching(/^Storekeep is running at/),
        });
    },
  );
});
