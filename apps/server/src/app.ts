import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import { openDatabase, rereadOtherConnections, type DatabaseHandle } from './platform/db';
import type { Deps } from './platform/deps';
import { registerErrorHandler } from './platform/errors';
import { loadSpa } from './platform/spa';
import { HEALTH_BODY, healthServerFactory } from './platform/health';
import { registerInputGuard } from './platform/input';
import { registerHttpSecurity } from './platform/http-security';
import { createJobRunner } from './platform/jobs';
import { createBackground } from './platform/background';
import { createMetrics, registerMetrics } from './platform/metrics';
import { createMailSender } from './platform/mail';
import { createPushSender, resolveVapidKeys } from './platform/push';
import { createOutbound, parseHostList, type HostResolver } from './platform/outbound';
import { fallbackRateLimiter, memoryRateLimiter, redisRateLimiter } from './platform/rate-limit';
import { resolveAppKey } from './platform/secrets';
import { createStorage, type Storage } from './platform/storage';
import { createRealtime } from './platform/realtime';
import { isDraining, registerDraining } from './platform/shutdown';
import { registerConditionalGets } from './platform/conditional';
import { compiledSerializerCompiler } from './platform/serializer';
import { watchTeamVersions } from './platform/team-cache';
import { installAuthContext, type RouteGuardEntry } from './modules/auth/index';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerTeamRoutes } from './modules/teams/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerNoteRoutes } from './modules/notes/routes';
import { registerImageRoutes } from './modules/records/image-routes';
import { registerRecordRoutes } from './modules/records/routes';
import { recordDefinitions } from './modules/records/index';
import { registerTrashAndAuditRoutes } from './modules/trash/routes';
import { registerDocumentRoutes } from './modules/documents/routes';
import { EXTRACT_TEXT, runExtraction } from './modules/documents/index';
import { registerLeaseRoutes } from './modules/leases/routes';
import { registerLeaseAccountingRoutes } from './modules/lease-accounting/routes';
import { registerReminderRoutes } from './modules/reminders/routes';
import { registerAgreementRoutes } from './modules/agreements/routes';
import { registerSalesRoutes } from './modules/sales/routes';
import { registerInvoiceRoutes } from './modules/invoices/routes';
import { registerPercentageRentRoutes } from './modules/percentage-rent/routes';
import { registerPayableRoutes } from './modules/payables/routes';
import { registerCamRoutes } from './modules/cam/routes';
import { recomputeAuditReminders } from './modules/cam/index';
import { registerDevelopmentRoutes } from './modules/development/routes';
import { registerFranchiseNetworkRoutes } from './modules/franchise-network/routes';
import { registerFranchiseCalendarRoutes } from './modules/franchise-calendar/routes';
import { registerRealtimeRoutes, registerUnreadBroadcast } from './modules/realtime/routes';
import { registerImportRoutes } from './modules/imports/routes';
import { registerExportRoutes } from './modules/exports/routes';
import { registerTokenRoutes } from './modules/tokens/routes';
import { registerGeocodingRoutes } from './modules/geocoding/routes';
import { RUN_IMPORT, runImportJob } from './modules/imports/index';
import { recomputeCriticalDates } from './modules/leases/index';
import { RECOMPUTE_CRITICAL_DATES } from './modules/teams/index';
import { registerAttributeRoutes } from './modules/attributes/routes';
import { registerBillingRoutes } from './modules/billing/routes';
import { registerDeviceRoutes } from './modules/devices/routes';
import { registerListPreferenceRoutes } from './modules/list-preferences/routes';
import { registerOnboardingRoutes } from './modules/onboarding/routes';
import { registerImportTemplateRoutes } from './modules/imports/template-routes';
import { registerOccupancyRoutes } from './modules/occupancy/routes';
import { recomputeOccupancy } from './modules/occupancy/index';
import { onStoresChanged } from './platform/store-changes';
import { onLeasesChanged } from './platform/lease-changes';
import { onTeamDefaultsChanged } from './platform/team-defaults';
import {
  REFRESH_LEASE_SCHEDULES,
  runScheduleRefresh,
  schedulesChanged,
  schedulesFollowTeamDefaults,
} from './modules/lease-accounting/index';

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
  /** Tests may swap the blob store (an in-memory S3); otherwise STORAGE_DRIVER decides. */
  storage?: Storage;
  /** Where the log lines go instead of stdout (the fuzz tests read them for errors). */
  logStream?: { write(line: string): void };
  /** Tests answer host-name look-ups of outbound requests themselves (no real resolver, no real traffic). */
  resolveHost?: HostResolver;
};

