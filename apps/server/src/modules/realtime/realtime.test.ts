import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { teamWithRoles } from '../../../test/factories';
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

describe('realtime', () => {
  it('streams the unread count, and a colleague’s new reminder updates it live', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = `storekeep_session=${observer.cookie('storekeep_session')}`;
    const events = await readEvents(`${address}/app/api/v1/events`, cookie, 2, async () => {
      await admin.post('/app/api/v1/reminders', { title: 'Live', due_date: addDaysIso(todayIso(), 3) });
    });
    expect(events).toEqual([
      { event: 'notifications', data: { count: 0 } },
      { event: 'notifications', data: { count: 1 } },
    ]);
  });

  it('authorises only the user’s own channel and their teams’', async () => {
    const { admin, owner, team } = await teamWithRoles(ctx);
    expect((await admin.post('/app/broadcasting/auth', { channel_name: `private-user.${owner.id}` })).status).toBe(200);
    expect((await admin.post('/app/broadcasting/auth', { channel_name: `private-team.${team.id}` })).status).toBe(200);
    expect((await admin.post('/app/broadcasting/auth', { channel_name: `private-user.${owner.id + 1000}` })).status).toBe(403);
    expect((await admin.post('/app/broadcasting/auth', { channel_name: `private-team.${team.id + 1000}` })).status).toBe(403);
    expect((await ctx.client().post('/app/broadcasting/auth', { channel_name: 'private-team.1' })).status).toBe(401);
  });
});
