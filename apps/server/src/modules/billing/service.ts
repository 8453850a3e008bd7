import type { Billing, BillingRedirect, SubscriptionStatus } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { billingPolicy } from './policy';
import * as repo from './repository';
import { stripeOf, type Stripe } from './stripe';
import { writeTransaction } from '../../platform/db';

/**
 * Billing. Stripe is the source of truth: Checkout starts a subscription, the Customer Portal
 * changes or cancels it, and signed webhooks write the resulting status on the team. Without
 * STRIPE_SECRET_KEY nothing here talks to Stripe and a team's status stays what it is (active).
 */

/** Stripe's subscription statuses → the team's; null leaves the team as it is (a first payment still pending). */
export function teamStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'unpaid':
    case 'paused':
      return 'inactive';
    default:
      // incomplete, incomplete_expired: the subscription never started; the team keeps its state.
      return null;
  }
}

/** The team of a billing call: 404 unless the caller belongs to it, then 403 unless they own it (and are not the demo user). */
async function loadTeam(deps: Deps, actor: Actor) {
  const team = await repo.findTeam(deps.db, actor.teamId);
  if (!team) throw notFound('Team');
  authorize(billingPolicy.manage(actor), 'Only the team owner manages billing.');
  return team;
}

async function requireStripe(deps: Deps): Promise<Stripe> {
  const stripe = await stripeOf(deps);
  if (!stripe) throw new AppError('conflict', 'Billing is off: STRIPE_SECRET_KEY is not set.');
  return stripe;
}

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : cents / 100;

export async function getBilling(deps: Deps, actor: Actor): Promise<Billing> {
  const team = await loadTeam(deps, actor);
  const stripe = await stripeOf(deps);
  const billing: Billing = {
    enabled: stripe !== null,
    status: team.subscription_status,
    has_customer: team.stripe_customer_id !== null,
    plan: null,
    next_invoice: null,
    payment_method: null,
  };
  if (!stripe || !team.stripe_subscription_id) return billing;
  try {
    const subscription = await stripe.subscriptions.retrieve(team.stripe_subscription_id, {
      expand: ['default_payment_method', 'items.data.price.product'],
    });
    const item = subscription.items.data[0];
    if (item) {
      const price = item.price;
      const product =
        typeof price.product === 'object' && price.product && 'name' in price.product
          ? price.product.name
          : null;
      const amount = money(price.unit_amount === null ? null : price.unit_amount * (item.quantity ?? 1));
      billing.plan = {
        name: price.nickname ?? product ?? 'Subscription',
        amount,
        currency: price.currency,
        interval: price.recurring?.interval ?? null,
      };
      if (
        subscription.status !== 'canceled' &&
        !subscription.cancel_at_period_end &&
        item.current_period_end
      ) {
        billing.next_invoice = {
          date: new Date(item.current_period_end * 1000).toISOString(),
          amount,
          currency: price.currency,
        };
      }
    }
    const method = subscription.default_payment_method;
    if (method && typeof method === 'object' && method.card) {
      billing.payment_method = {
        brand: method.card.brand,
        last4: method.card.last4,
        exp_month: method.card.exp_month ?? null,
        exp_year: method.card.exp_year ?? null,
      };
    }
  } catch (error) {
    // The page still shows the stored status when Stripe cannot be reached.
    deps.log.warn({ err: error, teamId: team.id }, 'stripe subscription lookup failed');
  }
  return billing;
}

