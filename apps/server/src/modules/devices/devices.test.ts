import http from 'node:http';
import { createECDH, createDecipheriv, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildMember, buildUser, signIn } from '../../../test/factories';
import type { TestClient } from '../../../test/client';
import { addDaysIso, todayIso } from '../leases/dates';
import { deliverReminderNotices } from '../reminders/digest';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** RFC 8291 / RFC 8188 aes128gcm decryption, as a browser does it, written out with node:crypto. */
function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A local push service: records what arrives; paths listed in `gone` answer 410 like an expired subscription. */
const received: Received[] = [];
const gone = new Set<string>();
const pushService = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const port = (pushService.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

/**
 * Host names the server resolves in this file, answered here: no test asks a real resolver or sends a push
 * anywhere but the local push service below. A test changes an answer to play a DNS rebinding.
 */
const dnsAnswers = new Map<string, string[]>([
  ['localhost', ['127.0.0.1', '::1']],
  ['push.example', ['93.184.216.34']],
  ['split.example', ['93.184.216.34', '10.1.2.3']],
  ['mapped.example', ['::ffff:169.254.169.254']],
  ['push-service.test', ['127.0.0.1']],
]);
const ctx = useTestApp(
  { OUTBOUND_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${port},push-service.test:${port}` },
  {
    resolveHost: async (hostname) => {
      const answer = dnsAnswers.get(hostname);
      if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  },
);

async function subscribe(client: TestClient, name: string) {
  const keys = browserKeys();
  const response = await client.post('/app/api/v1/devices', {
    endpoint: `${base}/push/${name}`,
    keys: keys.json,
    expirationTime: null,
  });
  expect(response.status).toBe(201);
  return { ...keys, token: response.body.data.token as string, path: `/push/${name}` };
}

async function pushesTo(device: { path: string; ecdh: ECDH; auth: Buffer }) {
  await ctx.app.deps.push.deliverDue();
  return received
    .filter((r) => r.path === device.path)
    .map(
      (r) =>
        JSON.parse(decryptPush(r.body, device.ecdh, device.auth)) as {
          title: string;
          body: string;
          url: string;
        },
    );
}

async function team() {
  const { user: owner, team } = await buildUser(ctx);
  const admin = await signIn(ctx, owner.email);
  const member = await buildMember(ctx, team.id, 'manager');
  return { owner, team, admin, member, memberClient: await signIn(ctx, member.email) };
}

describe('devices API', () => {
  it('serves the VAPID public key and stores, re-registers and removes subscriptions of the signed-in user only', async () => {
    const anonymous = ctx.client();
    expect((await anonymous.get('/app/api/v1/push/key')).status).toBe(401);
    expect(
      (await anonymous.post('/app/api/v1/devices', { endpoint: `${base}/push/x`, keys: browserKeys().json }))
        .status,
    ).toBe(401);

    const { admin, memberClient } = await team();
    const key = (await admin.get('/app/api/v1/push/key')).body.data.public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);

    const device = await subscribe(admin, 'api-1');
    // The same browser subscribing again keeps its token.
    expect(
      (await admin.post('/app/api/v1/devices', { endpoint: `${base}/push/api-1`, keys: device.json })).body
        .data.token,
    ).toBe(device.token);

    expect(
      (await admin.post('/app/api/v1/devices', { endpoint: 'not a url', keys: device.json })).status,
    ).toBe(422);
    expect((await admin.post('/app/api/v1/devices', { endpoint: `${base}/push/y` })).status).toBe(422);
    expect(
      (await admin.post('/app/api/v1/devices', { endpoint: 'ftp://push.example/y', keys: device.json }))
        .status,
    ).toBe(422);

    expect((await memberClient.delete(`/app/api/v1/devices/${device.token}`)).status).toBe(404);
    expect((await admin.delete(`/app/api/v1/devices/${device.token}`)).status).toBe(204);
    expect((await admin.delete(`/app/api/v1/devices/${device.token}`)).status).toBe(404);
    expect(
      await ctx.db.selectFrom('devices').select('id').where('token', '=', device.token).execute(),
    ).toHaveLength(0);
  });
});

describe('push endpoints inside the network', () => {
  it('refuses at registration an endpoint that is or resolves to a loopback, private, link-local, unique-local, CGNAT or metadata address, or is plain http', async () => {
    const { admin } = await team();
    const keys = browserKeys().json;
    const refused = [
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://10.0.0.1/push',
      'https://192.168.1.20/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/push',
      'https://[fd00:ec2::254]/push',
      'https://100.64.0.1/push',
      'https://0.0.0.0/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://split.example/push',
      'https://mapped.example/push',
      'https://unknown.example/push',
      'http://push.example/push',
    ];
    for (const endpoint of refused) {
      const response = await admin.post('/app/api/v1/devices', { endpoint, keys });
      expect(response.status, endpoint).toBe(422);
      expect(response.body.errors.endpoint[0], endpoint).toMatch(
        /^The push endpoint must be a public https URL: /,
      );
    }
    expect(
      (await admin.post('/app/api/v1/devices', { endpoint: 'https://localhost/push', keys })).body.errors
        .endpoint,
    ).toEqual([
      'The push endpoint must be a public https URL: localhost resolves to 127.0.0.1, a loopback address.',
    ]);
    expect(
      await ctx.db.selectFrom('devices').select('id').where('endpoint', 'in', refused).execute(),
    ).toEqual([]);
  });

  it('drops a push whose endpoint host resolves to an internal address by the time it is sent, without contacting it', async () => {
    const { admin, member, memberClient } = await team();
    dnsAnswers.set('rebind.example', ['93.184.216.34']);
    const registered = await memberClient.post('/app/api/v1/devices', {
      endpoint: 'https://rebind.example/push/1',
      keys: browserKeys().json,
    });
    expect(registered.status).toBe(201);
    dnsAnswers.set('rebind.example', ['127.0.0.1']);
    received.length = 0;
    await admin.post('/app/api/v1/reminders', {
      title: 'Rebound',
      due_date: addDaysIso(todayIso(), 40),
      assignee_ids: [member.id],
    });
    await ctx.app.deps.push.deliverDue();
    expect(received).toEqual([]);
    // The subscription is gone and the push is settled, not retried.
    expect(
      await ctx.db
        .selectFrom('devices')
        .select('id')
        .where('token', '=', registered.body.data.token)
        .execute(),
    ).toEqual([]);
    expect(await ctx.app.deps.push.deliverDue()).toBe(0);
  });

  it('connects to the address it checked: an allow-listed name reaches the local push service through the injected answer', async () => {
    const { admin, member, memberClient } = await team();
    const keys = browserKeys();
    expect(
      (
        await memberClient.post('/app/api/v1/devices', {
          endpoint: `http://push-service.test:${port}/push/by-name`,
          keys: keys.json,
        })
      ).status,
    ).toBe(201);
    await admin.post('/app/api/v1/reminders', {
      title: 'By name',
      due_date: addDaysIso(todayIso(), 40),
      assignee_ids: [member.id],
    });
    expect(await pushesTo({ path: '/push/by-name', ecdh: keys.ecdh, auth: keys.auth })).toEqual([
      expect.objectContaining({ title: 'Assigned to you: By name' }),
    ]);
    expect(received.find((r) => r.path === '/push/by-name')!.headers.host).toBe(`push-service.test:${port}`);
  });
});

