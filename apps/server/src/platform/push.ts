import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from '@storekeep/contracts';
import type { Db, Executor } from './db';
import { nowIso } from './clock';
import { ConfigError, type Config } from './config';
import { createQueueWorker, OUTBOX_COLUMNS } from './queue';
import { insertMany } from './db/insert-many';
import { OutboundRefused, type Outbound } from './outbound';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID key pair that signs pushes. Production sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (every
 * instance must share them: browsers bind a subscription to the public key); a laptop gets a pair
 * generated once and kept in the data directory, so subscriptions survive restarts.
 */
export function resolveVapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'DATA_DIR'>,
): VapidKeys {
  const subject =
    config.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim()}`;
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY)
      throw new ConfigError(
        'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
      );
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(config.DATA_DIR, 'vapid.json');
  try {
    return {
      ...(JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }),
      subject,
    };
  } catch {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process wrote it first: use theirs.
      return {
        ...(JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }),
        subject,
      };
    }
    return { ...keys, subject };
  }
}

type PushPayload = { device_id: number; message: PushMessage; urgency?: 'normal' | 'high' };

/**
 * Queues `message` for every device of `userIds`, in the caller's transaction (no push for a
 * rolled-back change). One outbox row per device, so a retry never repeats a push another device got.
 */
export async function enqueuePush(
  trx: Executor,
  userIds: number[],
  message: PushMessage,
  urgency: 'normal' | 'high' = 'normal',
): Promise<number> {
  return enqueuePushes(
    trx,
    [...new Set(userIds)].map((userId) => ({ userId, message, urgency })),
  );
}

export type UserPush = { userId: number; message: PushMessage; urgency: 'normal' | 'high' };

/** Many users' pushes with one look-up of their devices and as few inserts as the database allows. */
export async function enqueuePushes(trx: Executor, pushes: readonly UserPush[]): Promise<number> {
  const userIds = [...new Set(pushes.map((push) => push.userId))];
  if (!userIds.length) return 0;
  const devicesOf = new Map<number, number[]>();
  for (let at = 0; at < userIds.length; at += 1_000)
    for (const device of await trx
      .selectFrom('devices')
      .select(['id', 'user_id'])
      .where('user_id', 'in', userIds.slice(at, at + 1_000))
      .orderBy('id')
      .execute())
      devicesOf.set(device.user_id, [...(devicesOf.get(device.user_id) ?? []), device.id]);
  if (!devicesOf.size) return 0;
  const now = nowIso();
  const rows = pushes.flatMap(({ userId, message, urgency }) =>
    (devicesOf.get(userId) ?? []).map((deviceId) => ({
      kind: 'push',
      payload: JSON.stringify({ device_id: deviceId, message, urgency } satisfies PushPayload),
      available_at: now,
      created_at: now,
    })),
  );
  await insertMany(trx, 'outbox', OUTBOX_COLUMNS, rows);
  return rows.length;
}

export type PushSender = {
  publicKey: string;
  deliverDue(): Promise<number>;
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

/**
 * Works the `push` rows of the outbox: encrypts each message for its device (RFC 8291, aes128gcm),
 * signs it with VAPID and POSTs it to the subscription's push service. A subscription the push service
 * no longer knows (404, 410) is deleted; other failures retry with the queue's back-off. The endpoint was
 * checked at registration, but its host may resolve elsewhere now: one the outbound guard refuses is deleted
 * too (retrying would not change the answer), and nothing is sent to it.
 */
export function createPushSender(options: {
  db: Db;
  log: FastifyBaseLogger;
  vapid: VapidKeys;
  outbound: Outbound;
  timeoutMs?: number;
}): PushSender {
  const worker = createQueueWorker({
    db: options.db,
    log: options.log,
    table: 'outbox',
    kinds: ['push'],
    async handle(row) {
      const payload = JSON.parse(row.payload) as PushPayload;
      const device = await options.db
        .selectFrom('devices')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('id', '=', payload.device_id)
        .executeTakeFirst();
      if (!device) return; // removed (logout) since it was queued
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload.message),
        {
          vapidDetails: options.vapid,
          TTL: 24 * 60 * 60,
          urgency: payload.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const removeDevice = () =>
        options.db
          .deleteFrom('devices')
          .where('id', '=', device.id)
          .where('endpoint', '=', device.endpoint)
          .execute();
      let response;
      try {
        response = await options.outbound.request(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body ? new Uint8Array(request.body) : undefined,
          timeoutMs: options.timeoutMs ?? 10_000,
          maxBytes: 64 * 1024,
        });
      } catch (error) {
        if (!(error instanceof OutboundRefused)) throw error;
        await removeDevice();
        options.log.warn(
          { device: device.id, reason: error.message },
          'push endpoint refused by the outbound guard; subscription removed',
        );
        return;
      }
      if (response.status === 404 || response.status === 410) {
        await removeDevice();
        options.log.info(
          { device: device.id, status: response.status },
          'push subscription expired; removed',
        );
        return;
      }
      if (response.status < 200 || response.status >= 300)
        throw new Error(`push service answered ${response.status}`);
    },
  });
  return {
    publicKey: options.vapid.publicKey,
    deliverDue: worker.runDue,
    kick: worker.kick,
    start: worker.start,
    stop: worker.stop,
  };
}
