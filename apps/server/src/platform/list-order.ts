/**
 * A list's ids in order, kept so that any set of matches can be put in that order without the database: each id's
 * position is one array read away, so the matches are ordered by marking their positions (many matches) or sorting
 * them (few), never by a walk of the sort index that tests every row against the match set.
 */
export type ListOrder = {
  readonly ids: Int32Array;
  /** The position of an id in `ids`, or -1 when the list does not hold it. */
  readonly positionOf: (id: number) => number;
  /** Bytes held, for the cache's budget. */
  readonly bytes: number;
};

/**
 * Positions live in an array indexed by id from the least id on while the ids are packed enough (a team's rows
 * mostly are); past POSITION_SPAN_FACTOR times their number, in a Map.
 */
const POSITION_SPAN_FACTOR = 8;

/** The order of `ids` (ascending positions); null when an id does not fit 32 bits (then nothing is kept). */
export function listOrderOf(ids: readonly number[]): ListOrder | null {
  const order = new Int32Array(ids.length);
  let least = Infinity;
  let greatest = -Infinity;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (!Number.isInteger(id) || id < 0 || id > 0x7fffffff) return null;
    order[i] = id;
    if (id < least) least = id;
    if (id > greatest) greatest = id;
  }
  if (!ids.length) return { ids: order, positionOf: () => -1, bytes: 64 };
  const span = greatest - least + 1;
  if (span <= POSITION_SPAN_FACTOR * ids.length + 1024) {
    // Position + 1, so that the array's zeros mean "not in the list".
    const positions = new Int32Array(span);
    for (let i = 0; i < order.length; i++) positions[order[i]! - least] = i + 1;
    return {
      ids: order,
      positionOf: (id) => (id >= least && id <= greatest ? positions[id - least]! - 1 : -1),
      bytes: 64 + order.byteLength + positions.byteLength,
    };
  }
  const positions = new Map<number, number>();
  for (let i = 0; i < order.length; i++) positions.set(order[i]!, i);
  return {
    ids: order,
    positionOf: (id) => positions.get(id) ?? -1,
    // A Map entry of two small integers costs about 40 bytes in V8.
    bytes: 64 + order.byteLength + 40 * positions.size,
  };
}

/** Below this share of the list, matches are sorted by position; above it, positions are marked and scanned. */
const SORT_BELOW = 1 / 32;

/** The ids of `order` among `matches` (any order, repeats allowed), in the list's order. */
export function pickedInOrder(order: ListOrder, matches: readonly number[]): number[] {
  const size = order.ids.length;
  if (matches.length < size * SORT_BELOW) {
    const positions = new Int32Array(matches.length);
    let found = 0;
    for (const id of matches) {
      const position = order.positionOf(id);
      if (position >= 0) positions[found++] = position;
    }
    const sorted = positions.subarray(0, found).sort();
    const picked: number[] = [];
    for (let i = 0; i < sorted.length; i++)
      if (i === 0 || sorted[i] !== sorted[i - 1]) picked.push(order.ids[sorted[i]!]!);
    return picked;
  }
  const marked = new Uint8Array(size);
  for (const id of matches) {
    const position = order.positionOf(id);
    if (position >= 0) marked[position] = 1;
  }
  const picked: number[] = [];
  for (let i = 0; i < size; i++) if (marked[i]) picked.push(order.ids[i]!);
  return picked;
}
