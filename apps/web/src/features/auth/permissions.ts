import { ROLE_RANK, isSubscriptionBlocked, type AuthUser, type TeamRole } from '@storekeep/contracts';

function hasRole(user: AuthUser, role: TeamRole): boolean {
  return user.team_role !== null && ROLE_RANK[user.team_role] >= ROLE_RANK[role];
}

const isOwner = (user: AuthUser) => user.owns_team;
/** A member limited to companies (a franchisee's people): their stores and sales, nothing else of the team. */
const isLimited = (user: AuthUser) => user.company_ids !== null;
const isVerified = (user: AuthUser) => user.email_verified_at !== null;

/**
 * What a signed-in user may do in the web app (PRODUCT-SPEC §6). Menus, sidebar links, buttons and route
 * guards all ask `can()`, so a link is shown exactly when the page behind it would open.
 */
const RULES = {
  /** Create, edit and delete records, import: anyone but an observer or a member limited to companies. */
  'records.write': (user) => hasRole(user, 'manager') && !isLimited(user),
  /**
   * The team's pages and figures beyond a franchisee's own records (the team's dashboard, companies, search,
   * the documents' categories and exports…): not for a franchisee, who sees their own dashboard, stores,
   * sales, leases, agreements, shared documents and reminders.
   */
  'team.browse': (user) => !isLimited(user),
  /** Enter and correct sales figures: managers, a franchisee's for their own stores. */
  'sales.enter': (user) => hasRole(user, 'manager'),
  /** Audit log, team settings (reminders, export), attributes, geocoding: admins. */
  'team.admin': (user) => hasRole(user, 'admin'),
  /** The billing page: the team owner with a verified e-mail, never the shared demo login. */
  'billing.manage': (user) => isOwner(user) && !user.is_demo && isVerified(user),
  /** Profile, password and API tokens: hidden for the demo login, whose account is shared and fixed. */
  'profile.edit': (user) => !user.is_demo,
  /** /reactivate: the owner of a canceled or inactive team subscribes again there. */
  'subscription.reactivate': (user) => isOwner(user) && isInactive(user),
} satisfies Record<string, (user: AuthUser) => boolean>;

export type Action = keyof typeof RULES;

/** What the server says this user may do with one record, team or comment (its `abilities`). */
export type Abilities = Readonly<Record<string, boolean | undefined>>;

/**
 * The one permission check of the web app; whatever is not granted is denied.
 * - `can(user, action)`: a team-wide action by the user's own role and team (links, pages, create buttons).
 * - `can(record.abilities, action)`: an action on one thing, as the server's policy answered for it
 *   (`update`, `delete`, `complete`, `invite`…); an ability the server did not name is denied.
 */
export function can(user: AuthUser | null | undefined, action: Action): boolean;
export function can(abilities: Abilities | null | undefined, action: string): boolean;
export function can(subject: AuthUser | Abilities | null | undefined, action: string): boolean {
  if (!subject) return false;
  if (!isUser(subject)) return subject[action] === true;
  const rule: ((user: AuthUser) => boolean) | undefined = RULES[action as Action];
  return rule ? rule(subject) : false;
}

// Abilities only ever hold booleans; a user is the only subject with a role.
const isUser = (subject: AuthUser | Abilities): subject is AuthUser => 'team_role' in subject;

/** Canceled or inactive (spec §4 guard); past_due keeps access while Stripe retries. */
export const isInactive = (user: AuthUser) => isSubscriptionBlocked(user.subscription.status);
