import { describe, expect, it } from 'vitest';
import { API_BASE } from '@storekeep/contracts';
import { useTestApp } from '../../test/context';
import { buildLease, buildMember, buildStore, buildUser, signIn, teamWithRoles } from '../../test/factories';
import { observeQueries } from './db';
import { BodyCache, bodyCacheOf } from './conditional';

const ctx = useTestApp();
const STORES = `${API_BASE}/stores`;

const etagOf = (response: { headers: Record<string, unknown> }) => String(response.headers.etag ?? '');

describe('conditional GETs (ETag, If-None-Match)', () => {
  it('answers a repeated list, record, lease list and dashboard 304 with no body until the team writes', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Harbor' });
    await buildLease(admin);
    for (const url of [
      STORES,
      `${STORES}?sort=name&direction=desc`,
      `${STORES}/${store.id}`,
      `${API_BASE}/leases`,
      `${API_BASE}/dashboard`,
    ]) {
      const first = await admin.get(url);
      expect(first.status, url).toBe(200);
      expect(etagOf(first)).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await admin.request('GET', url, undefined, { 'if-none-match': etagOf(first) });
      expect(again.status, url).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(etagOf(again)).toBe(etagOf(first));
      // A list of tags, and the strong form of a weak tag, match too (RFC 9110 weak comparison).
      const listed = await admin.request('GET', url, undefined, {
        'if-none-match': `"other", ${etagOf(first).slice(2)}`,
      });
      expect(listed.status).toBe(304);
    }
  });

  it('reads nothing but the write version for a 304', async () => {
    const { admin } = await teamWithRoles(ctx);
    await buildStore(admin);
    const first = await admin.get(STORES);
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
    try {
      const again = await admin.request('GET', STORES, undefined, { 'if-none-match': etagOf(first) });
      expect(again.status).toBe(304);
    } finally {
      stop();
    }
    expect(statements.filter((s) => !/auth_epoch/.test(s))).toEqual([
      expect.stringMatching(/from team_write_versions/),
    ]);
  });

  it('sends the kept body again without reading the list, and a new one once the team writes', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    await buildStore(admin, { name: 'Alder' });
    const first = await admin.get(STORES);
    const hits = bodyCacheOf(ctx.app)!.hits;
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
    const again = await admin.get(STORES).finally(stop);
    expect(again.status).toBe(200);
    expect(again.raw.toString()).toBe(first.raw.toString());
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(etagOf(again)).toBe(etagOf(first));
    expect(bodyCacheOf(ctx.app)!.hits).toBe(hits + 1);
    expect(statements.filter((s) => !/auth_epoch/.test(s))).toEqual([
      expect.stringMatching(/from team_write_versions/),
    ]);

    await buildStore(manager, { name: 'Birch' });
    const after = await admin.get(STORES);
    expect(after.body.data.map((s: { name: string }) => s.name)).toEqual(['Alder', 'Birch']);
  });

  it('keeps bodies within its budget of bytes, least recently used out', () => {
    const cache = new BodyCache(100, 60);
    cache.set('a', 'x'.repeat(20)); // 40 bytes
    cache.set('b', 'y'.repeat(20));
    expect(cache.get('a')).toBe('x'.repeat(20));
    cache.set('c', 'z'.repeat(20)); // 120 > 100: b, the least recently used, goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.set('big', 'w'.repeat(31)); // 62 bytes: more than one entry may take
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(2);
    // A minute at most, like the team caches: a writer that bypasses the version is seen by then.
    const now = Date.now();
    cache.set('d', 'v', now);
    expect(cache.get('d', now + 59_000)).toBe('v');
    expect(cache.get('d', now + 60_000)).toBeUndefined();
  });

  it('changes the tag when another member writes, and the stale tag gets the new list', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    await buildStore(admin, { name: 'Alder' });
    const first = await admin.get(STORES);
    await buildStore(manager, { name: 'Birch' });
    const after = await admin.request('GET', STORES, undefined, { 'if-none-match': etagOf(first) });
    expect(after.status).toBe(200);
    expect(etagOf(after)).not.toBe(etagOf(first));
    expect((after.body as { data: Array<{ name: string }> }).data.map((s) => s.name)).toEqual([
      'Alder',
      'Birch',
    ]);
  });

  it('gives each member and each URL its own tag', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    await buildStore(admin);
    const tags = await Promise.all(
      [admin.get(STORES), manager.get(STORES), observer.get(STORES), admin.get(`${STORES}?page=2`)].map(
        async (response) => etagOf(await response),
      ),
    );
    expect(new Set(tags).size).toBe(4);
    // The observer's copy says it may not edit: a manager must not revalidate it as theirs.
    const borrowed = await manager.request('GET', STORES, undefined, { 'if-none-match': tags[2]! });
    expect(borrowed.status).toBe(200);
    expect(borrowed.body.data[0].abilities.update).toBe(true);
    expect((await observer.get(STORES)).body.data[0].abilities.update).toBe(false);
  });

  it('changes the tag when the member’s role changes', async () => {
    const { user, team } = await buildUser(ctx);
    const admin = await signIn(ctx, user.email);
    const member = await buildMember(ctx, team.id, 'observer');
    const client = await signIn(ctx, member.email);
    await buildStore(admin);
    const asObserver = await client.get(STORES);
    expect(asObserver.body.data[0].abilities.update).toBe(false);
    const changed = await admin.patch(`${API_BASE}/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
    });
    expect(changed.status).toBe(200);
    const asManager = await client.request('GET', STORES, undefined, { 'if-none-match': etagOf(asObserver) });
    expect(asManager.status).toBe(200);
    expect(asManager.body.data[0].abilities.update).toBe(true);
    expect(etagOf(asManager)).not.toBe(etagOf(asObserver));
  });

  it('never answers 304 to another team, nor to a signed-out caller, for a tag it saw', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin);
    const own = await admin.get(`${STORES}/${store.id}`);
    const list = await admin.get(STORES);
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);

    const foreign = await stranger.request('GET', `${STORES}/${store.id}`, undefined, {
      'if-none-match': etagOf(own),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.etag).toBeUndefined();
    const foreignList = await stranger.request('GET', STORES, undefined, { 'if-none-match': etagOf(list) });
    expect(foreignList.status).toBe(200);
    expect(foreignList.body.data).toEqual([]);

    const anonymous = await ctx.client().request('GET', STORES, undefined, { 'if-none-match': etagOf(list) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
  });

  it('sends no tag on an error answer nor on a route that is not listed', async () => {
    const { admin } = await teamWithRoles(ctx);
    const missing = await admin.get(`${STORES}/999999`);
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const invalid = await admin.get(`${STORES}?sort=nope`);
    expect(invalid.status).toBe(422);
    expect(invalid.headers.etag).toBeUndefined();
    const reminders = await admin.get(`${API_BASE}/reminders`);
    expect(reminders.status).toBe(200);
    expect(reminders.headers.etag).toBeUndefined();
  });
});
