/**
 * A list's ids in order, kept so that any set of matches can be put in that order without the database: each id's
 * position is one array read away (and, when a column's values are kept too, each value's positions), so the
 * matches are ordered by sorting their positions (few) or marking them (many), never by a walk of the sort index
 * that tests every row against the match set.
 *
 * Loops over ids here are indexed, not `for…of`: these run once per list read, too rarely for V8 to optimise them,
 * and unoptimised `for…of` allocates an iterator result per element: a sampling heap profile of the search
 * benchmark on PostgreSQL found about 70 of its 506 MB allocated by them, each 50 MB costing a minor GC that
 * paused every request for ~13 ms.
 */
export type ListOrder = {
  readonly ids: Int32Array;
  /** Where each id stands. */
  readonly byId: Grouping;
  /** Where the rows of each value of the kept column stand (a lease's store), when one is kept. */
  readonly byValue: Grouping | null;
  /** Bytes held, for the cache's budget. */
  readonly bytes: number;
};

/**
 * Positions grouped by key. Packed keys (a team's ids mostly are: within PACKED_SPAN_FACTOR times their number of
 * each other) are counted: key k's positions are `positions[starts[k - least] … starts[k - least + 1])`. Others are
 * sorted by key (`sortedKeys` beside `positions`) and found by binary search.
 */
type Grouping = {
  readonly positions: Int32Array;
  readonly least: number;
  readonly starts: Int32Array | null;
  readonly sortedKeys: Int32Array | null;
  readonly bytes: number;
};

const PACKED_SPAN_FACTOR = 8;

const fits = (id: number) => Number.isInteger(id) && id >= 0 && id <= 0x7fffffff;

/**
 * The order of `ids`, and when given the value of a column for each, from `values.of[i]`'s `values.values[i]`
 * (rows in any order, others ignored, null for none); null when an id or a value does not fit 31 bits (then
 * nothing is kept).
 */
export function listOrderOf(
  ids: readonly number[],
  values?: { of: readonly number[]; values: ReadonlyArray<number | null> },
): ListOrder | null {
  const order = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    if (!fits(ids[i]!)) return null;
    order[i] = ids[i]!;
  }
  const byId = groupingOf(order);
  let byValue: Grouping | null = null;
  if (values) {
    const kept = new Int32Array(order.length).fill(-1);
    const at = new Int32Array(2);
    for (let i = 0; i < values.of.length; i++) {
      const value = values.values[i] ?? -1;
      if (value !== -1 && !fits(value)) return null;
      rangeOf(byId, values.of[i]!, at);
      if (at[1]! > at[0]!) kept[byId.positions[at[0]!]!] = value;
    }
    byValue = groupingOf(kept);
  }
  return { ids: order, byId, byValue, bytes: 64 + order.byteLength + byId.bytes + (byValue?.bytes ?? 0) };
}

/** The positions of `keys` (-1: none) grouped by key. */
function groupingOf(keys: Int32Array): Grouping {
  let least = Infinity;
  let greatest = -Infinity;
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key < 0) continue;
    count++;
    if (key < least) least = key;
    if (key > greatest) greatest = key;
  }
  const positions = new Int32Array(count);
  if (!count) return { positions, least: 0, starts: new Int32Array(1), sortedKeys: null, bytes: 0 };
  const span = greatest - least + 1;
  if (span <= PACKED_SPAN_FACTOR * keys.length + 1024) {
    const starts = new Int32Array(span + 1);
    for (let i = 0; i < keys.length; i++) if (keys[i]! >= 0) starts[keys[i]! - least + 1]!++;
    for (let k = 1; k <= span; k++) starts[k]! += starts[k - 1]!;
    const next = starts.slice(0, span);
    for (let i = 0; i < keys.length; i++) if (keys[i]! >= 0) positions[next[keys[i]! - least]!++] = i;
    return { positions, least, starts, sortedKeys: null, bytes: positions.byteLength + starts.byteLength };
  }
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i]! >= 0) positions[n++] = i;
  positions.sort((a, b) => keys[a]! - keys[b]! || a - b);
  const sortedKeys = positions.map((position) => keys[position]!);
  return { positions, least, starts: null, sortedKeys, bytes: positions.byteLength + sortedKeys.byteLength };
}

/** The first index of `sorted` whose value is at least `key`. */
function firstAtLeast(sorted: Int32Array, key: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where `key`'s positions are in `grouping.positions`: `into[0]` up to `into[1]`, an empty range for none. */
function rangeOf(grouping: Grouping, key: number, into: Int32Array) {
  const { starts, sortedKeys } = grouping;
  if (starts) {
    const k = key - grouping.least;
    const inside = k >= 0 && k < starts.length - 1;
    into[0] = inside ? starts[k]! : 0;
    into[1] = inside ? starts[k + 1]! : 0;
  } else {
    into[0] = firstAtLeast(sortedKeys!, key);
    into[1] = firstAtLeast(sortedKeys!, key + 1);
  }
}

/** The positions of every key of `keys` in `grouping`, repeats included. */
function positionsOf(grouping: Grouping, keys: readonly number[]): Int32Array {
  const at = new Int32Array(2);
  let total = 0;
  for (let i = 0; i < keys.length; i++) {
    rangeOf(grouping, keys[i]!, at);
    total += at[1]! - at[0]!;
  }
  const found = new Int32Array(total);
  const positions = grouping.positions;
  let n = 0;
  for (let i = 0; i < keys.length; i++) {
    rangeOf(grouping, keys[i]!, at);
    for (let p = at[0]!; p < at[1]!; p++) found[n++] = positions[p]!;
  }
  return found;
}

/** Below this share of the list, positions are sorted; above it, marked and scanned. */
const SORT_BELOW = 1 / 32;

/**
 * The ids of `order` among `matches` (any order, repeats allowed), and those whose kept value is among `values`
 * (the leases of the matching stores), in the list's order.
 */
export function pickedInOrder(
  order: ListOrder,
  matches: readonly number[],
  values: readonly number[] = [],
): number[] {
  if (values.length && !order.byValue) throw new Error('this list order keeps no values');
  const own = positionsOf(order.byId, matches);
  const more = order.byValue ? positionsOf(order.byValue, values) : new Int32Array(0);
  const size = order.ids.length;
  const picked: number[] = [];
  if (own.length + more.length < size * SORT_BELOW) {
    const all = new Int32Array(own.length + more.length);
    all.set(own);
    all.set(more, own.length);
    all.sort();
    for (let i = 0; i < all.length; i++)
      if (i === 0 || all[i] !== all[i - 1]) picked.push(order.ids[all[i]!]!);
    return picked;
  }
  const marked = new Uint8Array(size);
  for (let i = 0; i < own.length; i++) marked[own[i]!] = 1;
  for (let i = 0; i < more.length; i++) marked[more[i]!] = 1;
  for (let i = 0; i < size; i++) if (marked[i]) picked.push(order.ids[i]!);
  return picked;
}
