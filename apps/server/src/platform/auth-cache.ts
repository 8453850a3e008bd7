import { CompiledQuery } from 'kysely';
import { sqliteChangeStamp, watchWrites, type Db, type Dialect, type WriteKind } from './db';
import { listenForNotifications } from './pg-notifications';

/**
 * A short in-process cache of "who is this session": the session, its user and their teams, which
 * every signed-in request needs and which almost never changes. It is only ever a copy: a session that
 * is revoked, or a user whose role, teams or password change, must be refused or re-read at once on
 * every instance, so an entry is trusted only while nothing that could change the answer has changed
 * since it was read. Database triggers (migration 0010-auth-cache) announce every such change,
 * whoever makes it (this app, another instance, manual SQL):
 *
 * - SQLite: the triggers bump the `auth_epoch` row in the same transaction; each lookup reads it (a
 *   local primary-key read, no round trip, skipped while the connection's change stamp says nothing was written
 *   since the last read) and uses an entry only if it was filled under that epoch. Exact on any number of
 *   processes sharing the file.
 * - PostgreSQL: the triggers `NOTIFY storekeep_auth`; PostgreSQL delivers it to every listening instance
 *   when the transaction commits. Each instance keeps one LISTEN connection and drops every entry on a
 *   notification. A lookup that started before a notification does not store what it read. While the
 *   LISTEN connection is down (start-up, a database restart) the cache is bypassed and emptied, so a
 *   missed notification can never leave a stale entry behind. The only window is the notification's
 *   delivery itself (the time for a packet to cross from the database), the same as Redis pub/sub;
 *   and this process's own writes to those tables (seen by a query-builder plugin, platform/db) drop
 *   the entries before the write runs and again after it, so a request that follows a logout or a role
 *   change on the same instance never waits for the notification.
 *
 * Entries also expire after TTL_MS, and the cache holds at most MAX_ENTRIES sessions.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'storekeep_auth';

/** The writes the triggers of migration 0010-auth-cache announce. */
function isAuthWrite(table: string, kind: WriteKind): boolean {
  if (table === 'sessions') return kind === 'delete';
  return table === 'team_user' || ((table === 'users' || table === 'teams') && kind !== 'insert');
}

export type AuthCache<T> = {
  /** The cached value of `key`, or what `load` returns (stored when still valid); undefined is never cached. */
  lookup(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** The cached value of `key` when it can be trusted without reading anything (no statement, nothing awaited). */
  peek(key: string): T | undefined;
  /** Forget one entry (this instance's own logout, say; other instances hear it from the database). */
  forget(key: string): void;
  close(): Promise<void>;
  /** Lookups answered from the cache so far (tests check the cache is really in use). */
  readonly hits: number;
};

type Entry<T> = { value: T; stamp: number; at: number };

export function createAuthCache<T>(db: Db, dialect: Dialect): AuthCache<T> {
  const entries = new Map<string, Entry<T>>();
  let closed = false;
  let hits = 0;

  // The stamp an entry must carry to be trusted now; null while the cache cannot be trusted at all.
  let currentStamp: () => Promise<number | null>;
  // The same when it is known without a statement; undefined when it must be read.
  let keptStamp: () => number | null | undefined;
  // Whether an entry read under `stamp` may be stored once the load is done.
  let storable: (stamp: number) => boolean;
  let stop = async () => undefined as void;

  if (dialect === 'sqlite') {
    // Every signed-in request reads it: compiled once, not built by Kysely each time.
    const epoch = CompiledQuery.raw('select version from auth_epoch where id = 1');
    // The epoch read is kept while nothing in the database changed since (the connection's change stamp).
    let kept: { stamp: string; epoch: number } | undefined;
    keptStamp = () => {
      const stamp = sqliteChangeStamp(db);
      return stamp !== undefined && kept?.stamp === stamp ? kept.epoch : undefined;
    };
    currentStamp = async () => {
      const keptEpoch = keptStamp();
      if (keptEpoch !== undefined) return keptEpoch;
      const stamp = sqliteChangeStamp(db);
      const result = await db.executeQuery<{ version: number }>(epoch);
      const value = Number(result.rows[0]?.version ?? 0);
      if (stamp !== undefined) kept = { stamp, epoch: value };
      return value;
    };
    // The epoch was read before the load: a change committed during the load leaves a newer epoch,
    // so the entry is simply never matched again.
    storable = () => true;
  } else {
    let generation = 0;
    const reset = () => {
      generation++;
      entries.clear();
    };
    const listener = listenForNotifications(db, CHANNEL, { onNotification: reset, onReset: reset });
    const unwatch = watchWrites(db, (table, kind) => {
      if (isAuthWrite(table, kind)) reset();
    });
    keptStamp = () => (listener.listening ? generation : null);
    currentStamp = async () => keptStamp() ?? null;
    storable = (stamp) => listener.listening && stamp === generation;
    stop = async () => {
      unwatch();
      await listener.close();
    };
  }

  const trusted = (hit: Entry<T> | undefined, stamp: number, now: number): hit is Entry<T> =>
    hit !== undefined && hit.stamp === stamp && now - hit.at < TTL_MS;

  return {
    peek(key) {
      const stamp = closed ? null : keptStamp();
      if (stamp == null) return undefined;
      const hit = entries.get(key);
      if (!trusted(hit, stamp, Date.now())) return undefined;
      hits++;
      return hit.value;
    },
    async lookup(key, load) {
      if (closed) return load();
      const stamp = await currentStamp();
      if (stamp === null) return load();
      const hit = entries.get(key);
      const now = Date.now();
      if (trusted(hit, stamp, now)) {
        hits++;
        return hit.value;
      }
      if (hit) entries.delete(key);
      const value = await load();
      if (value !== undefined && storable(stamp)) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, stamp, at: now });
      }
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
    get hits() {
      return hits;
    },
    async close() {
      closed = true;
      entries.clear();
      await stop();
    },
  };
}
