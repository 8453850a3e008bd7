import { ROLE_RANK, isSubscriptionBlocked, type AuthUser, type TeamRole } from '@storekeep/contracts';

/** Role checks of PRODUCT-SPEC §6, shared by route guards and menus. */
export function hasRole(user: AuthUser, role: TeamRole): boolean {
  return user.team_role !== null && ROLE_RANK[user.team_role] >= ROLE_RANK[role];
}

export const isAdmin = (user: AuthUser) => hasRole(user, 'admin');
/** "Manage" pages: anyone who may write records, i.e. not an observer. */
export const canManage = (user: AuthUser) => hasRole(user, 'manager');
export const isOwner = (user: AuthUser) => user.owns_team;
export const isVerified = (user: AuthUser) => user.email_verified_at !== null;
/** Canceled or inactive (spec §4 guard); past_due keeps access while Stripe retries. */
export const isInactive = (user: AuthUser) => isSubscriptionBlocked(user.subscription.status);
