import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@storekeep/contracts';
import { useTestApp } from '../../test/context';
import { buildStore, buildUser, signIn } from '../../test/factories';
import { observeQueries } from './db';
import { cachedAtVersion } from './team-cache';
import { cachedInTeamLru } from './team-lru';

const ctx = useTestApp();
const LRU = { name: 'flights-test', maxBytes: 1024 * 1024, teamBytes: 256 * 1024 };

afterEach(() => {
  vi.useRealTimers();
});

/** A computation that finishes when told to, counting its calls. */
function gate<T>(value: T) {
  let calls = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const compute = async () => {
    calls++;
    await opened;
    return value;
  };
  return { compute, open, calls: () => calls };
}

describe('cached answers computed by one caller at a time', () => {
  it('answers every caller that misses the same total at once with one count', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    for (let i = 0; i < 3; i++) await buildStore(client, { name: `Flight ${i}` });
    const counts: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, ({ sql }) => {
      if (/count\(\*\) as "total" from "stores"/.test(sql)) counts.push(sql);
    });
    try {
      const first = await Promise.all(Array.from({ length: 20 }, () => client.get(`${API_BASE}/stores`)));
      expect(first.map((r) => [r.status, r.body.meta.total])).toEqual(Array(20).fill([200, 3]));
      expect(counts).toHaveLength(1);

      // A minute on, the kept total has expired: the next burst is answered from it while one count runs again.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      counts.length = 0;
      const later = await Promise.all(Array.from({ length: 20 }, () => client.get(`${API_BASE}/stores`)));
      expect(later.map((r) => [r.status, r.body.meta.total])).toEqual(Array(20).fill([200, 3]));
      await vi.waitFor(() => expect(counts).toHaveLength(1));
    } finally {
      stop();
    }
  });

  it('shares a computation only at the same version, and lets the next caller retry one that failed', async () => {
    const db = ctx.app.deps.db;
    const at5 = gate('five');
    const joined = Promise.all([
      cachedAtVersion(db, 5, 'flights:a', at5.compute),
      cachedAtVersion(db, 5, 'flights:a', at5.compute),
    ]);
    // A caller that read a newer version does not take the older computation's answer.
    const at6 = gate('six');
    const newer = cachedAtVersion(db, 6, 'flights:a', at6.compute);
    at6.open();
    at5.open();
    expect(await joined).toEqual(['five', 'five']);
    expect(await newer).toBe('six');
    expect([at5.calls(), at6.calls()]).toEqual([1, 1]);
    // The older computation landed last, and did not replace the newer answer.
    expect(await cachedAtVersion(db, 6, 'flights:a', async () => 'recomputed')).toBe('six');

    let attempts = 0;
    const failing = async () => {
      attempts++;
      throw new Error('database went away');
    };
    const failed = await Promise.allSettled([
      cachedAtVersion(db, 1, 'flights:b', failing),
      cachedAtVersion(db, 1, 'flights:b', failing),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(attempts).toBe(1);
    expect(await cachedAtVersion(db, 1, 'flights:b', async () => 'back')).toBe('back');
  });

  it('serves an expired search answer while one caller computes it again', async () => {
    const db = ctx.app.deps.db;
    const sizeOf = () => 100;
    expect(await cachedInTeamLru(db, LRU, 1, 3, 'market', async () => 'old', sizeOf)).toBe('old');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const refresh = gate('new');
    const served = await Promise.all([
      cachedInTeamLru(db, LRU, 1, 3, 'market', refresh.compute, sizeOf),
      cachedInTeamLru(db, LRU, 1, 3, 'market', refresh.compute, sizeOf),
    ]);
    expect(served).toEqual(['old', 'old']);
    expect(refresh.calls()).toBe(1);
    refresh.open();
    await vi.waitFor(async () =>
      expect(await cachedInTeamLru(db, LRU, 1, 3, 'market', async () => 'again', sizeOf)).toBe('new'),
    );
  });
});