describe('web push', () => {
  it('pushes an assignment and a comment, encrypted for the subscription (RFC 8291) and signed with the VAPID key', async () => {
    const { admin, member, memberClient } = await team();
    const device = await subscribe(memberClient, 'assignee');
    const id = (
      await admin.post('/app/api/v1/reminders', {
        title: 'Renew the lease',
        due_date: addDaysIso(todayIso(), 40),
        assignee_ids: [member.id],
      })
    ).body.data.id;

    const assigned = await pushesTo(device);
    expect(assigned).toEqual([
      {
        title: 'Assigned to you: Renew the lease',
        body: expect.stringContaining('assigned you a reminder'),
        url: `/reminders/${id}/comments`,
        tag: `reminder-${id}`,
      },
    ]);
    const request = received.find((r) => r.path === device.path)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (await memberClient.get('/app/api/v1/push/key')).body.data.public_key;
    expect(request.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );

    await admin.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Landlord wants 3% more' });
    // The commenter's own comment does not push to them.
    await memberClient.post(`/app/api/v1/reminders/${id}/comments`, { body: 'On it' });
    const all = await pushesTo(device);
    expect(all.slice(1)).toEqual([
      expect.objectContaining({ body: 'Landlord wants 3% more', url: `/reminders/${id}/comments` }),
    ]);
    expect(all[1]!.title).toMatch(/commented on Renew the lease/);
  });

  it('pushes a reminder that came due, and deletes a subscription the push service says is gone', async () => {
    const { admin, member, memberClient } = await team();
    const device = await subscribe(memberClient, 'due');
    const expired = await subscribe(memberClient, 'expired');
    gone.add(expired.path);
    const id = (
      await admin.post('/app/api/v1/reminders', {
        title: 'Exercise the option',
        due_date: addDaysIso(todayIso(), 3),
        assignee_ids: [member.id],
      })
    ).body.data.id;
    // The assignment push: the expired subscription answers 410 and is deleted.
    await ctx.app.deps.push.deliverDue();
    expect(received.filter((r) => r.path === expired.path)).toHaveLength(1);
    const left = await ctx.db
      .selectFrom('devices')
      .select('token')
      .where('user_id', '=', member.id)
      .execute();
    expect(left.map((d) => d.token)).toEqual([device.token]);
    received.length = 0;

    await deliverReminderNotices(ctx.app.deps, todayIso());
    const pushes = await pushesTo(device);
    expect(pushes).toEqual([
      {
        title: 'Due in 3 days: Exercise the option',
        body: expect.stringContaining(addDaysIso(todayIso(), 3)),
        url: `/reminders/${id}/comments`,
        tag: `reminder-${id}`,
      },
    ]);
    expect(received.filter((r) => r.path === expired.path)).toHaveLength(0);
    // Push rows are the push sender's: the mail sender never takes them.
    const rows = await ctx.db
      .selectFrom('outbox')
      .select(['kind', 'sent_at', 'failed_at'])
      .where('kind', '=', 'push')
      .execute();
    expect(rows.every((r) => r.sent_at !== null && r.failed_at === null)).toBe(true);
  });

  it('pushes each person their own reminders of one scan, on every device they have', async () => {
    const { admin, member, memberClient, team: theTeam } = await team();
    const other = await buildMember(ctx, theTeam.id, 'manager');
    const otherClient = await signIn(ctx, other.email);
    const phone = await subscribe(memberClient, 'scan-phone');
    const laptop = await subscribe(memberClient, 'scan-laptop');
    const theirs = await subscribe(otherClient, 'scan-other');
    for (const [title, person] of [
      ['Sign the renewal', member],
      ['Pay the deposit', other],
    ] as const)
      await admin.post('/app/api/v1/reminders', {
        title,
        due_date: addDaysIso(todayIso(), 2),
        assignee_ids: [person.id],
      });
    await ctx.app.deps.push.deliverDue();
    received.length = 0;

    await deliverReminderNotices(ctx.app.deps, todayIso());
    for (const device of [phone, laptop])
      expect((await pushesTo(device)).map((push) => push.title)).toEqual(['Due in 2 days: Sign the renewal']);
    expect((await pushesTo(theirs)).map((push) => push.title)).toEqual(['Due in 2 days: Pay the deposit']);
  });
});
