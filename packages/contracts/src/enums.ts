export const TEAM_ROLES = ['observer', 'manager', 'admin'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/**
 * Statuses that close a team (spec §4 guard): its owner is sent to /reactivate, everyone else gets 403.
 * past_due keeps access while Stripe retries the payment; trialing and active are open.
 */
export const isSubscriptionBlocked = (status: string) => status === 'canceled' || status === 'inactive';

/** Rank used by guards: a role passes a check for any role at or below it. */
export const ROLE_RANK: Record<TeamRole, number> = { observer: 0, manager: 1, admin: 2 };
