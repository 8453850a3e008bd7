import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { useTestApp } from '../../test/context';
import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import type { RealtimeEvent } from './realtime';

/**
 * Two deployments (each with its own database) on one Redis: neither hears the other's realtime events nor
 * shares its rate-limit counters. Pub/sub ignores Redis database numbers, so only the names keep them apart.
 */
const ctx = useTestApp();
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('deployments.test: no TEST_REDIS_URL, the two-deployments test does not run');

const base = { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' };

describe('REDIS_PREFIX', () => {
  it('defaults to one name per database, however the URL is written', () => {
    const prefixOf = (env: Record<string, string>) => loadConfig({ ...base, ...env }).REDIS_PREFIX;
    const shop = prefixOf({ DATABASE_URL: 'postgres://app:one@db.internal:5432/shop' });
    expect(shop).toMatch(/^storekeep-[0-9a-f]{12}:$/);
    expect(prefixOf({ DATABASE_URL: 'postgresql://other:two@db.internal/shop?sslmode=require' })).toBe(shop);
    expect(prefixOf({ DATABASE_URL: 'postgres://app:one@db.internal:5432/shop_staging' })).not.toBe(shop);
    expect(prefixOf({ DATABASE_URL: 'postgres://app:one@db2.internal:5432/shop' })).not.toBe(shop);
    const file = path.resolve('data/a.sqlite');
    expect(prefixOf({ DATABASE_URL: `sqlite:${file}` })).toBe(
      prefixOf({ DATABASE_URL: 'sqlite:data/a.sqlite' }),
    );
    expect(prefixOf({ DATABASE_URL: 'sqlite:data/b.sqlite' })).not.toBe(
      prefixOf({ DATABASE_URL: 'sqlite:data/a.sqlite' }),
    );
    expect(prefixOf({ DATABASE_URL: 'sqlite:data/a.sqlite', REDIS_PREFIX: 'acme-prod' })).toBe('acme-prod:');
  });

  it('refuses a prefix Redis tools would trip over, naming the variable', () => {
    expect(() => loadConfig({ ...base, REDIS_PREFIX: 'two words' })).toThrow(
      /REDIS_PREFIX: must be 1 to 64 letters/,
    );
  });
});

describe.runIf(redisUrl)('two deployments on one Redis', () => {
  let deployments: FastifyInstance[] = [];
  let handles: DatabaseHandle[] = [];
  let observer: Redis;
  let admin: Redis;
  const seen: string[] = [];

  beforeAll(async () => {
    // Both apps work on the test's database; what tells the deployments apart is DATABASE_URL, from which
    // each derives its default prefix (the second names another database).
    const configs = [
      { ...ctx.config, REDIS_URL: redisUrl },
      loadConfig({
        ...base,
        DATA_DIR: ctx.dataDir,
        REDIS_URL: redisUrl,
        DATABASE_URL: `sqlite:${path.join(ctx.dataDir, 'other.sqlite')}`,
        LOG_LEVEL: 'silent',
      }),
    ];
    handles = configs.map(() => openDatabase(ctx.databaseUrl, { poolSize: 2 }));
    deployments = await Promise.all(configs.map((config, i) => buildApp({ config, database: handles[i] })));
    await Promise.all(deployments.map((app) => app.ready()));
    admin = new Redis(redisUrl!);
    observer = new Redis(redisUrl!);
    observer.on('pmessage', (_pattern: string, channel: string) => seen.push(channel));
    await observer.psubscribe('*');
  });

  afterAll(async () => {
    await Promise.all(deployments.map((app) => app.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await observer?.quit();
    await admin?.quit();
  });

  it("keeps one deployment's events from the other's listeners", async () => {
    const [mine, theirs] = deployments as [FastifyInstance, FastifyInstance];
    expect(mine.deps.config.REDIS_PREFIX).not.toBe(theirs.deps.config.REDIS_PREFIX);
    const heard: RealtimeEvent[] = [];
    const own = new Promise<void>((resolve) =>
      mine.deps.realtime.subscribe(['user.1', 'team.1'], (event) => {
        heard.push(event);
        if (event.type === 'own') resolve();
      }),
    );
    // Subscribing is asynchronous: wait until Redis counts this deployment's listener on both channels.
    const channels = ['user.1', 'team.1'].map((channel) => `${mine.deps.config.REDIS_PREFIX}rt:${channel}`);
    await expect
      .poll(async () =>
        ((await admin.pubsub('NUMSUB', ...channels)) as Array<string | number>)
          .filter((_, i) => i % 2)
          .map(Number),
      )
      .toEqual([1, 1]);

    theirs.deps.realtime.publish('user.1', { type: 'notifications', data: { count: 7 } });
    theirs.deps.realtime.publish('team.1', {
      type: 'import.finished',
      data: { file_name: 'their-secrets.csv' },
    });
    // Redis delivers in order: once the other deployment's two messages passed the observer, this
    // deployment's own event comes after anything its listener could have been sent.
    await expect
      .poll(() => seen.filter((channel) => channel.startsWith(theirs.deps.config.REDIS_PREFIX)).length)
      .toBe(2);
    mine.deps.realtime.publish('team.1', { type: 'own', data: null });
    await own;
    expect(heard).toEqual([{ type: 'own', data: null }]);
  });

  it("keeps one deployment's rate-limit counts out of the other's", async () => {
    const [mine, theirs] = deployments as [FastifyInstance, FastifyInstance];
    const key = `deployments-test:${Date.now()}`;
    await mine.deps.limiter.hit(key, 60);
    await mine.deps.limiter.hit(key, 60);
    expect((await theirs.deps.limiter.hit(key, 60)).count).toBe(1);
    expect((await mine.deps.limiter.hit(key, 60)).count).toBe(3);
  });
});
