import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Dialect } from './db';
import type { JobRunner } from './jobs';
import type { MailSender } from './mail';
import type { Outbound } from './outbound';
import type { PushSender } from './push';
import type { RateLimiter } from './rate-limit';
import type { Realtime } from './realtime';
import type { Storage } from './storage';
import type { Background } from './background';

/** What modules are built from; app.ts makes one per app instance (tests make many). */
export type Deps = {
  config: Config;
  appKey: string;
  db: Db;
  dialect: Dialect;
  mail: MailSender;
  push: PushSender;
  /** The only way to contact a URL from the server (refuses internal addresses). */
  outbound: Outbound;
  jobs: JobRunner;
  /** Work outside requests and jobs (the housekeeping), stopped before the database closes. */
  background: Background;
  limiter: RateLimiter;
  storage: Storage;
  realtime: Realtime;
  log: FastifyBaseLogger;
};
