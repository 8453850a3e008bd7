import type { AuthUser, SubscriptionStatus, TeamRole } from '@storekeep/contracts';
import type { UserRow } from '../../platform/db/schema';

type TeamEntry = {
  id: number;
  name: string;
  owner_id: number;
  subscription_status: string;
  role: TeamRole;
  company_ids: readonly number[] | null;
};

/** PRODUCT-SPEC §3 User: the shape the spec's client reads from `data`. */
export function presentAuthUser(
  user: UserRow,
  teams: TeamEntry[],
  current: TeamEntry | null,
  extra: { notifications: number; isDemo: boolean },
): AuthUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    notifications: extra.notifications,
    email_verified_at: user.email_verified_at,
    pending_email:
      user.pending_email &&
      user.pending_email_expires_at &&
      user.pending_email_expires_at > new Date().toISOString()
        ? user.pending_email
        : null,
    owns_team: current ? current.owner_id === user.id : false,
    team_role: current?.role ?? null,
    team_id: current?.id ?? null,
    company_ids: current?.company_ids ? [...current.company_ids] : null,
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    subscription: { status: (current?.subscription_status ?? 'active') as SubscriptionStatus },
    is_demo: extra.isDemo,
  };
}
