import type { Device, DeviceInput, PushMessage } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { randomToken } from '../../platform/crypto';
import { invalid, notFound } from '../../platform/errors';
import { enqueuePush, enqueuePushes, type UserPush } from '../../platform/push';
import { OutboundRefused } from '../../platform/outbound';
import { deleteUserDevice, findDeviceByEndpoint, insertDevice, reassignDevice } from './repository';

/**
 * Stores the browser's push subscription for the signed-in user (idempotent per endpoint). The server will
 * POST to the endpoint, so it must be public https: one whose host is or resolves to a loopback, private,
 * link-local or other internal address is refused here (and again at each delivery, as DNS can change).
 */
export async function registerDevice(
  deps: Deps,
  userId: number,
  input: DeviceInput,
  userAgent: string | undefined,
): Promise<Device> {
  try {
    await deps.outbound.check(input.endpoint);
  } catch (error) {
    if (error instanceof OutboundRefused)
      throw invalid('endpoint', `The push endpoint must be a public https URL: ${error.message}.`);
    throw error;
  }
  const now = nowIso();
  const values = {
    user_id: userId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    user_agent: userAgent?.slice(0, 255) ?? null,
    now,
  };
  return writeTransaction(deps.db, async (trx) => {
    const existing = await findDeviceByEndpoint(trx, input.endpoint);
    if (existing) return reassignDevice(trx, Number(existing.id), values);
    return insertDevice(trx, { ...values, token: randomToken(24), endpoint: input.endpoint });
  });
}

/** Logout: the device stops receiving this user's pushes. Another user's token is not found. */
export async function removeDevice(deps: Deps, userId: number, token: string): Promise<void> {
  if (!(await deleteUserDevice(deps.db, userId, token))) throw notFound('Device');
}

/**
 * Other modules' way to push (reminder notices, assignments, comments): queued in their transaction;
 * call `deps.push.kick()` after the commit so it leaves at once.
 */
export function pushToUsers(
  trx: Executor,
  userIds: number[],
  message: PushMessage,
  urgency: 'normal' | 'high' = 'normal',
) {
  return enqueuePush(trx, userIds, message, urgency);
}

/** Many users' pushes at once, each with its own message (a scan's notices), in the caller's transaction. */
export function pushEach(trx: Executor, pushes: readonly UserPush[]) {
  return enqueuePushes(trx, pushes);
}
