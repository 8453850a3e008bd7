import { isTimeZone, type InvitationPreview, type TeamRole } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import type { UserRow } from '../../platform/db/schema';
import { nowIso } from '../../platform/clock';
import { hmac, randomToken, safeEqual } from '../../platform/crypto';
import { enforceLimit } from '../../platform/rate-limit';
import { nameForMail } from '../../platform/text';
import { requireVerifiedEmail } from '../auth/index';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { authorize, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { findUserByEmail, updateUser } from '../users/index';
import { companiesWithLastReport } from '../sales/index';
import * as repo from './repository';
import { teamPolicy } from './policy';
import { presentInvitation, presentMember, presentTeam } from './presenter';

/** A new account's own team: they own it and are its admin. */
export async function createPersonalTeam(trx: Executor, user: UserRow, now: string, timeZone?: string) {
  const firstName = user.name.split(/\s+/)[0] || user.name;
  const team = await repo.insertTeam(trx, { name: `${firstName}'s Team`, ownerId: user.id, now });
  // The team's "today" starts as its creator's: the zone their browser reported, when it is a real one.
  if (timeZone && isTimeZone(timeZone))
    await trx.insertInto('team_settings').values({ team_id: team.id, time_zone: timeZone }).execute();
  await repo.addMember(trx, team.id, user.id, 'admin', now);
  await updateUser(trx, user.id, { current_team_id: team.id }, now);
  return team;
}

/** Other teams are 404, never 403: their existence is not revealed. */
async function loadTeam(db: Executor, actor: Actor, teamId: number) {
  const team = teamPolicy.view(actor, teamId) ? await repo.findTeam(db, teamId) : undefined;
  if (!team) throw notFound('Team');
  return team;
}

export async function getTeam(deps: Deps, actor: Actor, teamId: number) {
  const team = await loadTeam(deps.db, actor, teamId);
  const [members, invitations] = await Promise.all([
    repo.listMembers(deps.db, teamId),
    repo.listInvitations(deps.db, teamId),
  ]);
  return presentTeam(team, members, invitations, actor, await memberCompanies(deps.db, teamId, members));
}

/** The companies of every limited member, with when each last reported sales, by company id. */
async function memberCompanies(db: Executor, teamId: number, members: Array<{ company_ids: string | null }>) {
  const ids = new Set(members.flatMap((m) => repo.parseCompanyIds(m.company_ids) ?? []));
  const rows = await companiesWithLastReport(db, teamId, [...ids]);
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, last_reported_at: r.last_reported_at ?? null }]),
  );
}

/**
 * A member limited to companies acts for franchisees: the companies must be live franchisee companies of the
 * team, and such a member is never an admin (admins manage the whole team). 422 on `company_ids` otherwise.
 */
async function checkCompanyScope(
  db: Executor,
  teamId: number,
  role: TeamRole,
  companyIds: readonly number[] | null,
) {
  if (companyIds === null) return;
  if (role === 'admin')
    throw invalid('company_ids', 'An admin manages the whole team and cannot be limited to companies.');
  const found = await companiesWithLastReport(db, teamId, companyIds);
  const franchisees = new Set(found.filter((c) => c.kind === 'franchisee').map((c) => c.id));
  if (companyIds.some((id) => !franchisees.has(id)))
    throw invalid('company_ids', 'Each selected company must be a franchisee company of this team.');
}

export async function renameTeam(deps: Deps, actor: Actor, teamId: number, name: string) {
  const team = await loadTeam(deps.db, actor, teamId);
  authorize(teamPolicy.rename(actor));
  await writeTransaction(deps.db, async (trx) => {
    await repo.renameTeam(trx, teamId, name, nowIso());
    await recordActivity(trx, {
      teamId,
      userId: actor.user.id,
      subjectType: 'team',
      subjectId: teamId,
      action: 'renamed',
      changes: { name: [team.name, name] },
      ip: actor.ip,
    });
  });
  return getTeam(deps, actor, teamId);
}

/**
 * Invitation e-mail goes to addresses nobody here has proven, so it is rationed: per team (an admin
 * cannot turn the app into a mailer) and per recipient across all teams (nobody's inbox is flooded,
 * cancelling and inviting again included).
 */
const INVITATIONS_PER_TEAM_PER_HOUR = 30;
const INVITATIONS_PER_RECIPIENT_PER_DAY = 5;

