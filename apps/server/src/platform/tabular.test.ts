import { describe, expect, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { setImmediate } from 'node:timers/promises';
import { csvStream, csvStreamOfBatches, Fixed, recordBatches, type Cell, type Column } from './tabular';

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

/** A batch loader whose read of the batch starting at `id` fails, as a lost database connection does. */
const failingAt = (id: number) => async (batch: number[]) => {
  if (batch[0] === id) throw new Error('connection lost');
  return batch.map((each) => ({ id: each }));
};

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('the rows of an export read in batches', () => {
  it('gives the header, then every row in order', async () => {
    const { ids } = source([[1, 2], [3], [4, 5]]);
    const batches = await collect(recordBatches(ids, async (batch) => batch.map((id) => ({ id })), columns));
    expect(batches).toEqual([[['ID']], [[1], [2]], [[3]], [[4], [5]]]);
  });

  it('loads the next two batches while the rows of the one before are still being written', async () => {
    const { ids } = source([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    const loaded: number[][] = [];
    const rows = recordBatches(
      ids,
      async (batch) => {
        loaded.push(batch);
        return batch.map((id) => ({ id }));
      },
      columns,
    );
    await rows.next(); // the header
    expect((await rows.next()).value).toEqual([[1], [2]]);
    // The first batch is out: the second and third are on their way from the database, each started in a turn
    // of its own, and no more.
    await setImmediate();
    await setImmediate();
    expect(loaded).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    await setImmediate();
    expect(loaded).toHaveLength(3);
    await rows.return(undefined);
  });

  it('closes the id source when the download stops half way, and a failed read ahead is not left unhandled', async () => {
    const { state, ids } = source([[1], [2], [3]]);
    let calls = 0;
    const rows = recordBatches(
      ids,
      async (batch) => {
        calls += 1;
        if (calls === 2) throw new Error('connection lost');
        return batch.map((id) => ({ id }));
      },
      columns,
    );
    await rows.next();
    expect((await rows.next()).value).toEqual([[1]]);
    await rows.return(undefined);
    expect(state.closed).toBe(true);
    expect(state.asked).toBe(3);
  });

  it('keeps a read ahead that failed while the reader was slow for its turn, without an unhandled rejection', async () => {
    const { ids } = source([[1], [2]]);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const rows = recordBatches(ids, failingAt(2), columns);
      await rows.next(); // the header
      expect((await rows.next()).value).toEqual([[1]]);
      // The reader (a slow client) asks for nothing for a turn of the event loop, when Node reports rejections
      // nobody handled: one would end the server.
      await setImmediate();
      await setImmediate();
      expect(unhandled).toEqual([]);
      await expect(rows.next()).rejects.toThrow('connection lost');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('fails the download when a batch cannot be read', async () => {
    const { ids } = source([[1], [2]]);
    await expect(collect(recordBatches(ids, failingAt(2), columns))).rejects.toThrow('connection lost');
  });
});

describe('CSV of rows in batches', () => {
  const rows: Cell[][] = [
    ['ID', 'Name', 'Rent', 'Open'],
    [1, '=HYPERLINK("x")', new Fixed(1250), true],
    [-2.5, 'Main, "North"', null, undefined],
  ];
  async function* batches(sizes: number[]) {
    let at = 0;
    for (const size of sizes) {
      yield rows.slice(at, at + size);
      at += size;
    }
  }
  async function* oneByOne() {
    yield* rows;
  }
  const expected = '\ufeffID,Name,Rent,Open\n1,"\'=HYPERLINK(""x"")",1250.00,1\n-2.5,"Main, ""North""",,\n';

  it('writes the same file however the rows are batched, and as when they come one by one', async () => {
    expect(await text(csvStream(oneByOne()))).toBe(expected);
    expect(await text(csvStreamOfBatches(batches([1, 2])))).toBe(expected);
    expect(await text(csvStreamOfBatches(batches([3])))).toBe(expected);
    expect(await text(csvStreamOfBatches(batches([1, 0, 1, 1])))).toBe(expected);
  });

  it('cuts a batch larger than the writer takes at once without losing or repeating a row', async () => {
    const many = Array.from({ length: 450 }, (_, i): Cell[] => [i]);
    async function* one() {
      yield [['n'], ...many];
    }
    const lines = (await text(csvStreamOfBatches(one()))).replace('\ufeff', '').trim().split('\n');
    expect(lines).toEqual(['n', ...many.map(([n]) => String(n))]);
  });
});
