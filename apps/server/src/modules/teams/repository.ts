import type { TeamRole } from '@storekeep/contracts';
import { crossTeam, type Executor } from '../../platform/db';

/** Teams and memberships. Every method takes the team id first: there is no team-less query here. */

export async function insertTeam(db: Executor, row: { name: string; ownerId: number; now: string }) {
  return db
    .insertInto('teams')
    .values({ name: row.name, owner_id: row.ownerId, created_at: row.now, updated_at: row.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTeam(db: Executor, teamId: number) {
  return db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
}

export async function renameTeam(db: Executor, teamId: number, name: string, now: string) {
  await db.updateTable('teams').set({ name, updated_at: now }).where('id', '=', teamId).execute();
}

/** Company ids as the membership and invitation rows keep them (a JSON array; null for the whole team). */
export const companyIdsColumn = (ids: readonly number[] | null | undefined) =>
  ids ? JSON.stringify([...new Set(ids)].sort((a, b) => a - b)) : null;
export const parseCompanyIds = (value: string | null): number[] | null =>
  value === null ? null : (JSON.parse(value) as number[]);

export async function addMember(
  db: Executor,
  teamId: number,
  userId: number,
  role: TeamRole,
  now: string,
  companyIds: readonly number[] | null = null,
) {
  await db
    .insertInto('team_user')
    .values({
      team_id: teamId,
      user_id: userId,
      role,
      company_ids: companyIdsColumn(companyIds),
      created_at: now,
    })
    .execute();
}

export function findMembership(db: Executor, teamId: number, userId: number) {
  return db
    .selectFrom('team_user')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listMembers(db: Executor, teamId: number) {
  return db
    .selectFrom('team_user')
    .innerJoin('users', 'users.id', 'team_user.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'team_user.role',
      'team_user.company_ids',
      'team_user.created_at',
    ])
    .where('team_user.team_id', '=', teamId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** `companyIds` undefined keeps the member's companies; null gives them the whole team. */
export async function setMemberRole(
  db: Executor,
  teamId: number,
  userId: number,
  role: TeamRole,
  companyIds?: readonly number[] | null,
) {
  await db
    .updateTable('team_user')
    .set(companyIds === undefined ? { role } : { role, company_ids: companyIdsColumn(companyIds) })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

/** Ends a membership with what the member kept for that team: list views, mutes, their calendar link. */
export async function removeMember(db: Executor, teamId: number, userId: number) {
  for (const table of ['list_preferences', 'notification_mutes', 'calendar_feeds'] as const) {
    await db.deleteFrom(table).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
  }
  await db.deleteFrom('team_user').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}

export function isEmailMember(db: Executor, teamId: number, email: string) {
  return db
    .selectFrom('team_user')
    .innerJoin('users', 'users.id', 'team_user.user_id')
    .select('users.id')
    .where('team_user.team_id', '=', teamId)
    .where('users.email', '=', email)
    .executeTakeFirst();
}

export function listInvitations(db: Executor, teamId: number) {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findInvitationByEmail(db: Executor, teamId: number, email: string) {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findInvitation(db: Executor, teamId: number, invitationId: string) {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', invitationId)
    .executeTakeFirst();
}

/**
 * The one look-up not scoped by a team the caller is in: the invitee is not a member yet. The id is
 * a 256-bit random token, so holding it is the permission.
 */
export function findInvitationByToken(db: Executor, token: string) {
  return crossTeam(db, 'invitation: its secret token names the team')
    .selectFrom('team_invitations')
    .innerJoin('teams', 'teams.id', 'team_invitations.team_id')
    .leftJoin('users as inviter', 'inviter.id', 'team_invitations.invited_by')
    .selectAll('team_invitations')
    .select(['teams.name as team_name', 'inviter.name as inviter_name'])
    .where('team_invitations.id', '=', token)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Executor,
  teamId: number,
  row: {
    id: string;
    email: string;
    role: TeamRole;
    companyIds: readonly number[] | null;
    invitedBy: number;
    now: string;
  },
) {
  return db
    .insertInto('team_invitations')
    .values({
      id: row.id,
      team_id: teamId,
      email: row.email,
      role: row.role,
      company_ids: companyIdsColumn(row.companyIds),
      invited_by: row.invitedBy,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteInvitation(db: Executor, teamId: number, invitationId: string) {
  await db
    .deleteFrom('team_invitations')
    .where('team_id', '=', teamId)
    .where('id', '=', invitationId)
    .execute();
}
