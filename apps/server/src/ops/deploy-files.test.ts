import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../platform/config';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The app's environment in compose.yaml (the `x-app` block), with `${VAR:?…}` / `${VAR:-default}` filled in. */
function composeEnvironment(): Record<string, string> {
  const block = /^x-app:[\s\S]*?^ {2}environment:\n((?: {4}.*\n)+)/m.exec(read('compose.yaml'))?.[1];
  if (!block) throw new Error('compose.yaml has no x-app environment');
  const env: Record<string, string> = {};
  for (const [, name, raw] of block.matchAll(/^ {4}([A-Z0-9_]+): (.*)$/gm)) {
    // Either YAML quote (Prettier writes single ones).
    const value = raw!.replace(/^(["'])(.*)\1$/, '$2');
    env[name!] = value
      .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
      .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'x'.repeat(40));
  }
  return env;
}

describe('deployment files stay true to the configuration', () => {
  it('documents every configuration variable in the README table', () => {
    const readme = read('README.md');
    const missing = CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('gives the compose app only variables the server reads, and a configuration it accepts (PostgreSQL, Redis, S3)', () => {
    const env = composeEnvironment();
    expect(Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    const config = loadConfig(env);
    expect(config).toMatchObject({
      isProduction: true,
      STORAGE_DRIVER: 's3',
      S3_FORCE_PATH_STYLE: true,
      TRUST_PROXY: true,
    });
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(config.REDIS_URL).toMatch(/^redis:\/\//);
  });

  it('publishes the app only on loopback, where the load balancer whose X-Forwarded-For it trusts connects', () => {
    const published = [...read('compose.yaml').matchAll(/^ {4}ports: \[(.*)\]$/gm)].flatMap(([, list]) =>
      list!.split(',').map((port) => port.trim().replace(/["']/g, '')),
    );
    expect(published.length).toBeGreaterThan(0);
    expect(published.filter((port) => !port.startsWith('127.0.0.1:'))).toEqual([]);
  });

  it('lets docker stop wait longer than the server drains', () => {
    const grace = Number(/^ {2}stop_grace_period: (\d+)s$/m.exec(read('compose.yaml'))?.[1]);
    expect(grace).toBeGreaterThan(loadConfig(composeEnvironment()).SHUTDOWN_GRACE_SECONDS);
  });

  it('runs the image on the same build as npm start, with plain node', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe('node scripts/start.mjs');
    expect(read('scripts/start.mjs')).toMatch(/path\.join\(serverDist, 'main\.js'\)/);
    expect(read('Dockerfile')).toMatch(
      /^CMD \["node", "--disable-warning=ExperimentalWarning", "apps\/server\/dist\/main\.js"\]$/m,
    );
    expect(read('Dockerfile')).toMatch(/npm ci --omit=dev/);
  });
});
