import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './enums';

/** GET /teams/{id}/billing: what the billing page shows (team owner only). */
export const billingSchema = z.object({
  /** False when STRIPE_SECRET_KEY is not set: billing is off and every team is active. */
  enabled: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** True once the team has a Stripe customer (the Customer Portal needs one). */
  has_customer: z.boolean(),
  plan: z
    .object({
      name: z.string(),
      amount: z.number().nullable(),
      currency: z.string(),
      interval: z.string().nullable(),
    })
    .nullable(),
  next_invoice: z
    .object({ date: z.string(), amount: z.number().nullable(), currency: z.string() })
    .nullable(),
  payment_method: z
    .object({
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number().nullable(),
      exp_year: z.number().nullable(),
    })
    .nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

/** POST /teams/{id}/billing/checkout and /portal: the Stripe page to send the browser to. */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;
