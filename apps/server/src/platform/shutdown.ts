import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();
/** Per app: ends every open connection once it has no answer in progress (graceful: written bytes are sent first). */
const closers = new WeakMap<FastifyInstance, () => void>();

/** True once `drain` began: /readyz answers 503 so a load balancer sends nothing more here. */
export const isDraining = (app: FastifyInstance) => draining.has(app);

/**
 * Called by buildApp. While draining, every connection is closed as soon as it has no answer in progress:
 * a client's keep-alive connection would otherwise stay open after its last answer and hold the server's
 * close until the keep-alive timeout. Closed with end(), not destroy(): Node's closeIdleConnections()
 * destroys a connection whose answer was ended but not yet flushed, cutting a streamed export short.
 */
export function registerDraining(app: FastifyInstance) {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  // Which connections are busy is read when the drain begins, not tracked on every request (a listener on
  // each answer's end cost a small answer 3-5% of its throughput): a connection's answer in progress is the
  // one Node's http server keeps on its socket until the answer is finished, which its own
  // closeIdleConnections() reads too. An answer begun after this gets `connection: close` (below).
  closers.set(app, () => {
    for (const socket of open) {
      const answer = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (answer) answer.once('finish', () => socket.end());
      else socket.end();
    }
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.has(app)) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Stops the app as an orchestrator expects after SIGTERM: /readyz answers 503, Fastify closes the listening
 * socket and answers 503 to requests arriving on open connections; requests already running get their whole
 * answer; the job runner claims nothing more and the job it is working (an import's current batches)
 * finishes; open event streams end. Resolves true when all that happened within `graceMs`, false when the
 * grace period ran out first (the caller exits non-zero; an interrupted import is recovered by the next start).
 */
export async function drain(app: FastifyInstance, graceMs: number): Promise<boolean> {
  draining.add(app);
  closers.get(app)?.();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const closed = Promise.all([app.deps.jobs.stop(), app.close()]).then(
    () => true,
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      return false;
    },
  );
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
