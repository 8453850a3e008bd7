import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { createQueueWorker, type QueuedRow } from './queue';

export type JobHandler = (job: QueuedRow) => Promise<void>;

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
    doneColumn: 'finished_at',
    batch: 2,
    async handle(row) {
      const kind = (row as QueuedRow & { kind: string }).kind;
      const handler = handlers.get(kind);
      const started = performance.now();
      try {
        if (!handler) throw new Error(`no handler for job kind ${kind}`);
        await handler(row);
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
