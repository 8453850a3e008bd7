import { describe, expect, it, vi } from 'vitest';
import { API_BASE, type DocumentDto, type Reminder } from '@storekeep/contracts';
import type { TestClient } from '../../test/client';
import { useTestApp } from '../../test/context';
import {
  buildLease,
  buildMember,
  buildReminder,
  buildStore,
  buildUser,
  postFile,
  signIn,
  teamWithRoles,
  uploadDocument,
} from '../../test/factories';
import { addDaysIso, todayIso } from '../modules/leases/dates';
import { observeQueries } from './db';
import { BodyCache, bodyCacheOf } from './conditional';
import { heardEveryBump, keepsTeamVersions } from './team-cache';

const ctx = useTestApp();

/**
 * What a request reads besides the session to learn the team's version: on SQLite the statement; on
 * PostgreSQL nothing, once the app hears every bump (platform/team-cache.ts), which this waits for.
 */
/**
 * The statements a revalidation reads once the team's version is kept: none. SQLite keeps what it read while
 * nothing is written; PostgreSQL while it hears every bump, once its LISTEN has started.
 */
async function versionReads() {
  if (ctx.app.deps.dialect === 'postgres')
    await vi.waitFor(() => expect(keepsTeamVersions(ctx.app.deps.db)).toBe(true));
  return [];
}
const STORES = `${API_BASE}/stores`;

/**
 * PostgreSQL: a write's notification arrives a moment after its commit and drops a version kept by a read in
 * between, so the next read asks again. Waits until every bump so far was heard, then keeps the team's version.
 */
async function untilVersionKept(client: TestClient) {
  await heardEveryBump(ctx.app.deps.db);
  expect((await client.get(`${API_BASE}/users/auth`)).status).toBe(200);
}

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
    const expectedReads = await versionReads();
    const { admin } = await teamWithRoles(ctx);
    await buildStore(admin);
    await untilVersionKept(admin);
    const first = await admin.get(STORES);
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
    try {
      const again = await admin.request('GET', STORES, undefined, { 'if-none-match': etagOf(first) });
      expect(again.status).toBe(304);
    } finally {
      stop();
    }
    expect(statements).toEqual(expectedReads);
  });

  it('sends the kept body again without reading the list, and a new one once the team writes', async () => {
    const expectedReads = await versionReads();
    const { admin, manager } = await teamWithRoles(ctx);
    // Long enough to be kept as bytes, and not ASCII: the bytes sent again must be the same UTF-8.
    const alder = `Alder Café ☕ 東京 ${'ø'.repeat(200)}`;
    await buildStore(admin, { name: alder });
    await untilVersionKept(admin);
    const first = await admin.get(STORES);
    expect(first.raw.length).toBeGreaterThan(1024);
    const hits = bodyCacheOf(ctx.app)!.hits;
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
    const again = await admin.get(STORES).finally(stop);
    expect(again.status).toBe(200);
    expect(again.raw.toString()).toBe(first.raw.toString());
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(etagOf(again)).toBe(etagOf(first));
    expect(bodyCacheOf(ctx.app)!.hits).toBe(hits + 1);
    expect(statements).toEqual(expectedReads);

    await buildStore(manager, { name: 'Birch' });
    const after = await admin.get(STORES);
    expect(after.body.data.map((s: { name: string }) => s.name)).toEqual([alder, 'Birch']);
  });

  it('rebuilds an expired page once while the requests beside it get the kept body', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    await buildStore(client, { name: 'Hot page' });
    // A body's tag holds the team's date (UTC here): the first request and the burst a minute later fall on one
    // day, or the burst would ask for another page, not an expired one.
    const now = Date.now();
    const midnight = Math.ceil(now / 86_400_000) * 86_400_000;
    const start = now + 61_000 < midnight ? now : midnight - 62_000;
    const pages: string[] = [];
    // The page's ids come with the team's write version (platform/list.ts): one such read per page built.
    const stop = observeQueries(ctx.app.deps.db, ({ sql }) => {
      if (/from "stores"/.test(sql) && /as "write_version"/.test(sql)) pages.push(sql);
    });
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const first = await client.get(STORES);
      pages.length = 0;
      vi.setSystemTime(start + 61_000);
      const burst = await Promise.all(Array.from({ length: 20 }, () => client.get(STORES)));
      expect(burst.map((r) => [r.status, r.body])).toEqual(Array(20).fill([200, first.body]));
      expect(pages).toHaveLength(1);
    } finally {
      stop();
      vi.useRealTimers();
    }
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
    // A minute at most, like the team caches: a writer that bypasses the version is seen by then. The first
    // request after it builds the body again; the others meanwhile get the expired one, for two seconds at most.
    const now = Date.now();
    cache.set('d', 'v', now);
    expect(cache.get('d', now + 59_000)).toBe('v');
    expect(cache.get('d', now + 60_000)).toBeUndefined();
    expect(cache.get('d', now + 60_001)).toBe('v');
    expect(cache.get('d', now + 61_999)).toBe('v');
    expect(cache.get('d', now + 62_000)).toBeUndefined();
    cache.set('d', 'rebuilt', now + 62_010);
    expect(cache.get('d', now + 62_020)).toBe('rebuilt');
  });

  it('keeps a long body as its UTF-8 bytes, counted as bytes, and a short one as text', () => {
    const cache = new BodyCache(10_000, 5_000);
    const long = JSON.stringify({ data: 'Café ☕ 東京 '.repeat(200) });
    cache.set('long', long);
    const kept = cache.get('long');
    expect(Buffer.isBuffer(kept)).toBe(true);
    expect((kept as Buffer).toString('utf8')).toBe(long);
    cache.set('short', '{"data":[]}');
    expect(cache.get('short')).toBe('{"data":[]}');
    // 3,000 characters of three bytes each: 9,000 bytes, over what one entry may take (as text it was 6,000).
    cache.set('wide', '東'.repeat(3000));
    expect(cache.get('wide')).toBeUndefined();
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
    const mutes = await admin.get(`${API_BASE}/mutes`);
    expect(mutes.status).toBe(200);
    expect(mutes.headers.etag).toBeUndefined();
  });
});

