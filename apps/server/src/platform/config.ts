import { createHash } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Every environment variable the server reads (ARCHITECTURE §6); README's table mirrors this schema. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url().optional(),
    APP_KEY: z.string().min(32).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
      .refine(
        (url) => url.startsWith('sqlite:') || postgresTarget(url) !== null,
        'is not a valid PostgreSQL URL: expected postgres://user:password@host:5432/database (with special characters in the password percent-encoded)',
      )
      .optional(),
    /** PostgreSQL: the longest one statement of the app may run (0: no limit). Migrations are not limited. */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /**
     * PostgreSQL: connections each worker process keeps open (default: defaultPoolSize). Every query of a request
     * takes one for its length; more than the database's cores can run at once only adds switching between them,
     * fewer makes requests wait behind imports and exports.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
    /**
     * PostgreSQL: run the app's statements as named prepared statements, parsed once per connection
     * (platform/db/prepared.ts). Off behind a pooler that hands a session's statements to other connections
     * (PgBouncer in transaction mode before 1.21, without `max_prepared_statements`).
     */
    DATABASE_PREPARED_STATEMENTS: bool.default(true),
    /**
     * The tenancy guard (platform/db/tenancy-guard.ts) for development: `report` logs each statement on a
     * team's table that does not name the team, `enforce` refuses it. Tests always enforce; production keeps it off.
     */
    TENANCY_GUARD: z.enum(['off', 'report', 'enforce']).default('off'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /**
     * This deployment's name in Redis: every key and pub/sub channel starts with it, so deployments sharing a
     * Redis (pub/sub ignores database numbers) never see each other's events or counters. Default: derived
     * from the database (DATABASE_URL's host, port and name, or the SQLite file's absolute path).
     */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, "_", "." or "-"')
      .optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    DOWNLOAD_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 86_400)
      .default(300),
    /** How long a bearer token made by a device login (`device_name`) works before the device must sign in again. */
    DEVICE_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** How long reading one document's text may take before it is stopped and marked failed. */
    EXTRACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Storekeep <no-reply@storekeep.test>'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** The recurring Stripe price that Checkout subscribes a team to. */
    STRIPE_PRICE_ID: z.string().optional(),
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    /** Who push services may contact about this sender: an https: URL or mailto: (default: MAIL_FROM's address). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(https:\/\/|mailto:)/, 'must start with https:// or mailto:')
      .optional(),
    GOOGLE_MAPS_API_KEY: z.string().optional(),
    /** Where stores' addresses are geocoded (Google's Geocoding API; another URL only for tests or a proxy). */
    GOOGLE_GEOCODING_URL: z.string().url().default('https://maps.googleapis.com/maps/api/geocode/json'),
    /**
     * Hosts (`host` or `host:port`, comma-separated) the server may contact although they are loopback or
     * private, and over plain http: a local push service or geocoding stub. Everything else must be public https.
     */
    OUTBOUND_ALLOW_PRIVATE_HOSTS: z
      .string()
      .regex(
        /^\s*([\w.-]+|\[[\da-fA-F:.]+\])(:\d+)?\s*(,\s*([\w.-]+|\[[\da-fA-F:.]+\])(:\d+)?\s*)*$|^\s*$/,
        'must be a comma-separated list of host or host:port',
      )
      .default(''),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Worker processes serving the one port (node:cluster, platform/cluster.ts); 1 serves from a single process.
     * More than the machine's cores only adds switching.
     */
    WORKERS: z.coerce.number().int().min(1).max(256).default(1),
    /** After SIGTERM/SIGINT: how long in-flight requests and the running job may take before the server exits anyway (non-zero). */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    /**
     * Whose X-Forwarded-For / -Proto / -Host to believe (client IPs for rate limits and the audit log):
     * `false`, the addresses or CIDR ranges of your proxies (comma-separated), or `true` for any direct peer,
     * which is safe only when nothing but the proxy can reach the app's port.
     */
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const flag = bool.safeParse(value.trim().toLowerCase());
        if (flag.success) return flag.data;
        const entries = value.split(',').map((entry) => entry.trim());
        const bad = entries.filter((entry) => !isAddressOrRange(entry));
        if (bad.length) {
          ctx.addIssue({
            code: 'custom',
            message: `must be true, false or a comma-separated list of proxy addresses or CIDR ranges (not ${bad.join(', ')})`,
          });
          return z.NEVER;
        }
        return entries;
      })
      .default(false),
    /** Bearer token Prometheus sends to GET /metrics; unset, /metrics answers only direct loopback requests. */
    METRICS_TOKEN: z.string().min(16).optional(),
    WEB_DIST_DIR: z.string().optional(),
  })
  // Cross-variable rules run once every variable parses on its own, so those mistakes are reported first.
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (env.NODE_ENV === 'production' && !env.APP_KEY) {
      ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.TENANCY_GUARD !== 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['TENANCY_GUARD'],
        message: 'is a development aid: off in production',
      });
    }
  });

export type Config = ReturnType<typeof buildConfig>;

function isAddressOrRange(entry: string) {
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Host, port and database of a PostgreSQL URL, or null when it is not one a client could connect with. */
function postgresTarget(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.slice(1));
  if (!parsed.hostname || !database || database.includes('/')) return null;
  return `${parsed.hostname}:${parsed.port || '5432'}/${database}`;
}

/** The default REDIS_PREFIX: one name per database, whichever instance or URL spelling reaches it. */
function deploymentName(databaseUrl: string) {
  const identity = databaseUrl.startsWith('sqlite:')
    ? path.resolve(databaseUrl.slice('sqlite:'.length))
    : postgresTarget(databaseUrl);
  return `storekeep-${createHash('sha256').update(String(identity)).digest('hex').slice(0, 12)}`;
}

/**
 * Connections per worker when DATABASE_POOL_SIZE is not set: twice the machine's cores shared among the workers
 * (PostgreSQL's own sizing rule, cores × 2, taking this machine's cores for the database's), at least 4 so that an
 * import's transaction leaves requests room, at most 10 (node-postgres's default). On the 2-core benchmark
 * machine with one worker that is 4, which served ten first-time searches at once with a p95 of 42–49 ms against
 * 53–55 ms with 10 connections (decision 0043).
 */
export function defaultPoolSize(cores: number, workers: number): number {
  return Math.min(10, Math.max(4, Math.ceil((2 * cores) / workers)));
}

/** Every variable name the schema reads (README's configuration table and compose.yaml are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export class ConfigError extends Error {}

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const port = env.PORT;
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'storekeep.sqlite')}`;
  return {
    ...env,
    DATA_DIR: dataDir,
    APP_URL: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    DATABASE_URL: databaseUrl,
    /** Put before every Redis key and channel (with its separator). */
    REDIS_PREFIX: `${env.REDIS_PREFIX ?? deploymentName(databaseUrl)}:`,
    /** The demo account exists only while SEED_DEMO is on: default on outside production. */
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE ?? defaultPoolSize(os.availableParallelism(), env.WORKERS),
    isProduction: env.NODE_ENV === 'production',
  };
}

/** Parses the environment once; a bad variable stops start with a message that names it. */
export function loadConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return buildConfig(result.data);
}
