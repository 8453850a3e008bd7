import { describe, expect, it } from 'vitest';
import { API_BASE } from '@storekeep/contracts';
import { useTestApp } from '../../test/context';
import { buildLease, buildMember, buildStore, buildUser, signIn, teamWithRoles } from '../../test/factories';
import { observeQueries } from './db';

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
