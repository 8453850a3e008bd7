import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db';
import { TestClient } from '../../../test/client';
import { useTestApp } from '../../../test/context';
import {
  buildCompany,
  buildMember,
  buildStore,
  buildUser,
  PASSWORD,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();

/** Reads SSE events from a real socket until `count` events arrived. */
async function readEvents(url: string, cookie: string, count: number, afterOpen: () => Promise<void>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = response.body!.getReader();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = '';
  let opened = false;
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += new TextDecoder().decode(value);
    let index: number;
    while ((index = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
    if (!opened && events.length) {
      opened = true;
      await afterOpen();
    }
  }
  controller.abort();
  return events;
}

/** The test app's address: its tests share one app, which listens once. */
async function listening(): Promise<string> {
  const bound = ctx.app.server.address();
  if (bound && typeof bound === 'object') return `http://127.0.0.1:${bound.port}`;
  return ctx.app.listen({ port: 0, host: '127.0.0.1' });
}

describe('realtime', () => {
  it('streams the unread count, and a colleague’s new reminder updates it live', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const address = await listening();
    const cookie = `storekeep_session=${observer.cookie('storekeep_session')}`;
    const events = await readEvents(`${address}/app/api/v1/events`, cookie, 2, async () => {
      await admin.post('/app/api/v1/reminders', { title: 'Live', due_date: addDaysIso(todayIso(), 3) });
    });
    expect(events).toEqual([
      { event: 'notifications', data: { count: 0 } },
      { event: 'notifications', data: { count: 1 } },
    ]);
  });

  it('tells a franchisee’s member their own unread count on their channel, never another franchisee’s', async () => {
    const { user, team } = await buildUser(ctx);
    const owner = await signIn(ctx, user.email);
    const north = await buildCompany(owner, { name: 'North LLC', kind: 'franchisee' });
    const south = await buildCompany(owner, { name: 'South LLC', kind: 'franchisee' });
    const northStore = await buildStore(owner, { name: 'North Store', company_id: north.id });
    const southStore = await buildStore(owner, { name: 'South Store', company_id: south.id });
    const member = await buildMember(ctx, team.id, 'manager');
    await owner.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [north.id],
    });
    const remind = async (title: string, storeId: number) =>
      expect(
        (
          await owner.post('/app/api/v1/reminders', {
            title,
            due_date: addDaysIso(todayIso(), 3),
            subject_type: 'store',
            subject_id: storeId,
          })
        ).status,
      ).toBe(201);
    await remind('South one', southStore.id);
    await remind('South two', southStore.id);
    const client = await signIn(ctx, member.email);
    const address = await listening();
    const cookie = `storekeep_session=${client.cookie('storekeep_session')}`;
    const events = await readEvents(`${address}/app/api/v1/events`, cookie, 3, async () => {
      await remind('North one', northStore.id);
      await remind('South three', southStore.id);
    });
    // 0 of theirs when the stream opens (the team has two), 1 after the franchisor's write about their store,
    // and still 1 after one about the other franchisee's: the team's count (4) never reaches them.
    expect(events).toEqual([
      { event: 'notifications', data: { count: 0 } },
      { event: 'notifications', data: { count: 1 } },
      { event: 'notifications', data: { count: 1 } },
    ]);
  });

  it('authorises only the user’s own channel and their teams’', async () => {
    const { admin, owner, team } = await teamWithRoles(ctx);
    expect(
      (await admin.post('/app/broadcasting/auth', { channel_name: `private-user.${owner.id}` })).status,
    ).toBe(200);
    expect(
      (await admin.post('/app/broadcasting/auth', { channel_name: `private-team.${team.id}` })).status,
    ).toBe(200);
    expect(
      (await admin.post('/app/broadcasting/auth', { channel_name: `private-user.${owner.id + 1000}` }))
        .status,
    ).toBe(403);
    expect(
      (await admin.post('/app/broadcasting/auth', { channel_name: `private-team.${team.id + 1000}` })).status,
    ).toBe(403);
    expect(
      (await ctx.client().post('/app/broadcasting/auth', { channel_name: 'private-team.1' })).status,
    ).toBe(401);
  });
});

// ARCHITECTURE.md §5: instances share events through Redis. `npm test` sets TEST_REDIS_URL when a Redis
// answers on 127.0.0.1:6379 (CI starts one); without Redis there is no second path to test.
if (process.env.TEST_REDIS_URL) {
  describe('realtime across two instances', () => {
    it('a colleague’s write on one instance reaches a stream held by the other, through Redis', async () => {
      const config = { ...ctx.config, REDIS_URL: process.env.TEST_REDIS_URL };
      const handles = [
        openDatabase(ctx.databaseUrl, { poolSize: 2 }),
        openDatabase(ctx.databaseUrl, { poolSize: 2 }),
      ];
      const [writer, reader] = await Promise.all(handles.map((database) => buildApp({ config, database })));
      try {
        const { user, team } = await buildUser(ctx);
        const observer = await buildMember(ctx, team.id, 'observer');
        const signIn = async (app: typeof writer, email: string) => {
          const client = new TestClient(app!);
          expect((await client.post('/app/login', { email, password: PASSWORD })).status).toBe(200);
          return client;
        };
        const admin = await signIn(writer, user.email);
        const watcher = await signIn(reader, observer.email);
        const address = await reader!.listen({ port: 0, host: '127.0.0.1' });
        const cookie = `storekeep_session=${watcher.cookie('storekeep_session')}`;
        const events = await readEvents(`${address}/app/api/v1/events`, cookie, 2, async () => {
          expect(
            (
              await admin.post('/app/api/v1/reminders', {
                title: 'Across instances',
                due_date: addDaysIso(todayIso(), 2),
              })
            ).status,
          ).toBe(201);
        });
        expect(events).toEqual([
          { event: 'notifications', data: { count: 0 } },
          { event: 'notifications', data: { count: 1 } },
        ]);
      } finally {
        await Promise.all([writer!.close(), reader!.close()]);
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });
}