/** A Checkout session for the configured price; the team's Stripe customer is created (and stored) first. */
export async function startCheckout(deps: Deps, actor: Actor): Promise<BillingRedirect> {
  const team = await loadTeam(deps, actor);
  const stripe = await requireStripe(deps);
  const price = deps.config.STRIPE_PRICE_ID;
  if (!price) throw new AppError('conflict', 'Billing has no plan: STRIPE_PRICE_ID is not set.');
  let customerId = team.stripe_customer_id;
  if (!customerId) {
    const customer = await stripe.customers.create({
      email: actor.user.email,
      name: team.name,
      metadata: { team_id: String(team.id) },
    });
    customerId = customer.id;
    await writeTransaction(deps.db, async (trx) => {
      await repo.setCustomer(trx, team.id, customer.id, nowIso());
      await recordActivity(trx, {
        teamId: team.id,
        userId: actor.user.id,
        subjectType: 'team',
        subjectId: team.id,
        action: 'billing_customer_created',
        changes: { stripe_customer_id: customer.id },
        ip: actor.ip,
      });
    });
  }
  const back = `${deps.config.APP_URL}/account/billing`;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: String(team.id),
    line_items: [{ price, quantity: 1 }],
    subscription_data: { metadata: { team_id: String(team.id) } },
    success_url: `${back}?checkout=success`,
    cancel_url: back,
  });
  if (!session.url) throw new AppError('conflict', 'Stripe returned no Checkout page.');
  return { url: session.url };
}

/** The Stripe Customer Portal: payment method, invoices, plan changes and cancelling. */
export async function openPortal(deps: Deps, actor: Actor): Promise<BillingRedirect> {
  const team = await loadTeam(deps, actor);
  const stripe = await requireStripe(deps);
  if (!team.stripe_customer_id)
    throw new AppError('conflict', 'This team has no subscription yet: subscribe first.');
  const session = await stripe.billingPortal.sessions.create({
    customer: team.stripe_customer_id,
    return_url: `${deps.config.APP_URL}/account/billing`,
  });
  return { url: session.url };
}

/**
 * POST /billing/webhook: verifies the signature over the raw body, then applies the event once —
 * its id is claimed in the transaction that changes the team, so a replay (or a concurrent duplicate)
 * changes nothing and is still answered 200 so Stripe stops retrying.
 */
export async function handleWebhook(
  deps: Deps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const stripe = await stripeOf(deps);
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) throw notFound('Billing');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError('bad_request', 'Invalid Stripe signature.');
  }

  const change = describe(event);
  return writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    let team = change?.customerId ? await repo.findTeamByCustomer(trx, change.customerId) : undefined;
    if (!team && change?.teamId) team = await repo.findTeam(trx, change.teamId);
    if (!(await repo.claimEvent(trx, { id: event.id, type: event.type, teamId: team?.id ?? null }, now))) {
      return { received: true as const, duplicate: true };
    }
    if (!team || !change) return { received: true as const, duplicate: false };
    // The end of an older subscription does not close a team that has subscribed again since.
    const stale =
      change.subscriptionId &&
      team.stripe_subscription_id &&
      change.subscriptionId !== team.stripe_subscription_id &&
      change.status === 'canceled';
    if (stale) return { received: true as const, duplicate: false };
    const status = change.status ?? undefined;
    await repo.setSubscription(
      trx,
      team.id,
      {
        status,
        subscriptionId: change.subscriptionId,
        customerId: team.stripe_customer_id ? undefined : (change.customerId ?? undefined),
      },
      now,
    );
    if (status && status !== team.subscription_status) {
      await recordActivity(trx, {
        teamId: team.id,
        userId: null,
        subjectType: 'team',
        subjectId: team.id,
        action: 'subscription_changed',
        changes: { subscription_status: [team.subscription_status, status], stripe_event: event.type },
      });
    }
    return { received: true as const, duplicate: false };
  });
}

type Change = {
  customerId: string | null;
  teamId: number | null;
  subscriptionId?: string | null;
  status: SubscriptionStatus | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const teamIdOf = (value: string | null | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** What an event means for a team; null for event types billing does not listen to. */
function describe(event: Stripe.Event): Change | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        customerId: idOf(session.customer),
        teamId: teamIdOf(session.client_reference_id),
        subscriptionId: idOf(session.subscription),
        status: paid ? 'active' : null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      return {
        customerId: idOf(subscription.customer),
        teamId: teamIdOf(subscription.metadata?.team_id),
        subscriptionId: subscription.id,
        status: teamStatusOf(subscription.status),
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        customerId: idOf(subscription.customer),
        teamId: teamIdOf(subscription.metadata?.team_id),
        subscriptionId: subscription.id,
        status: 'canceled',
      };
    }
    default:
      return null;
  }
}
