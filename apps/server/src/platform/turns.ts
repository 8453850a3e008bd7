import { setImmediate as nextTurn } from 'node:timers/promises';

/** Resolves in the event loop's next turn, after the I/O waiting now (a request's, say) has had its go. */
export { nextTurn };

/** How long a long stream of rows may hold the event loop before the requests waiting behind it get their turn. */
export const TURN_MS = 10;

/**
 * The rows of `source`, letting the event loop run between them every `TURN_MS` of work. An export's rows come
 * from resolved promises (SQLite reads are synchronous), which chain as microtasks and never give I/O a turn:
 * a 100,000-row CSV export held every list request due meanwhile for up to 2.4 s (bench:wrk's open loop).
 */
export async function* inTurns<T>(source: AsyncIterable<T>, turnMs = TURN_MS): AsyncGenerator<T> {
  let turnStart = performance.now();
  for await (const item of source) {
    yield item;
    if (performance.now() - turnStart >= turnMs) {
      await nextTurn();
      turnStart = performance.now();
    }
  }
}
