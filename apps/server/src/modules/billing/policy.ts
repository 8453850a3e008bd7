import type { Actor } from '../../platform/policy';

/** Billing belongs to the team owner alone (spec §6 "Billing link: only for the team owner"), never the demo user. */
export const billingPolicy = {
  manage: (actor: Actor) => actor.isOwner && !actor.isDemo,
};