/**
 * The signature the invitation e-mail's register link carries: only the invited address receives it
 * (the token itself is shown to the team's admins), so registering with it proves the address.
 */
function invitationSignature(appKey: string, invitation: { id: string; email: string }) {
  return hmac(appKey, `team-invitation:${invitation.id}:${invitation.email.toLowerCase()}`);
}

export function isValidInvitationSignature(
  appKey: string,
  invitation: { id: string; email: string },
  signature: string | undefined,
) {
  return Boolean(signature) && safeEqual(signature!, invitationSignature(appKey, invitation));
}

export async function inviteMember(
  deps: Deps,
  actor: Actor,
  teamId: number,
  input: { email: string; role: TeamRole; company_ids?: number[] | null },
) {
  const team = await loadTeam(deps.db, actor, teamId);
  authorize(teamPolicy.invite(actor));
  const message = 'Too many invitations. Please try again in :seconds seconds.';
  await enforceLimit(deps.limiter, {
    key: `invite-team:${teamId}`,
    max: INVITATIONS_PER_TEAM_PER_HOUR,
    windowSeconds: 3600,
    message,
    field: 'email',
  });
  await enforceLimit(deps.limiter, {
    key: `invite-to:${input.email}`,
    max: INVITATIONS_PER_RECIPIENT_PER_DAY,
    windowSeconds: 86_400,
    message,
    field: 'email',
  });
  const invitation = await writeTransaction(deps.db, async (trx) => {
    if (await repo.isEmailMember(trx, teamId, input.email)) {
      throw invalid('email', 'This user already belongs to the team.');
    }
    if (await repo.findInvitationByEmail(trx, teamId, input.email)) {
      throw invalid('email', 'This user has already been invited to the team.');
    }
    const companyIds = input.company_ids ?? null;
    await checkCompanyScope(trx, teamId, input.role, companyIds);
    const now = nowIso();
    const row = await repo.insertInvitation(trx, teamId, {
      id: randomToken(32),
      email: input.email,
      role: input.role,
      companyIds,
      invitedBy: actor.user.id,
      now,
    });
    // The e-mail goes to the address's owner, so it may say which page fits them.
    const hasAccount = Boolean(await findUserByEmail(trx, input.email));
    const url = hasAccount
      ? `${deps.config.APP_URL}/teams/join/${row.id}`
      : `${deps.config.APP_URL}/teams/register/${row.id}?signature=${invitationSignature(deps.appKey, row)}`;
    const teamName = nameForMail(team.name);
    const inviter = `${nameForMail(actor.user.name)} <${actor.user.email}>`;
    await enqueueMail(trx, {
      to: input.email,
      subject: `Invitation to join the team "${teamName}" on Storekeep`,
      text: `${inviter} invited you to join the team "${teamName}" on Storekeep as ${input.role}.\n\n${hasAccount ? 'Accept the invitation' : 'Create your account and join'} here:\n\n${url}\n\nIf you do not know ${actor.user.email} or did not expect this invitation, you may ignore this e-mail.\n`,
    });
    await recordActivity(trx, {
      teamId,
      userId: actor.user.id,
      subjectType: 'team_invitation',
      subjectId: null,
      action: 'invited',
      changes: { email: input.email, role: input.role, company_ids: companyIds },
      ip: actor.ip,
    });
    return row;
  });
  deps.mail.kick();
  return presentInvitation(invitation);
}

export async function cancelInvitation(deps: Deps, actor: Actor, teamId: number, invitationId: string) {
  await loadTeam(deps.db, actor, teamId);
  authorize(teamPolicy.cancelInvitation(actor));
  await writeTransaction(deps.db, async (trx) => {
    const invitation = await repo.findInvitation(trx, teamId, invitationId);
    if (!invitation) throw notFound('Invitation');
    await repo.deleteInvitation(trx, teamId, invitationId);
    await recordActivity(trx, {
      teamId,
      userId: actor.user.id,
      subjectType: 'team_invitation',
      subjectId: null,
      action: 'invitation_cancelled',
      changes: { email: invitation.email },
      ip: actor.ip,
    });
  });
}

