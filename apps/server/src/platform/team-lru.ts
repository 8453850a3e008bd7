import type { Executor } from './db';
import { Flights } from './flights';

/**
 * Big cached answers (a search's matches in list order, a global search's groups) kept per team, least
 * recently used first out, within a budget of bytes. One pool of entries shared by every team lets a team
 * that types many different searches push out every other team's (a first-in-first-out list of 100 entries
 * did: a team cycling 100 terms never hit it, and emptied it for everyone else). Here:
 *
 * - each team has its own LRU list, capped at `teamBytes`, so a team evicts its own oldest answers first;
 * - when all teams together pass `maxBytes`, the oldest answer of the team holding the most bytes goes: a
 *   team's entries are never evicted for another's while it holds less than some other team, i.e. while it
 *   stays within its share of the budget;
 * - an answer is trusted only at the team write version read before computing it (see team-cache.ts), and for
 *   at most TTL_MS, which bounds writers that bypass the version (trash purge, manual SQL); an expired answer is
 *   served while one caller computes it again (flights.ts).
 *
 * Entries live in per-team maps, so one team's key can never find another team's answer.
 */
export type TeamLruOptions = {
  readonly name: string;
  readonly maxBytes: number;
  readonly teamBytes: number;
};

const TTL_MS = 60_000;
/** What a Map entry, its key's string header and the entry object cost besides the value (V8, measured roughly). */
const ENTRY_OVERHEAD = 120;

type Entry = { version: number; at: number; value: unknown; bytes: number };
type TeamEntries = { bytes: number; entries: Map<string, Entry> };

export class TeamLru {
  readonly options: TeamLruOptions;
  readonly flights = new Flights();
  private readonly teams = new Map<number, TeamEntries>();
  private total = 0;

  constructor(options: TeamLruOptions) {
    if (options.teamBytes > options.maxBytes) throw new Error('teamBytes cannot exceed maxBytes');
    this.options = options;
  }

  /** Bytes held by all teams, or by one. */
  bytes(teamId?: number): number {
    return teamId === undefined ? this.total : (this.teams.get(teamId)?.bytes ?? 0);
  }

  /**
   * The cached value, when it was computed at `version`, and whether it is older than the TTL; marks it recently
   * used. One of another version is dropped.
   */
  get<T>(
    teamId: number,
    key: string,
    version: number,
    now = Date.now(),
  ): { value: T; expired: boolean } | undefined {
    const team = this.teams.get(teamId);
    const hit = team?.entries.get(key);
    if (!team || !hit) return undefined;
    if (hit.version !== version) {
      this.remove(teamId, team, key, hit);
      return undefined;
    }
    // Map order is insertion order: re-inserting makes it the most recently used.
    team.entries.delete(key);
    team.entries.set(key, hit);
    return { value: hit.value as T, expired: now - hit.at >= TTL_MS };
  }

  /**
   * Stores `value` (of about `valueBytes`) and evicts per the rules above; too big for a team's cap: not kept. An
   * answer of an older version than the one kept (a computation that landed late) is not kept either.
   */
  set(teamId: number, key: string, version: number, value: unknown, valueBytes: number, now = Date.now()) {
    const bytes = valueBytes + key.length * 2 + ENTRY_OVERHEAD;
    const held = this.teams.get(teamId);
    const old = held?.entries.get(key);
    if (old && old.version > version) return;
    if (held && old) this.remove(teamId, held, key, old);
    if (bytes > this.options.teamBytes) return;
    // Looked up again: removing the team's last entry removed the team.
    let team = this.teams.get(teamId);
    if (!team) this.teams.set(teamId, (team = { bytes: 0, entries: new Map() }));
    team.entries.set(key, { version, at: now, value, bytes });
    team.bytes += bytes;
    this.total += bytes;
    while (team.bytes > this.options.teamBytes) this.evictOldest(teamId, team);
    while (this.total > this.options.maxBytes) {
      let largest: [number, TeamEntries] | undefined;
      for (const entry of this.teams) if (!largest || entry[1].bytes > largest[1].bytes) largest = entry;
      this.evictOldest(largest![0], largest![1]);
    }
  }

  /** Forgets every entry (tests). */
  clear() {
    this.teams.clear();
    this.total = 0;
  }

  private evictOldest(teamId: number, team: TeamEntries) {
    const [key, entry] = team.entries.entries().next().value!;
    this.remove(teamId, team, key, entry);
  }

  private remove(teamId: number, team: TeamEntries, key: string, entry: Entry) {
    team.entries.delete(key);
    team.bytes -= entry.bytes;
    this.total -= entry.bytes;
    if (!team.entries.size) this.teams.delete(teamId);
  }
}

// Per database handle: tests and benchmarks run several apps (databases) in one process.
const lrusByDb = new WeakMap<object, Map<string, TeamLru>>();

/** The pool `options.name` of this database handle. */
export function teamLru(db: Executor, options: TeamLruOptions): TeamLru {
  let pools = lrusByDb.get(db);
  if (!pools) lrusByDb.set(db, (pools = new Map()));
  let lru = pools.get(options.name);
  if (!lru) pools.set(options.name, (lru = new TeamLru(options)));
  return lru;
}

/**
 * `compute()`'s answer for (team, key) at write version `version`, which must have been read before computing
 * starts (so the answer is at least that new). `sizeOf` estimates the answer's bytes in memory.
 */
export async function cachedInTeamLru<T>(
  db: Executor,
  options: TeamLruOptions,
  teamId: number,
  version: number,
  key: string,
  compute: () => Promise<T>,
  sizeOf: (value: T) => number,
): Promise<T> {
  // Inside a transaction the answer may include uncommitted writes of a version that could roll back.
  if (db.isTransaction) return compute();
  const lru = teamLru(db, options);
  return lru.flights.answer(
    `${teamId}\u0000${key}`,
    version,
    lru.get<T>(teamId, key, version),
    compute,
    (value, at) => lru.set(teamId, key, version, value, sizeOf(value), at),
  );
}
