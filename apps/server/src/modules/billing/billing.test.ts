import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { useTestApp, type TestContext } from '../../../test/context';
import { buildMember, buildUser, signIn, teamWithRoles } from '../../../test/factories';
import { useStripeClient } from './stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
const ctx = useTestApp({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ID: 'price_test_monthly',
});

/** Stripe's API, faked: the SDK's own fetch client talks to this function, so nothing leaves the machine. */
const stripeCalls: Array<{ method: string; path: string; body: string }> = [];
let customerCount = 0;
async function fakeStripe(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const method = init?.method ?? 'GET';
  stripeCalls.push({ method, path: url.pathname, body: typeof init?.body === 'string' ? init.body : '' });
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
  if (method === 'POST' && url.pathname === '/v1/customers')
    return json({ id: `cus_test_${++customerCount}`, object: 'customer' });
  if (method === 'POST' && url.pathname === '/v1/checkout/sessions')
    return json({
      id: 'cs_test_1',
      object: 'checkout.session',
      url: 'https://checkout.stripe.test/c/cs_test_1',
    });
  if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions')
    return json({
      id: 'bps_test_1',
      object: 'billing_portal.session',
      url: 'https://billing.stripe.test/p/session_1',
    });
  if (method === 'GET' && url.pathname.startsWith('/v1/subscriptions/')) {
    return json({
      id: url.pathname.split('/').pop(),
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      default_payment_method: {
        id: 'pm_1',
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      },
      items: {
        object: 'list',
        data: [
          {
            id: 'si_1',
            quantity: 1,
            current_period_end: 1_900_000_000,
            price: {
              id: 'price_test_monthly',
              nickname: 'Storekeep Team',
              unit_amount: 4900,
              currency: 'usd',
              recurring: { interval: 'month' },
              product: { id: 'prod_1', name: 'Storekeep' },
            },
          },
        ],
      },
    });
  }
  return new Response(JSON.stringify({ error: { message: `no fake for ${method} ${url.pathname}` } }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });
}

beforeAll(() => {
  useStripeClient(
    ctx.app.deps,
    new Stripe('sk_test_fake', {
      httpClient: Stripe.createFetchHttpClient(fakeStripe),
      maxNetworkRetries: 0,
    }),
  );
});

let eventCount = 0;
function subscriptionEvent(
  type: string,
  customer: string,
  status: string,
  overrides: { id?: string; subscription?: string } = {},
) {
  return {
    id: overrides.id ?? `evt_test_${Date.now()}_${++eventCount}`,
    object: 'event',
    type,
    data: {
      object: {
        id: overrides.subscription ?? 'sub_test_1',
        object: 'subscription',
        customer,
        status,
        metadata: {},
      },
    },
  };
}

