import cluster, { type Worker } from 'node:cluster';

/**
 * WORKERS=N: N worker processes serve one port (node:cluster: the primary accepts connections and hands them
 * round-robin to the workers). The primary serves nothing; it migrates the database once, starts the workers,
 * starts a worker again when one dies, relays realtime events between them when there is no Redis, and on
 * SIGTERM/SIGINT passes the signal on and exits once every worker has drained.
 *
 * Background work (the job and mail runners' ticks, reminder notices, trash purge, import recovery, the demo
 * seed) starts in one worker only, the scheduler: the queues would run each job once anyway (claims are one
 * UPDATE), but N copies of each timer would only compete for the same rows and multiply the idle polling.
 * The role is handed over in the environment, so a scheduler that dies is replaced by a scheduler.
 */
const ROLE_VARIABLE = 'STOREKEEP_WORKER_ROLE';
const RELAY = 'storekeep:realtime';
const RESTART_DELAY_MS = 1000;

export type WorkerRole = 'single' | 'scheduler' | 'server';

/** This process's part: a plain single process, or a cluster worker with or without the schedulers. */
export function workerRole(): WorkerRole {
  if (!cluster.isWorker) return 'single';
  return process.env[ROLE_VARIABLE] === 'scheduler' ? 'scheduler' : 'server';
}

/** Runs background timers in this process (the single process, or the cluster's scheduler worker). */
export const runsSchedulers = () => workerRole() !== 'server';

export type RelayMessage = { type: typeof RELAY; channel: string; event: unknown };

/**
 * In a cluster worker without Redis: sends realtime events through the primary to every worker (itself
 * included), so a browser connected to any worker hears an event raised on another. Null elsewhere.
 */
export function clusterRelay(): {
  publish(channel: string, event: unknown): void;
  listen(deliver: (channel: string, event: unknown) => void): () => void;
} | null {
  if (!cluster.isWorker || !process.send) return null;
  return {
    publish: (channel, event) => void process.send!({ type: RELAY, channel, event } satisfies RelayMessage),
    listen(deliver) {
      const onMessage = (message: unknown) => {
        const relayed = message as Partial<RelayMessage> | null;
        if (relayed?.type === RELAY && typeof relayed.channel === 'string')
          deliver(relayed.channel, relayed.event);
      };
      process.on('message', onMessage);
      return () => void process.off('message', onMessage);
    },
  };
}

/**
 * The primary of WORKERS=N. Resolves with the exit code once a signal stopped every worker (0 when each
 * drained in time).
 */
export function runPrimary(
  workers: number,
  log: { info(message: string): void; error(message: string): void },
): Promise<number> {
  let stopping = false;
  let failed = false;
  const roles = new Map<Worker, 'scheduler' | 'server'>();
  const start = (role: 'scheduler' | 'server') => {
    const worker = cluster.fork({ [ROLE_VARIABLE]: role });
    roles.set(worker, role);
  };
  // Said once, when every worker of the first start listens (the port answers as soon as one does).
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers) log.info(`all ${workers} workers listening`);
  });
  cluster.on('message', (_from, message: unknown) => {
    if ((message as Partial<RelayMessage> | null)?.type !== RELAY) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker?.isConnected()) worker.send(message as RelayMessage);
  });
  return new Promise((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      const role = roles.get(worker) ?? 'server';
      roles.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        if (!roles.size) resolve(failed ? 1 : 0);
        return;
      }
      log.error(
        `worker ${worker.process.pid} (${role}) exited (${signal ?? code}); starting another in ${RESTART_DELAY_MS} ms`,
      );
      setTimeout(() => {
        if (!stopping) start(role);
        else if (!roles.size) resolve(failed ? 1 : 0);
      }, RESTART_DELAY_MS);
    });
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal}: draining ${roles.size} workers`);
      if (!roles.size) resolve(0);
      for (const worker of roles.keys()) worker.process.kill(signal);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    start('scheduler');
    for (let n = 1; n < workers; n += 1) start('server');
  });
}
