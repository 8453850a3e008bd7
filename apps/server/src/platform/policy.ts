import { ROLE_RANK, type TeamRole } from '@storekeep/contracts';
import type { UserRow } from './db/schema';
import { forbidden } from './errors';

/** Who is asking: the signed-in user in their current team (ARCHITECTURE §3 team context). */
export type Actor = {
  user: UserRow;
  teamId: number;
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
