import Stripe from 'stripe';
import type { Deps } from '../../platform/deps';

/**
 * The Stripe client of an app instance, or null when STRIPE_SECRET_KEY is not set (billing off).
 * Tests hand in a client whose HTTP goes to a fake (`useStripeClient`), so nothing needs the internet.
 */
const clients = new WeakMap<Deps, Stripe>();

export function stripeOf(deps: Deps): Stripe | null {
  if (!deps.config.STRIPE_SECRET_KEY) return null;
  let client = clients.get(deps);
  if (!client) {
    client = new Stripe(deps.config.STRIPE_SECRET_KEY, { maxNetworkRetries: 1, timeout: 20_000 });
    clients.set(deps, client);
  }
  return client;
}

/** Replaces the instance's client (tests: `new Stripe(key, { httpClient: Stripe.createFetchHttpClient(fake) })`). */
export function useStripeClient(deps: Deps, client: Stripe) {
  clients.set(deps, client);
}

export type { Stripe };
