import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Runs `work` and reports the longest the event loop was held meanwhile, in ms. The app runs in the test's
 * process, so this is the server's own event loop: a reader that parses on it holds it for the whole file,
 * one that parses in a worker thread leaves it free. Bounds on it are for a shared, loaded machine: they
 * tell seconds from milliseconds, not milliseconds apart.
 */
export async function loopHeldWhile<T>(work: () => Promise<T>): Promise<{ result: T; loopHeldMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await work();
    return { result, loopHeldMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}
