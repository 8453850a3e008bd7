import type Stripe from 'stripe';
import type { Deps } from '../../platform/deps';

/**
 * The Stripe client of an app instance, or null when STRIPE_SECRET_KEY is not set (billing off).
 * Tests hand in a client whose HTTP goes to a fake (`useStripeClient`), so nothing needs the internet.
 */
const clients = new WeakMap<Deps, Stripe>();

export async function stripeOf(deps: Deps): Promise<Stripe | null> {
  if (!deps.config.STRIPE_SECRET_KEY) return null;
  let client = clients.get(deps);
  if (!client) {
    // Loaded when billing is on and first used, not at start: 3-6 MB of every process's heap otherwise.
    const { default: StripeClient } = await import('stripe');
    client =
      clients.get(deps) ??
      new StripeClient(deps.config.STRIPE_SECRET_KEY, { maxNetworkRetries: 1, timeout: 20_000 });
    clients.set(deps, client);
  }
  return client;
}

/** Replaces the instance's client (tests: `new Stripe(key, { httpClient: Stripe.createFetchHttpClient(fake) })`). */
export function useStripeClient(deps: Deps, client: Stripe) {
  clients.set(deps, client);
}

export type { Stripe };