/** A GET of `url` that sends the tag `previous` answered: 304 while nothing it shows changed. */
async function revalidate(client: TestClient, url: string, previous: { headers: Record<string, unknown> }) {
  return client.request('GET', url, undefined, { 'if-none-match': etagOf(previous) });
}

describe('conditional GETs of the documents list', () => {
  const DOCUMENTS = `${API_BASE}/documents`;

  it('answers 304 until an upload, a new version, a tag, a link or an extraction finishing changes the list', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Harbor' });
    const document = await uploadDocument(admin, { name: 'lease.txt', content: 'Base rent' });
    // The upload queued the extraction; it finishes in the background, without any request, and sometimes
    // before the first answer. An answer that showed it pending is never revalidated once it is done (a tag read
    // just before the extraction's commit may also move when the answer already showed it done: that is safe).
    let tagged = await admin.get(DOCUMENTS);
    await ctx.app.deps.jobs.drain();
    await ctx.app.deps.jobs.runDue();
    const extracted = await admin.get(DOCUMENTS);
    expect(extracted.body.data[0].text_status).toBe('done');
    if (tagged.body.data[0].text_status === 'pending') expect(etagOf(extracted)).not.toBe(etagOf(tagged));
    expect((await revalidate(admin, DOCUMENTS, extracted)).status).toBe(304);

    const changes: Array<[string, () => Promise<unknown>, (list: DocumentDto[]) => unknown]> = [
      [
        'upload',
        () => uploadDocument(manager, { name: 'plan.txt' }),
        (list) => list.map((d) => d.current_version?.file_name),
      ],
      [
        'new version',
        () =>
          postFile(manager, `${DOCUMENTS}/${document.id}/versions`, { name: 'lease-2.txt', content: 'v2' }),
        (list) => list.find((d) => d.id === document.id)?.version_count,
      ],
      [
        'tag',
        () => manager.patch(`${DOCUMENTS}/${document.id}`, { tags: ['signed'] }),
        (list) => list.find((d) => d.id === document.id)?.tags,
      ],
      [
        'link',
        () => manager.post(`${DOCUMENTS}/${document.id}/links`, { type: 'stores', id: store.id }),
        (list) => list.find((d) => d.id === document.id)?.links.map((l) => l.name),
      ],
    ];
    tagged = extracted;
    for (const [what, change, shown] of changes) {
      expect((await revalidate(admin, DOCUMENTS, tagged)).status, what).toBe(304);
      const before = shown(tagged.body.data as DocumentDto[]);
      await change();
      // An upload's extraction runs in the background as it commits: let it finish, or it would change the
      // list between this answer and the next 304.
      await ctx.app.deps.jobs.drain();
      const after = await revalidate(admin, DOCUMENTS, tagged);
      expect(after.status, what).toBe(200);
      expect(etagOf(after), what).not.toBe(etagOf(tagged));
      expect(shown(after.body.data as DocumentDto[]), what).not.toEqual(before);
      tagged = after;
    }
  });

  it('changes the tag of every team of a user who takes a new name (the uploader shown)', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const member = await buildMember(ctx, team.id, 'manager');
    const uploader = await signIn(ctx, member.email);
    await uploadDocument(uploader);
    const first = await admin.get(DOCUMENTS);
    expect(first.body.data[0].uploaded_by.name).toBe(member.name);
    // Renamed while acting in their own personal team: not a write by a member of this one.
    const personal = member.current_team_id;
    expect((await uploader.patch(`${API_BASE}/teams/${personal}/switch`, {})).status).toBe(200);
    const renamed = await uploader.patch(`${API_BASE}/users/profile`, {
      name: 'Renamed Uploader',
      email: member.email,
    });
    expect(renamed.status).toBe(200);
    const after = await revalidate(admin, DOCUMENTS, first);
    expect(after.status).toBe(200);
    expect(after.body.data[0].uploaded_by.name).toBe('Renamed Uploader');
  });
});

