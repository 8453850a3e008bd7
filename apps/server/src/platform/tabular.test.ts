import { describe, expect, it } from 'vitest';
import { rowsOfBatches, type Column } from './tabular';

type Row = { id: number };
const columns: Array<Column<Row>> = [['ID', (row) => row.id]];

/** Batches of ids as idBatches gives them, recording which were asked for and whether the source was closed. */
function source(batches: number[][]) {
  const state = { asked: 0, closed: false };
  async function* ids() {
    try {
      for (const batch of batches) {
        state.asked += 1;
        yield batch;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, ids: ids() };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('rows of an export read in batches', () => {
  it('gives the header, then every row in order', async () => {
    const { ids } = source([[1, 2], [3], [4, 5]]);
    const rows = await collect(rowsOfBatches(ids, async (batch) => batch.map((id) => ({ id })), columns));
    expect(rows).toEqual([['ID'], [1], [2], [3], [4], [5]]);
  });

  it('loads the next batch while the rows of the one before are still being written', async () => {
    const { ids } = source([
      [1, 2],
      [3, 4],
    ]);
    const loaded: number[][] = [];
    const rows = rowsOfBatches(
      ids,
      async (batch) => {
        loaded.push(batch);
        return batch.map((id) => ({ id }));
      },
      columns,
    );
    await rows.next(); // the header
    expect((await rows.next()).value).toEqual([1]);
    // The first row of the first batch is out: the second batch is already on its way from the database.
    await Promise.resolve();
    expect(loaded).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await rows.return(undefined);
  });

  it('closes the id source when the download stops half way, and a failed read ahead is not left unhandled', async () => {
    const { state, ids } = source([[1], [2], [3]]);
    let calls = 0;
    const rows = rowsOfBatches(
      ids,
      async (batch) => {
        calls += 1;
        if (calls === 2) throw new Error('connection lost');
        return batch.map((id) => ({ id }));
      },
      columns,
    );
    await rows.next();
    expect((await rows.next()).value).toEqual([1]);
    await rows.return(undefined);
    expect(state.closed).toBe(true);
    expect(state.asked).toBe(2);
  });

  it('fails the download when a batch cannot be read', async () => {
    const { ids } = source([[1], [2]]);
    const rows = rowsOfBatches(
      ids,
      async (batch) => {
        if (batch[0] === 2) throw new Error('connection lost');
        return batch.map((id) => ({ id }));
      },
      columns,
    );
    await expect(collect(rows)).rejects.toThrow('connection lost');
  });
});
