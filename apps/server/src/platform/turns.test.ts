import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, csvStreamOfBatches, recordBatches } from './tabular';
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

  it('reads each batch of records in a turn of its own, so a request waits for one batch and not three', async () => {
    let loads = 0;
    let loadsWhenTimerRan = -1;
    async function* ids() {
      for (let batch = 0; batch < 6; batch += 1) yield [batch];
    }
    // A batch of a SQLite-backed export: read and presented synchronously, ~20 ms of CPU.
    const load = async (batch: number[]) => {
      const until = performance.now() + 20;
      while (performance.now() < until) {
        // burn the CPU the way reading and presenting 1,000 rows does
      }
      loads += 1;
      return batch;
    };
    const rows = recordBatches(ids(), load, [['batch', (id: number) => id]]);
    // The export has started (its header row is out) when the next request's I/O arrives.
    const iterator = rows[Symbol.asyncIterator]();
    const header = await iterator.next();
    setTimeout(() => (loadsWhenTimerRan = loads), 0);
    async function* rest() {
      yield header.value as string[][];
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    }
    expect(await text(csvStreamOfBatches(rest()))).toContain('5');
    expect(loads).toBe(6);
    expect(loadsWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(loadsWhenTimerRan).toBeLessThanOrEqual(1);
  });
});
