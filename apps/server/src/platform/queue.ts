import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Db, untyped } from './db';
import { nowIso } from './clock';

const CLAIM_TIMEOUT_MS = 5 * 60_000;
/** Back-off between attempts doubles from 2 s and stops growing at an hour. */
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** The outbox columns a new row sets (the rest keep their defaults), as `insertMany` sends them. */
export const OUTBOX_COLUMNS = {
  kind: 'text',
  payload: 'text',
  available_at: 'timestamptz',
  created_at: 'timestamptz',
} as const;

export const retryDelayMs = (attempts: number) => Math.min(2 ** attempts * 1000, MAX_RETRY_DELAY_MS);

export type QueuedRow = { id: number; payload: string; attempts: number; team_id?: number | null };

/** The two queue tables share their columns but not a type: the builders work on them `untyped`. */
type QueueTable = 'outbox' | 'jobs';
/** The column set when a row is done. */
const DONE_COLUMN = { outbox: 'sent_at', jobs: 'finished_at' } as const;

type ClaimOptions = {
  table: QueueTable;
  /** Extra condition on which rows this worker takes (e.g. a job kind). */
  kinds?: string[];
  batch?: number;
};

/**
 * The claim of a batch: the earliest due rows nobody holds (or whose holder's claim expired), marked as held in
 * one UPDATE … RETURNING. In due order, which the pending partial indexes (`outbox_pending_index`,
 * `jobs_due_index`) hold: the tables keep a month of done rows, and an order they cannot give (by id) made
 * each claim read all of them.
 */
export function claimDue(database: Db, options: ClaimOptions, now = nowIso()) {
  const db = untyped(database);
  const stale = new Date(Date.parse(now) - CLAIM_TIMEOUT_MS).toISOString();
  let due = db
    .selectFrom(options.table)
    .select('id')
    .where(DONE_COLUMN[options.table], 'is', null)
    .where('failed_at', 'is', null)
    .where('available_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]));
  if (options.kinds) due = due.where('kind', 'in', options.kinds);
  return db
    .updateTable(options.table)
    .set({ claimed_at: now, attempts: sql`attempts + 1` })
    .where(
      'id',
      'in',
      due
        .orderBy('available_at')
        .orderBy('id')
        .limit(options.batch ?? 20),
    )
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
    .returningAll();
}

/**
 * How long a delivered message or a finished job stays in its table. The outbox holds each mail as sent, names and
 * addresses included, and both tables gain a row per notice recipient or upload: long enough to answer "was it
 * sent?", not for ever. Rows that failed for good stay until someone looks at them.
 */
export const QUEUE_RETENTION_DAYS = 30;
const RETENTION_SLICE = 5000;

/**
 * Removes the outbox rows delivered and the jobs finished more than QUEUE_RETENTION_DAYS ago, a slice a statement
 * with a turn of the event loop between (SQLite's statements hold it), through the partial indexes of migration
 * 0068. Safe on several instances at once. Returns how many rows went.
 */
export async function purgeDoneQueueRows(database: Db, now = Date.now()): Promise<number> {
  const db = untyped(database);
  const cutoff = new Date(now - QUEUE_RETENTION_DAYS * 86_400_000).toISOString();
  let removed = 0;
  for (const table of ['outbox', 'jobs'] as const) {
    for (;;) {
      const slice = doneBefore(database, table, cutoff).limit(RETENTION_SLICE);
      const result = await db.deleteFrom(table).where('id', 'in', slice).executeTakeFirst();
      const count = Number(result.numDeletedRows);
      removed += count;
      if (count < RETENTION_SLICE) break;
      await nextTurn();
    }
  }
  return removed;
}

/** The ids of a queue table's rows done (delivered, finished) before `cutoff`. */
export function doneBefore(database: Db, table: QueueTable, cutoff: string) {
  const done = DONE_COLUMN[table];
  return untyped(database)
    .selectFrom(table)
    .select('id')
    .where(done, 'is not', null)
    .where(done, '<', cutoff);
}

/**
 * A table-backed work queue (the mail outbox, background jobs). Any instance may work it: a row is
 * claimed with one UPDATE … RETURNING, so it runs once; a crashed worker's claim expires after five
 * minutes; failures retry with exponential back-off until `maxAttempts`.
 */
export function createQueueWorker(
  options: ClaimOptions & {
    db: Db;
    log: FastifyBaseLogger;
    maxAttempts?: number;
    /** `signal` aborts when the worker stops: long work checks it between steps and leaves the rest for later. */
    handle(row: QueuedRow, signal: AbortSignal): Promise<void>;
  },
) {
  const db = untyped(options.db);
  const maxAttempts = options.maxAttempts ?? 5;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  const stopping = new AbortController();

  const claim = () => claimDue(options.db, options).execute() as Promise<QueuedRow[]>;

  /** Claims and works batches until nothing is due (bounded, so one run cannot go on forever). */
  async function work(): Promise<number> {
    let done = 0;
    for (let round = 0; round < 50 && !stopped; round += 1) {
      const rows = await claim();
      if (!rows.length) break;
      done += await workBatch(rows);
    }
    return done;
  }

  async function workBatch(rows: QueuedRow[]): Promise<number> {
    let done = 0;
    for (const row of rows) {
      try {
        await options.handle(row, stopping.signal);
        await db
          .updateTable(options.table)
          .set({ [DONE_COLUMN[options.table]]: nowIso() })
          .where('id', '=', row.id)
          .execute();
        done += 1;
      } catch (error) {
        const failed = row.attempts >= maxAttempts;
        options.log.warn(
          { err: error, table: options.table, id: row.id, attempts: row.attempts },
          'queued work failed',
        );
        await db
          .updateTable(options.table)
          .set({
            claimed_at: null,
            last_error: String(error).slice(0, 1000),
            available_at: new Date(Date.now() + retryDelayMs(row.attempts)).toISOString(),
            failed_at: failed ? nowIso() : null,
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return done;
  }

  function run(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = work()
      .catch((error: unknown) => {
        options.log.error({ err: error, table: options.table }, 'queue run failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    /** Works what is due now; returns how many rows completed. */
    runDue: run,
    /** Asks for a run soon (after a commit) without waiting for the next tick. */
    kick: () => void run(),
    start(intervalMs = 5000) {
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearInterval(timer);
      while (running) await running;
    },
    /** Waits until nothing is queued or running (tests, shutdown). */
    async drain() {
      while (running || again) await (running ?? Promise.resolve());
    },
  };
}