describe('conditional GETs of the reminders inbox', () => {
  const INBOX = `${API_BASE}/reminders?filters[status]=incomplete`;

  it('moves the caller’s tag with each per-user change: read mark, assignees, mute, snooze', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const { id } = await buildReminder(admin, { title: 'Renewal' });
    const managerId = (await manager.get(`${API_BASE}/users/auth`)).body.data.id as number;
    let tagged = await manager.get(INBOX);
    expect(tagged.body.data[0]).toMatchObject({ id, muted: false, assignees: [] });
    const changes: Array<[string, () => Promise<unknown>, (list: Reminder[]) => unknown]> = [
      [
        'assignees',
        () => admin.patch(`${API_BASE}/reminders/${id}`, { assignee_ids: [managerId] }),
        (list) => list[0]?.assignees.map((a) => a.id),
      ],
      [
        'mute (the caller’s own)',
        () => manager.post(`${API_BASE}/mutes`, { subject_type: 'reminder', subject_id: id }),
        (list) => list[0]?.muted,
      ],
      ['read mark', () => admin.patch(`${API_BASE}/reminders/${id}`, { read: true }), (list) => list.length],
      [
        'unread again',
        () => admin.patch(`${API_BASE}/reminders/${id}`, { read: false }),
        (list) => list.length,
      ],
      [
        'snooze',
        () => admin.patch(`${API_BASE}/reminders/${id}`, { snoozed_until: addDaysIso(todayIso(), 1) }),
        (list) => list.length,
      ],
    ];
    for (const [what, change, shown] of changes) {
      expect((await revalidate(manager, INBOX, tagged)).status, what).toBe(304);
      const before = shown(tagged.body.data as Reminder[]);
      await change();
      const after = await revalidate(manager, INBOX, tagged);
      expect(after.status, what).toBe(200);
      expect(shown(after.body.data as Reminder[]), what).not.toEqual(before);
      tagged = after;
    }
    // The muting member's inbox says so; another member's does not, under a tag of their own.
    const adminsInbox = await admin.get(INBOX);
    expect(etagOf(adminsInbox)).not.toBe(etagOf(tagged));
  });

  it('moves the tag when the team’s day changes without any write (a snooze ends)', async () => {
    // A minute before midnight in the team's zone (UTC by default), then two minutes later: a new day.
    const midnight = Date.parse(`${addDaysIso(todayIso(), 1)}T00:00:00Z`);
    vi.useFakeTimers({ toFake: ['Date'], now: midnight - 60_000 });
    try {
      const { admin } = await teamWithRoles(ctx);
      const { id } = await buildReminder(admin, { due_date: addDaysIso(todayIso(), 3) });
      await admin.patch(`${API_BASE}/reminders/${id}`, { snoozed_until: addDaysIso(todayIso(), 1) });
      const today = await admin.get(INBOX);
      expect(today.body.data).toEqual([]);
      expect((await revalidate(admin, INBOX, today)).status).toBe(304);
      vi.setSystemTime(midnight + 60_000);
      const tomorrow = await revalidate(admin, INBOX, today);
      expect(tomorrow.status).toBe(200);
      expect(tomorrow.body.data.map((r: Reminder) => r.id)).toEqual([id]);
    } finally {
      vi.useRealTimers();
    }
  });
});
