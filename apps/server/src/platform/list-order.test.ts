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

  it('works the same when the ids spread far apart (positions in a Map)', () => {
    const spread = list.map((id) => id * 100_000 + 7);
    const order = listOrderOf(spread)!;
    // A Map costs more than an array of positions would have for packed ids.
    expect(order.bytes).toBeGreaterThan(listOrderOf(list)!.bytes);
    const matches = [spread[42]!, spread[1]!, 8, spread[1_999]!];
    expect(pickedInOrder(order, matches)).toEqual([spread[1], spread[42], spread[1_999]]);
    const many = spread.filter((_, i) => i % 2 === 1);
    expect(pickedInOrder(order, many)).toEqual(many);
  });

  it('keeps nothing for ids past 32 bits, and an empty list matches nothing', () => {
    expect(listOrderOf([1, 2 ** 31])).toBeNull();
    expect(pickedInOrder(listOrderOf([])!, [1, 2])).toEqual([]);
  });
});
