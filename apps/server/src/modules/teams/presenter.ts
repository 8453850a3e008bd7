import type { TeamDetail, TeamInvitation, TeamMember, TeamRole } from '@storekeep/contracts';
import type { Actor } from '../../platform/policy';
import { teamAbilities } from './policy';

type MemberRow = { id: number; name: string; email: string; role: TeamRole; created_at: string };
type InvitationRow = { id: string; email: string; role: TeamRole; created_at: string };

export function presentMember(row: MemberRow, ownerId: number): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    is_owner: row.id === ownerId,
    joined_at: row.created_at,
  };
}

export function presentInvitation(row: InvitationRow): TeamInvitation {
  return { id: row.id, email: row.email, role: row.role, created_at: row.created_at };
}

export function presentTeam(
  team: { id: number; name: string; owner_id: number },
  members: MemberRow[],
  invitations: InvitationRow[],
  actor: Actor,
): TeamDetail {
  const abilities = teamAbilities(actor);
  return {
    id: team.id,
    name: team.name,
    owner_id: team.owner_id,
    members: members.map((m) => presentMember(m, team.owner_id)),
    // Pending invitations carry their secret token as id: only those who can manage them see them.
    invitations: abilities.invite ? invitations.map(presentInvitation) : [],
    abilities,
  };
}
