import { describe, expect, it } from 'vitest';
import { listOrderOf, pickedInOrder } from './list-order';

/** The list's ids that `matches` holds, in the list's order: what pickedInOrder must give, by brute force. */
const expected = (list: number[], matches: number[]) => list.filter((id) => matches.includes(id));

describe('a kept list order', () => {
  // A list of 2,000 ids in a shuffled order (the list's sort is not by id).
  const list = Array.from({ length: 2_000 }, (_, i) => 10 + ((i * 7_919) % 2_000));

  it('puts few matches (sorted) and many matches (marked) in the list’s order, once each, skipping ids not in it', () => {
    const order = listOrderOf(list)!;
    const few = [list[1_500]!, list[3]!, 999_999, list[700]!, list[3]!, 1];
    expect(pickedInOrder(order, few)).toEqual([list[3], list[700], list[1_500]]);
    const many = list
      .filter((_, i) => i % 3 === 0)
      .concat([5, 3_000_000])
      .reverse();
    expect(many.length).toBeGreaterThan(list.length / 32);
    expect(pickedInOrder(order, many)).toEqual(expected(list, many));
    expect(pickedInOrder(order, [])).toEqual([]);
  });

  it('works the same when the ids spread far apart (positions found by binary search)', () => {
    const spread = list.map((id) => id * 100_000 + 7);
    const order = listOrderOf(spread)!;
    const matches = [spread[42]!, spread[1]!, 8, spread[1_999]!];
    expect(pickedInOrder(order, matches)).toEqual([spread[1], spread[42], spread[1_999]]);
    const many = spread.filter((_, i) => i % 2 === 1);
    expect(pickedInOrder(order, many)).toEqual(many);
  });

  it('picks the rows whose kept value is among the parents’ ids (a lease by its store) beside the own matches', () => {
    // Each row's value: its "store", 0–99, and none (null) for every 50th row.
    const values = list.map((id, i) => (i % 50 === 0 ? null : id % 100));
    // The values come apart from the order, by row in another order, with a row the list does not hold.
    const rows = [...list, 5_000_000].reverse();
    const order = listOrderOf(list, {
      of: rows,
      values: rows.map((id) => (id === 5_000_000 ? 3 : (values[list.indexOf(id)] ?? null))),
    })!;
    expect(order.bytes).toBeGreaterThan(listOrderOf(list)!.bytes);
    const own = [list[0]!, list[1_999]!];
    const stores = [7, 42, 4_000_000];
    const want = list.filter(
      (id, i) => own.includes(id) || (values[i] !== null && stores.includes(id % 100)),
    );
    expect(pickedInOrder(order, own, stores)).toEqual(want);
    expect(pickedInOrder(order, [], stores)).toEqual(
      list.filter((id, i) => values[i] !== null && stores.includes(id % 100)),
    );
    expect(pickedInOrder(order, own, [])).toEqual([list[0], list[1_999]]);
    expect(listOrderOf([1, 2], { of: [1, 2], values: [3, 2 ** 40] })).toBeNull();
  });

  it('keeps nothing for ids past 32 bits, and an empty list matches nothing', () => {
    expect(listOrderOf([1, 2 ** 31])).toBeNull();
    expect(pickedInOrder(listOrderOf([])!, [1, 2])).toEqual([]);
  });
});