export async function changeRole(
  deps: Deps,
  actor: Actor,
  teamId: number,
  userId: number,
  input: { role: TeamRole; company_ids?: number[] | null },
) {
  const team = await loadTeam(deps.db, actor, teamId);
  return writeTransaction(deps.db, async (trx) => {
    const membership = await repo.findMembership(trx, teamId, userId);
    if (!membership) throw notFound('Member');
    authorize(
      teamPolicy.changeRole(actor, { userId, isOwner: team.owner_id === userId }),
      'The team owner’s role cannot be changed.',
    );
    const before = repo.parseCompanyIds(membership.company_ids);
    const companyIds = input.company_ids === undefined ? before : input.company_ids;
    await checkCompanyScope(trx, teamId, input.role, companyIds);
    await repo.setMemberRole(trx, teamId, userId, input.role, input.company_ids);
    const changes: Record<string, unknown> = { role: [membership.role, input.role] };
    if (JSON.stringify(before) !== JSON.stringify(companyIds)) changes.company_ids = [before, companyIds];
    await recordActivity(trx, {
      teamId,
      userId: actor.user.id,
      subjectType: 'team_member',
      subjectId: userId,
      action: 'role_changed',
      changes,
      ip: actor.ip,
    });
    const members = await repo.listMembers(trx, teamId);
    const member = members.find((m) => m.id === userId);
    if (!member) throw notFound('Member');
    return presentMember(member, team.owner_id, await memberCompanies(trx, teamId, [member]));
  });
}

export async function removeMember(deps: Deps, actor: Actor, teamId: number, userId: number) {
  const team = await loadTeam(deps.db, actor, teamId);
  await writeTransaction(deps.db, async (trx) => {
    const membership = await repo.findMembership(trx, teamId, userId);
    if (!membership) throw notFound('Member');
    const isOwner = team.owner_id === userId;
    if (actor.isDemo && userId === actor.user.id)
      throw forbidden('The demo account is shared: it cannot leave its team.');
    authorize(
      teamPolicy.removeMember(actor, { userId, isOwner }),
      isOwner ? 'The team owner cannot leave or be removed.' : undefined,
    );
    await repo.removeMember(trx, teamId, userId);
    const action = userId === actor.user.id ? 'left' : 'member_removed';
    await recordActivity(trx, {
      teamId,
      userId: actor.user.id,
      subjectType: 'team_member',
      subjectId: userId,
      action,
      ip: actor.ip,
    });
  });
}

export async function previewInvitation(deps: Deps, token: string): Promise<InvitationPreview> {
  const invitation = await repo.findInvitationByToken(deps.db, token);
  if (!invitation) throw notFound('Invitation');
  return {
    id: invitation.id,
    team_name: invitation.team_name,
    email: invitation.email,
    role: invitation.role,
    invited_by: invitation.inviter_name,
  };
}

/**
 * Joins the invited team and makes it current; used by "accept" and by registering through a signed link.
 * Only a verified account whose address is the invited one may: an unverified address (or one changed to
 * the invitee's without confirming it) proves nothing.
 */
export async function acceptInvitation(
  trx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'email_verified_at'>,
  token: string,
  ip: string,
) {
  const invitation = await repo.findInvitationByToken(trx, token);
  if (!invitation) throw notFound('Invitation');
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('forbidden', 'This invitation was sent to a different e-mail address.');
  }
  requireVerifiedEmail(user, 'accept an invitation');
  const now = nowIso();
  if (!(await repo.findMembership(trx, invitation.team_id, user.id))) {
    await repo.addMember(
      trx,
      invitation.team_id,
      user.id,
      invitation.role,
      now,
      repo.parseCompanyIds(invitation.company_ids),
    );
  }
  await repo.deleteInvitation(trx, invitation.team_id, invitation.id);
  await updateUser(trx, user.id, { current_team_id: invitation.team_id }, now);
  await recordActivity(trx, {
    teamId: invitation.team_id,
    userId: user.id,
    subjectType: 'team_member',
    subjectId: user.id,
    action: 'joined',
    changes: { role: invitation.role, company_ids: repo.parseCompanyIds(invitation.company_ids) },
    ip,
  });
}

export async function switchTeam(deps: Deps, user: UserRow, teamId: number) {
  const membership = await repo.findMembership(deps.db, teamId, user.id);
  if (!membership) throw notFound('Team');
  if (user.current_team_id === teamId) return;
  await updateUser(deps.db, user.id, { current_team_id: teamId }, nowIso());
}
