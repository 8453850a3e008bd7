import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from './clock';
import type { Db, Executor } from './db';
import { createQueueWorker, type QueuedRow } from './queue';

/** `signal` aborts when the runner stops (shutdown): a long job checks it and leaves the rest for later. */
export type JobHandler = (job: QueuedRow, signal: AbortSignal) => Promise<void>;

export type JobRunner = {
  register(kind: string, handler: JobHandler): void;
  runDue(): Promise<number>;
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  drain(): Promise<void>;
};

/** Told about every job a runner works: its kind, whether it threw, and how long it ran (/metrics). */
export type JobObserver = (kind: string, outcome: 'succeeded' | 'failed', seconds: number) => void;

/** Background jobs from the `jobs` table, dispatched by kind to the handler a module registered. */
export function createJobRunner(db: Db, log: FastifyBaseLogger, observe?: JobObserver): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const worker = createQueueWorker({
    db,
    log,
    table: 'jobs',
    batch: 2,
    async handle(row, signal) {
      const kind = (row as QueuedRow & { kind: string }).kind;
      const handler = handlers.get(kind);
      const started = performance.now();
      try {
        if (!handler) throw new Error(`no handler for job kind ${kind}`);
        await handler(row, signal);
        observe?.(kind, 'succeeded', (performance.now() - started) / 1000);
      } catch (error) {
        observe?.(kind, 'failed', (performance.now() - started) / 1000);
        throw error;
      }
    },
  });
  return {
    register: (kind, handler) => void handlers.set(kind, handler),
    runDue: worker.runDue,
    kick: worker.kick,
    start: worker.start,
    stop: worker.stop,
    drain: worker.drain,
  };
}

/**
 * Queues a job in the caller's transaction, so it exists only if that write commits. With `unlessWaiting`,
 * nothing is added while a job of the same kind for the team waits to be claimed: that one will see this write
 * too (a job already running may not, so it does not count). Two transactions may still both add one; a job's
 * handler must be safe to run twice anyway (decision 0009).
 */
export async function queueJob(
  db: Executor,
  job: { kind: string; teamId: number; payload: unknown; unlessWaiting?: boolean },
): Promise<boolean> {
  if (job.unlessWaiting) {
    const waiting = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', job.kind)
      .where('team_id', '=', job.teamId)
      .where('claimed_at', 'is', null)
      .where('finished_at', 'is', null)
      .where('failed_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (waiting) return false;
  }
  const now = nowIso();
  await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      team_id: job.teamId,
      payload: JSON.stringify(job.payload),
      available_at: now,
      created_at: now,
    })
    .execute();
  return true;
}
