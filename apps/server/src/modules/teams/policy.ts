import { hasRole, type Actor } from '../../platform/policy';

/** Who may do what on the team page (ARCHITECTURE §3): admins manage, members may leave, owners stay. */
export const teamPolicy = {
  view: (actor: Actor, teamId: number) => actor.teamId === teamId,
  rename: (actor: Actor) => hasRole(actor, 'admin'),
  invite: (actor: Actor) => hasRole(actor, 'admin'),
  cancelInvitation: (actor: Actor) => hasRole(actor, 'admin'),
  /** The owner's role is fixed (they are always admin); nobody changes it, not even the owner. */
  changeRole: (actor: Actor, target: { userId: number; isOwner: boolean }) =>
    hasRole(actor, 'admin') && !target.isOwner,
  removeMember: (actor: Actor, target: { userId: number; isOwner: boolean }) =>
    !target.isOwner && (target.userId === actor.user.id || hasRole(actor, 'admin')),
  deleteTeam: (actor: Actor) => actor.isOwner,
  manageBilling: (actor: Actor) => actor.isOwner && !actor.isDemo,
};

export function teamAbilities(actor: Actor) {
  return {
    rename: teamPolicy.rename(actor),
    invite: teamPolicy.invite(actor),
    change_roles: hasRole(actor, 'admin'),
    remove_members: hasRole(actor, 'admin'),
    leave: !actor.isOwner,
    delete: teamPolicy.deleteTeam(actor),
  };
}
