import { ROLE_RANK, isSubscriptionBlocked, type AuthUser, type TeamRole } from '@storekeep/contracts';

function hasRole(user: AuthUser, role: TeamRole): boolean {
  return user.team_role !== null && ROLE_RANK[user.team_role] >= ROLE_RANK[role];
}

const isOwner = (user: AuthUser) => user.owns_team;
const isVerified = (user: AuthUser) => user.email_verified_at !== null;

/**
 * What a signed-in user may do in the web app (PRODUCT-SPEC §6). Menus, sidebar links, buttons and route
 * guards all ask `can()`, so a link is shown exactly when the page behind it would open.
 */
const RULES = {
  /** Create, edit and delete records, import: anyone but an observer. */
  'records.write': (user) => hasRole(user, 'manager'),
  /** Audit log, team settings (reminders, export), attributes, geocoding: admins. */
  'team.admin': (user) => hasRole(user, 'admin'),
  /** The billing page: the team owner with a verified e-mail, never the shared demo login. */
  'billing.manage': (user) => isOwner(user) && !user.is_demo && isVerified(user),
  /** Profile and password: hidden for the demo login, whose account is shared and fixed. */
  'profile.edit': (user) => !user.is_demo,
  /** /reactivate: the owner of a canceled or inactive team subscribes again there. */
  'subscription.reactivate': (user) => isOwner(user) && isInactive(user),
} satisfies Record<string, (user: AuthUser) => boolean>;

export type Action = keyof typeof RULES;

/** False unless the user's own role and team, as the server reported them, allow the action. */
export function can(user: AuthUser | null | undefined, action: Action): boolean {
  if (!user) return false;
  const rule: ((user: AuthUser) => boolean) | undefined = RULES[action];
  return rule ? rule(user) : false;
}

/** Canceled or inactive (spec §4 guard); past_due keeps access while Stripe retries. */
export const isInactive = (user: AuthUser) => isSubscriptionBlocked(user.subscription.status);
