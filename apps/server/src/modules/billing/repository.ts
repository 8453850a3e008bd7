import type { SubscriptionStatus } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';

const TEAM_COLUMNS = [
  'id',
  'name',
  'owner_id',
  'subscription_status',
  'stripe_customer_id',
  'stripe_subscription_id',
] as const;

export function findTeam(db: Executor, teamId: number) {
  return db.selectFrom('teams').select(TEAM_COLUMNS).where('id', '=', teamId).executeTakeFirst();
}

export function findTeamByCustomer(db: Executor, customerId: string) {
  return db
    .selectFrom('teams')
    .select(TEAM_COLUMNS)
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function setCustomer(db: Executor, teamId: number, customerId: string, now: string) {
  await db
    .updateTable('teams')
    .set({ stripe_customer_id: customerId, updated_at: now })
    .where('id', '=', teamId)
    .execute();
}

export async function setSubscription(
  db: Executor,
  teamId: number,
  values: { status?: SubscriptionStatus; subscriptionId?: string | null; customerId?: string },
  now: string,
) {
  await db
    .updateTable('teams')
    .set({
      updated_at: now,
      ...(values.status ? { subscription_status: values.status } : {}),
      ...(values.subscriptionId !== undefined ? { stripe_subscription_id: values.subscriptionId } : {}),
      ...(values.customerId ? { stripe_customer_id: values.customerId } : {}),
    })
    .where('id', '=', teamId)
    .execute();
}

/** Claims a Stripe event id; false when it was handled before (the replay is then ignored). */
export async function claimEvent(
  db: Executor,
  event: { id: string; type: string; teamId: number | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, team_id: event.teamId, processed_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
