import { describe, expect, it } from 'vitest';
import { TeamLru } from './team-lru';

const KB = 1024;
const A = 1;
const B = 2;

/** A value of about `bytes` (what a cached list of ids of that size is estimated at). */
const put = (lru: TeamLru, team: number, key: string, bytes = 10 * KB, version = 1) =>
  lru.set(team, key, version, `${team}:${key}`, bytes);
const has = (lru: TeamLru, team: number, key: string, version = 1) =>
  lru.get<string>(team, key, version)?.value;

describe('the per-team search cache', () => {
  it('keeps team B’s answers while team A cycles through 500 terms', () => {
    const lru = new TeamLru({ name: 't', maxBytes: 1024 * KB, teamBytes: 256 * KB });
    for (let i = 0; i < 10; i++) put(lru, B, `b${i}`);
    for (let i = 0; i < 500; i++) put(lru, A, `term ${i}`);
    for (let i = 0; i < 10; i++) expect(has(lru, B, `b${i}`)).toBe(`${B}:b${i}`);
    // A evicted its own oldest answers and kept its latest ones, within its cap.
    expect(lru.bytes(A)).toBeLessThanOrEqual(256 * KB);
    expect(has(lru, A, 'term 0')).toBeUndefined();
    expect(has(lru, A, 'term 499')).toBe(`${A}:term 499`);
  });

  it('holds its memory bound across many teams, taking bytes only from the teams that hold the most', () => {
    const lru = new TeamLru({ name: 't', maxBytes: 1024 * KB, teamBytes: 256 * KB });
    put(lru, 99, 'small', 20 * KB);
    for (let round = 0; round < 200; round++)
      for (let team = 1; team <= 20; team++) put(lru, team, `term ${round}`, (team % 5) * 3 * KB + 1);
    expect(lru.bytes()).toBeLessThanOrEqual(1024 * KB);
    for (let team = 1; team <= 20; team++) expect(lru.bytes(team)).toBeLessThanOrEqual(256 * KB);
    // 21 teams share 1 MB: a team holding 20 KB is within its share, and nobody else's answers pushed it out.
    expect(has(lru, 99, 'small')).toBe('99:small');
    // An answer bigger than a team's cap is not kept (and pushes nothing out).
    const before = lru.bytes();
    put(lru, 7, 'huge', 300 * KB);
    expect(has(lru, 7, 'huge')).toBeUndefined();
    expect(lru.bytes()).toBe(before);
  });

  it('evicts the least recently used answer, not the oldest stored', () => {
    const lru = new TeamLru({ name: 't', maxBytes: 1024 * KB, teamBytes: 50 * KB });
    for (let i = 0; i < 4; i++) put(lru, A, `k${i}`);
    expect(has(lru, A, 'k0')).toBe(`${A}:k0`);
    put(lru, A, 'k4');
    put(lru, A, 'k5');
    expect(has(lru, A, 'k0')).toBe(`${A}:k0`);
    expect(has(lru, A, 'k1')).toBeUndefined();
  });

  it('answers only at the version it was computed at, for the team that computed it, and says when the TTL passed', () => {
    const lru = new TeamLru({ name: 't', maxBytes: 1024 * KB, teamBytes: 256 * KB });
    lru.set(A, 'market', 5, 'A at 5', 100, 1_000);
    expect(lru.get(A, 'market', 5, 2_000)?.value).toBe('A at 5');
    expect(lru.get(B, 'market', 5, 2_000)).toBeUndefined();
    // The team wrote: the stale answer is dropped, and its bytes with it.
    expect(lru.get(A, 'market', 6, 2_000)).toBeUndefined();
    expect(lru.bytes(A)).toBe(0);
    lru.set(A, 'market', 6, 'A at 6', 100, 1_000);
    expect(lru.get(A, 'market', 6, 60_999)).toEqual({ value: 'A at 6', expired: false });
    expect(lru.get(A, 'market', 6, 61_000)).toEqual({ value: 'A at 6', expired: true });
    // An older version's answer that lands late keeps the newer one.
    lru.set(A, 'market', 5, 'A at 5 again', 100, 2_000);
    expect(lru.get(A, 'market', 6, 2_000)?.value).toBe('A at 6');
    // A team's only answer computed again replaces it, counted once.
    const held = lru.bytes();
    lru.set(A, 'market', 6, 'A at 6 again', 100, 62_000);
    expect(lru.get(A, 'market', 6, 62_000)).toEqual({ value: 'A at 6 again', expired: false });
    expect(lru.bytes()).toBe(held);
  });
});
