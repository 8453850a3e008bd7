import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import { openDatabase, type DatabaseHandle } from './platform/db';
import type { Deps } from './platform/deps';
import { registerErrorHandler } from './platform/errors';
import { createMailSender } from './platform/mail';
import { memoryRateLimiter, redisRateLimiter } from './platform/rate-limit';
import { resolveAppKey } from './platform/secrets';
import { installAuthContext, type RouteGuardEntry } from './modules/auth/context';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerTeamRoutes } from './modules/teams/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerSearchRoutes } from './modules/search/routes';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every /app route with its declared guard (tests enumerate it). */
    routeGuards: RouteGuardEntry[];
  }
}

export type BuildOptions = {
  config: Config;
  /** Tests pass an already migrated database; otherwise one is opened from DATABASE_URL. */
  database?: DatabaseHandle;
};

/** Builds the whole app without listening: platform → auth/team context → modules → SPA. */
export async function buildApp({ config, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'] },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const handle = database ?? openDatabase(config.DATABASE_URL);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  const mail = createMailSender({
    db: handle.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(config.DATA_DIR, 'mail'),
    log: app.log,
  });
  const deps: Deps = {
    config,
    appKey: resolveAppKey(config.APP_KEY, config.DATA_DIR),
    db: handle.db,
    dialect: handle.dialect,
    mail,
    limiter: redis ? redisRateLimiter(redis) : memoryRateLimiter(),
    log: app.log,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await mail.stop();
    if (redis) await redis.quit();
    if (!database) await handle.close();
  });

  await app.register(cookie);
  await app.register(swagger, {
    openapi: { info: { title: 'Storekeep API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  registerErrorHandler(app);
  app.decorate('routeGuards', installAuthContext(app, deps));

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await handle.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  app.get('/app/api/docs', { config: { guard: 'public' }, schema: { hide: true } }, async () => app.swagger());

  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerSearchRoutes(app, deps);

  await serveWebApp(app, config);
  return app;
}

/** Serves the built SPA on the same port; any non-API GET that is not a file gets index.html. */
async function serveWebApp(app: FastifyInstance, config: Config) {
  const dist = path.resolve(config.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'));
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return;
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  const html = fs.readFileSync(index, 'utf8');
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/app/') || path.extname(pathname)) {
      return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found.` });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
  });
}