/**
 * Log lines a person reads (pino-pretty, in a worker thread) when a developer runs the server in a terminal;
 * JSON everywhere else — production, containers, pipes and CI — where a collector parses them.
 */
const readableLogs = (config: Config) => config.NODE_ENV === 'development' && process.stdout.isTTY === true;

/** Builds the whole app without listening: platform → auth/team context → modules → SPA. */
export async function buildApp({
  config,
  database,
  storage,
  logStream,
  resolveHost,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      ...(logStream
        ? { stream: logStream }
        : readableLogs(config)
          ? {
              transport: {
                target: 'pino-pretty',
                options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
              },
            }
          : {}),
    },
    trustProxy: config.TRUST_PROXY,
    // Shutdown closes connections itself, gracefully (platform/shutdown.ts): Fastify's 'idle' default destroys
    // a connection whose answer was ended but not yet flushed.
    forceCloseConnections: false,
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    serverFactory: healthServerFactory,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Compiled from each route's response schema; outside production every answer is also checked against it.
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));

  const handle =
    database ??
    openDatabase(config.DATABASE_URL, {
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      poolSize: config.DATABASE_POOL_SIZE,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      ...(config.TENANCY_GUARD === 'off'
        ? {}
        : {
            tenancyGuard: {
              mode: config.TENANCY_GUARD,
              report: (violation) => app.log.warn({ tenancy: violation }, 'statement without its team'),
            },
          }),
    });
  // PostgreSQL: team write versions kept in process while every bump is heard (platform/team-cache.ts).
  const stopWatchingVersions = handle.dialect === 'postgres' ? watchTeamVersions(handle.db) : null;
  const metrics = createMetrics(handle);
  // Every key (rate limits, and whatever else is stored) gets this deployment's prefix from the client itself;
  // channels are prefixed by the realtime module (keyPrefix does not cover them). Duplicates inherit it.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
        keyPrefix: config.REDIS_PREFIX,
      })
    : null;
  const realtimeRedis = redis
    ? { publisher: redis.duplicate(), subscriber: redis.duplicate(), prefix: config.REDIS_PREFIX }
    : null;
  // Redis going away must not stop the app (rate limits fall back to memory, realtime to this instance):
  // each client reconnects by itself; its errors are logged once per outage instead of crashing or flooding.
  for (const client of redis ? [redis, realtimeRedis!.publisher, realtimeRedis!.subscriber] : []) {
    let down = false;
    client.on('error', (error: Error) => {
      if (!down) app.log.warn({ err: error }, 'Redis unavailable; retrying');
      down = true;
    });
    client.on('ready', () => (down = false));
  }
  // Serve once Redis is connected, so an instance's first requests already share rate limits and events with
  // the others (until then they would count in memory); a Redis that does not answer in 2 s counts as down.
  app.addHook('onReady', async () => {
    const clients = redis ? [redis, realtimeRedis!.publisher, realtimeRedis!.subscriber] : [];
    const ready = (client: Redis) =>
      client.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => client.once('ready', () => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)));
    await Promise.race([Promise.all(clients.map(ready)), timeout]);
    clearTimeout(timer);
  });
  const mail = createMailSender({
    db: handle.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(config.DATA_DIR, 'mail'),
    log: app.log,
  });
  const outbound = createOutbound({
    allowPrivateHosts: parseHostList(config.OUTBOUND_ALLOW_PRIVATE_HOSTS),
    resolve: resolveHost,
  });
  const deps: Deps = {
    config,
    appKey: resolveAppKey(config.APP_KEY, config.DATA_DIR),
    db: handle.db,
    dialect: handle.dialect,
    mail,
    push: createPushSender({ db: handle.db, log: app.log, vapid: resolveVapidKeys(config), outbound }),
    outbound,
    jobs: createJobRunner(handle.db, app.log, metrics.observeJob),
    background: createBackground(),
    limiter: redis
      ? fallbackRateLimiter(
          redisRateLimiter(redis),
          memoryRateLimiter(),
          app.log,
          () => redis.status === 'ready',
        )
      : memoryRateLimiter(),
    storage: storage ?? createStorage(config),
    realtime: createRealtime(realtimeRedis),
    log: app.log,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await mail.stop();
    await deps.push.stop();
    await deps.jobs.stop();
    await deps.background.stop();
    await deps.realtime.close();
    // QUIT waits for a connection; with Redis down, drop the socket instead.
    if (redis) await redis.quit().catch(() => redis.disconnect());
    await stopWatchingVersions?.();
    if (!database) await handle.close();
  });

  // First, so every route (and the SPA's not-found fallback) gets the headers and cross-site checks.
  await registerHttpSecurity(app, config);
  // Hooks that never wait are written with `done`: an async one costs every request a promise and a turn.
  // SQLite: what other processes committed is read again for each request (platform/db `sqliteChangeStamp`),
  // after the headers (an error answer keeps those set so far) and before anything reads.
  if (handle.dialect === 'sqlite')
    app.addHook('onRequest', (_request, _reply, done) => {
      rereadOtherConnections(handle.db);
      done();
    });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Storekeep API',
        version: '1',
        description:
          'Scripts and the mobile app call the API with a personal access token: make one on the profile page (it is shown once), ' +
          'then send `Authorization: Bearer <token>` with every request to `/app/api/v1/…` (no cookies or CSRF header needed). ' +
          "A token acts as its user in the user's current team with the same roles; a `read` token may only send GET requests (403 otherwise), " +
          'an expired or revoked token gets 401.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token from the profile page.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const webDist = path.resolve(config.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist'));
  const spa = loadSpa(webDist);
  registerErrorHandler(app, spa);
  registerInputGuard(app);
  app.decorate('routeGuards', installAuthContext(app, deps));
  // After the auth hook: a tag is computed for a known caller only.
  registerConditionalGets(app, deps);
  // Before the routes too: it hooks the writing routes that can move reminders as they are registered.
  registerUnreadBroadcast(app, deps);
  registerMetrics(app, metrics, config.METRICS_TOKEN);

  // Over a socket the server answers GET /healthz before Fastify (platform/health.ts); this route answers the
  // same to in-process injection and to any other form of the URL.
  app.get('/healthz', { config: { guard: 'public' } }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(HEALTH_BODY),
  );
  registerDraining(app);
  app.get('/readyz', { config: { guard: 'public' } }, async (_request, reply) => {
    if (isDraining(app)) return reply.status(503).send({ status: 'shutting down' });
    try {
      // A load balancer's probe wants an answer within its own timeout, not the pool's connect timeout.
      await Promise.race([
        handle.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), 2000).unref()),
      ]);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  app.get('/app/api/docs', { config: { guard: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerSearchRoutes(app, deps);
  for (const definition of Object.values(recordDefinitions)) registerRecordRoutes(app, deps, definition);
  registerNoteRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerTrashAndAuditRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  registerLeaseRoutes(app, deps);
  registerLeaseAccountingRoutes(app, deps);
  registerReminderRoutes(app, deps);
  registerAgreementRoutes(app, deps);
  registerSalesRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerPercentageRentRoutes(app, deps);
  registerPayableRoutes(app, deps);
  registerCamRoutes(app, deps);
  registerDevelopmentRoutes(app, deps);
  registerFranchiseNetworkRoutes(app, deps);
  registerFranchiseCalendarRoutes(app, deps);
  registerRealtimeRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerGeocodingRoutes(app, deps);
  registerAttributeRoutes(app, deps);
  registerBillingRoutes(app, deps);
  registerDeviceRoutes(app, deps);
  registerListPreferenceRoutes(app, deps);
  registerOnboardingRoutes(app, deps);
  registerImportTemplateRoutes(app, deps);
  registerOccupancyRoutes(app, deps);
  onStoresChanged(recomputeOccupancy);
  onLeasesChanged(schedulesChanged);
  onTeamDefaultsChanged(schedulesFollowTeamDefaults);
  deps.jobs.register(EXTRACT_TEXT, (job) => runExtraction(deps, job));
  deps.jobs.register(RUN_IMPORT, (job) => runImportJob(deps, job));
  deps.jobs.register(REFRESH_LEASE_SCHEDULES, (job, signal) => runScheduleRefresh(deps, job, signal));
  deps.jobs.register(RECOMPUTE_CRITICAL_DATES, async (job) => {
    const { teamId } = JSON.parse(job.payload) as { teamId: number };
    await recomputeCriticalDates(deps, teamId);
    await recomputeAuditReminders(deps, teamId);
  });

  // The built SPA's files; client routes fall through to index.html in the not-found handler.
  // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs): sent as the browser accepts.
  if (spa !== null) {
    const hashedAssets = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build names every file under assets/ after its content's hash, so a browser may keep it for a year
      // without asking again: a returning visitor's page starts from its own cache. The rest (the service
      // worker, the manifest, icons, the offline page) keep their names across releases and are revalidated.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(hashedAssets))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Browsers ask for /favicon.ico beside documents that are not HTML (a PDF opened from its signed link),
    // where no <link rel="icon"> names the SVG the app's pages use.
    app.get('/favicon.ico', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
    );
  }
  return app;
}