/** Posts `event` to the webhook the way Stripe does: the raw JSON, signed with the SDK's test-header helper. */
async function deliver(app: TestContext['app'], event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/app/api/v1/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const statusOf = async (teamId: number) =>
  (
    await ctx.db
      .selectFrom('teams')
      .select('subscription_status')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow()
  ).subscription_status;

async function ownerWithCustomer() {
  const { user, team } = await buildUser(ctx);
  const client = await signIn(ctx, user.email);
  const checkout = await client.post(`/app/api/v1/teams/${team.id}/billing/checkout`);
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const { stripe_customer_id: customer } = await ctx.db
    .selectFrom('teams')
    .select('stripe_customer_id')
    .where('id', '=', team.id)
    .executeTakeFirstOrThrow();
  return { user, team, client, customer: customer! };
}

describe('billing endpoints', () => {
  it('starts Checkout for the owner: creates and stores the Stripe customer once, and returns the Checkout URL', async () => {
    const { team, client, customer } = await ownerWithCustomer();
    expect(customer).toMatch(/^cus_test_/);
    const checkout = stripeCalls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(decodeURIComponent(checkout.body)).toContain('line_items[0][price]=price_test_monthly');
    expect(decodeURIComponent(checkout.body)).toContain(`client_reference_id=${team.id}`);

    const again = await client.post(`/app/api/v1/teams/${team.id}/billing/checkout`);
    expect(again.body.data.url).toBe('https://checkout.stripe.test/c/cs_test_1');
    const stored = await ctx.db
      .selectFrom('teams')
      .select('stripe_customer_id')
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(stored.stripe_customer_id).toBe(customer);
    const audit = await ctx.db
      .selectFrom('activities')
      .select('action')
      .where('team_id', '=', team.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('billing_customer_created');

    const portal = await client.post(`/app/api/v1/teams/${team.id}/billing/portal`);
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toBe('https://billing.stripe.test/p/session_1');
  });

  it('shows plan, status, next invoice and payment method once subscribed', async () => {
    const { team, client, customer } = await ownerWithCustomer();
    expect(
      (
        await deliver(
          ctx.app,
          subscriptionEvent('customer.subscription.created', customer, 'active', {
            subscription: 'sub_page',
          }),
        )
      ).statusCode,
    ).toBe(200);
    const response = await client.get(`/app/api/v1/teams/${team.id}/billing`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      enabled: true,
      status: 'active',
      has_customer: true,
      plan: { name: 'Storekeep Team', amount: 49, currency: 'usd', interval: 'month' },
      next_invoice: { date: new Date(1_900_000_000 * 1000).toISOString(), amount: 49, currency: 'usd' },
      payment_method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });
  });

  it('is for the owner only: 403 for admin, manager and observer, 404 for another team', async () => {
    const { team, admin, manager, observer } = await teamWithRoles(ctx);
    const colleagueAdmin = await signIn(ctx, (await buildMember(ctx, team.id, 'admin')).email);
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/checkout'],
      ['POST', '/portal'],
    ] as const) {
      const url = `/app/api/v1/teams/${team.id}/billing${suffix}`;
      for (const client of [colleagueAdmin, manager, observer])
        expect((await client.request(method, url)).status, `${method} ${url}`).toBe(403);
      expect((await stranger.request(method, url)).status, `${method} ${url} stranger`).toBe(404);
      expect((await ctx.client().request(method, url)).status).toBe(401);
    }
    expect((await admin.get(`/app/api/v1/teams/${team.id}/billing`)).status).toBe(200);
  });

  it('refuses the demo user', async () => {
    const { seedDemo } = await import('../../seed');
    await seedDemo(ctx.app.deps);
    const client = ctx.client();
    const login = await client.post('/app/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.body.data).toMatchObject({ is_demo: true, owns_team: true });
    const teamId = login.body.data.team_id;
    expect((await client.get(`/app/api/v1/teams/${teamId}/billing`)).status).toBe(403);
    expect((await client.post(`/app/api/v1/teams/${teamId}/billing/checkout`)).status).toBe(403);
  });
});

