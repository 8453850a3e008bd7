import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildUser, signIn } from '../../../test/factories';

// No STRIPE_SECRET_KEY: billing is off, every team stays active and nothing talks to Stripe.
const ctx = useTestApp();

describe('billing without Stripe', () => {
  it('tells the owner billing is off, refuses Checkout and the Portal, and has no webhook', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const page = await client.get(`/app/api/v1/teams/${team.id}/billing`);
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual({
      enabled: false,
      status: 'active',
      has_customer: false,
      plan: null,
      next_invoice: null,
      payment_method: null,
    });
    expect((await client.post(`/app/api/v1/teams/${team.id}/billing/checkout`)).status).toBe(409);
    expect((await client.post(`/app/api/v1/teams/${team.id}/billing/portal`)).status).toBe(409);

    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_any' });
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(webhook.statusCode).toBe(404);
  });
});
