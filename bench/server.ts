/**
 * The process under test, forked by run.ts: the real app (buildApp) and, beside it, a bare Fastify
 * app with one JSON route (the ceiling). Both listen on 127.0.0.1 only, on random ports. The parent
 * asks over IPC for memory samples around the export.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { benchAppConfig } from './config';
import { openDatabase } from '../apps/server/src/platform/db';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';

export type ToServer = { type: 'rss-start' } | { type: 'rss-stop' };
export type FromServer =
  | { type: 'ready'; appPort: number; barePort: number }
  | { type: 'rss-started' }
  | { type: 'rss'; before: number; peak: number; after: number };

async function main() {
  const databaseUrl = process.env.BENCH_APP_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!databaseUrl || !dataDir || !process.send) throw new Error('server.ts is started by bench/run.ts');
  fs.mkdirSync(dataDir, { recursive: true });

  const config = benchAppConfig(databaseUrl, dataDir);
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'ok' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });

  const portOf = (server: typeof bare.server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  };

  let sampler: NodeJS.Timeout | null = null;
  let before = 0;
  let peak = 0;
  const send = (message: FromServer) => process.send!(message);
  process.on('message', (message: ToServer) => {
    if (message.type === 'rss-start') {
      globalThis.gc?.();
      before = process.memoryUsage.rss();
      peak = before;
      sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
      send({ type: 'rss-started' });
    } else if (message.type === 'rss-stop') {
      if (sampler) clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      globalThis.gc?.();
      send({ type: 'rss', before, peak, after: process.memoryUsage.rss() });
    }
  });
  process.on('disconnect', () => {
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  send({ type: 'ready', appPort: portOf(app.server), barePort: portOf(bare.server) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
