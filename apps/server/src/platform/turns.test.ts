import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream } from './tabular';
import { xlsxStream } from './xlsx-writer';

/** Rows that cost ~1 ms of CPU each and arrive as resolved promises, as a SQLite-backed export's do. */
async function* busyRows(count: number, produced: { rows: number }) {
  for (let i = 0; i < count; i += 1) {
    const until = performance.now() + 1;
    while (performance.now() < until) {
      // burn the CPU the way presenting a batch of rows does
    }
    produced.rows += 1;
    yield [`row ${i}`, i];
  }
}

describe('a long export', () => {
  for (const [format, stream] of [
    ['CSV', csvStream],
    ['XLSX', xlsxStream],
  ] as const)
    it(`lets a waiting request in while it runs (${format})`, async () => {
      const produced = { rows: 0 };
      // A timer stands for the next request's I/O: it can only run in a turn of the event loop.
      let rowsWhenTimerRan = -1;
      setTimeout(() => (rowsWhenTimerRan = produced.rows), 0);
      const body = stream(busyRows(200, produced));
      await (format === 'CSV' ? text(body) : body.toArray());
      expect(produced.rows).toBe(200);
      expect(rowsWhenTimerRan).toBeGreaterThanOrEqual(0);
      // 200 ms of rows; the timer waits at most one turn (10 ms) plus a row, not the whole export.
      expect(rowsWhenTimerRan).toBeLessThan(50);
    });
});
