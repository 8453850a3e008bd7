import type { TeamDetail, TeamInvitation, TeamMember, TeamRole } from '@storekeep/contracts';
import type { Actor } from '../../platform/policy';
import { teamAbilities } from './policy';
import { parseCompanyIds } from './repository';

type MemberRow = {
  id: number;
  name: string;
  email: string;
  role: TeamRole;
  company_ids: string | null;
  created_at: string;
};
type InvitationRow = {
  id: string;
  email: string;
  role: TeamRole;
  company_ids: string | null;
  created_at: string;
};
/** A limited member's companies by id (a company deleted since drops out of the list). */
export type MemberCompanies = Map<number, NonNullable<TeamMember['companies']>[number]>;

export function presentMember(row: MemberRow, ownerId: number, companies: MemberCompanies): TeamMember {
  const ids = parseCompanyIds(row.company_ids);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    is_owner: row.id === ownerId,
    joined_at: row.created_at,
    companies: ids && ids.flatMap((id) => companies.get(id) ?? []),
  };
}

export function presentInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    company_ids: parseCompanyIds(row.company_ids),
    created_at: row.created_at,
  };
}

export function presentTeam(
  team: { id: number; name: string; owner_id: number },
  members: MemberRow[],
  invitations: InvitationRow[],
  actor: Actor,
  companies: MemberCompanies,
): TeamDetail {
  const abilities = teamAbilities(actor);
  return {
    id: team.id,
    name: team.name,
    owner_id: team.owner_id,
    members: members.map((m) => presentMember(m, team.owner_id, companies)),
    // Pending invitations carry their secret token as id: only those who can manage them see them.
    invitations: abilities.invite ? invitations.map(presentInvitation) : [],
    abilities,
  };
}
