import { ROLE_RANK, type TeamRole } from '@storekeep/contracts';
import type { UserRow } from './db/schema';
import { forbidden } from './errors';

/**
 * Which rows a caller's statements may touch: one team's, and when `companyIds` is a list, only the records
 * of those companies within it (members of a franchisee; `null` is the whole team, as every member today).
 * Repository functions take the scope first and write it into each statement (`whereInScope` in
 * platform/db/scope.ts), so narrowing it later changes what every query sees at once.
 */
export type TeamScope = { readonly teamId: number; readonly companyIds: readonly number[] | null };

/** The scope of a whole team. */
export function teamScope(teamId: number): TeamScope {
  return { teamId, companyIds: null };
}

/** The scope of a member of `team`: the whole team, or the companies the membership is limited to. */
export function memberScope(team: { id: number; company_ids: readonly number[] | null }): TeamScope {
  return { teamId: team.id, companyIds: team.company_ids };
}

/** Who is asking: the signed-in user in their current team (ARCHITECTURE §3 team context). */
export type Actor = {
  user: UserRow;
  /** `scope.teamId`, for the many places that only need the team. */
  teamId: number;
  scope: TeamScope;
  role: TeamRole;
  isOwner: boolean;
  isDemo: boolean;
  ip: string;
};

/** Roles are ordered: observer reads, manager also writes records, admin also manages the team. */
export function hasRole(actor: Pick<Actor, 'role'>, minimum: TeamRole): boolean {
  return ROLE_RANK[actor.role] >= ROLE_RANK[minimum];
}

/** The one gate services call first; a refusal is always the same 403. */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}