describe('webhook', () => {
  it('applies status changes by customer, each audited', async () => {
    const { team, customer } = await ownerWithCustomer();
    for (const [type, stripeStatus, expected] of [
      ['customer.subscription.created', 'trialing', 'trialing'],
      ['customer.subscription.updated', 'active', 'active'],
      ['customer.subscription.updated', 'past_due', 'past_due'],
      ['customer.subscription.updated', 'unpaid', 'inactive'],
      ['customer.subscription.updated', 'incomplete', 'inactive'],
      ['customer.subscription.updated', 'active', 'active'],
      ['customer.subscription.deleted', 'canceled', 'canceled'],
    ] as const) {
      const response = await deliver(ctx.app, subscriptionEvent(type, customer, stripeStatus));
      expect(response.statusCode, response.body).toBe(200);
      expect(await statusOf(team.id), `${type} ${stripeStatus}`).toBe(expected);
    }
    const audit = await ctx.db
      .selectFrom('activities')
      .select(['action', 'user_id'])
      .where('team_id', '=', team.id)
      .where('action', '=', 'subscription_changed')
      .execute();
    expect(audit).toHaveLength(6);
    expect(audit.every((a) => a.user_id === null)).toBe(true);
  });

  it('marks the team active when Checkout completes and links the subscription', async () => {
    const { team, customer } = await ownerWithCustomer();
    await ctx.db
      .updateTable('teams')
      .set({ subscription_status: 'canceled' })
      .where('id', '=', team.id)
      .execute();
    const event = {
      id: `evt_checkout_${team.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_1',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          customer,
          subscription: 'sub_new',
          client_reference_id: String(team.id),
        },
      },
    };
    expect((await deliver(ctx.app, event)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('teams')
      .select(['subscription_status', 'stripe_subscription_id'])
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subscription_status: 'active', stripe_subscription_id: 'sub_new' });
    // The end of an older subscription does not close the team again.
    await deliver(
      ctx.app,
      subscriptionEvent('customer.subscription.deleted', customer, 'canceled', { subscription: 'sub_old' }),
    );
    expect(await statusOf(team.id)).toBe('active');
  });

  it('handles a replayed event id once', async () => {
    const { team, customer } = await ownerWithCustomer();
    const event = subscriptionEvent('customer.subscription.updated', customer, 'past_due', {
      id: `evt_replay_${team.id}`,
    });
    const first = await deliver(ctx.app, event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await ctx.db
      .updateTable('teams')
      .set({ subscription_status: 'active' })
      .where('id', '=', team.id)
      .execute();
    const replay = await deliver(ctx.app, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await statusOf(team.id)).toBe('active');
    const rows = await ctx.db.selectFrom('billing_events').selectAll().where('id', '=', event.id).execute();
    expect(rows).toEqual([
      expect.objectContaining({ team_id: team.id, type: 'customer.subscription.updated' }),
    ]);
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { team, customer } = await ownerWithCustomer();
    const event = subscriptionEvent('customer.subscription.deleted', customer, 'canceled');
    expect((await deliver(ctx.app, event, 'whsec_someone_else')).statusCode).toBe(400);
    const payload = JSON.stringify(event);
    const tampered = Stripe.webhooks.generateTestHeaderString({
      payload: payload.replace('canceled', 'active'),
      secret: WEBHOOK_SECRET,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': tampered },
    });
    expect(response.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(team.id)).toBe('active');
    expect(
      await ctx.db.selectFrom('billing_events').select('id').where('id', '=', event.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('ignores events of unknown customers and types, still once', async () => {
    const unknown = subscriptionEvent('customer.subscription.updated', 'cus_nobody', 'canceled');
    expect((await deliver(ctx.app, unknown)).json()).toEqual({ received: true, duplicate: false });
    const other = {
      id: 'evt_other_type',
      object: 'event',
      type: 'invoice.created',
      data: { object: { id: 'in_1', object: 'invoice' } },
    };
    expect((await deliver(ctx.app, other)).statusCode).toBe(200);
    expect((await deliver(ctx.app, other)).json()).toEqual({ received: true, duplicate: true });
  });
});

describe('subscription guard', () => {
  it('closes a canceled or inactive team to everyone in the API, keeps /users/auth and billing for the owner; past_due keeps access', async () => {
    const { owner, team, admin, observer } = await teamWithRoles(ctx);
    for (const status of ['inactive', 'canceled'] as const) {
      await ctx.db
        .updateTable('teams')
        .set({ subscription_status: status })
        .where('id', '=', team.id)
        .execute();
      for (const client of [admin, observer]) {
        expect((await client.get('/app/api/v1/dashboard')).status, status).toBe(403);
        expect((await client.get(`/app/api/v1/teams/${team.id}`)).status).toBe(403);
        const me = await client.get('/app/api/v1/users/auth');
        expect(me.status).toBe(200);
        expect(me.body.data.subscription.status).toBe(status);
      }
      expect((await admin.get('/app/api/v1/users/auth')).body.data.owns_team).toBe(true);
      // The owner can still reach billing to subscribe again (/reactivate links there).
      expect((await admin.get(`/app/api/v1/teams/${team.id}/billing`)).status).toBe(200);
      expect((await admin.post(`/app/api/v1/teams/${team.id}/billing/checkout`)).status).toBe(200);
    }
    await ctx.db
      .updateTable('teams')
      .set({ subscription_status: 'past_due' })
      .where('id', '=', team.id)
      .execute();
    expect((await observer.get('/app/api/v1/dashboard')).status).toBe(200);
    expect(owner.id).toBeGreaterThan(0);
  });
});
